/**
 * Issue 10 §7 worked periods, through HTTP (PGlite by default, PostgreSQL on request), against figures computed
 * by hand from ../shared/ph-payroll/REFERENCE.md — never from the engine:
 * - a December 2nd cut-off (semi-monthly) whose annual withholding true-up refunds tax over-withheld earlier;
 * - a weekly-paid company's last week of a month, which deducts the month's contributions ("last-week" rule).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayrollPeriodDetail, PayslipDetail, PayslipListItem } from '@hrpay/contracts';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let payroll: Session;
let logisticsPayroll: Session;

const call = caller(() => t.app);
const base = '/api/v1/payroll-periods';

/** Creates a period as `s`, computes it and answers the employee's payslip. */
async function computedPayslip(s: Session, body: object, employeeId: string): Promise<PayslipDetail> {
  const created = await call(s, 'POST', base, { Kind: 'Regular', ...body });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().Id as string;
  const started = await call(s, 'POST', `${base}/${id}/compute`, { RowVersion: created.json().RowVersion });
  expect(started.statusCode, started.body).toBe(202);
  let period: PayrollPeriodDetail = started.json();
  for (let i = 0; i < 600 && (period.JobStatus === 'Queued' || period.JobStatus === 'Running'); i++) {
    await new Promise((r) => setTimeout(r, 50));
    period = (await call(s, 'GET', `${base}/${id}`)).json();
  }
  expect(period).toMatchObject({ Status: 'Computed', JobStatus: 'Done' });
  const list = await call(s, 'POST', `${base}/${id}/payslips/list`, { PageSize: 500 });
  const item = (list.json().Items as PayslipListItem[]).find((p) => p.EmployeeId === employeeId)!;
  const res = await call(s, 'GET', `${base}/payslips/${item.Id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const amountOf = (slip: PayslipDetail, code: string) => slip.Lines.find((l) => l.Code === code)?.Amount;

async function companyOf(email: string): Promise<string> {
  const [row] = await t.db.withTenant(payroll.tenantId, (tx) =>
    tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = $1`, [email]),
  );
  return row!.company_id;
}

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  logisticsPayroll = await signIn(t.app, demo.logisticsPayroll);
});
afterAll(() => t?.close());

describe('worked periods', () => {
  it('trues up the year on the December 2nd cut-off: the annual tax less the tax withheld (a refund)', async () => {
    const companyId = await companyOf(demo.payroll.email);
    const employeeId = await t.db.withTenant(payroll.tenantId, async (tx) => {
      const [e] = await tx.query<{ id: string }>(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, rate_type,
                basic_rate, tin, sss_number, philhealth_number, pagibig_number, bank_name, bank_account_number)
         VALUES ($1, $2, 'WK-0001', 'Dina', 'December', DATE '2025-01-02', 'Monthly', 20000, '123-456-789-000',
                 '34-1234567-8', '12-345678901-2', '1234-5678-9012', 'BDO Unibank', '001299990201') RETURNING id`,
        [payroll.tenantId, companyId],
      );
      // A raise to 30,000 a month from July.
      await tx.query(
        `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
         VALUES ($1, $2, $3, DATE '2025-01-02', 'Monthly', 20000), ($1, $2, $3, DATE '2026-07-01', 'Monthly', 30000)`,
        [payroll.tenantId, companyId, e!.id],
      );
      // The year's 23 earlier semi-monthly payrolls, finalised (the year to date the true-up reads): 12 cut-offs of
      // January to June with a taxable 10,000.00 and no tax (semi-monthly table, 10,417 and below: 0), then 11 of
      // July to 15 December with a taxable 13,775.00 and 503.70 withheld ((13,775 - 10,417) x 15% = 503.70).
      await tx.query(
        `INSERT INTO payroll_periods (tenant_id, company_id, name, kind, frequency, cutoff_start, cutoff_end, pay_date)
         SELECT $1::uuid, $2::uuid, 'Earlier 2026 ' || to_char(s, 'YYYY-MM-DD'), 'Regular', 'SemiMonthly', s::date, e::date, e::date + 5
           FROM (SELECT m + interval '0 day' AS s, m + interval '14 day' AS e FROM generate_series(
                   DATE '2026-01-01', DATE '2026-12-01', interval '1 month') m
                 UNION ALL
                 SELECT m + interval '15 day', m + interval '1 month' - interval '1 day' FROM generate_series(
                   DATE '2026-01-01', DATE '2026-11-01', interval '1 month') m) cutoffs(s, e)`,
        [payroll.tenantId, companyId],
      );
      await tx.query(
        `INSERT INTO payslips (tenant_id, company_id, payroll_period_id, employee_id, gross, deductions, net_pay,
                taxable_base, withholding_tax, employee_shares, employer_shares, result)
         SELECT tenant_id, company_id, id, $2::uuid, taxable, tax, taxable - tax, taxable, tax, 0, 0,
                jsonb_build_object(
                  'thisPeriod', jsonb_build_object('basicSalaryEarned', taxable::text,
                                                   'sssCompensation', pay::text, 'pagibigAllowances', '0.00'),
                  -- Each cut-off's half of the month's shares (the first cut-off of December is the month to date
                  -- of the one computed below): on 30,000 a month, SSS EE 750.00 (MPF 250.00), ER 1,500.00
                  -- (EC 15.00), PhilHealth 375.00 each, Pag-IBIG 100.00 each.
                  'employeeShares', jsonb_build_object('sss', sss_ee::text, 'sssMpf', mpf_ee::text,
                                                       'philhealth', ph::text, 'pagibig', '100.00'),
                  'employerShares', jsonb_build_object('sss', sss_er::text, 'sssEC', ec::text,
                                                       'philhealth', ph::text, 'pagibig', '100.00'))
           FROM (SELECT p.*, h.*
                   FROM payroll_periods p CROSS JOIN LATERAL (
                     SELECT CASE WHEN p.cutoff_start < DATE '2026-07-01' THEN 10000.00 ELSE 15000.00 END AS pay,
                            CASE WHEN p.cutoff_start < DATE '2026-07-01' THEN 10000.00 ELSE 13775.00 END AS taxable,
                            CASE WHEN p.cutoff_start < DATE '2026-07-01' THEN 0.00 ELSE 503.70 END AS tax,
                            CASE WHEN p.cutoff_start < DATE '2026-07-01' THEN 500.00 ELSE 750.00 END AS sss_ee,
                            CASE WHEN p.cutoff_start < DATE '2026-07-01' THEN 0.00 ELSE 250.00 END AS mpf_ee,
                            CASE WHEN p.cutoff_start < DATE '2026-07-01' THEN 1000.00 ELSE 1500.00 END AS sss_er,
                            CASE WHEN p.cutoff_start < DATE '2026-07-01' THEN 5.00 ELSE 15.00 END AS ec,
                            CASE WHEN p.cutoff_start < DATE '2026-07-01' THEN 250.00 ELSE 375.00 END AS ph) h
                  WHERE p.company_id = $1 AND p.name LIKE 'Earlier 2026 %') earlier`,
        [companyId, e!.id],
      );
      await tx.query(
        `UPDATE payroll_periods SET status = 'Finalised' WHERE company_id = $1 AND name LIKE 'Earlier 2026 %'`,
        [companyId],
      );
      const [ytd] = await tx.query<{ periods: number; taxable: string; withheld: string }>(
        `SELECT count(*)::int AS periods, sum(taxable_base)::text AS taxable, sum(withholding_tax)::text AS withheld
           FROM payslips WHERE employee_id = $1`,
        [e!.id],
      );
      expect(ytd).toEqual({ periods: 23, taxable: '271525.00', withheld: '5540.70' });
      return e!.id;
    });

    const slip = await computedPayslip(
      payroll,
      {
        Name: 'December 2026 2nd cut-off',
        CutoffStart: '2026-12-16',
        CutoffEnd: '2026-12-31',
        PayDate: '2026-12-31',
      },
      employeeId,
    );
    /*
     * By hand (company defaults: contribution split "equal", per-period tax tables, divisor 261):
     *   Basic salary, 2nd cut-off: 30,000 / 2                                      = 15,000.00
     *   Contributions: the month's on its actual pay (§8.5), less what the finalised 1st cut-off took:
     *   SSS (§1, Circular 2024-006): monthly compensation 15,000 + 15,000 = 30,000 -> MSC 20,000 SS + 10,000
     *     MPF; EE 5% = 1,000 + 500 = 1,500 a month, less 750.00 taken on the 1st cut-off =    750.00
     *   PhilHealth (§2): 30,000 x 5% = 1,500; EE half = 750 a month, less 375.00          =    375.00
     *   Pag-IBIG (§3): fund salary capped at 10,000 x 2% = 200 a month, less 100.00       =    100.00
     *   Taxable this cut-off: 15,000 - 750 - 375 - 100                              = 13,775.00
     *   Year-end adjustment (§4.7) on the last payroll of the year, annual table (§4.2):
     *     annual taxable = 271,525.00 (year to date) + 13,775.00                   = 285,300.00
     *     annual tax = 15% x (285,300 - 250,000)                                    =   5,295.00
     *     less withheld before                                                      =  -5,540.70
     *     withholding this cut-off (a refund; the per-period table would take 503.70) = -245.70
     *   Net pay: 15,000 - 750 - 375 - 100 + 245.70                                 = 14,020.70
     */
    expect(amountOf(slip, 'BASIC')).toBe('15000.00');
    expect(amountOf(slip, 'SSS')).toBe('750.00');
    expect(amountOf(slip, 'PHIC')).toBe('375.00');
    expect(amountOf(slip, 'HDMF')).toBe('100.00');
    expect(slip.TaxableBase).toBe('13775.00');
    expect(slip.Result!.yearEnd).toEqual({
      annualTaxableCompensation: '285300.00',
      annualTax: '5295.00',
      withheldBefore: '5540.70',
      adjustment: '-245.70',
    });
    expect(slip.WithholdingTax).toBe('-245.70');
    expect(slip.NetPay).toBe('14020.70');
  });

  it("deducts a weekly-paid company's contributions on the last week of the month", async () => {
    const companyId = await companyOf(demo.logisticsPayroll.email);
    const employeeId = await t.db.withTenant(payroll.tenantId, async (tx) => {
      await tx.query(`UPDATE companies SET pay_frequency = 'Weekly' WHERE id = $1`, [companyId]);
      // Saturday-to-Friday weeks, the divisor and the "last-week" rule stated, not left to the defaults.
      await tx.query(
        `UPDATE payroll_settings SET weekly_cutoff_end_dow = 5, divisor = 261, weekly_contributions = 'last-week',
                tax_method = 'per-period' WHERE company_id = $1`,
        [companyId],
      );
      // Hired on Monday 26 October 2026: the week of 24-30 October is the first and the last of the month.
      const [e] = await tx.query<{ id: string }>(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, rate_type,
                basic_rate, tin, sss_number, philhealth_number, pagibig_number, bank_name, bank_account_number)
         VALUES ($1, $2, 'WK-0002', 'Wendy', 'Weekly', DATE '2026-10-26', 'Daily', 1400, '123-456-789-001',
                 '34-1234567-9', '12-345678901-3', '1234-5678-9013', 'BDO Unibank', '001299990202') RETURNING id`,
        [payroll.tenantId, companyId],
      );
      await tx.query(
        `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
         VALUES ($1, $2, $3, DATE '2026-10-26', 'Daily', 1400)`,
        [payroll.tenantId, companyId, e!.id],
      );
      // Five ordinary workdays of 8 hours, Monday 26 to Friday 30 October (no holiday that week, §6).
      await tx.query(
        `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, day_type, rest_day, worked_minutes,
                late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes, payable_overtime_minutes,
                overtime_night_minutes, absent, on_leave)
         SELECT $1, $2, $3, d::date, 'ordinary', false, 480, 0, 0, 0, 0, 0, 0, false, false
           FROM generate_series(DATE '2026-10-26', DATE '2026-10-30', interval '1 day') d`,
        [payroll.tenantId, companyId, e!.id],
      );
      return e!.id;
    });

    const slip = await computedPayslip(
      logisticsPayroll,
      {
        Name: 'Week ending 30 October 2026',
        CutoffStart: '2026-10-24',
        CutoffEnd: '2026-10-30',
        PayDate: '2026-11-02',
      },
      employeeId,
    );
    expect(slip.Warnings.join(' ')).not.toContain('Could not compute');
    /*
     * By hand: daily rate 1,400, five 8-hour days                                  =  7,000.00
     * The week ends on 30 October and the next on 6 November: the last week of October, so under "last-week" it
     * deducts the month's contributions, on the month's compensation (no earlier finalised week this month):
     *   SSS (§1): compensation 7,000 -> MSC 500 x floor((7,000 + 250) / 500) = 7,000; EE 5%          =    350.00
     *   PhilHealth (§2, §8.7): daily-paid MBS = 1,400 x 261 / 12 = 30,450; premium 5% = 1,522.50;
     *     ER = EE = 761.25                                                                             =    761.25
     *   Pag-IBIG (§3): fund salary 30,450 capped at 10,000 x 2%                                         =    200.00
     *   Taxable: 7,000 - 350 - 761.25 - 200                                                          =  5,688.75
     *   Withholding, weekly table (§4.1), 4,808 - 7,691 bracket: 15% x (5,688.75 - 4,808) = 132.1125  =    132.11
     *   Net pay: 7,000 - 350 - 761.25 - 200 - 132.11                                                 =  5,556.64
     */
    expect(slip.Gross).toBe('7000.00');
    expect(amountOf(slip, 'SSS')).toBe('350.00');
    expect(amountOf(slip, 'PHIC')).toBe('761.25');
    expect(amountOf(slip, 'HDMF')).toBe('200.00');
    expect(slip.TaxableBase).toBe('5688.75');
    expect(slip.WithholdingTax).toBe('132.11');
    expect(slip.NetPay).toBe('5556.64');
  });
});
