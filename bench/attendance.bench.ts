/**
 * Issue 9 §5: storing a period's daily attendance for a large company. A company of BENCH_ATT_EMPLOYEES
 * (100,000) employees on the day shift with BENCH_ATT_DAYS (15) days of two punches each (3 million punches,
 * bulk-inserted on the owner connection, not timed); then `POST /api/v1/timelogs/attendance/store` of the whole
 * range through the real server on PostgreSQL (read punches, schedules, holidays and approved requests, compute,
 * write `attendance_days`), timed, with the server's RSS sampled. Baseline in the same run and database:
 * `COPY ... FROM STDIN` (pg-copy-streams) of the very rows the store wrote into a scratch table of the same shape
 * (columns, checks, indexes and foreign keys), twice, the faster counting. Target: the store at most 3x the COPY.
 * Also reported, no target: the same range stored again (every row replaced).
 *
 * The page case (`BENCH_ATT_CASES=page`, or `store,page`, the default): the attendance view's first page of the
 * whole company, `POST /api/v1/timelogs/attendance` of 25 rows over the range's first 7 days, no department, by
 * employee and by date, and its last page by employee (the deepest offset), each asked BENCH_ATT_PAGE_REQUESTS
 * (20) times one at a time, and one employee's week; and "only anomalies" (`OnlyAnomalies: true`, every employee of
 * the filter who may have an anomaly computed on each page): its first page by employee and its next-to-last page by
 * date. The seed leaves one employee-day in 50 without its out punch (14% of the employees have an anomaly in a
 * week). Baseline in the same run and server: the employee list's first
 * page by name (`POST /api/v1/employees/list`, 25 rows: a count of the company's employees and a page in name
 * order, what the view's page starts with). Target: the first page's median at most 3x the baseline's. With
 * BENCH_ATT_PAGE_BEFORE_ROOT=<checkout> (e.g. `git archive` of the commit before, with node_modules linked) that
 * checkout's server is started on the next port against the same database: its figures are reported, and its
 * answers to a set of pages, sorts and filters (the anomalies' too: first, second, middle, last and past the last
 * pages by employee and by date, and a department) must be the very bytes of this server's.
 *
 * Environment: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local server); BENCH_ATT_EMPLOYEES (100000);
 * BENCH_ATT_DAYS (15, at most 31); BENCH_ATT_PORT (3214); BENCH_ATT_BATCH sets the server's
 * ATTENDANCE_STORE_BATCH (employees per batch, 2000); BENCH_CPU_PROF=1 writes the server's CPU profile to
 * results/.data/prof; BENCH_ATT_KEEP_DB=1 keeps the database (hrpay_bench_att) for a look with psql;
 * BENCH_ATT_CASES (store,page); BENCH_ATT_PAGE_REQUESTS (20); BENCH_ATT_PAGE_BEFORE_ROOT. The page case writes
 * results/attendance-page.json, the store case results/attendance.json.
 */
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { UserTypeId, type StoreAttendanceResult } from '@hrpay/contracts';
import { rssMb, sampleRss } from './lib/proc-memory.js';
import { adminQuery, benchDatabase, BenchServer, cleanUpOnce, cpuProfFlags } from './lib/bench-server.js';
import { createCopyTable } from './lib/copy-table.js';
import { signInDemo } from './lib/demo-sign-in.js';
import { writeResult } from './lib/results.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const KEEP_DB = process.env.BENCH_ATT_KEEP_DB === '1';
const { serverUrl, dbName, dbUrl } = benchDatabase('att', KEEP_DB);
const EMPLOYEES = Number(process.env.BENCH_ATT_EMPLOYEES ?? 100_000);
const DAYS = Math.min(31, Number(process.env.BENCH_ATT_DAYS ?? 15));
const PORT = Number(process.env.BENCH_ATT_PORT ?? 3214);
const base = `http://127.0.0.1:${PORT}`;
const DATE_FROM = '2026-10-01';
const DATE_TO = new Date(Date.parse(`${DATE_FROM}T00:00:00Z`) + (DAYS - 1) * 86_400_000)
  .toISOString()
  .slice(0, 10);
const targets = { ratioMax: 3 };
const CASES = (process.env.BENCH_ATT_CASES ?? 'store,page').split(',').map((c) => c.trim());
const PAGE_REQUESTS = Number(process.env.BENCH_ATT_PAGE_REQUESTS ?? 20);
const BEFORE_ROOT = process.env.BENCH_ATT_PAGE_BEFORE_ROOT;
const beforeBase = `http://127.0.0.1:${PORT + 1}`;
const pageTargets = { ratioMax: 3 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const f2 = (n: number) => n.toFixed(2);

const admin = (sql: string) => adminQuery(serverUrl, sql);

/** The server under test (its pid is the process serving requests). */
const server = new BenchServer({ root, flags: cpuProfFlags(here) });

const cleanUp = cleanUpOnce(async () => {
  await server.stop();
  if (!KEEP_DB) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

/** The employees, their day-shift schedule and two punches a day each, as the owner (not timed). */
async function seed(owner: pg.Client, tenantId: string, companyId: string) {
  const started = performance.now();
  await owner.query(
    `WITH dept AS (SELECT array_agg(id) AS ids FROM departments WHERE company_id = $2),
          st AS (SELECT id FROM employment_statuses WHERE company_id = $2 LIMIT 1)
     INSERT INTO employees (tenant_id, company_id, employee_number, last_name, first_name, department_id,
                            employment_status_id, employment_type, hire_date)
     SELECT $1, $2, 'BA-' || lpad(n::text, 6, '0'), 'Santos', 'Juan ' || n, dept.ids[1 + n % array_length(dept.ids, 1)],
            st.id, 'FullTime', DATE '2020-01-01'
       FROM generate_series(1, $3::int) n, dept, st`,
    [tenantId, companyId, EMPLOYEES],
  );
  await owner.query(
    `INSERT INTO employee_schedules (tenant_id, employee_id, effective_date, shift_id)
     SELECT e.tenant_id, e.id, DATE '2020-01-01', (SELECT id FROM shifts WHERE company_id = $2 AND name = 'Day Shift')
       FROM employees e WHERE e.tenant_id = $1 AND e.company_id = $2 AND e.employee_number LIKE 'BA-%'`,
    [tenantId, companyId],
  );
  // In between 07:40 and 08:19, out between 17:00 and 17:49 (Manila), every day of the range: some late, some
  // overtime, weekends as rest-day work.
  await owner.query(
    `INSERT INTO time_logs (tenant_id, company_id, employee_id, punched_at, direction, source)
     SELECT e.tenant_id, e.company_id, e.id,
            (($3::date + d) + make_interval(mins => CASE p.dir WHEN 'In' THEN 460 + (n % 40) ELSE 1020 + (n % 50) END))
              AT TIME ZONE 'Asia/Manila',
            p.dir, 'Import'
       FROM (SELECT id, tenant_id, company_id, substr(employee_number, 4)::int AS n FROM employees
              WHERE tenant_id = $1 AND company_id = $2 AND employee_number LIKE 'BA-%') e,
            generate_series(0, $4::int - 1) d, (VALUES ('In'), ('Out')) p(dir)
      -- One employee-day in 50 without its out punch (a forgotten punch: the anomalies the view filters for).
      WHERE p.dir = 'In' OR (e.n + d) % 50 <> 0`,
    [tenantId, companyId, DATE_FROM, DAYS],
  );
  await owner.query('ANALYZE employees; ANALYZE employee_schedules; ANALYZE time_logs');
  const { punches } = (
    await owner.query<{ punches: number }>(
      `SELECT count(*)::int AS punches FROM time_logs WHERE company_id = $1`,
      [companyId],
    )
  ).rows[0]!;
  console.log(
    `seeded ${EMPLOYEES.toLocaleString('en-US')} employees, ${punches.toLocaleString('en-US')} punches ` +
      `(${DATE_FROM} to ${DATE_TO}) in ${f2((performance.now() - started) / 1000)} s`,
  );
  return punches;
}

let headers: Record<string, string> = {};

function post(path: string, payload: unknown, at = base): Promise<{ status: number; body: string }> {
  const data = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = request(
      `${at}${path}`,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/json' } },
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

async function store() {
  await sleep(1_000);
  const pid = server.pid;
  const rssBeforeMb = rssMb(pid) ?? 0;
  const memory = sampleRss(pid);
  const t0 = performance.now();
  // node:http, not fetch: fetch gives up waiting for the answer's headers after 300 s.
  const res = await post('/api/v1/timelogs/attendance/store', {
    DateFrom: DATE_FROM,
    DateTo: DATE_TO,
  }).catch((error: unknown) => {
    memory.stop();
    throw error;
  });
  const body = res.body;
  const seconds = (performance.now() - t0) / 1000;
  const window = memory.stop();
  if (res.status !== 200) throw new Error(`store: ${res.status} ${body.slice(0, 2000)}`);
  const result = JSON.parse(body) as StoreAttendanceResult;
  return { seconds, result, rssBeforeMb, peakRssMb: window.peakMb, rssAfterMb: rssMb(pid) ?? 0 };
}

/** COPY of the stored rows into the scratch table, timed; the rows are read out first (not timed). */
async function copyBaseline(owner: pg.Client, chunks: Buffer[]) {
  await owner.query('TRUNCATE attendance_days_copy');
  await owner.query('CHECKPOINT');
  const t0 = performance.now();
  await pipeline(Readable.from(chunks), owner.query(copyFrom('COPY attendance_days_copy FROM STDIN')));
  return (performance.now() - t0) / 1000;
}

const VIEW = '/api/v1/timelogs/attendance';

/** The answer from the server at `at` (this one, or the checkout's before), checked 200; the view's by default. */
async function view(payload: Record<string, unknown>, at = base, path = VIEW) {
  const res = await post(path, payload, at);
  if (res.status !== 200) throw new Error(`${path} ${JSON.stringify(payload)}: ${res.status} ${res.body}`);
  return res.body;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** `n` requests one after another (after one not counted): median, p95 and mean in ms. */
async function timed(payload: Record<string, unknown>, n: number, at = base, path = VIEW) {
  await view(payload, at, path);
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await view(payload, at, path);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  return { requests: n, medianMs: quantile(ms, 0.5), p95Ms: quantile(ms, 0.95), meanMs: mean };
}

/**
 * The page case: the view's first page of the whole company against one employee's week, on this server and,
 * with BENCH_ATT_PAGE_BEFORE_ROOT, on the checkout's before (its answers compared byte for byte).
 */
async function pageCase(owner: pg.Client, companyId: string, punches: number) {
  const days = Math.min(7, DAYS);
  const range = {
    DateFrom: DATE_FROM,
    DateTo: new Date(Date.parse(`${DATE_FROM}T00:00:00Z`) + (days - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10),
  };
  await owner.query('VACUUM ANALYZE employees');
  await owner.query('VACUUM ANALYZE employee_schedules');
  await owner.query('VACUUM ANALYZE time_logs');
  const first = JSON.parse(await view({ ...range, PageSize: 25 })) as {
    Items: { EmployeeId: string }[];
    TotalCount: number;
  };
  const employeeId = first.Items[0]!.EmployeeId;
  const lastPage = Math.ceil(first.TotalCount / 25);
  const anomalies = JSON.parse(await view({ ...range, PageSize: 25, OnlyAnomalies: true })) as {
    TotalCount: number;
  };
  const anomalyLastPage = Math.max(1, Math.ceil(anomalies.TotalCount / 25));
  const requests = {
    firstPageByEmployee: { ...range, PageSize: 25 },
    firstPageByDate: { ...range, PageSize: 25, OrderBy: 'Date' },
    lastPageByEmployee: { ...range, PageSize: 25, Page: lastPage },
    oneEmployee: { ...range, PageSize: 25, EmployeeId: employeeId },
    // "Only anomalies": each employee who may have one computed to find the page's rows.
    anomaliesFirstPage: { ...range, PageSize: 25, OnlyAnomalies: true },
    anomaliesLatePageByDate: {
      ...range,
      PageSize: 25,
      OnlyAnomalies: true,
      OrderBy: 'Date',
      Page: Math.max(1, anomalyLastPage - 1),
    },
  };
  const loadBefore = loadavg()[0]!;
  const after: Record<string, Awaited<ReturnType<typeof timed>>> = {};
  // The baseline: the employee list's first page by name (its count of the company and a page in name order,
  // the SQL the view's page now starts with), same server and stack.
  const list = { PageSize: 25, SortBy: 'FullName' };
  after.employeeList = await timed(list, PAGE_REQUESTS, base, '/api/v1/employees/list');
  for (const [name, payload] of Object.entries(requests)) after[name] = await timed(payload, PAGE_REQUESTS);
  for (const [name, figure] of Object.entries(after)) {
    console.log(`page: ${name.padEnd(20)} median ${f2(figure.medianMs)} ms, p95 ${f2(figure.p95Ms)} ms`);
  }
  const ratio = after.firstPageByEmployee!.medianMs / after.employeeList.medianMs;
  const pass = ratio <= pageTargets.ratioMax;
  let before: Record<string, Awaited<ReturnType<typeof timed>>> | null = null;
  let compared = 0;
  if (BEFORE_ROOT) {
    const old = new BenchServer({ root: BEFORE_ROOT });
    await old.start({
      DATABASE_URL: dbUrl.toString(),
      PORT: String(PORT + 1),
      SEED_DEMO: 'never',
      LOG_LEVEL: 'warn',
      DB_POOL_SIZE: '10',
      LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
      DATA_DIR: join(here, 'results', '.data'),
    });
    try {
      // The same answers, byte for byte: each sort, first, middle and last pages, a department, the anomalies.
      const { rows: depts } = await owner.query<{ id: string }>(
        `SELECT department_id AS id FROM employees WHERE company_id = $1 AND department_id IS NOT NULL
          GROUP BY department_id ORDER BY count(*) DESC LIMIT 1`,
        [companyId],
      );
      const checks: Record<string, unknown>[] = [];
      for (const OrderBy of ['Employee', 'Date']) {
        for (const Page of [1, 2, Math.floor(lastPage / 2), lastPage, lastPage + 1]) {
          checks.push({ ...range, OrderBy, PageSize: 25, Page });
          checks.push({ ...range, OrderBy, PageSize: 7, Page });
        }
        checks.push({ ...range, OrderBy, PageSize: 30, Page: 3, DepartmentId: depts[0]!.id });
        checks.push({ ...range, OrderBy, PageSize: 10, Page: 2, EmployeeId: employeeId });
      }
      for (const OrderBy of ['Employee', 'Date']) {
        for (const Page of [
          1,
          2,
          Math.max(1, Math.floor(anomalyLastPage / 2)),
          anomalyLastPage,
          anomalyLastPage + 1,
        ])
          checks.push({ ...range, OnlyAnomalies: true, OrderBy, PageSize: 25, Page });
        checks.push({
          ...range,
          OnlyAnomalies: true,
          OrderBy,
          PageSize: 30,
          Page: 2,
          DepartmentId: depts[0]!.id,
        });
      }
      for (const payload of checks) {
        const [mine, theirs] = [await view(payload), await view(payload, beforeBase)];
        if (mine !== theirs) throw new Error(`answers differ for ${JSON.stringify(payload)}`);
        compared++;
      }
      console.log(`page: ${compared} answers byte-identical to the checkout's before`);
      before = {};
      const n = Math.max(3, Math.ceil(PAGE_REQUESTS / 4));
      for (const [name, payload] of Object.entries(requests)) {
        before[name] = await timed(payload, n, beforeBase);
        console.log(
          `page before: ${name.padEnd(20)} median ${f2(before[name].medianMs)} ms, p95 ${f2(before[name].p95Ms)} ms`,
        );
      }
    } finally {
      await old.stop();
    }
  }
  console.log(
    `\nfirst page of ${EMPLOYEES.toLocaleString('en-US')} employees x ${days} days (${first.TotalCount.toLocaleString('en-US')} rows): ` +
      `median ${f2(after.firstPageByEmployee!.medianMs)} ms, the employee list's first page ${f2(after.employeeList.medianMs)} ms: ` +
      `${f2(ratio)}x (target <= ${pageTargets.ratioMax}x) ${pass ? 'PASS' : 'FAIL'}` +
      (before ? `; before ${f2(before.firstPageByEmployee!.medianMs)} ms` : ''),
  );
  writeResult('attendance-page', {
    employees: EMPLOYEES,
    days,
    range,
    punches,
    rows: first.TotalCount,
    anomalyRows: anomalies.TotalCount,
    pageSize: 25,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadavg()[0],
    after,
    before,
    beforeRoot: BEFORE_ROOT ?? null,
    answersComparedWithBefore: compared,
    ratio,
    targets: pageTargets,
    pass,
  });
  return pass;
}

const portTaken = await fetch(`${base}/`).then(
  () => true,
  () => false,
);
if (portTaken) {
  console.error(`port ${PORT} is already in use (another benchmark run?); set BENCH_ATT_PORT`);
  process.exit(1);
}
if (KEEP_DB) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin(`CREATE DATABASE ${dbName}`);
let failed = false;
try {
  await server.start({
    DATABASE_URL: dbUrl.toString(),
    PORT: String(PORT),
    SEED_DEMO: 'always',
    LOG_LEVEL: 'warn',
    DB_POOL_SIZE: '10',
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    DATA_DIR: join(here, 'results', '.data'),
    ATTENDANCE_STORE_TRACE: '1',
    ...(process.env.BENCH_ATT_BATCH ? { ATTENDANCE_STORE_BATCH: process.env.BENCH_ATT_BATCH } : {}),
  });
  const owner = new pg.Client({ connectionString: dbUrl.toString() });
  owner.on('error', () => undefined); // the database is dropped with FORCE at the end
  await owner.connect();
  const { rows: company } = await owner.query<{ tenant_id: string; id: string }>(
    `SELECT tenant_id, id FROM companies WHERE name = 'Demo Manufacturing Inc.'`,
  );
  const { tenant_id: tenantId, id: companyId } = company[0]!;
  const punches = await seed(owner, tenantId, companyId);
  if (CASES.includes('store')) await createCopyTable(owner, 'attendance_days');

  const { AccessToken } = await signInDemo(base, 'hr@demo.hrpay.test', UserTypeId.HRUser);
  headers = { authorization: `Bearer ${AccessToken}`, 'x-tenant-id': tenantId };
  if (CASES.includes('store')) {
    const loadBefore = loadavg()[0]!;

    // 1. The measured store: nothing stored yet.
    await owner.query('CHECKPOINT');
    const first = await store();
    console.log(
      `store              ${f2(first.seconds)} s, ${first.result.Days.toLocaleString('en-US')} days`,
    );

    // 2. The baseline: the same rows, read out of attendance_days, copied into the scratch table; twice.
    const chunks: Buffer[] = [];
    await pipeline(
      owner.query(
        copyTo(`COPY (SELECT * FROM attendance_days WHERE tenant_id = '${tenantId}' AND company_id = '${companyId}'
                      AND date BETWEEN '${DATE_FROM}' AND '${DATE_TO}') TO STDOUT`),
      ),
      async function (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) chunks.push(chunk);
      },
    );
    const copyBytes = chunks.reduce((n, c) => n + c.length, 0);
    const copyRuns = [await copyBaseline(owner, chunks), await copyBaseline(owner, chunks)];
    for (const run of copyRuns) console.log(`COPY               ${f2(run)} s`);
    const { copied } = (
      await owner.query<{ copied: number }>('SELECT count(*)::int AS copied FROM attendance_days_copy')
    ).rows[0]!;
    if (copied !== first.result.Days)
      throw new Error(`COPY wrote ${copied} rows, the store ${first.result.Days}`);
    chunks.length = 0;
    const copySeconds = Math.min(...copyRuns);

    // 3. The same range again: every stored row replaced (reported, no target).
    await owner.query('CHECKPOINT');
    const again = await store();
    console.log(`store again        ${f2(again.seconds)} s`);
    const { stored } = (
      await owner.query<{ stored: number }>(
        `SELECT count(*)::int AS stored FROM attendance_days WHERE company_id = $1 AND date BETWEEN $2 AND $3`,
        [companyId, DATE_FROM, DATE_TO],
      )
    ).rows[0]!;
    if (stored !== first.result.Days) throw new Error(`${stored} rows stored after the second run`);
    for (const line of server.log.split('\n').filter((l) => l.startsWith('attendance store')))
      console.log(line);

    const ratio = first.seconds / copySeconds;
    const pass = ratio <= targets.ratioMax;
    console.log(
      `\n${EMPLOYEES.toLocaleString('en-US')} employees x ${DAYS} days = ${first.result.Days.toLocaleString('en-US')} ` +
        `days from ${punches.toLocaleString('en-US')} punches`,
    );
    console.log(
      `store ${f2(first.seconds)} s (${Math.round(first.result.Days / first.seconds).toLocaleString('en-US')} days/s), ` +
        `COPY ${f2(copySeconds)} s: ${f2(ratio)}x (target <= ${targets.ratioMax}x) ${pass ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `store again ${f2(again.seconds)} s (${f2(again.seconds / copySeconds)}x); server RSS ` +
        `${first.rssBeforeMb.toFixed(0)} MB before, peak ${first.peakRssMb.toFixed(0)} MB (again: ${again.peakRssMb.toFixed(0)} MB)`,
    );
    writeResult('attendance', {
      employees: EMPLOYEES,
      days: DAYS,
      range: { from: DATE_FROM, to: DATE_TO },
      punches,
      storedDays: first.result.Days,
      batch: Number(process.env.BENCH_ATT_BATCH ?? 2000),
      loadAverageBefore: loadBefore,
      store: first,
      storeAgain: again,
      copy: { runsSeconds: copyRuns, seconds: copySeconds, bytes: copyBytes },
      ratio,
      ratioAgain: again.seconds / copySeconds,
      targets,
      pass,
    });
    if (!pass) failed = true;
  }
  // After the store: the view computes on read, whatever was stored.
  if (CASES.includes('page') && !(await pageCase(owner, companyId, punches))) failed = true;
  await owner.end();
} catch (error) {
  failed = true;
  console.error(error);
  console.error(`--- server output (last 5 kB) ---\n${server.log.slice(-5_000)}`);
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
