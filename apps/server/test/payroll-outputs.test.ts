/**
 * Issue 10 §4 and §6: the employee's own payslips in the portal and the payroll dashboard, read from finalised
 * periods only; and the database triggers of migration 0019 that freeze a finalised period. Periods and
 * payslips are inserted here as fixtures (the compute job has its own suite).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type PayrollDashboard, type PortalPayslipDetail } from '@hrpay/contracts';
import type { Tx } from '../src/db/database.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let payroll: Session;
let logisticsPayroll: Session;
let employee: Session;
let approver: Session;
let hr: Session;
const call = caller(() => t.app);
let tenantId: string;

const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(tenantId, work);

async function employeeOf(email: string): Promise<{ employeeId: string; companyId: string }> {
  const [row] = await asTenant((tx) =>
    tx.query<{ employee_id: string; company_id: string }>(
      `SELECT employee_id, company_id FROM users WHERE lower(email) = $1`,
      [email],
    ),
  );
  return { employeeId: row!.employee_id, companyId: row!.company_id };
}

/** A period with one payslip for the employee: gross 15,000.00 less 1,234.56 of deductions. */
async function periodWithPayslip(
  companyId: string,
  employeeId: string,
  name: string,
  start: string,
  end: string,
  status: 'Computed' | 'Finalised',
): Promise<{ periodId: string; payslipId: string }> {
  return asTenant(async (tx) => {
    const [p] = await tx.query<{ id: string }>(
      `INSERT INTO payroll_periods (tenant_id, company_id, name, kind, frequency, cutoff_start, cutoff_end, pay_date)
       VALUES ($1, $2, $3, 'Regular', 'SemiMonthly', $4, $5, $5::date + 5) RETURNING id`,
      [tenantId, companyId, name, start, end],
    );
    const [s] = await tx.query<{ id: string }>(
      `INSERT INTO payslips (tenant_id, company_id, payroll_period_id, employee_id, gross, deductions, net_pay,
                             withholding_tax, employer_shares, result)
       VALUES ($1, $2, $3, $4, 15000, 1234.56, 13765.44, 0, 1510, $5) RETURNING id`,
      [
        tenantId,
        companyId,
        p!.id,
        employeeId,
        { ytd: { taxableCompensation: '14000.00', withholdingTax: '0.00' } },
      ],
    );
    await tx.query(
      `INSERT INTO payslip_lines (tenant_id, payslip_id, line_no, code, description, kind, quantity, unit, rate, amount, taxable)
       VALUES ($1, $2, 1, 'BASIC', 'Basic pay', 'earning', 1, 'period', '15000.00', 15000, true),
              ($1, $2, 2, 'SSS', 'SSS contribution', 'deduction', 1, 'period', '750.00', 750, false),
              ($1, $2, 3, 'PHIC', 'PhilHealth', 'deduction', 1, 'period', '384.56', 384.56, false),
              ($1, $2, 4, 'HDMF', 'Pag-IBIG', 'deduction', 1, 'period', '100.00', 100, false)`,
      [tenantId, s!.id],
    );
    if (status === 'Finalised')
      await tx.query(`UPDATE payroll_periods SET status = 'Finalised', finalised_at = now() WHERE id = $1`, [
        p!.id,
      ]);
    else await tx.query(`UPDATE payroll_periods SET status = 'Computed' WHERE id = $1`, [p!.id]);
    return { periodId: p!.id, payslipId: s!.id };
  });
}

let finalised: { periodId: string; payslipId: string };
let computed: { periodId: string; payslipId: string };

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  logisticsPayroll = await signIn(t.app, demo.logisticsPayroll);
  employee = await signIn(t.app, demo.employee);
  approver = await signIn(t.app, demo.approver);
  hr = await signIn(t.app, demo.hr);
  tenantId = employee.tenantId;
  const me = await employeeOf(demo.employee.email);
  finalised = await periodWithPayslip(
    me.companyId,
    me.employeeId,
    'Nov 1-15 2026',
    '2026-11-01',
    '2026-11-15',
    'Finalised',
  );
  computed = await periodWithPayslip(
    me.companyId,
    me.employeeId,
    'Nov 16-30 2026',
    '2026-11-16',
    '2026-11-30',
    'Computed',
  );
});
afterAll(() => t?.close());

describe('portal payslips', () => {
  it("list only the caller's own payslips of finalised periods", async () => {
    const res = await call(employee, 'GET', '/api/v1/portal/payslips');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().Items as { Id: string; NetPay: string; PeriodStatus: string }[];
    expect(items.map((i) => i.Id)).toEqual([finalised.payslipId]); // the computed period is not released
    expect(items[0]).toMatchObject({ NetPay: '13765.44', PeriodStatus: 'Finalised', PayDate: '2026-11-20' });
    // Another employee of the same company sees none of them.
    expect((await call(approver, 'GET', '/api/v1/portal/payslips')).json().Items).toEqual([]);
  });

  it('show one payslip with its lines; another employee, an unreleased one or staff get nothing', async () => {
    const res = await call(employee, 'GET', `/api/v1/portal/payslips/${finalised.payslipId}`);
    expect(res.statusCode, res.body).toBe(200);
    const slip = res.json() as PortalPayslipDetail;
    expect(slip.Lines.map((l) => [l.Code, l.Amount])).toEqual([
      ['BASIC', '15000.00'],
      ['SSS', '750.00'],
      ['PHIC', '384.56'],
      ['HDMF', '100.00'],
    ]);
    expect(slip).toMatchObject({ Gross: '15000.00', Deductions: '1234.56', YearToDateTaxable: '14000.00' });
    expect((await call(approver, 'GET', `/api/v1/portal/payslips/${finalised.payslipId}`)).statusCode).toBe(
      404,
    );
    expect((await call(employee, 'GET', `/api/v1/portal/payslips/${computed.payslipId}`)).statusCode).toBe(
      404,
    );
    expect((await call(payroll, 'GET', '/api/v1/portal/payslips')).statusCode).toBe(403);
  });
});

describe('payroll dashboard', () => {
  it("sums the last finalised period and lists the open ones, for the caller's company only", async () => {
    const res = await call(payroll, 'GET', '/api/v1/payroll/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as PayrollDashboard;
    expect(d.LastFinalised).toMatchObject({
      PayrollPeriodId: finalised.periodId,
      Gross: '15000.00',
      Deductions: '1234.56',
      NetPay: '13765.44',
      EmployerCost: '1510.00',
      Headcount: 1,
    });
    expect(d.Trend.map((p) => p.PayrollPeriodId)).toEqual([finalised.periodId]);
    expect(d.OpenPeriods.map((p) => [p.PayrollPeriodId, p.Status])).toEqual([
      [computed.periodId, 'Computed'],
    ]);
    expect(d.NextPayDate).toBe('2026-12-05');
    expect(d.ActiveEmployees).toBeGreaterThan(0);
    expect(d.DataProblems.MissingTIN).toBeGreaterThanOrEqual(0);

    const other = (
      await call(logisticsPayroll, 'GET', '/api/v1/payroll/dashboard')
    ).json() as PayrollDashboard;
    expect(other.LastFinalised).toBeNull();
    expect(other.OpenPeriods).toEqual([]);
    expect((await call(hr, 'GET', '/api/v1/payroll/dashboard')).statusCode).toBe(403);
  });
});

describe('a finalised period is frozen by the database', () => {
  it('refuses to update or delete its payslips, lines and the period itself, as the app role', async () => {
    const attempts = [
      `UPDATE payslips SET net_pay = 1 WHERE id = '${finalised.payslipId}'`,
      `DELETE FROM payslip_lines WHERE payslip_id = '${finalised.payslipId}'`,
      `UPDATE payroll_periods SET pay_date = pay_date + 1 WHERE id = '${finalised.periodId}'`,
      `UPDATE payroll_periods SET status = 'Draft' WHERE id = '${finalised.periodId}'`,
      `DELETE FROM payroll_periods WHERE id = '${finalised.periodId}'`,
    ];
    for (const sql of attempts) {
      await expect(
        asTenant((tx) => tx.query(sql)),
        sql,
      ).rejects.toThrow(/finalised payroll period/);
    }
    const [kept] = await asTenant((tx) =>
      tx.query<{ net_pay: string }>(`SELECT net_pay::text FROM payslips WHERE id = $1`, [
        finalised.payslipId,
      ]),
    );
    expect(kept!.net_pay).toBe('13765.44');
    // The open period's payslips still change, and a finalised one may still be marked paid.
    await asTenant((tx) =>
      tx.query(`UPDATE payslips SET net_pay = net_pay WHERE id = $1`, [computed.payslipId]),
    );
    await asTenant((tx) =>
      tx.query(`UPDATE payroll_periods SET status = 'Paid', paid_at = now() WHERE id = $1`, [
        finalised.periodId,
      ]),
    );
  });

  it('freezes the attendance days the period paid: the store answers 409 naming the period', async () => {
    const me = await employeeOf(demo.employee.email);
    await expect(
      asTenant((tx) =>
        tx.query(
          `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, day_type, rest_day, worked_minutes,
             late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes, payable_overtime_minutes,
             overtime_night_minutes, absent, on_leave)
           VALUES ($1, $2, $3, '2026-11-03', 'ordinary', false, 480, 0, 0, 0, 0, 0, 0, false, false)`,
          [tenantId, me.companyId, me.employeeId],
        ),
      ),
    ).rejects.toThrow(/Nov 1-15 2026/);
    // A day outside the period is still stored.
    await asTenant((tx) =>
      tx.query(
        `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, day_type, rest_day, worked_minutes,
           late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes, payable_overtime_minutes,
           overtime_night_minutes, absent, on_leave)
         VALUES ($1, $2, $3, '2026-11-17', 'ordinary', false, 480, 0, 0, 0, 0, 0, 0, false, false)`,
        [tenantId, me.companyId, me.employeeId],
      ),
    );

    const hrUser = hr;
    const res = await call(hrUser, 'POST', '/api/v1/timelogs/attendance/store', {
      DateFrom: '2026-11-01',
      DateTo: '2026-11-15',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ type: ProblemTypes.periodFinalised });
    expect(res.json().detail).toMatch(/Nov 1-15 2026/);
  });
});
