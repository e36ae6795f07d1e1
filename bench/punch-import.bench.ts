/**
 * Punch-file import (issue 9 §1, §5) of a generated 3,000,000-line CSV for 100,000 employees through the real
 * server on PostgreSQL: upload, validation as a background job, commit, each timed by polling the job. Baseline
 * in the same run and database: `COPY ... FROM STDIN` (pg-copy-streams) of the same punches into a table of the
 * same shape as `time_logs` (columns, checks, indexes, foreign keys) on a plain owner connection, twice, the
 * faster counting. Targets: the import at most 3x the COPY; the server's RSS under 500 MB throughout.
 *
 * The employees are inserted on the owner connection before anything is timed. Then the same file is imported
 * again (every punch already on file, nothing added): reported, no target.
 *
 * Environment: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local server); BENCH_PUNCH_LINES
 * (3000000); BENCH_PUNCH_EMPLOYEES (100000); BENCH_PUNCH_PORT (3216); BENCH_PHASE_TIMEOUT_SECONDS (600);
 * BENCH_CPU_PROF=1 writes the server's CPU profile to results/.data/prof.
 */
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { UserTypeId, type PunchImport } from '@hrpay/contracts';
import { rssMb, sampleRss } from './lib/proc-memory.js';
import { adminQuery, benchDatabase, BenchServer, cleanUpOnce, cpuProfFlags } from './lib/bench-server.js';
import { createCopyTable } from './lib/copy-table.js';
import { signInDemo } from './lib/demo-sign-in.js';
import { writeResult } from './lib/results.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const { serverUrl, dbName, dbUrl } = benchDatabase('punch');
const LINES = Number(process.env.BENCH_PUNCH_LINES ?? 3_000_000);
const EMPLOYEES = Math.min(LINES, Number(process.env.BENCH_PUNCH_EMPLOYEES ?? 100_000));
const PORT = Number(process.env.BENCH_PUNCH_PORT ?? 3216);
const PHASE_TIMEOUT_MS = Number(process.env.BENCH_PHASE_TIMEOUT_SECONDS ?? 600) * 1000;
/** Extra node flags for the server (e.g. `--trace-gc`), and a file its whole output is appended to. */
const SERVER_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
const SERVER_LOG = process.env.BENCH_SERVER_LOG;
/** `BENCH_PUNCH_IMPORT_ONLY=1`: the measured import only (no baseline, no second import), for profiling. */
const IMPORT_ONLY = process.env.BENCH_PUNCH_IMPORT_ONLY === '1';
const base = `http://127.0.0.1:${PORT}`;
const FIRST_DAY = Date.parse('2026-09-01T00:00:00Z');
const targets = { ratioMax: 3, peakRssMaxMb: 500 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const f2 = (n: number) => n.toFixed(2);
const seconds = (from: number, to: number) => (to - from) / 1000;

const admin = (sql: string) => adminQuery(serverUrl, sql);

/** The server under test (its pid is the process serving requests). */
const server = new BenchServer({
  root,
  flags: [...cpuProfFlags(here), ...SERVER_FLAGS],
  logFile: SERVER_LOG,
});

const cleanUp = cleanUpOnce(async () => {
  await server.stop();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

/** The employees, as the owner (not timed). */
async function seed(owner: pg.Client, tenantId: string, companyId: string) {
  await owner.query(
    `WITH st AS (SELECT id FROM employment_statuses WHERE company_id = $2 LIMIT 1)
     INSERT INTO employees (tenant_id, company_id, employee_number, last_name, first_name, employment_status_id,
                            employment_type, hire_date)
     SELECT $1, $2, 'BP-' || lpad(n::text, 6, '0'), 'Santos', 'Juan ' || n, st.id, 'FullTime', DATE '2020-01-01'
       FROM generate_series(1, $3::int) n, st`,
    [tenantId, companyId, EMPLOYEES],
  );
  await owner.query('ANALYZE employees');
}

/**
 * The punch file: every employee in at 07:40-08:19 and out at 17:00-17:49 (Manila), day after day, employees
 * interleaved as a terminal logs them; `LINES` punches. `each(i, number, local, direction)` sees every punch.
 */
function punches(each: (n: number, local: string, direction: 'In' | 'Out') => void) {
  const pad = (v: number) => String(v).padStart(2, '0');
  for (let i = 0; i < LINES; i++) {
    const n = 1 + (i % EMPLOYEES);
    const slot = Math.floor(i / EMPLOYEES);
    const day = new Date(FIRST_DAY + Math.floor(slot / 2) * 86_400_000).toISOString().slice(0, 10);
    const out = slot % 2 === 1;
    const minutes = out ? 1020 + (n % 50) : 460 + (n % 40);
    const local = `${day} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:${pad(n % 60)}`;
    each(n, local, out ? 'Out' : 'In');
  }
}

/** The CSV, built in 4 MB pieces (never one string of 100 MB). */
function punchFile(): Buffer[] {
  const parts: Buffer[] = [Buffer.from('EmployeeNumber,DateTime,Direction\n')];
  let text = '';
  punches((n, local, direction) => {
    text += `BP-${String(n).padStart(6, '0')},${local},${direction}\n`;
    if (text.length > 4_000_000) {
      parts.push(Buffer.from(text));
      text = '';
    }
  });
  parts.push(Buffer.from(text));
  return parts;
}

/** The same punches as COPY text rows of time_logs (not timed). */
function copyRows(tenantId: string, companyId: string, ids: Map<number, string>): Buffer[] {
  const parts: Buffer[] = [];
  let text = '';
  punches((n, local, direction) => {
    text += `${tenantId}\t${companyId}\t${ids.get(n)}\t${local}+08\t${direction}\tImport\tImported from punches.csv\n`;
    if (text.length > 4_000_000) {
      parts.push(Buffer.from(text));
      text = '';
    }
  });
  parts.push(Buffer.from(text));
  return parts;
}

let headers: Record<string, string> = {};

async function getJob(id: string): Promise<PunchImport> {
  const res = await fetch(`${base}/api/v1/timelogs/imports/${id}`, { headers });
  if (res.status !== 200) throw new Error(`GET import: ${res.status} ${await res.text()}`);
  return (await res.json()) as PunchImport;
}

/** Polls every 200 ms until the job leaves `working`; answers it and the time seen. */
async function settle(id: string, working: PunchImport['Status'][]): Promise<[PunchImport, number]> {
  const deadline = performance.now() + PHASE_TIMEOUT_MS;
  for (;;) {
    const job = await getJob(id);
    const at = performance.now();
    if (!working.includes(job.Status)) return [job, at];
    if (at > deadline) throw new Error(`import still ${job.Status} (${job.Progress}%) after the timeout`);
    await sleep(200);
  }
}

/** Upload -> 202, -> Ready, commit -> Committed, timed by phase, the server's RSS sampled throughout. */
async function runImport(file: Buffer[], fileName: string) {
  await sleep(1_000);
  const pid = server.pid;
  const rssBeforeMb = rssMb(pid) ?? 0;
  const memory = sampleRss(pid);
  const peaks = { upload: 0, validate: 0, commit: 0 };
  try {
    const form = new FormData();
    form.append('file', new Blob(file, { type: 'text/csv' }), fileName);
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/timelogs/imports`, { method: 'POST', headers, body: form });
    const uploaded = (await res.json()) as PunchImport;
    const t1 = performance.now();
    peaks.upload = memory.mark();
    if (res.status !== 202)
      throw new Error(`upload: ${res.status} ${JSON.stringify(uploaded).slice(0, 2000)}`);
    const [checked, t2] = await settle(uploaded.ImportId, ['Queued', 'Validating']);
    peaks.validate = memory.mark();
    if (checked.Status !== 'Ready') {
      throw new Error(
        `validation: ${checked.Status} ${checked.Message ?? ''} ${JSON.stringify(checked.Errors.slice(0, 5))}`,
      );
    }
    const commit = await fetch(`${base}/api/v1/timelogs/imports/${uploaded.ImportId}/commit`, {
      method: 'POST',
      headers,
    });
    if (commit.status !== 202) throw new Error(`commit: ${commit.status} ${await commit.text()}`);
    const [done, t3] = await settle(uploaded.ImportId, ['Committing']);
    peaks.commit = memory.mark();
    if (done.Status !== 'Committed') throw new Error(`commit: ${done.Status} ${done.Message ?? ''}`);
    const window = memory.stop();
    return {
      upload: seconds(t0, t1),
      validate: seconds(t1, t2),
      commit: seconds(t2, t3),
      total: seconds(t0, t3),
      newRows: checked.NewRows,
      added: done.Added ?? 0,
      duplicates: done.Duplicates ?? 0,
      rssBeforeMb,
      peakRssMb: window.peakMb,
      peakRssByPhaseMb: peaks,
    };
  } catch (error) {
    memory.stop();
    throw error;
  }
}

/** COPY of the punches into the scratch table, timed. */
async function copyBaseline(owner: pg.Client, rows: Buffer[]) {
  await owner.query('TRUNCATE time_logs_copy');
  await owner.query('CHECKPOINT');
  const t0 = performance.now();
  await pipeline(
    Readable.from(rows),
    owner.query(
      copyFrom(
        'COPY time_logs_copy (tenant_id, company_id, employee_id, punched_at, direction, source, reason) FROM STDIN',
      ),
    ),
  );
  return seconds(t0, performance.now());
}

const portTaken = await fetch(`${base}/`).then(
  () => true,
  () => false,
);
if (portTaken) {
  console.error(`port ${PORT} is already in use (another benchmark run?); set BENCH_PUNCH_PORT`);
  process.exit(1);
}
await admin(`CREATE DATABASE ${dbName}`);
let failed = false;
try {
  await server.start({
    DATABASE_URL: dbUrl.toString(),
    PORT: String(PORT),
    SEED_DEMO: 'always',
    // The job's memory log (PUNCH_IMPORT_MEMORY_LOG=1, decision 0008) is at info level.
    LOG_LEVEL: process.env.PUNCH_IMPORT_MEMORY_LOG === '1' ? 'info' : 'warn',
    DB_POOL_SIZE: '10',
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    DATA_DIR: join(here, 'results', '.data'),
  });
  const owner = new pg.Client({ connectionString: dbUrl.toString() });
  owner.on('error', () => undefined); // the database is dropped with FORCE at the end
  await owner.connect();
  const { rows: company } = await owner.query<{ tenant_id: string; id: string }>(
    `SELECT tenant_id, id FROM companies WHERE name = 'Demo Manufacturing Inc.'`,
  );
  const { tenant_id: tenantId, id: companyId } = company[0]!;
  let started = performance.now();
  await seed(owner, tenantId, companyId);
  const file = punchFile();
  const fileBytes = file.reduce((n, b) => n + b.length, 0);
  console.log(
    `seeded ${EMPLOYEES.toLocaleString('en-US')} employees, generated ${LINES.toLocaleString('en-US')} punches ` +
      `(${(fileBytes / 1024 / 1024).toFixed(1)} MB) in ${f2(seconds(started, performance.now()))} s`,
  );
  await createCopyTable(owner, 'time_logs');

  const { AccessToken } = await signInDemo(base, 'hr@demo.hrpay.test', UserTypeId.HRUser);
  headers = { authorization: `Bearer ${AccessToken}`, 'x-tenant-id': tenantId };
  const loadBefore = loadavg()[0]!;

  // 1. The measured import: no punch on file yet.
  await owner.query('CHECKPOINT');
  const first = await runImport(file, 'punches.csv');
  console.log(
    `import             ${f2(first.total)} s, ${first.added.toLocaleString('en-US')} punches added`,
  );
  if (first.added !== LINES) throw new Error(`the import added ${first.added} punches, not ${LINES}`);
  if (IMPORT_ONLY) {
    console.log(
      `upload ${f2(first.upload)} s, validate ${f2(first.validate)} s, commit ${f2(first.commit)} s; server RSS ` +
        `${first.rssBeforeMb.toFixed(0)} MB before, peak ${first.peakRssMb.toFixed(0)} MB (by phase ` +
        `${Object.values(first.peakRssByPhaseMb)
          .map((mb) => mb.toFixed(0))
          .join(' / ')}); nothing written to results/`,
    );
    await owner.end();
    await cleanUp();
    process.exit(0);
  }

  // 2. The baseline: the same punches copied into the scratch table; twice.
  started = performance.now();
  const ids = new Map(
    (
      await owner.query<{ id: string; n: number }>(
        `SELECT id, substr(employee_number, 4)::int AS n FROM employees WHERE company_id = $1
            AND employee_number LIKE 'BP-%'`,
        [companyId],
      )
    ).rows.map((r) => [r.n, r.id]),
  );
  const rows = copyRows(tenantId, companyId, ids);
  console.log(`COPY rows prepared in ${f2(seconds(started, performance.now()))} s (not timed)`);
  const copyRuns = [await copyBaseline(owner, rows), await copyBaseline(owner, rows)];
  for (const run of copyRuns) console.log(`COPY               ${f2(run)} s`);
  const { copied } = (
    await owner.query<{ copied: number }>('SELECT count(*)::int AS copied FROM time_logs_copy')
  ).rows[0]!;
  if (copied !== LINES) throw new Error(`COPY wrote ${copied} rows, not ${LINES}`);
  rows.length = 0;
  const copySeconds = Math.min(...copyRuns);

  // 3. The same file again: every punch already on file, nothing added (reported, no target).
  await owner.query('CHECKPOINT');
  const again = await runImport(file, 'punches-again.csv');
  console.log(`import again       ${f2(again.total)} s, ${again.added} added`);
  if (again.added !== 0) throw new Error(`the second import added ${again.added} punches`);
  await owner.end();

  const ratio = first.total / copySeconds;
  const met = { ratio: ratio <= targets.ratioMax, peakRss: first.peakRssMb < targets.peakRssMaxMb };
  const pass = met.ratio && met.peakRss && again.peakRssMb < targets.peakRssMaxMb;
  const phases = (r: typeof first) =>
    `upload ${f2(r.upload)} s, validate ${f2(r.validate)} s, commit ${f2(r.commit)} s`;
  console.log(
    `\n${LINES.toLocaleString('en-US')} punches of ${EMPLOYEES.toLocaleString('en-US')} employees, ` +
      `${(fileBytes / 1024 / 1024).toFixed(1)} MB CSV`,
  );
  console.log(
    `import ${f2(first.total)} s (${phases(first)}); COPY ${f2(copySeconds)} s (runs ${copyRuns.map(f2).join(', ')})`,
  );
  console.log(`again  ${f2(again.total)} s (${phases(again)}), ${f2(again.total / copySeconds)}x`);
  console.log(
    `ratio ${f2(ratio)}x (target <= ${targets.ratioMax}x) ${met.ratio ? 'PASS' : 'FAIL'}; server RSS ` +
      `${first.rssBeforeMb.toFixed(0)} MB before, peak ${first.peakRssMb.toFixed(0)} MB (by phase ` +
      `${first.peakRssByPhaseMb.upload.toFixed(0)} / ${first.peakRssByPhaseMb.validate.toFixed(0)} / ` +
      `${first.peakRssByPhaseMb.commit.toFixed(0)}; again ${again.peakRssMb.toFixed(0)} MB) ` +
      `(target < ${targets.peakRssMaxMb} MB) ${met.peakRss ? 'PASS' : 'FAIL'}: ${pass ? 'PASS' : 'FAIL'}`,
  );
  writeResult('punch-import', {
    lines: LINES,
    employees: EMPLOYEES,
    fileBytes,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadavg()[0],
    import: first,
    importAgain: again,
    copy: { runsSeconds: copyRuns, seconds: copySeconds },
    ratio,
    ratioAgain: again.total / copySeconds,
    targets,
    met,
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
