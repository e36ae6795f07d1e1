/**
 * Issue 10 §7: computing and storing a semi-monthly payroll period for a large company, then finalising it,
 * through the real server. A company of BENCH_PAY_EMPLOYEES (100,000) employees (two in three monthly-paid, one
 * in three daily-paid; half with a rate history row, half on the 201 file's starting rate; a recurring
 * allowance for one in four, a recurring deduction for one in seven, a company loan for one in five and an SSS
 * loan for one in eleven) with 15 days of `attendance_days` each (1.5 million rows: weekends as rest days, some
 * absences, lateness and approved overtime), bulk-inserted on the owner connection, not timed. Then, as the
 * company's Payroll user over HTTP: create the period (1 to 15 October 2026), `POST /{id}/compute` and poll
 * `GET /{id}` until the job is Done (timed, the server's RSS sampled; the polls split it into the start (the
 * employee list read: the job's total appears), the chunks (read, compute and insert by 2,000 employees, until
 * the progress stops moving) and the tail (the last chunk's insert and the commit)), approve, finalise with an
 * Idempotency-Key (timed).
 *
 * Baseline in the same run and database: `COPY ... FROM STDIN` (pg-copy-streams) of the very payslips and
 * payslip_lines rows the compute wrote into scratch tables of the same shape (columns, checks, indexes and
 * foreign keys), twice, the faster counting. Targets: compute at most 3x the COPY and under 60 s; finalise under
 * 10 s; server RSS under 600 MB.
 *
 * BENCH_PAY_PGLITE=1 runs the embedded variant instead (PGlite in the server process, DATA_DIR in a temp dir, no
 * DATABASE_URL; BENCH_PAY_EMPLOYEES defaults to 10,000 there): the rows are inserted through PGlite's owner
 * connection while the server is stopped; target compute under 60 s; no COPY baseline.
 *
 * Environment: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local server); BENCH_PAY_EMPLOYEES;
 * BENCH_PAY_PORT (3215); BENCH_PAY_PGLITE=1; BENCH_CPU_PROF=1 writes the server's CPU profile to
 * results/.data/prof; BENCH_PAY_KEEP_DB=1 keeps the PostgreSQL database (hrpay_bench_pay).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { UserTypeId, type PayrollPeriodDetail } from '@hrpay/contracts';
import { rssMb, sampleRss } from './lib/proc-memory.js';
import { adminQuery, benchDatabase, BenchServer, cleanUpOnce, cpuProfFlags } from './lib/bench-server.js';
import { signInDemo } from './lib/demo-sign-in.js';
import { writeResult } from './lib/results.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const PGLITE = process.env.BENCH_PAY_PGLITE === '1';
const KEEP_DB = process.env.BENCH_PAY_KEEP_DB === '1';
const { serverUrl, dbName, dbUrl } = benchDatabase('pay', KEEP_DB);
const EMPLOYEES = Number(process.env.BENCH_PAY_EMPLOYEES ?? (PGLITE ? 10_000 : 100_000));
const PORT = Number(process.env.BENCH_PAY_PORT ?? 3215);
const base = `http://127.0.0.1:${PORT}`;
const CUTOFF_START = '2026-10-01';
const CUTOFF_END = '2026-10-15';
const DAYS = 15;
const targets = PGLITE
  ? { computeSecondsMax: 60 }
  : { ratioMax: 3, computeSecondsMax: 60, finaliseSecondsMax: 10, rssMbMax: 600 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const f2 = (n: number) => n.toFixed(2);
const int = (n: number) => Math.round(n).toLocaleString('en-US');

const admin = (sql: string) => adminQuery(serverUrl, sql);

/** The server under test (its pid is the process serving requests); PGlite's takes longer to close. */
const server = new BenchServer({ root, flags: cpuProfFlags(here), stopWaitMs: 20_000 });

const dataDir = PGLITE ? mkdtempSync(join(tmpdir(), 'hrpay-bench-pay-')) : join(here, 'results', '.data');
const cleanUp = cleanUpOnce(async () => {
  await server.stop();
  if (PGLITE) rmSync(dataDir, { recursive: true, force: true });
  else if (!KEEP_DB) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

type Run = (sql: string, params?: unknown[]) => Promise<unknown>;

/** The employees, their rates, recurring items, loans and 15 days of attendance, as the owner (not timed). */
async function seed(run: Run, tenantId: string, companyId: string) {
  const started = performance.now();
  const p = [tenantId, companyId];
  await run(
    `WITH dept AS (SELECT array_agg(id) AS ids FROM departments WHERE company_id = $2),
          st AS (SELECT id FROM employment_statuses WHERE company_id = $2 LIMIT 1)
     INSERT INTO employees (tenant_id, company_id, employee_number, last_name, first_name, department_id,
                            employment_status_id, employment_type, hire_date, rate_type, basic_rate, tin, sss_number,
                            philhealth_number, pagibig_number, bank_name, bank_account_number)
     SELECT $1, $2, 'BP-' || lpad(n::text, 6, '0'), 'Santos', 'Juan ' || n, dept.ids[1 + n % array_length(dept.ids, 1)],
            st.id, 'FullTime', DATE '2020-01-01',
            CASE WHEN n % 3 = 0 THEN 'Daily' ELSE 'Monthly' END,
            CASE WHEN n % 3 = 0 THEN 610 + (n % 10) * 20 ELSE 15000 + (n % 60) * 1000 END,
            '1' || lpad(n::text, 8, '0') || '000', '34-' || lpad(n::text, 7, '0') || '-8',
            '12-' || lpad(n::text, 9, '0') || '-2', '1234-' || lpad(n::text, 8, '0'), 'BDO Unibank',
            '0012' || lpad(n::text, 8, '0')
       FROM generate_series(1, $3::int) n, dept, st`,
    [...p, EMPLOYEES],
  );
  const ours = `SELECT id, substr(employee_number, 4)::int AS n FROM employees
                 WHERE tenant_id = $1 AND company_id = $2 AND employee_number LIKE 'BP-%'`;
  // Half on a rate history row (a raise at the start of the year), half on the 201 file's starting rate.
  await run(
    `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
     SELECT $1, $2, e.id, DATE '2026-01-01', CASE WHEN e.n % 3 = 0 THEN 'Daily' ELSE 'Monthly' END,
            CASE WHEN e.n % 3 = 0 THEN 645 + (e.n % 10) * 20 ELSE 16000 + (e.n % 60) * 1000 END
       FROM (${ours}) e WHERE e.n % 2 = 0`,
    p,
  );
  await run(
    `INSERT INTO employee_pay_items (tenant_id, company_id, employee_id, kind, code, description, amount, taxable,
                                     effective_from)
     SELECT $1, $2, e.id, 'Earning', 'TRANSPO', 'Transportation allowance', 1000, true, DATE '2026-01-01'
       FROM (${ours}) e WHERE e.n % 4 = 0
     UNION ALL
     SELECT $1, $2, e.id, 'Deduction', 'UNIFORM', 'Uniform', 200, true, DATE '2026-01-01'
       FROM (${ours}) e WHERE e.n % 7 = 0`,
    p,
  );
  await run(
    `INSERT INTO employee_loans (tenant_id, company_id, employee_id, loan_type_id, principal, amortization, start_date)
     SELECT $1, $2, e.id, t.id, 12000, 500, DATE '2026-01-01'
       FROM (${ours}) e, loan_types t WHERE e.n % 5 = 0 AND t.company_id = $2 AND t.code = 'COMPANY'
     UNION ALL
     SELECT $1, $2, e.id, t.id, 20000, 1000, DATE '2026-03-01'
       FROM (${ours}) e, loan_types t WHERE e.n % 11 = 0 AND t.company_id = $2 AND t.code = 'SSS-SAL'`,
    p,
  );
  // Weekends are rest days (not worked); one weekday in twenty absent; some late; some approved overtime.
  await run(
    `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, shift_name, day_type, rest_day,
            worked_minutes, late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes,
            payable_overtime_minutes, overtime_night_minutes, absent, on_leave)
     SELECT $1, $2, e.id, x.date, 'Day Shift', 'ordinary', x.weekend,
            CASE WHEN x.weekend OR x.absent THEN 0
                 ELSE 480 - x.late + CASE WHEN x.ot THEN 90 ELSE 0 END END,
            CASE WHEN x.weekend OR x.absent THEN 0 ELSE x.late END, 0, 0,
            CASE WHEN x.ot AND NOT x.weekend AND NOT x.absent THEN 90 ELSE 0 END,
            CASE WHEN x.ot AND NOT x.weekend AND NOT x.absent THEN 60 ELSE 0 END, 0,
            x.absent AND NOT x.weekend, false
       FROM (${ours}) e
       CROSS JOIN LATERAL (
         SELECT $3::date + d AS date, extract(isodow FROM $3::date + d) >= 6 AS weekend,
                (e.n + d) % 20 = 0 AS absent, CASE WHEN (e.n + d) % 4 = 0 THEN (e.n % 30) ELSE 0 END AS late,
                (e.n + d) % 5 = 0 AS ot
           FROM generate_series(0, $4::int - 1) d) x`,
    [...p, CUTOFF_START, DAYS],
  );
  await run(
    'ANALYZE employees; ANALYZE employee_pay_rates; ANALYZE employee_pay_items; ANALYZE employee_loans; ANALYZE attendance_days',
  );
  console.log(
    `seeded ${int(EMPLOYEES)} employees, ${int(EMPLOYEES * DAYS)} attendance days ` +
      `(${CUTOFF_START} to ${CUTOFF_END}) in ${f2((performance.now() - started) / 1000)} s`,
  );
}

let headers: Record<string, string> = {};

function call(
  method: string,
  path: string,
  payload?: unknown,
  extra: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const data = payload === undefined ? undefined : JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        headers: { ...headers, ...extra, ...(data ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function ok<T>(what: string, status: number, p: Promise<{ status: number; body: string }>) {
  const res = await p;
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.body.slice(0, 2000)}`);
  return JSON.parse(res.body) as T;
}

const periods = '/api/v1/payroll-periods';
const getPeriod = (id: string) => ok<PayrollPeriodDetail>('get', 200, call('GET', `${periods}/${id}`));

/** POST compute, then GET every 200 ms until the job is Done; the polls split the time into phases. */
async function compute(id: string, rowVersion: number) {
  await sleep(1_000);
  const pid = server.pid;
  const rssBeforeMb = rssMb(pid) ?? 0;
  const memory = sampleRss(pid);
  const t0 = performance.now();
  let startSeconds: number | null = null;
  let lastProgressSeconds: number | null = null;
  let lastProgress = -1;
  /** [seconds, RSS MB] at each poll, to see which phase holds the memory. */
  const trace: [number, number][] = [];
  let detail: PayrollPeriodDetail | undefined;
  let window: ReturnType<ReturnType<typeof sampleRss>['stop']>;
  try {
    await ok('compute', 202, call('POST', `${periods}/${id}/compute`, { RowVersion: rowVersion }));
    for (;;) {
      await sleep(200);
      detail = await getPeriod(id);
      const at = (performance.now() - t0) / 1000;
      trace.push([Number(at.toFixed(1)), Math.round(rssMb(pid) ?? 0)]);
      if (startSeconds === null && detail.JobTotal > 0) startSeconds = at;
      // Done writes job_progress = total: only a running job's progress counts.
      if (detail.JobStatus === 'Running' && detail.JobProgress !== lastProgress) {
        lastProgress = detail.JobProgress;
        lastProgressSeconds = at;
      }
      if (detail.JobStatus === 'Done' || detail.JobStatus === 'Failed') break;
    }
  } finally {
    window = memory.stop();
  }
  const seconds = (performance.now() - t0) / 1000;
  // The trace's times are rounded to 0.1 s: the bounds are widened by as much, or the last poll may fall out.
  const peakOf = (from: number, to: number) =>
    Math.max(0, ...trace.filter(([t]) => t >= from - 0.05 && t <= to + 0.05).map(([, mb]) => mb));
  if (detail?.JobStatus !== 'Done') throw new Error(`compute: ${detail?.JobStatus} ${detail?.JobError}`);
  return {
    seconds,
    // From the polls (to about 0.2 s): the employee list read when the job's total appears; the chunks read,
    // computed and inserted until the progress stops moving (set as each chunk's insert is sent); the tail is
    // the last insert and the commit.
    phases: {
      startSeconds,
      lastChunkSeconds: lastProgressSeconds,
      tailSeconds: lastProgressSeconds === null ? null : seconds - lastProgressSeconds,
    },
    detail,
    rssBeforeMb,
    peakRssMb: window.peakMb,
    // Sampled at the polls (the kernel's mark catches the true peak, not its phase).
    phasePeakRssMb: {
      start: peakOf(0, startSeconds ?? 0),
      chunks: peakOf(startSeconds ?? 0, lastProgressSeconds ?? 0),
      tail: peakOf(lastProgressSeconds ?? 0, seconds),
    },
    rssTrace: trace,
    rssWindow: window,
    rssAfterMb: rssMb(pid) ?? 0,
  };
}

/** COPY of the stored payslips and lines into the scratch tables, timed; the rows were read out first. */
async function copyBaseline(owner: pg.Client, slips: Buffer[], lines: Buffer[]) {
  await owner.query('TRUNCATE payslip_lines_copy, payslips_copy');
  await owner.query('CHECKPOINT');
  const t0 = performance.now();
  await pipeline(Readable.from(slips), owner.query(copyFrom('COPY payslips_copy FROM STDIN')));
  await pipeline(Readable.from(lines), owner.query(copyFrom('COPY payslip_lines_copy FROM STDIN')));
  return (performance.now() - t0) / 1000;
}

async function copyOut(owner: pg.Client, sql: string) {
  const chunks: Buffer[] = [];
  await pipeline(
    owner.query(copyTo(`COPY (${sql}) TO STDOUT`)),
    async function (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) chunks.push(chunk);
    },
  );
  return chunks;
}

const portTaken = await fetch(`${base}/`).then(
  () => true,
  () => false,
);
if (portTaken) {
  console.error(`port ${PORT} is already in use (another benchmark run?); set BENCH_PAY_PORT`);
  process.exit(1);
}
const serverEnv: Record<string, string | undefined> = {
  PORT: String(PORT),
  SEED_DEMO: 'always',
  SEED_DEMO_PAYROLL: 'false',
  LOG_LEVEL: 'warn',
  // The compute prints its waits on the database and its computing time (ms) to stderr.
  PAYROLL_COMPUTE_TRACE: '1',
  DB_POOL_SIZE: '10',
  LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
  DATA_DIR: dataDir,
  // PGlite: no DATABASE_URL at all, not even the caller's.
  DATABASE_URL: PGLITE ? undefined : dbUrl.toString(),
};
if (!PGLITE) {
  if (KEEP_DB) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${dbName}`);
}
let failed = false;
try {
  await server.start(serverEnv);
  let owner: pg.Client | undefined;
  let tenantId: string;
  let companyId: string;
  const who = `SELECT tenant_id, company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`;
  if (PGLITE) {
    // The embedded database belongs to the server process: stop it, insert through PGlite's owner connection,
    // start it again.
    await server.stop();
    // Loaded at run time (tsx), outside the bench's typecheck.
    const pglite = join(root, 'apps', 'server', 'src', 'db', 'pglite.ts');
    const { openPglite } = (await import(pathToFileURL(pglite).href)) as {
      openPglite: (dir: string) => Promise<{
        db: { close(): Promise<void> };
        owner: {
          query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
          exec(sql: string): Promise<unknown>;
        };
      }>;
    };
    const { db, owner: lite } = await openPglite(dataDir);
    const { rows } = await lite.query<{ tenant_id: string; company_id: string }>(who);
    ({ tenant_id: tenantId, company_id: companyId } = rows[0]!);
    await seed((sql, params) => (params ? lite.query(sql, params) : lite.exec(sql)), tenantId, companyId);
    await db.close();
    await server.start(serverEnv);
  } else {
    owner = new pg.Client({ connectionString: dbUrl.toString() });
    owner.on('error', () => undefined); // the database is dropped with FORCE at the end
    await owner.connect();
    const { rows } = await owner.query<{ tenant_id: string; company_id: string }>(who);
    ({ tenant_id: tenantId, company_id: companyId } = rows[0]!);
    await seed((sql, params) => owner!.query(sql, params), tenantId, companyId);
    // The baseline's tables: the same columns, checks, indexes and foreign keys as payslips and payslip_lines.
    await owner.query(
      `CREATE TABLE payslips_copy (LIKE payslips INCLUDING ALL);
       ALTER TABLE payslips_copy
         ADD FOREIGN KEY (tenant_id, payroll_period_id) REFERENCES payroll_periods (tenant_id, id) ON DELETE CASCADE,
         ADD FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id);
       CREATE TABLE payslip_lines_copy (LIKE payslip_lines INCLUDING ALL);
       ALTER TABLE payslip_lines_copy
         ADD FOREIGN KEY (tenant_id, payslip_id) REFERENCES payslips_copy (tenant_id, id) ON DELETE CASCADE`,
    );
  }

  const { AccessToken } = await signInDemo(base, 'payroll@demo.hrpay.test', UserTypeId.PayrollUser);
  headers = { authorization: `Bearer ${AccessToken}`, 'x-tenant-id': tenantId };
  const loadBefore = loadavg()[0]!;

  const created = await ok<PayrollPeriodDetail>(
    'create',
    201,
    call('POST', periods, {
      Kind: 'Regular',
      Name: `Bench October 2026 1st cut-off (${CUTOFF_START} to ${CUTOFF_END})`,
      CutoffStart: CUTOFF_START,
      CutoffEnd: CUTOFF_END,
      PayDate: '2026-10-15',
    }),
  );
  const id = created.Id;

  // 1. The measured compute.
  if (owner) await owner.query('CHECKPOINT');
  const first = await compute(id, created.RowVersion);
  const payslips = first.detail.JobTotal;
  const serverTrace = JSON.parse(/payroll compute (\{.*\})/.exec(server.log)?.[1] ?? 'null') as Record<
    string,
    number
  > | null;
  console.log(
    `compute            ${f2(first.seconds)} s, ${int(payslips)} payslips (${int(payslips / first.seconds)}/s); ` +
      `started by ${f2(first.phases.startSeconds ?? 0)} s, last chunk by ~${f2(first.phases.lastChunkSeconds ?? 0)} s, ` +
      `tail ~${f2(first.phases.tailSeconds ?? 0)} s`,
  );

  if (serverTrace)
    console.log(
      `server (ms)        waiting for reads ${int(serverTrace.readWait!)}, computing ${int(serverTrace.compute!)}, ` +
        `waiting for writes ${int(serverTrace.writeWait!)}`,
    );

  // 2. Approve, then the measured finalise.
  const approved = await ok<PayrollPeriodDetail>(
    'approve',
    200,
    call('POST', `${periods}/${id}/approve`, { RowVersion: first.detail.RowVersion }),
  );
  await sleep(500);
  const fMemory = sampleRss(server.pid);
  const t1 = performance.now();
  const finalised = await ok<PayrollPeriodDetail>(
    'finalise',
    200,
    call(
      'POST',
      `${periods}/${id}/finalise`,
      { RowVersion: approved.RowVersion },
      { 'idempotency-key': randomUUID() },
    ),
  );
  const finaliseSeconds = (performance.now() - t1) / 1000;
  const finaliseRss = fMemory.stop();
  if (finalised.Status !== 'Finalised') throw new Error(`finalise: ${finalised.Status}`);
  const pp = first.phasePeakRssMb;
  console.log(`compute RSS peaks  start ${pp.start} MB, chunks ${pp.chunks} MB, tail ${pp.tail} MB (polled)`);
  console.log(`finalise           ${f2(finaliseSeconds)} s`);

  // 3. The baseline (PostgreSQL): the same rows, read out, copied into the scratch tables; twice.
  let copy: {
    runsSeconds: number[];
    seconds: number;
    payslips: number;
    lines: number;
    bytes: number;
  } | null = null;
  let loanPayments = 0;
  if (owner) {
    const slips = await copyOut(owner, `SELECT * FROM payslips WHERE payroll_period_id = '${id}'`);
    const lines = await copyOut(
      owner,
      `SELECT l.* FROM payslip_lines l JOIN payslips s ON s.tenant_id = l.tenant_id AND s.id = l.payslip_id
        WHERE s.payroll_period_id = '${id}'`,
    );
    const runs = [await copyBaseline(owner, slips, lines), await copyBaseline(owner, slips, lines)];
    for (const r of runs) console.log(`COPY               ${f2(r)} s`);
    const counts = (
      await owner.query<{ payslips: number; lines: number; stored: number; ledger: number }>(
        `SELECT (SELECT count(*)::int FROM payslips_copy) AS payslips,
                (SELECT count(*)::int FROM payslip_lines_copy) AS lines,
                (SELECT count(*)::int FROM payslips WHERE payroll_period_id = $1) AS stored,
                (SELECT count(*)::int FROM loan_ledger WHERE payroll_period_id = $1) AS ledger`,
        [id],
      )
    ).rows[0]!;
    if (counts.payslips !== payslips || counts.stored !== payslips)
      throw new Error(`COPY wrote ${counts.payslips} payslips, the compute ${counts.stored} (${payslips})`);
    loanPayments = counts.ledger;
    copy = {
      runsSeconds: runs,
      seconds: Math.min(...runs),
      payslips: counts.payslips,
      lines: counts.lines,
      bytes: [...slips, ...lines].reduce((n, c) => n + c.length, 0),
    };
    await owner.end();
  }

  const ratio = copy ? first.seconds / copy.seconds : null;
  const checks: Record<string, boolean> = { compute: first.seconds < targets.computeSecondsMax };
  if (!PGLITE) {
    checks.ratio = ratio! <= targets.ratioMax!;
    checks.finalise = finaliseSeconds < targets.finaliseSecondsMax!;
    checks.rss = Math.max(first.peakRssMb, finaliseRss.peakMb) < targets.rssMbMax!;
  }
  const pass = Object.values(checks).every(Boolean);
  const mark = (b: boolean | undefined) => (b ? 'PASS' : 'FAIL');
  console.log(
    `\n${PGLITE ? 'PGlite' : 'PostgreSQL'}: ${int(EMPLOYEES)} bench employees (${int(payslips)} payslips with the demo's), ` +
      `${DAYS} days of attendance each${copy ? `, ${int(copy.lines)} payslip lines` : ''}`,
  );
  console.log(
    `compute ${f2(first.seconds)} s (${int(payslips / first.seconds)} payslips/s; target < ${targets.computeSecondsMax} s) ${mark(checks.compute)}`,
  );
  if (copy)
    console.log(
      `COPY ${f2(copy.seconds)} s: ${f2(ratio!)}x (target <= ${targets.ratioMax}x) ${mark(checks.ratio)}`,
    );
  console.log(
    `finalise ${f2(finaliseSeconds)} s${PGLITE ? '' : ` (target < ${targets.finaliseSecondsMax} s) ${mark(checks.finalise)}`}` +
      (copy ? `, ${int(loanPayments)} loan payments posted` : ''),
  );
  console.log(
    `server RSS ${first.rssBeforeMb.toFixed(0)} MB before, peak ${first.peakRssMb.toFixed(0)} MB in compute, ` +
      `${finaliseRss.peakMb.toFixed(0)} MB in finalise${PGLITE ? '' : ` (target < ${targets.rssMbMax} MB) ${mark(checks.rss)}`}`,
  );
  writeResult(PGLITE ? 'payroll-period-pglite' : 'payroll-period', {
    database: PGLITE ? 'PGlite' : 'PostgreSQL',
    employees: EMPLOYEES,
    payslips,
    days: DAYS,
    cutoff: { start: CUTOFF_START, end: CUTOFF_END },
    loadAverageBefore: loadBefore,
    compute: {
      seconds: first.seconds,
      payslipsPerSecond: payslips / first.seconds,
      phases: first.phases,
      rssBeforeMb: first.rssBeforeMb,
      phasePeakRssMb: first.phasePeakRssMb,
      rssTrace: first.rssTrace,
      peakRssMb: first.peakRssMb,
      rssAfterMb: first.rssAfterMb,
      rssWindow: first.rssWindow,
      serverTraceMs: serverTrace,
    },
    finalise: { seconds: finaliseSeconds, peakRssMb: finaliseRss.peakMb, loanPayments },
    copy,
    ratio,
    targets,
    checks,
    pass,
  });
  if (!pass) failed = true;
} catch (error) {
  failed = true;
  console.error(error);
  console.error(`--- server output (last 5 kB) ---\n${server.log.slice(-5_000)}`);
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
