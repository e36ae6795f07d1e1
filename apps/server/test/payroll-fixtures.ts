/**
 * Payroll periods and payslips as test fixtures: computed with the real engine (`computePayslip`) and stored the
 * way the compute job stores them (payslips.result = the payslip without lines, payslip_lines), then moved to
 * their status. Shared by the payroll outputs and reports suites.
 */
import { computePayslip, type Payslip, type PayslipInput } from '@hrpay/payroll';
import type { Tx } from '../src/db/database.js';

type AsTenant = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/** The engine's payslip of a monthly-paid employee for a semi-monthly cut-off (30,000 a month and a 1,000 rice
 *  subsidy unless told otherwise). */
export const semiMonthlySlip = (
  start: string,
  end: string,
  rate = '30000.00',
  extra: Partial<PayslipInput> = {},
): Payslip =>
  computePayslip({
    period: { start, end, frequency: 'semi-monthly' },
    profile: { rateType: 'monthly', rate },
    allowances: [{ code: 'RICE', description: 'Rice subsidy', amount: '1000.00', deMinimis: 'riceSubsidy' }],
    ...extra,
  });

export type PeriodStatus = 'Draft' | 'Computed' | 'Approved' | 'Finalised' | 'Paid';

export interface FixturePeriod {
  companyId: string;
  name: string;
  start: string;
  end: string;
  status: PeriodStatus;
  kind?: 'Regular' | 'ThirteenthMonth' | 'FinalPay' | 'Adjustment';
  payslips: { employeeId: string; payslip: Payslip; status?: 'Included' | 'Held' | 'Excluded' }[];
}

/** Inserts a period (pay date five days after the cut-off) with its payslips and lines, then sets its status. */
export async function insertPeriod(
  asTenant: AsTenant,
  tenantId: string,
  f: FixturePeriod,
): Promise<{ periodId: string; payslipIds: string[] }> {
  return asTenant(async (tx) => {
    const [p] = await tx.query<{ id: string }>(
      `INSERT INTO payroll_periods (tenant_id, company_id, name, kind, frequency, cutoff_start, cutoff_end, pay_date)
       VALUES ($1, $2, $3, $4, 'SemiMonthly', $5, $6, $6::date + 5) RETURNING id`,
      [tenantId, f.companyId, f.name, f.kind ?? 'Regular', f.start, f.end],
    );
    const payslipIds: string[] = [];
    for (const { employeeId, payslip, status } of f.payslips) {
      const { lines, ...result } = payslip;
      const [s] = await tx.query<{ id: string }>(
        `INSERT INTO payslips (tenant_id, company_id, payroll_period_id, employee_id, gross, deductions, net_pay,
                               taxable_base, withholding_tax, employee_shares, employer_shares, result, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
        [
          tenantId,
          f.companyId,
          p!.id,
          employeeId,
          payslip.gross,
          payslip.deductions,
          payslip.netPay,
          payslip.taxableBase,
          payslip.withholdingTax,
          payslip.employeeShares.total,
          payslip.employerShares.total,
          result,
          status ?? 'Included',
        ],
      );
      payslipIds.push(s!.id);
      for (const [i, l] of lines.entries())
        await tx.query(
          `INSERT INTO payslip_lines (tenant_id, payslip_id, line_no, code, description, kind, quantity, unit, rate,
                                      amount, taxable)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            tenantId,
            s!.id,
            i + 1,
            l.code,
            l.description,
            l.kind,
            l.quantity,
            l.unit,
            l.rate,
            l.amount,
            l.taxable,
          ],
        );
    }
    if (f.status !== 'Draft')
      await tx.query(`UPDATE payroll_periods SET status = $2 WHERE id = $1`, [p!.id, f.status]);
    return { periodId: p!.id, payslipIds };
  });
}

/** Eight hours worked on each weekday (Monday to Friday) from `from` to `to`, as the attendance store keeps them. */
export async function insertWorkdays(
  tx: Tx,
  tenantId: string,
  companyId: string,
  employeeId: string,
  from: string,
  to: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, day_type, rest_day, worked_minutes,
            late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes, payable_overtime_minutes,
            overtime_night_minutes, absent, on_leave)
     SELECT $1, $2, $3, d::date, 'ordinary', false, 480, 0, 0, 0, 0, 0, 0, false, false
       FROM generate_series($4::date, $5::date, interval '1 day') d
      WHERE extract(isodow FROM d) < 6`,
    [tenantId, companyId, employeeId, from, to],
  );
}

/** The demo company (payroll@demo.hrpay.test's) and its Day Shift, which the payroll suites hire their employees on. */
export async function demoCompanyAndDayShift(tx: Tx): Promise<{ companyId: string; dayShift: string }> {
  const [c] = await tx.query<{ company_id: string }>(
    `SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`,
  );
  const [s] = await tx.query<{ id: string }>(
    `SELECT id FROM shifts WHERE company_id = $1 AND name = 'Day Shift'`,
    [c!.company_id],
  );
  return { companyId: c!.company_id, dayShift: s!.id };
}

/** The first cut-off of October 2026, which several payroll suites compute: no holiday falls in it. */
export const OCTOBER_2026_1ST_CUTOFF = {
  Name: 'October 2026 1st cut-off',
  CutoffStart: '2026-10-01',
  CutoffEnd: '2026-10-15',
  PayDate: '2026-10-20',
};

/** The workdays (Monday to Friday) of OCTOBER_2026_1ST_CUTOFF. */
export const OCTOBER_2026_1ST_CUTOFF_WORKDAYS = [
  '2026-10-01',
  '2026-10-02',
  '2026-10-05',
  '2026-10-06',
  '2026-10-07',
  '2026-10-08',
  '2026-10-09',
  '2026-10-12',
  '2026-10-13',
  '2026-10-14',
  '2026-10-15',
];

export interface DayShiftHire {
  number: string;
  firstName: string;
  lastName: string;
  rateType: 'Monthly' | 'Daily';
  rate: number;
  hire?: string;
  workLocationId?: string | null;
  bankAccountNumber?: string;
}

/**
 * An active employee with complete government ids and a bank account, on the Day Shift (08:00-17:00, rest Saturday
 * and Sunday) from the hire date, with that pay rate in force from it: the employee the stale-period suites pay.
 */
export async function hireOnDayShift(
  tx: Tx,
  tenantId: string,
  companyId: string,
  dayShift: string,
  e: DayShiftHire,
): Promise<string> {
  const hire = e.hire ?? '2025-01-06';
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, is_active,
            rate_type, basic_rate, tin, sss_number, philhealth_number, pagibig_number, bank_name,
            bank_account_number, shift_id, work_location_id)
     VALUES ($1, $2, $3, $4, $5, $6, true, $7, $8, '123-456-789-000', '34-1234567-8', '12-345678901-2',
             '1234-5678-9012', 'BDO Unibank', $9, $10, $11)
     RETURNING id`,
    [
      tenantId,
      companyId,
      e.number,
      e.firstName,
      e.lastName,
      hire,
      e.rateType,
      e.rate,
      e.bankAccountNumber ?? '001299990301',
      dayShift,
      e.workLocationId ?? null,
    ],
  );
  await tx.query(
    `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [tenantId, companyId, row!.id, hire, e.rateType, e.rate],
  );
  await tx.query(
    `INSERT INTO employee_schedules (tenant_id, employee_id, effective_date, shift_id, rest_days)
     VALUES ($1, $2, $3, $4, '{0,6}')`,
    [tenantId, row!.id, hire, dayShift],
  );
  return row!.id;
}

/** In at 08:00 and out at `out` on each date, as a punch file brings them. */
export async function insertDayPunches(
  tx: Tx,
  tenantId: string,
  companyId: string,
  employeeId: string,
  dates: string[],
  out = '17:00',
): Promise<void> {
  for (const date of dates)
    await tx.query(
      `INSERT INTO time_logs (tenant_id, company_id, employee_id, punched_at, direction, source)
       VALUES ($1, $2, $3, $4::timestamptz, 'In', 'Import'), ($1, $2, $3, $5::timestamptz, 'Out', 'Import')`,
      [tenantId, companyId, employeeId, `${date} 08:00:00+08`, `${date} ${out}:00+08`],
    );
}

/**
 * A monthly-paid employee with complete government ids and a BDO account, the rate in force from the hire date,
 * separated when `separation` is given (resigned), and eight-hour workdays stored from `worked[0]` to `worked[1]`.
 */
export async function insertMonthlyEmployee(
  tx: Tx,
  tenantId: string,
  companyId: string,
  e: {
    number: string;
    firstName: string;
    lastName: string;
    hire: string;
    separation?: string;
    rate: number;
    account: string;
    worked: [string, string];
  },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date,
            separation_date, separation_reason, rate_type, basic_rate, tin, sss_number, philhealth_number,
            pagibig_number, bank_name, bank_account_number)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7::date IS NULL THEN NULL ELSE 'Resigned' END, 'Monthly', $8,
             '123-456-789-000', '34-1234567-8', '12-345678901-2', '1234-5678-9012', 'BDO Unibank', $9)
     RETURNING id`,
    [tenantId, companyId, e.number, e.firstName, e.lastName, e.hire, e.separation ?? null, e.rate, e.account],
  );
  await tx.query(
    `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
     VALUES ($1, $2, $3, $4, 'Monthly', $5)`,
    [tenantId, companyId, row!.id, e.hire, e.rate],
  );
  await insertWorkdays(tx, tenantId, companyId, row!.id, e.worked[0], e.worked[1]);
  return row!.id;
}
