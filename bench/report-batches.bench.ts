/**
 * The batches the payroll reports read (payroll-outputs documents source, `eachBatch`) over a year against one
 * period, on PostgreSQL as the application role inside the tenant. A year's reports (alphalist, 2316,
 * year-to-date, 13th month) read every payslip of the year, 24 a semi-monthly employee; each batch once filtered
 * and sorted the whole year after the last batch's key, so a year cost batches x scope (88 s a batch at 100,000
 * employees in the scale review). It now reads the scope's periods, its employees in name order, then the
 * payslips a chunk of employees at a time by the (tenant, period, employee) key: a year should cost about 24
 * periods' worth.
 *
 * Seeded on the owner connection, not timed: BENCH_REPORTS_EMPLOYEES (10,000) employees in the demo company
 * (SEED_DEMO=always, own database) and 24 finalised semi-monthly periods of 2025 paying each of them, so
 * 24 x N payslips, each with the engine's payslip of a 30,000 a month employee as `result` (the same JSON for
 * every row: what the reports' generators read) and its 6 payslip_lines; then VACUUM ANALYZE.
 *
 * Measured: `eachBatch` over { year: 2025 } (24 x N payslips); baseline in the same run: `eachBatch` over one
 * period of that year ({ periodId }, N payslips). Each in its own tenant transaction as the app role (the
 * server's own door, db/postgres.ts), the callback counting the rows and adding their net pay; BENCH_REPORTS_ROUNDS
 * (2) rounds of the two alternating after a warm-up of each, the fastest of each counting. Target: the year's
 * time per payslip at most 1.5x the period's (the year linear in its scope). Then, through the server as the
 * Payroll user (not in the target): the year-to-date and 13th month reports of 2025 (CSV) and the BIR 1601-C of
 * January and of December 2025 (XLSX).
 *
 * The year-to-date and 13th month reports add each employee's year up in one SQL aggregation
 * (payrollReportsRepo.employeeYears); they had read every payslip of the year whole through `eachBatch` and added
 * them up in JS (17.6 s over HTTP at 10,000 employees). Before the HTTP reports, both ways are timed in this process
 * (app role, tenant transaction each, fastest of BENCH_REPORTS_ROUNDS after a warm-up): the old way (`eachBatch`
 * over the year and the reports' former JS sums, kept here only for this comparison) against the aggregation with
 * the lines (13th month report) and without them (year-to-date report); every employee's figures must be equal.
 * BENCH_REPORTS_YEARS_ONLY=1 (a variant for large sizes: figures printed, no result file) skips the `eachBatch`
 * rounds and times the old way once, without a warm-up.
 *
 * BENCH_REPORTS_SOURCE_COMMIT=<rev> (a variant: figures printed, no result file, no HTTP) times the documents
 * source of that commit instead of this checkout's (e.g. `56bd690^`, before the batches read by employee chunk):
 * `git show` of the file into a temporary directory, its relative imports pointed at this checkout. Use a size
 * where it still finishes (BENCH_REPORTS_EMPLOYEES=2000).
 *
 * Environment: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local server); BENCH_REPORTS_EMPLOYEES;
 * BENCH_REPORTS_ROUNDS; BENCH_REPORTS_SOURCE_COMMIT; BENCH_REPORTS_YEARS_ONLY; BENCH_REPORTS_PORT (3218); BENCH_REPORTS_KEEP_DB=1 keeps the
 * database (hrpay_bench_reports) for EXPLAIN; APP_DB_PASSWORD as the server's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { UserTypeId } from '@hrpay/contracts';
import { computePayslip, type Payslip } from '@hrpay/payroll';
import { appRoleUrl, openPostgres } from '../apps/server/src/db/postgres.js';
import type { Database } from '../apps/server/src/db/database.js';
import { documentsSource as currentSource } from '../apps/server/src/modules/payroll-outputs/documents-source.js';
import { EXPORT_MAX_ROWS } from '../apps/server/src/lib/export.js';
import { cents, fullName } from '../apps/server/src/modules/payroll-documents/money.js';
import { payrollReportsRepo } from '../apps/server/src/modules/payroll-reports/repository.js';
import { employeeYearOf, type EmployeeYear } from '../apps/server/src/modules/payroll-reports/service.js';
import { adminQuery, benchDatabase, BenchServer, cleanUpOnce } from './lib/bench-server.js';
import { signInDemo } from './lib/demo-sign-in.js';
import { writeResult } from './lib/results.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const KEEP_DB = process.env.BENCH_REPORTS_KEEP_DB === '1';
const { serverUrl, dbName, dbUrl } = benchDatabase('reports', KEEP_DB);
const EMPLOYEES = Number(process.env.BENCH_REPORTS_EMPLOYEES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_REPORTS_ROUNDS ?? 2);
const SOURCE_COMMIT = process.env.BENCH_REPORTS_SOURCE_COMMIT;
const YEARS_ONLY = process.env.BENCH_REPORTS_YEARS_ONLY === '1';
const PORT = Number(process.env.BENCH_REPORTS_PORT ?? 3218);
const base = `http://127.0.0.1:${PORT}`;
const YEAR = 2025;
/** The baseline's period: the first cut-off of June. */
const BASELINE_PERIOD = `Bench ${YEAR}-06 1st cut-off`;
const targets = { perPayslipRatioMax: 1.5 };

const admin = (sql: string) => adminQuery(serverUrl, sql);
const f2 = (n: number) => n.toFixed(2);
const int = (n: number) => Math.round(n).toLocaleString('en-US');

type Source = typeof currentSource;

/** The documents source of `rev` (git show), its relative imports pointed at this checkout's modules. */
async function sourceOf(rev: string): Promise<{ source: Source; dispose: () => void }> {
  const path = 'apps/server/src/modules/payroll-outputs/documents-source.ts';
  const text = execFileSync('git', ['show', `${rev}:${path}`], { cwd: root, encoding: 'utf8' });
  const moduleDir = join(root, dirname(path));
  const rewritten = text.replace(
    /from '(\.\.?\/[^']+)'/g,
    (_, rel: string) => `from '${pathToFileURL(join(moduleDir, rel)).href}'`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'hrpay-bench-source-'));
  const file = join(dir, 'documents-source.ts');
  writeFileSync(file, rewritten);
  const loaded = (await import(pathToFileURL(file).href)) as { documentsSource: Source };
  return { source: loaded.documentsSource, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The engine's payslip of a 30,000 a month employee for a semi-monthly cut-off, as the compute job stores it. */
function storedSlip(start: string, end: string): Payslip {
  const p = computePayslip({
    period: { start, end, frequency: 'semi-monthly' },
    profile: { rateType: 'monthly', rate: '30000.00' },
    allowances: [{ code: 'RICE', description: 'Rice subsidy', amount: '1000.00', deMinimis: 'riceSubsidy' }],
  });
  return { ...p, thisPeriod: { basicSalaryEarned: p.ytd.basicSalaryEarned } } as Payslip;
}

/** The employees, the year's 24 finalised periods and their payslips with lines, as the owner (not timed). */
async function seed(owner: pg.Client, tenantId: string, companyId: string) {
  const started = performance.now();
  await owner.query(
    `WITH dept AS (SELECT array_agg(id) AS ids FROM departments WHERE company_id = $2),
          st AS (SELECT id FROM employment_statuses WHERE company_id = $2 LIMIT 1),
          names AS (SELECT ARRAY['Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia', 'Mendoza', 'Torres',
                                 'Tomas', 'Andrada', 'Castillo', 'Flores', 'Villanueva', 'Ramos', 'Castro',
                                 'Rivera', 'Aquino', 'Navarro', 'Salazar', 'Mercado', 'de la Cruz',
                                 'delos Santos'] AS last)
     INSERT INTO employees (tenant_id, company_id, employee_number, last_name, first_name, department_id,
                            employment_status_id, employment_type, hire_date, rate_type, basic_rate, tin, sss_number,
                            philhealth_number, pagibig_number, bank_name, bank_account_number)
     SELECT $1, $2, 'RB-' || lpad(n::text, 6, '0'), names.last[1 + n % cardinality(names.last)], 'Juan ' || n,
            dept.ids[1 + n % array_length(dept.ids, 1)], st.id, 'FullTime', DATE '2020-01-01', 'Monthly', 30000,
            '1' || lpad(n::text, 8, '0') || '000', '34-' || lpad(n::text, 7, '0') || '-8',
            '12-' || lpad(n::text, 9, '0') || '-2', '1234-' || lpad(n::text, 8, '0'), 'BDO Unibank',
            '0012' || lpad(n::text, 8, '0')
       FROM generate_series(1, $3::int) n, dept, st, names`,
    [tenantId, companyId, EMPLOYEES],
  );
  // Computed first: payslips and lines of a finalised period cannot be written (migration 0019's guards).
  await owner.query(
    `INSERT INTO payroll_periods (tenant_id, company_id, name, kind, frequency, cutoff_start, cutoff_end, pay_date,
                                  status)
     SELECT $1, $2, 'Bench ' || to_char(m, 'YYYY-MM') || CASE WHEN h = 1 THEN ' 1st' ELSE ' 2nd' END || ' cut-off',
            'Regular', 'SemiMonthly', x.s, x.e, x.e + 5, 'Computed'
       FROM generate_series(make_date($3, 1, 1), make_date($3, 12, 1), interval '1 month') m,
            generate_series(1, 2) h,
            LATERAL (SELECT CASE WHEN h = 1 THEN m::date ELSE m::date + 15 END AS s,
                            CASE WHEN h = 1 THEN m::date + 14 ELSE (m + interval '1 month')::date - 1 END AS e) x`,
    [tenantId, companyId, YEAR],
  );
  const { lines, ...result } = storedSlip(`${YEAR}-01-01`, `${YEAR}-01-15`);
  await owner.query(
    `INSERT INTO payslips (tenant_id, company_id, payroll_period_id, employee_id, gross, deductions, net_pay,
                           taxable_base, withholding_tax, employee_shares, employer_shares, result)
     SELECT $1, $2, p.id, e.id, $3, $4, $5, $6, $7, $8, $9, $10::jsonb
       FROM payroll_periods p, employees e
      WHERE p.tenant_id = $1 AND p.company_id = $2 AND p.name LIKE 'Bench %'
        AND e.tenant_id = $1 AND e.company_id = $2 AND e.employee_number LIKE 'RB-%'`,
    [
      tenantId,
      companyId,
      result.gross,
      result.deductions,
      result.netPay,
      result.taxableBase,
      result.withholdingTax,
      result.employeeShares.total,
      result.employerShares.total,
      JSON.stringify(result),
    ],
  );
  await owner.query(
    `INSERT INTO payslip_lines (tenant_id, payslip_id, line_no, code, description, kind, quantity, unit, rate, amount,
                                taxable)
     SELECT s.tenant_id, s.id, l.n, l.v->>'code', l.v->>'description', l.v->>'kind', (l.v->>'quantity')::numeric,
            l.v->>'unit', l.v->>'rate', (l.v->>'amount')::numeric, (l.v->>'taxable')::boolean
       FROM payslips s
       JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
       CROSS JOIN jsonb_array_elements($3::jsonb) WITH ORDINALITY l(v, n)
      WHERE s.tenant_id = $1 AND p.company_id = $2 AND p.name LIKE 'Bench %'`,
    [tenantId, companyId, JSON.stringify(lines)],
  );
  await owner.query(
    `UPDATE payroll_periods SET status = 'Finalised', finalised_at = now()
      WHERE tenant_id = $1 AND company_id = $2 AND name LIKE 'Bench %'`,
    [tenantId, companyId],
  );
  // This machine's PostgreSQL runs without autovacuum: what it would have done after the payroll runs.
  await owner.query('VACUUM (ANALYZE) employees, payroll_periods, payslips, payslip_lines');
  const { rows } = await owner.query<{ periods: number; payslips: number; lines: number }>(
    `SELECT count(DISTINCT p.id)::int AS periods, count(DISTINCT s.id)::int AS payslips, count(*)::int AS lines
       FROM payroll_periods p JOIN payslips s ON s.tenant_id = p.tenant_id AND s.payroll_period_id = p.id
       JOIN payslip_lines l ON l.tenant_id = s.tenant_id AND l.payslip_id = s.id
      WHERE p.tenant_id = $1 AND p.company_id = $2 AND p.name LIKE 'Bench %'`,
    [tenantId, companyId],
  );
  const seeded = rows[0]!;
  console.log(
    `seeded ${int(EMPLOYEES)} employees, ${seeded.periods} finalised periods of ${YEAR}, ` +
      `${int(seeded.payslips)} payslips, ${int(seeded.lines)} lines in ${f2((performance.now() - started) / 1000)} s`,
  );
  return seeded;
}

type Scope = Parameters<Source['eachBatch']>[3];

/** One `eachBatch` over `scope` in a tenant transaction as the app role: rows, batches, seconds. */
async function timed(db: Database, source: Source, tenantId: string, companyId: string, scope: Scope) {
  let rows = 0;
  let batches = 0;
  let netCents = 0;
  const started = performance.now();
  const total = await db.withTenant(tenantId, (tx) =>
    source.eachBatch(tx, tenantId, companyId, scope, async (batch) => {
      batches++;
      rows += batch.length;
      for (const b of batch) netCents += Math.round(Number(b.payslip.netPay) * 100);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (total !== rows) throw new Error(`eachBatch answered ${total} but handed out ${rows} rows`);
  return { rows, batches, seconds, netCents };
}

/**
 * The reports' employee years the way they were made before the aggregation: every payslip of the year read whole
 * through `eachBatch` and added up in JS (payroll-reports/service.ts addYears as it was), for the comparison only.
 */
async function yearsInJs(db: Database, source: Source, tenantId: string, companyId: string) {
  const byEmployee = new Map<string, EmployeeYear>();
  await db.withTenant(tenantId, (tx) =>
    source.eachBatch(tx, tenantId, companyId, { year: YEAR }, async (batch) => {
      for (const { employee: e, period, payslip: p } of batch) {
        let y = byEmployee.get(e.employeeId);
        if (!y) {
          y = {
            employeeNumber: e.employeeNumber,
            name: fullName(e),
            departmentName: e.departmentName,
            basicEarned: 0,
            thirteenthPaid: 0,
            gross: 0,
            taxable: 0,
            taxWithheld: 0,
            sss: 0,
            philhealth: 0,
            pagibig: 0,
          };
          byEmployee.set(e.employeeId, y);
        }
        if (period.kind === 'ThirteenthMonth') {
          for (const l of p.lines) if (l.kind === 'earning') y.thirteenthPaid += cents(l.amount);
        } else {
          const thisPeriod = (p as { thisPeriod?: { basicSalaryEarned?: string } }).thisPeriod;
          y.basicEarned += thisPeriod?.basicSalaryEarned ? cents(thisPeriod.basicSalaryEarned) : 0;
          for (const l of p.lines)
            if (l.kind === 'earning' && /^(13TH|THIRTEENTH)/i.test(l.code))
              y.thirteenthPaid += cents(l.amount);
        }
        y.gross += cents(p.gross);
        y.taxable += cents(p.taxableBase);
        y.taxWithheld += cents(p.withholdingTax);
        y.sss += cents(p.employeeShares.sss);
        y.philhealth += cents(p.employeeShares.philhealth);
        y.pagibig += cents(p.employeeShares.pagibig);
      }
    }),
  );
  return [...byEmployee.values()];
}

/** The same from the aggregation the reports now run (`thirteenthPaid` false: the year-to-date report's). */
async function yearsInSql(db: Database, tenantId: string, companyId: string, thirteenthPaid: boolean) {
  const rows = await db.withTenant(tenantId, (tx) =>
    payrollReportsRepo.employeeYears(tx, tenantId, companyId, YEAR, { thirteenthPaid }),
  );
  return rows.map(employeeYearOf);
}

/** Seconds of `work`, and its answer. */
async function stopwatch<T>(work: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { seconds: (performance.now() - started) / 1000, value };
}

/** A report through the server: status 200, its size and time. */
async function report(headers: Record<string, string>, path: string) {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/payroll/reports/${path}`, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.toString('utf8').slice(0, 2000)}`);
  console.log(`report ${path.padEnd(40)} ${f2(seconds)} s, ${int(body.length)} bytes`);
  return { seconds, bytes: body.length, body };
}

const server = new BenchServer({ root });
let db: Database | undefined;
let disposeSource = () => {};
const cleanUp = cleanUpOnce(async () => {
  await db?.close();
  await server.stop();
  disposeSource();
  if (!KEEP_DB) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  else console.log(`kept database ${dbName}`);
});

const portTaken = await fetch(`${base}/`).then(
  () => true,
  () => false,
);
if (portTaken) {
  console.error(`port ${PORT} is already in use (another benchmark run?); set BENCH_REPORTS_PORT`);
  process.exit(1);
}
let failed = false;
try {
  let source = currentSource;
  if (SOURCE_COMMIT) {
    const loaded = await sourceOf(SOURCE_COMMIT);
    source = loaded.source;
    disposeSource = loaded.dispose;
    console.log(`BENCH_REPORTS_SOURCE_COMMIT=${SOURCE_COMMIT}: timing that commit's documents source`);
  }
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${dbName}`);
  await server.start({
    DATABASE_URL: dbUrl.toString(),
    PORT: String(PORT),
    SEED_DEMO: 'always',
    LOG_LEVEL: 'warn',
    DB_POOL_SIZE: '4',
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    DATA_DIR: join(here, 'results', '.data'),
  });
  const owner = new pg.Client({ connectionString: dbUrl.toString() });
  owner.on('error', () => undefined); // the database is dropped with FORCE at the end
  await owner.connect();
  const { rows: who } = await owner.query<{ tenant_id: string; company_id: string }>(
    `SELECT tenant_id, company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`,
  );
  const { tenant_id: tenantId, company_id: companyId } = who[0]!;
  const seeded = await seed(owner, tenantId, companyId);
  const { rows: chosen } = await owner.query<{ id: string }>(
    `SELECT id FROM payroll_periods WHERE tenant_id = $1 AND company_id = $2 AND name = $3`,
    [tenantId, companyId, BASELINE_PERIOD],
  );
  const periodId = chosen[0]!.id;
  await owner.end();

  db = openPostgres(appRoleUrl(dbUrl.toString(), process.env.APP_DB_PASSWORD ?? 'hrpay_app'), 2);
  const loadBefore = loadavg()[0]!;
  const run = (scope: Scope) => timed(db!, source, tenantId, companyId, scope);
  /** The batches' rounds: the period and the year, fastest of each, and the target. */
  const batchRounds = async () => {
    // Warm-up: connections, statements prepared, the tables' pages in the cache.
    await run({ periodId });
    await run({ year: YEAR });
    const periodRuns: Awaited<ReturnType<typeof run>>[] = [];
    const yearRuns: Awaited<ReturnType<typeof run>>[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      periodRuns.push(await run({ periodId }));
      yearRuns.push(await run({ year: YEAR }));
      const [p, y] = [periodRuns.at(-1)!, yearRuns.at(-1)!];
      console.log(
        `round ${i + 1}: period ${int(p.rows)} payslips in ${p.batches} batches ${f2(p.seconds)} s; ` +
          `year ${int(y.rows)} payslips in ${y.batches} batches ${f2(y.seconds)} s`,
      );
    }
    const fastest = (runs: typeof periodRuns) => runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const period = fastest(periodRuns);
    const year = fastest(yearRuns);
    // The demo's own payslips of the year, if any, come on top of the seeded ones.
    if (year.rows < seeded.payslips || period.rows < EMPLOYEES)
      throw new Error(`read ${year.rows} and ${period.rows} payslips; ${seeded.payslips} were seeded`);
    const perPayslip = {
      periodMs: (period.seconds * 1000) / period.rows,
      yearMs: (year.seconds * 1000) / year.rows,
    };
    const ratio = perPayslip.yearMs / perPayslip.periodMs;
    const pass = ratio <= targets.perPayslipRatioMax;
    console.log(
      `period ${int(period.rows)} payslips ${f2(period.seconds)} s (${(perPayslip.periodMs * 1000).toFixed(1)} µs each); ` +
        `year ${int(year.rows)} payslips ${f2(year.seconds)} s (${(perPayslip.yearMs * 1000).toFixed(1)} µs each): ` +
        `${f2(ratio)}x per payslip (target <= ${targets.perPayslipRatioMax}x) ${pass ? 'PASS' : 'FAIL'}`,
    );
    return {
      baseline: {
        scope: `one period (${BASELINE_PERIOD})`,
        ...period,
        runsSeconds: periodRuns.map((r) => r.seconds),
      },
      measured: { scope: `year ${YEAR}`, ...year, runsSeconds: yearRuns.map((r) => r.seconds) },
      perPayslipMs: perPayslip,
      ratio,
      targets,
      pass,
    };
  };
  const batches = YEARS_ONLY ? null : await batchRounds();

  // The reports' employee years: the old way (every payslip read and added up in JS) against the aggregation.
  let employeeYears: Record<string, unknown> | null = null;
  if (!SOURCE_COMMIT) {
    const ways = {
      js: () => yearsInJs(db!, source, tenantId, companyId),
      sqlWithLines: () => yearsInSql(db!, tenantId, companyId, true),
      sqlWithoutLines: () => yearsInSql(db!, tenantId, companyId, false),
    };
    const runs: Record<keyof typeof ways, number[]> = { js: [], sqlWithLines: [], sqlWithoutLines: [] };
    const answers: Partial<Record<keyof typeof ways, EmployeeYear[]>> = {};
    // Alternating, the first round a warm-up; BENCH_REPORTS_YEARS_ONLY: the old way once, in the first round.
    const once = (name: keyof typeof ways) => YEARS_ONLY && name === 'js';
    for (let i = 0; i <= ROUNDS; i++) {
      for (const [name, way] of Object.entries(ways) as [
        keyof typeof ways,
        () => Promise<EmployeeYear[]>,
      ][]) {
        if (once(name) && i > 0) continue;
        const { seconds, value } = await stopwatch(way);
        if (i > 0 || once(name)) runs[name].push(seconds);
        answers[name] = value;
      }
    }
    const js = answers.js!;
    if (js.length < EMPLOYEES) throw new Error(`the year has ${js.length} employees`);
    if (JSON.stringify(answers.sqlWithLines) !== JSON.stringify(js))
      throw new Error('the aggregation (with the lines) differs from the sums in JS');
    const withoutLines = js.map((y) => ({ ...y, thirteenthPaid: 0 }));
    if (JSON.stringify(answers.sqlWithoutLines) !== JSON.stringify(withoutLines))
      throw new Error('the aggregation (without the lines) differs from the sums in JS');
    const best = (name: keyof typeof ways) => Math.min(...runs[name]);
    console.log(
      `employee years of ${int(js.length)} employees, equal every way: JS over eachBatch ${f2(best('js'))} s; ` +
        `SQL with the lines (13th month) ${f2(best('sqlWithLines'))} s, without (year-to-date) ` +
        `${f2(best('sqlWithoutLines'))} s`,
    );
    employeeYears = {
      employees: js.length,
      equal: true,
      jsOverEachBatch: { seconds: best('js'), runsSeconds: runs.js },
      sqlWithLines: { seconds: best('sqlWithLines'), runsSeconds: runs.sqlWithLines },
      sqlWithoutLines: { seconds: best('sqlWithoutLines'), runsSeconds: runs.sqlWithoutLines },
    };
  }

  // Through the server (this checkout's code, not in the target): the year's reports and a month's 1601-C.
  let http: Record<string, { seconds: number; bytes: number }> | null = null;
  if (!SOURCE_COMMIT) {
    const { AccessToken } = await signInDemo(base, 'payroll@demo.hrpay.test', UserTypeId.PayrollUser);
    const headers = { authorization: `Bearer ${AccessToken}`, 'x-tenant-id': tenantId };
    const ytd = await report(headers, `year-to-date?Year=${YEAR}&Format=csv`);
    // One row per employee paid in the year and a TOTAL row below the header, up to the most rows an export
    // writes (lib/export.ts): past it the rows, then the TOTAL, are cut off.
    const lines = ytd.body.toString('utf8').trim().split('\n').length;
    const rows = Math.min(EMPLOYEES + 1, EXPORT_MAX_ROWS);
    if (lines < rows + 1) throw new Error(`the year-to-date report has ${lines} lines`);
    if (rows < EMPLOYEES + 1)
      console.log(`the export stops at ${int(EXPORT_MAX_ROWS)} rows: the report's rows past it are cut off`);
    const thirteenth = await report(headers, `thirteenth-month?Year=${YEAR}&Format=csv`);
    const january = await report(headers, `bir-1601c?Year=${YEAR}&Month=1&Format=xlsx`);
    const december = await report(headers, `bir-1601c?Year=${YEAR}&Month=12&Format=xlsx`);
    http = {
      yearToDateCsv: { seconds: ytd.seconds, bytes: ytd.bytes },
      thirteenthMonthCsv: { seconds: thirteenth.seconds, bytes: thirteenth.bytes },
      bir1601cJanuary: { seconds: january.seconds, bytes: january.bytes },
      bir1601cDecember: { seconds: december.seconds, bytes: december.bytes },
    };
  }
  const loadAfter = loadavg()[0]!;

  const result = {
    employees: EMPLOYEES,
    periods: seeded.periods,
    payslips: seeded.payslips,
    payslipLines: seeded.lines,
    rounds: ROUNDS,
    ...batches,
    employeeYears,
    http,
    loadAverage1m: { before: loadBefore, after: loadAfter },
  };
  if (SOURCE_COMMIT) console.log('a variant (BENCH_REPORTS_SOURCE_COMMIT): no result file written');
  else if (YEARS_ONLY) console.log('a variant (BENCH_REPORTS_YEARS_ONLY): no result file written');
  else writeResult('report-batches', result);
  if (batches && !batches.pass) failed = true;
} catch (error) {
  failed = true;
  console.error(error);
  console.error(`--- server output (last 5 kB) ---\n${server.log.slice(-5_000)}`);
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
