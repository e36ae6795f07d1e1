/**
 * The stale check of computed payroll periods (payroll-periods repository, STALE_REASON) over a tenant with many
 * hand-entered punches, through the real server on PostgreSQL. Its 'punches' branch looks for punch audit rows
 * (entity 'time_log', one per punch added, corrected or deleted by hand) written after the last attendance store
 * of a day of the cut-off; it runs whenever periods are listed or one is read. It once read every such row the
 * tenant ever had (2,000,000 of them: the period list took 15 s); it now reads only those written after the
 * earliest last store of the cut-off's days, in time order from migration 0044's partial index.
 *
 * The demo (SEED_DEMO=always, own database) has a finalised period; the bench brings the next one (the proposal:
 * the current semi-monthly cut-off, whose punches the demo seeded up to yesterday) to Computed through the API,
 * as HR and Payroll would: HR stores the attendance of the whole cut-off, Payroll creates the Regular period and
 * computes it (polled to Done). Baseline: `POST /api/v1/payroll-periods/list` and `GET /api/v1/payroll-periods/{id}`
 * of that period, BENCH_STALE_REQUESTS (300) of each, one at a time, alternating, after a warm-up: median and
 * p99. Then, as the database owner, BENCH_PUNCH_ROWS (1,000,000) punch audit rows of the demo company in one
 * `INSERT ... SELECT generate_series` (their times spread over the year before the period's last attendance
 * store, so the period is not stale and the check has to show that no row is newer; PunchedAt spread over the
 * cut-off's year, its days included), ANALYZE, the period checked still not stale through the API, and the same
 * requests again. Targets (each request): median with the rows at most 1.5x the baseline's, p99 < 50 ms.
 *
 * Each series also prints the CPU time per request of the server process and of the database's backends (/proc),
 * which tells the check's own work from a busy host's waits.
 *
 * Variants (each prints its figures and exits 1 on a missed target, but writes no result file):
 * BENCH_STALE_DROP_INDEX=1 drops migration 0044's index (audit_log_time_log_at_idx) as the owner right after the
 * server migrated, before anything is seeded. The check stays fast without it: the planner then reads the bound
 * backwards from another index on (tenant_id, at), audit_log_recent_idx (migration 0045) or audit_log_at_idx,
 * filtering out the other entities' rows written since the store (few here). It is the bound that makes the check
 * fast; the partial index keeps those other rows out of the range. BENCH_STALE_ROOT=<dir> starts the server of
 * another checkout instead of this one (e.g. a copy with the payroll-periods repository of 7dcbb62, the commit
 * before the fix, and this repository's node_modules linked in): the before of a before/after, which is what shows
 * that the bench catches the unbounded check.
 * A series stops after BENCH_STALE_SERIES_SECONDS (30) once 3 requests of each were measured (a slow check), its
 * warm-up after 10 s.
 *
 * Environment: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local server); BENCH_PUNCH_ROWS;
 * BENCH_STALE_REQUESTS; BENCH_STALE_SERIES_SECONDS; BENCH_STALE_PORT (3217); BENCH_STALE_DROP_INDEX=1;
 * BENCH_STALE_ROOT; BENCH_CPU_PROF=1 writes the server's CPU profile to results/.data/prof;
 * BENCH_STALE_KEEP_DB=1 keeps the database (hrpay_bench_stale) for EXPLAIN.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  UserTypeId,
  type PayrollPeriodDetail,
  type PayrollPeriodListResponse,
  type PayrollPeriodProposal,
} from '@hrpay/contracts';
import { adminQuery, benchDatabase, BenchServer, cleanUpOnce, cpuProfFlags } from './lib/bench-server.js';
import { signInDemo } from './lib/demo-sign-in.js';
import { writeResult } from './lib/results.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The checkout whose server is measured: this one, or BENCH_STALE_ROOT's. */
const root = process.env.BENCH_STALE_ROOT ?? join(here, '..');
const KEEP_DB = process.env.BENCH_STALE_KEEP_DB === '1';
const { serverUrl, dbName, dbUrl } = benchDatabase('stale', KEEP_DB);
const ROWS = Number(process.env.BENCH_PUNCH_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_STALE_REQUESTS ?? 300);
const WARM_UP = 100;
const WARM_UP_SECONDS = 10;
const SERIES_SECONDS = Number(process.env.BENCH_STALE_SERIES_SECONDS ?? 30);
const DROP_INDEX = process.env.BENCH_STALE_DROP_INDEX === '1';
/** A variant (see above): figures printed, no result file. */
const VARIANT = DROP_INDEX || process.env.BENCH_STALE_ROOT !== undefined;
const PORT = Number(process.env.BENCH_STALE_PORT ?? 3217);
const base = `http://127.0.0.1:${PORT}`;
const periods = '/api/v1/payroll-periods';
const targets = { medianRatioMax: 1.5, p99MsMax: 50 };

const admin = (sql: string) => adminQuery(serverUrl, sql);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (n: number) => `${n.toFixed(2)} ms`;

const server = new BenchServer({ root, flags: cpuProfFlags(here) });
const cleanUp = cleanUpOnce(async () => {
  await server.stop();
  if (!KEEP_DB) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  else console.log(`kept database ${dbName}`);
});

let headers: Record<string, string> = {};

/** One API call; a status other than `expected` fails the run. */
async function call<T>(method: string, path: string, body?: unknown, expected = 200): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The requests measured: the period list and the computed period's detail, each evaluating STALE_REASON. */
function requests(periodId: string) {
  return {
    list: () => call<PayrollPeriodListResponse>('POST', `${periods}/list`, {}),
    detail: () => call<PayrollPeriodDetail>('GET', `${periods}/${periodId}`),
  };
}
type Name = keyof ReturnType<typeof requests>;

/** CPU time (user + system) of a process so far, ms (10 ms clock ticks); 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time of the server process and of the database's backends serving the bench's database (ms). */
async function cpuNow(monitor: pg.Client) {
  const { rows } = await monitor.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return { server: cpuMs(server.pid), backends: new Map(rows.map(({ pid }) => [pid, cpuMs(pid)])) };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;

/** Timings of one series of a request: count, median, p99, mean, max (ms). */
function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    median: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    mean: sorted.reduce((s, t) => s + t, 0) / sorted.length,
    max: sorted[sorted.length - 1]!,
  };
}

/**
 * WARM_UP requests of each (at most WARM_UP_SECONDS, at least one), then REQUESTS of each one at a time, the two
 * alternating (a slower spell of the host falls on both); stops early after SERIES_SECONDS once 3 of each were
 * measured.
 */
async function measure(label: string, run: ReturnType<typeof requests>, monitor: pg.Client) {
  const names = Object.keys(run) as Name[];
  const warmUntil = performance.now() + WARM_UP_SECONDS * 1000;
  for (let i = 0; i < WARM_UP && (i < 1 || performance.now() < warmUntil); i++)
    for (const n of names) await run[n]();
  const times: Record<Name, number[]> = { list: [], detail: [] };
  const cpu0 = await cpuNow(monitor);
  const until = performance.now() + SERIES_SECONDS * 1000;
  for (let i = 0; i < REQUESTS && (i < 3 || performance.now() < until); i++) {
    for (const n of names) {
      const started = performance.now();
      await run[n]();
      times[n].push(performance.now() - started);
    }
  }
  const cpu1 = await cpuNow(monitor);
  let database = 0;
  for (const [pid, used] of cpu1.backends) database += used - (cpu0.backends.get(pid) ?? 0);
  const count = times.list.length + times.detail.length;
  // Where a request's time went, the host's other work aside (to about 0.1 ms over 600 requests).
  const cpuMsPerRequest = { server: (cpu1.server - cpu0.server) / count, database: database / count };
  const result = { list: summary(times.list), detail: summary(times.detail), cpuMsPerRequest };
  for (const n of names) {
    const s = result[n];
    console.log(
      `${label.padEnd(10)} ${n.padEnd(6)} ${s.requests} requests: median ${ms(s.median)}, p99 ${ms(s.p99)}, mean ${ms(s.mean)}, max ${ms(s.max)}`,
    );
  }
  console.log(
    `${label.padEnd(10)} CPU per request (both kinds): server ${ms(cpuMsPerRequest.server)}, database ${ms(cpuMsPerRequest.database)}`,
  );
  return result;
}

const portTaken = await fetch(`${base}/`).then(
  () => true,
  () => false,
);
if (portTaken) {
  console.error(`port ${PORT} is already in use (another benchmark run?); set BENCH_STALE_PORT`);
  process.exit(1);
}
await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin(`CREATE DATABASE ${dbName}`);
let failed = false;
try {
  const started = performance.now();
  await server.start({
    DATABASE_URL: dbUrl.toString(),
    PORT: String(PORT),
    SEED_DEMO: 'always',
    LOG_LEVEL: 'warn',
    DB_POOL_SIZE: '10',
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    DATA_DIR: join(here, 'results', '.data'),
  });
  console.log(`server migrated and seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const owner = new pg.Client({ connectionString: dbUrl.toString() });
  owner.on('error', () => undefined); // the database is dropped with FORCE at the end
  await owner.connect();
  if (DROP_INDEX) {
    await owner.query('DROP INDEX audit_log_time_log_at_idx');
    console.log('BENCH_STALE_DROP_INDEX=1: dropped audit_log_time_log_at_idx (migration 0044)');
  }
  const { rows: who } = await owner.query<{ tenant_id: string; company_id: string; id: string }>(
    `SELECT tenant_id, company_id, id FROM users WHERE email = 'payroll@demo.hrpay.test'`,
  );
  const { tenant_id: tenantId, company_id: companyId, id: payrollUserId } = who[0]!;

  // HR stores the attendance of the next cut-off (the demo seeded its punches up to yesterday), then Payroll
  // creates its Regular period and computes it.
  const hr = await signInDemo(base, 'hr@demo.hrpay.test', UserTypeId.HRUser);
  const payroll = await signInDemo(base, 'payroll@demo.hrpay.test', UserTypeId.PayrollUser);
  headers = { authorization: `Bearer ${payroll.AccessToken}`, 'x-tenant-id': tenantId };
  const proposal = await call<PayrollPeriodProposal>('GET', `${periods}/proposal`);
  headers = { authorization: `Bearer ${hr.AccessToken}`, 'x-tenant-id': tenantId };
  const stored = await call<{ Employees: number; Days: number }>(
    'POST',
    '/api/v1/timelogs/attendance/store',
    {
      DateFrom: proposal.CutoffStart,
      DateTo: proposal.CutoffEnd,
    },
  );
  headers = { authorization: `Bearer ${payroll.AccessToken}`, 'x-tenant-id': tenantId };
  const created = await call<PayrollPeriodDetail>(
    'POST',
    periods,
    {
      Kind: 'Regular',
      Name: proposal.Name,
      CutoffStart: proposal.CutoffStart,
      CutoffEnd: proposal.CutoffEnd,
      PayDate: proposal.PayDate,
    },
    201,
  );
  await call('POST', `${periods}/${created.Id}/compute`, { RowVersion: created.RowVersion }, 202);
  let period: PayrollPeriodDetail;
  for (let waited = 0; ; waited += 100) {
    period = await call<PayrollPeriodDetail>('GET', `${periods}/${created.Id}`);
    if (period.JobStatus === 'Done') break;
    if (period.JobStatus === 'Failed' || waited > 60_000)
      throw new Error(`the compute did not finish: ${period.JobStatus} ${period.JobError}`);
    await sleep(100);
  }
  if (period.Status !== 'Computed' || period.StaleReason !== null)
    throw new Error(`the period is ${period.Status}, stale ${period.StaleReason} after its compute`);
  console.log(
    `period ${proposal.Name} (${proposal.CutoffStart} to ${proposal.CutoffEnd}): attendance stored for ` +
      `${stored.Employees} employees (${stored.Days} days), computed: ${period.EmployeeCount} payslips`,
  );

  const run = requests(created.Id);
  const loadBefore = loadavg()[0]!;
  const baseline = await measure('baseline', run, owner);

  // The punch audit rows, written before the period's last attendance store (so none is newer than the last
  // store of any day), one a punch added by hand: the whole punch as the timelogs service writes it.
  const seeded = performance.now();
  const { rows: bound } = await owner.query<{ last_store: Date; first_store: Date }>(
    `SELECT max(at) AS last_store, min(at) AS first_store FROM audit_log
      WHERE tenant_id = $1 AND entity = 'attendance_days' AND entity_id = $2`,
    [tenantId, companyId],
  );
  const year = proposal.CutoffStart.slice(0, 4);
  await owner.query(
    `WITH emp AS (SELECT array_agg(e.id ORDER BY e.employee_number) AS ids,
                         array_agg(e.employee_number ORDER BY e.employee_number) AS numbers,
                         array_agg(e.first_name || ' ' || e.last_name ORDER BY e.employee_number) AS names
                    FROM employees e WHERE e.tenant_id = $1 AND e.company_id = $2)
     INSERT INTO audit_log (tenant_id, at, actor_user_id, entity, entity_id, action, before, after)
     SELECT $1, x.at, $3, 'time_log', x.id::text, 'create', NULL,
            jsonb_build_object('TimeLogId', x.id, 'CompanyId', $2::uuid,
                               'EmployeeId', emp.ids[x.k], 'EmployeeNumber', emp.numbers[x.k],
                               'EmployeeName', emp.names[x.k], 'DepartmentName', NULL,
                               'PunchedAt', to_char(x.punched, 'YYYY-MM-DD"T"HH24:MI:SS'),
                               'Direction', CASE WHEN n % 2 = 0 THEN 'In' ELSE 'Out' END,
                               'Source', 'Manual', 'Reason', 'Forgot to punch', 'RowVersion', 1,
                               'CreatedAt', to_char(x.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                               'UpdatedAt', to_char(x.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
       FROM generate_series(1, $4::int) n
       CROSS JOIN emp
       CROSS JOIN LATERAL (SELECT gen_random_uuid() AS id, 1 + n % cardinality(emp.ids) AS k,
                                  $5::timestamptz - interval '1 second' - ($4::int - n) * (interval '365 days' / $4::int) AS at,
                                  $6::timestamp + (n - 1) * (interval '365 days' / $4::int) AS punched) x`,
    [tenantId, companyId, payrollUserId, ROWS, bound[0]!.last_store, `${year}-01-01`],
  );
  await owner.query('ANALYZE audit_log');
  const seedSeconds = (performance.now() - seeded) / 1000;
  const { rows: counted } = await owner.query<{ rows: number; in_cutoff: number; newest: Date }>(
    `SELECT count(*)::int AS rows, max(at) AS newest,
            count(*) FILTER (WHERE (after->>'PunchedAt')::date BETWEEN $3 AND $4)::int AS in_cutoff
       FROM audit_log WHERE tenant_id = $1 AND entity = 'time_log' AND after->>'CompanyId' = $2`,
    [tenantId, companyId, proposal.CutoffStart, proposal.CutoffEnd],
  );
  const punchRows = counted[0]!;
  console.log(
    `inserted ${ROWS.toLocaleString('en-US')} punch audit rows in ${seedSeconds.toFixed(1)} s ` +
      `(${punchRows.in_cutoff.toLocaleString('en-US')} punched on a day of the cut-off; newest written ` +
      `${punchRows.newest.toISOString()}, the cut-off's last store ${bound[0]!.last_store.toISOString()})`,
  );

  // Not newer than the last store of any day: the period must still not be stale, in its detail and the list.
  const after = await run.detail();
  const listed = (await run.list()).Items.find((p) => p.Id === created.Id);
  const checks = { staleReason: after.StaleReason, needsRecompute: listed?.NeedsRecompute ?? null };
  if (after.StaleReason !== null || after.NeedsRecompute || listed?.NeedsRecompute !== false)
    throw new Error(`the period became stale with the rows: ${JSON.stringify(checks)}`);
  console.log('still not stale with the rows: StaleReason null, NeedsRecompute false (detail and list)');

  const withRows = await measure('with rows', run, owner);
  const loadAfter = loadavg()[0]!;
  await owner.end();

  const verdict = (name: Name) => {
    const ratio = withRows[name].median / baseline[name].median;
    const pass = ratio <= targets.medianRatioMax && withRows[name].p99 < targets.p99MsMax;
    console.log(
      `${name}: median ${ms(withRows[name].median)} against ${ms(baseline[name].median)}, ${ratio.toFixed(2)}x ` +
        `(target <= ${targets.medianRatioMax}x), p99 ${ms(withRows[name].p99)} (target < ${targets.p99MsMax} ms): ` +
        (pass ? 'PASS' : 'FAIL'),
    );
    return { ratio, pass };
  };
  const list = verdict('list');
  const detail = verdict('detail');
  const pass = list.pass && detail.pass;
  const result = {
    punchRows: ROWS,
    punchRowsInCutoff: punchRows.in_cutoff,
    seedSeconds,
    indexDropped: DROP_INDEX,
    period: { name: proposal.Name, cutoffStart: proposal.CutoffStart, cutoffEnd: proposal.CutoffEnd },
    requestsEach: REQUESTS,
    baseline,
    withRows,
    ratio: { list: list.ratio, detail: detail.ratio },
    checks,
    targets,
    pass: { list: list.pass, detail: detail.pass },
    loadAverage1m: { before: loadBefore, after: loadAfter },
  };
  if (VARIANT) console.log('a variant (BENCH_STALE_DROP_INDEX, BENCH_STALE_ROOT): no result file written');
  else writeResult('stale-check', result);
  if (!pass) failed = true;
} catch (error) {
  failed = true;
  console.error(error);
  console.error(`--- server output (last 5 kB) ---\n${server.log.slice(-5_000)}`);
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
