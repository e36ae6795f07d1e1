import type { FastifyBaseLogger } from 'fastify';
import type { PayrollPeriodDetail } from '@hrpay/contracts';
import type { Database, Tx } from '../db/database.js';
import { addDays, manilaToday } from '../lib/manila.js';
import type { CurrentUser } from '../lib/route-access.js';
import { nameOf, payDateOf, payrollPeriodsService } from '../modules/payroll-periods/service.js';
import { storeAttendance } from '../modules/timelogs/service.js';

/**
 * The demo's payroll history, made the way a payroll officer would make it: punches from each employee's shift
 * (a few late mornings), daily attendance stored from them, pay details with some variety (a daily-paid minimum
 * wage earner, a raise, a rice subsidy, a transport allowance, government loans), and every semi-monthly cut-off
 * from the 1st of last month to the last completed one computed, approved and finalised through the payroll
 * service itself (those whose pay date is past marked paid), so last month is complete. The current cut-off
 * has its punches and attendance up to yesterday and no period yet: the next one to create.
 */

const silent = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child() {
    return this;
  },
} as unknown as FastifyBaseLogger;

const lastDayOfMonth = (iso: string) => {
  const d = new Date(`${iso.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1, 0);
  return d.toISOString().slice(0, 10);
};

/** The semi-monthly cut-off (1-15, 16-end) that follows `cutoff`. */
const nextCutoff = (cutoff: { start: string; end: string }) => {
  const start = addDays(cutoff.end, 1);
  return Number(start.slice(8, 10)) === 1
    ? { start, end: `${start.slice(0, 7)}-15` }
    : { start, end: lastDayOfMonth(start) };
};

/**
 * The semi-monthly cut-offs (1-15, 16-end) the demo finalises, and the one `today` is in. The finalised ones run
 * from the 1st of last month up to the last cut-off that ended before `today`, so last month is complete and its
 * remittance reports (SSS R-3, PhilHealth RF-1, Pag-IBIG MCRF, BIR 1601-C) can be made at once.
 */
export function demoCutoffs(today: string) {
  const day = Number(today.slice(8, 10));
  const month = today.slice(0, 7);
  const current =
    day <= 15
      ? { start: `${month}-01`, end: `${month}-15` }
      : { start: `${month}-16`, end: lastDayOfMonth(today) };
  const lastMonth = addDays(`${month}-01`, -1).slice(0, 7);
  const finalised = [];
  for (
    let c = { start: `${lastMonth}-01`, end: `${lastMonth}-15` };
    c.start < current.start;
    c = nextCutoff(c)
  )
    finalised.push(c);
  return { finalised, current };
}

/** Punches in and out on every scheduled day of [from, to], from the employee's shift; some mornings late. */
async function seedPunches(tx: Tx, tenantId: string, companyId: string, from: string, to: string) {
  await tx.query(
    `WITH days AS (
       SELECT e.tenant_id, e.company_id, e.id AS employee_id, d::date AS day, s.time_in, s.time_out,
              substring(e.employee_number from '[0-9]+$')::int AS k
         FROM employees e
         JOIN shifts s ON s.tenant_id = e.tenant_id AND s.id = e.shift_id
         CROSS JOIN generate_series($3::date, $4::date, interval '1 day') d
        WHERE e.tenant_id = $1 AND e.company_id = $2 AND e.separation_date IS NULL
          AND d::date >= e.hire_date
          AND NOT (extract(dow FROM d)::smallint = ANY (coalesce(e.rest_days, s.rest_days)))),
     punches AS (
       SELECT tenant_id, company_id, employee_id,
              ((day + time_in) - interval '7 minutes'
                + CASE WHEN (extract(day FROM day)::int + k) % 6 = 0 THEN interval '19 minutes' ELSE interval '0' END)
                AT TIME ZONE 'Asia/Manila' AS punched_at, 'In' AS direction
         FROM days
       UNION ALL
       SELECT tenant_id, company_id, employee_id,
              ((day + time_out) + CASE WHEN time_out <= time_in THEN interval '1 day' ELSE interval '0' END
                + interval '4 minutes') AT TIME ZONE 'Asia/Manila', 'Out'
         FROM days)
     INSERT INTO time_logs (tenant_id, company_id, employee_id, punched_at, direction, source)
     SELECT tenant_id, company_id, employee_id, punched_at, direction, 'Device' FROM punches
      -- Yesterday's night shift ends this morning: not a punch before it has happened (HR could not edit it).
      WHERE punched_at <= now()
     ON CONFLICT DO NOTHING`,
    [tenantId, companyId, from, to],
  );
}

/** Pay details beyond the 201 file's starting rate, so the payslips show what Philippine payrolls hold. */
async function seedPayDetails(tx: Tx, tenantId: string, companyId: string, cutoffStart: string) {
  const by = (number: string) =>
    `(SELECT id FROM employees WHERE tenant_id = $1 AND company_id = $2 AND employee_number = '${number}')`;
  // Every employee: a rice subsidy (de minimis, up to 2,000 a month) of 1,000 per cut-off.
  await tx.query(
    `INSERT INTO employee_pay_items (tenant_id, company_id, employee_id, kind, code, description, amount, taxable,
                                     de_minimis, effective_from)
     SELECT tenant_id, company_id, id, 'Earning', 'RICE', 'Rice subsidy', 1000, false, 'riceSubsidy', hire_date
       FROM employees WHERE tenant_id = $1 AND company_id = $2`,
    [tenantId, companyId],
  );
  // Manufacturing: a daily-paid minimum wage earner (NCR, 695 a day), a raise, a taxable allowance, two loans.
  const [manufacturing] = await tx.query(
    `SELECT 1 FROM employees WHERE tenant_id = $1 AND company_id = $2 AND employee_number = 'DM-0006'`,
    [tenantId, companyId],
  );
  if (!manufacturing) return;
  await tx.query(`UPDATE employees SET rate_type = 'Daily', basic_rate = 695 WHERE id = ${by('DM-0006')}`, [
    tenantId,
    companyId,
  ]);
  await tx.query(
    `INSERT INTO employee_pay_profiles (tenant_id, employee_id, company_id, is_minimum_wage_earner)
     VALUES ($1, ${by('DM-0006')}, $2, true)`,
    [tenantId, companyId],
  );
  await tx.query(
    `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate, reason)
     SELECT $1, $2, id, $3::date - 90, 'Monthly', basic_rate + 2000, 'Annual merit increase'
       FROM employees WHERE id = ${by('DM-0004')}`,
    [tenantId, companyId, cutoffStart],
  );
  await tx.query(
    `INSERT INTO employee_pay_items (tenant_id, company_id, employee_id, kind, code, description, amount, taxable,
                                     effective_from)
     VALUES ($1, $2, ${by('DM-0002')}, 'Earning', 'TRANSPO', 'Transportation allowance', 1500, true, $3::date - 180)`,
    [tenantId, companyId, cutoffStart],
  );
  await tx.query(
    `INSERT INTO employee_loans (tenant_id, company_id, employee_id, loan_type_id, reference_number, principal,
                                 amortization, start_date)
     SELECT $1, $2, ${by('DM-0004')}, t.id, 'SL-2026-0415', 20000, 500, $3::date - 60
       FROM loan_types t WHERE t.tenant_id = $1 AND t.company_id = $2 AND t.code = 'SSS-SAL'
     UNION ALL
     SELECT $1, $2, ${by('DM-0005')}, t.id, 'MPL-88231', 30000, 700, $3::date - 30
       FROM loan_types t WHERE t.tenant_id = $1 AND t.company_id = $2 AND t.code = 'HDMF-MPL'`,
    [tenantId, companyId, cutoffStart],
  );
}

/**
 * Runs one company's completed cut-off through the payroll service: create, compute, approve, finalise, and mark
 * it paid when its pay date is past.
 */
async function runDemoPeriod(
  db: Database,
  user: CurrentUser,
  cutoff: { start: string; end: string },
  today: string,
) {
  const periods = payrollPeriodsService(db, silent);
  const { tenantId } = user;
  const created = await db.withTenant(tenantId, (tx) =>
    periods.create(tx, user, {
      Kind: 'Regular',
      Name: nameOf('SemiMonthly', cutoff.start, cutoff.end, 15),
      CutoffStart: cutoff.start,
      CutoffEnd: cutoff.end,
      PayDate: payDateOf(cutoff.start, cutoff.end, 5, new Set()),
      Remarks: 'Demo data',
    } as Parameters<typeof periods.create>[2]),
  );
  const jobs: (() => void)[] = [];
  await db.withTenant(tenantId, (tx) =>
    periods.compute({ tx, user, afterCommit: (work) => jobs.push(work) }, created.Id, created.RowVersion),
  );
  for (const job of jobs) job();
  for (let waited = 0; ; waited += 100) {
    const now = await db.withTenant(tenantId, (tx) => periods.detail(tx, user, created.Id));
    if (now.JobStatus === 'Done') break;
    if (now.JobStatus === 'Failed' || waited > 60_000)
      throw new Error(`demo payroll compute failed: ${now.JobError ?? 'timed out'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const computed = await db.withTenant(tenantId, (tx) => periods.detail(tx, user, created.Id));
  const approved = await db.withTenant(tenantId, (tx) =>
    periods.approve(tx, user, created.Id, computed.RowVersion),
  );
  const { body: finalised } = await db.withTenant(tenantId, (tx) =>
    periods.finalise({ tx, user, afterCommit: (work) => work() }, created.Id, `demo-seed-${created.Id}`, {
      RowVersion: approved.RowVersion,
    }),
  );
  const { PayDate, RowVersion } = finalised as PayrollPeriodDetail;
  if (PayDate < today)
    await db.withTenant(tenantId, (tx) =>
      periods.markPaid({ tx, user, afterCommit: (work) => work() }, created.Id, `demo-paid-${created.Id}`, {
        RowVersion,
      }),
    );
}

/** Punches, attendance, pay details and last month's and this month's completed cut-offs for a demo company. */
export async function seedDemoPayroll(
  db: Database,
  company: { tenantId: string; companyId: string; actingUserId: string },
  today = manilaToday(),
) {
  const { finalised, current } = demoCutoffs(today);
  const first = finalised[0]!;
  const yesterday = addDays(today, -1);
  const user: CurrentUser = {
    userId: company.actingUserId,
    tenantId: company.tenantId,
    sessionId: 'demo-seed',
    companyId: company.companyId,
    userType: 'PayrollUser',
    isApprover: false,
    employeeId: null,
    fullName: 'Demo seed',
  };
  await db.withTenant(company.tenantId, async (tx) => {
    await seedPayDetails(tx, company.tenantId, company.companyId, first.start);
    await seedPunches(tx, company.tenantId, company.companyId, first.start, yesterday);
    for (const cutoff of finalised)
      await storeAttendance(tx, user, { DateFrom: cutoff.start, DateTo: cutoff.end });
    if (yesterday >= current.start)
      await storeAttendance(tx, user, { DateFrom: current.start, DateTo: yesterday });
  });
  for (const cutoff of finalised) await runDemoPeriod(db, user, cutoff, today);
}
