/**
 * Issue 10 §4 and §6: the employee's own payslips in the portal and the payroll dashboard, read from finalised
 * periods only; and the database triggers of migration 0019 that freeze a finalised period. Periods and
 * payslips are inserted here as fixtures (the compute job has its own suite).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type PayrollDashboard, type PortalPayslipDetail } from '@hrpay/contracts';
import type { Payslip } from '@hrpay/payroll';
import type { Tx } from '../src/db/database.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { insertPeriod, semiMonthlySlip } from './payroll-fixtures.js';

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

/** A period with the employee's payslip stored as the compute job stores it (result without lines, lines). */
async function periodWithPayslip(
  companyId: string,
  employeeId: string,
  name: string,
  start: string,
  end: string,
  status: 'Computed' | 'Finalised',
): Promise<{ periodId: string; payslipId: string; payslip: Payslip }> {
  const payslip = semiMonthlySlip(start, end);
  const { periodId, payslipIds } = await insertPeriod(asTenant, tenantId, {
    companyId,
    name,
    start,
    end,
    status,
    payslips: [{ employeeId, payslip }],
  });
  return { periodId, payslipId: payslipIds[0]!, payslip };
}

let finalised: Awaited<ReturnType<typeof periodWithPayslip>>;
let computed: Awaited<ReturnType<typeof periodWithPayslip>>;

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
    expect(items[0]).toMatchObject({
      NetPay: finalised.payslip.netPay,
      PeriodStatus: 'Finalised',
      PayDate: '2026-11-20',
    });
    // Another employee of the same company sees none of them.
    expect((await call(approver, 'GET', '/api/v1/portal/payslips')).json().Items).toEqual([]);
  });

  it('show one payslip with its lines; another employee, an unreleased one or staff get nothing', async () => {
    const res = await call(employee, 'GET', `/api/v1/portal/payslips/${finalised.payslipId}`);
    expect(res.statusCode, res.body).toBe(200);
    const slip = res.json() as PortalPayslipDetail;
    expect(slip.Lines.map((l) => [l.Code, l.Amount])).toEqual(
      finalised.payslip.lines.map((l) => [l.code, l.amount]),
    );
    expect(slip.Lines.map((l) => l.Code)).toContain('RICE');
    expect(slip).toMatchObject({
      Gross: finalised.payslip.gross,
      Deductions: finalised.payslip.deductions,
      YearToDateTaxable: finalised.payslip.ytd.taxableCompensation,
    });
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
    const p = finalised.payslip;
    expect(d.LastFinalised).toMatchObject({
      PayrollPeriodId: finalised.periodId,
      Gross: p.gross,
      Deductions: p.deductions,
      NetPay: p.netPay,
      EmployerCost: p.employerShares.total,
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

/** An employee of another company of the tenant (Demo Logistics), which has no period of its own. */
async function logisticsWorker() {
  const [worker] = await asTenant((tx) =>
    tx.query<{ id: string; company_id: string }>(
      `SELECT e.id, e.company_id FROM employees e
         JOIN users u ON u.company_id = e.company_id AND lower(u.email) = $1
        LIMIT 1`,
      [demo.logisticsPayroll.email],
    ),
  );
  return worker;
}

describe('payroll dashboard: next pay date', () => {
  it('is a finalised period not yet marked paid while its pay date has not passed', async () => {
    // A finalised period of Demo Logistics paying out years from now.
    const worker = await logisticsWorker();
    const future = await periodWithPayslip(
      worker!.company_id,
      worker!.id,
      'Far ahead',
      '2099-01-01',
      '2099-01-15',
      'Finalised',
    );
    const d = (await call(logisticsPayroll, 'GET', '/api/v1/payroll/dashboard')).json() as PayrollDashboard;
    expect(d.OpenPeriods).toEqual([]);
    expect(d.LastFinalised?.PayrollPeriodId).toBe(future.periodId);
    expect(d.NextPayDate).toBe('2099-01-20');
    // Marked paid, it is no longer a payout to fund.
    await asTenant((tx) =>
      tx.query(`UPDATE payroll_periods SET status = 'Paid' WHERE id = $1`, [future.periodId]),
    );
    const paid = (
      await call(logisticsPayroll, 'GET', '/api/v1/payroll/dashboard')
    ).json() as PayrollDashboard;
    expect(paid.NextPayDate).toBeNull();
  });

  it('headlines the last regular period, not a final pay after it, whose pay date is still a payout', async () => {
    const worker = await logisticsWorker();
    const before = (
      await call(logisticsPayroll, 'GET', '/api/v1/payroll/dashboard')
    ).json() as PayrollDashboard;
    const { periodId } = await insertPeriod(asTenant, tenantId, {
      companyId: worker!.company_id,
      name: 'Final pay far ahead',
      kind: 'FinalPay',
      start: '2099-02-01',
      end: '2099-02-05',
      status: 'Finalised',
      payslips: [{ employeeId: worker!.id, payslip: semiMonthlySlip('2099-02-01', '2099-02-05') }],
    });
    const d = (await call(logisticsPayroll, 'GET', '/api/v1/payroll/dashboard')).json() as PayrollDashboard;
    expect(d.LastFinalised?.PayrollPeriodId).toBe(before.LastFinalised?.PayrollPeriodId);
    expect(d.LastFinalised?.Name).toBe('Far ahead');
    expect(d.Trend.map((p) => p.PayrollPeriodId)).not.toContain(periodId);
    expect(d.NextPayDate).toBe('2099-02-10');
  });
});

describe('payslip PDFs', () => {
  it("give the employee their own payslip as a PDF, and Payroll a finalised period's", async () => {
    const res = await call(employee, 'GET', `/api/v1/portal/payslips/${finalised.payslipId}/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/payslips-Nov-1-15-2026-DM-0004\.pdf/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await call(approver, 'GET', `/api/v1/portal/payslips/${finalised.payslipId}/pdf`)).statusCode,
    ).toBe(404);

    const all = await call(payroll, 'GET', `/api/v1/payroll-periods/${finalised.periodId}/payslips-pdf`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // An open period has no payslips to release; another company's period is not found.
    const open = await call(payroll, 'GET', `/api/v1/payroll-periods/${computed.periodId}/payslips-pdf`);
    expect(open.statusCode).toBe(409);
    expect(
      (await call(logisticsPayroll, 'GET', `/api/v1/payroll-periods/${finalised.periodId}/payslips-pdf`))
        .statusCode,
    ).toBe(404);
  });

  it("is encrypted with the employee's birth date when the company protects payslips", async () => {
    const settings = (await call(payroll, 'GET', '/api/v1/application-settings')).json();
    const saved = await call(payroll, 'PUT', '/api/v1/application-settings', {
      ...settings,
      PayslipPasswordProtected: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call(employee, 'GET', `/api/v1/portal/payslips/${finalised.payslipId}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1')).toMatch(/\/Encrypt\s/);
  });
});

describe('payslip notices by e-mail', () => {
  it("tell the period's employees through the outbox that their payslip is ready; never for an open period", async () => {
    const me = await employeeOf(demo.employee.email);
    await asTenant((tx) =>
      tx.query(`UPDATE employees SET email = 'juan.delacruz@example.test' WHERE id = $1`, [me.employeeId]),
    );
    const res = await call(payroll, 'POST', `/api/v1/payroll-periods/${finalised.periodId}/payslips-email`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Sent: 1 });
    const [mail] = await asTenant((tx) =>
      tx.query<{ subject: string; body_text: string }>(
        `SELECT subject, body_text FROM mail_outbox WHERE recipient = 'juan.delacruz@example.test'`,
      ),
    );
    expect(mail!.subject).toBe('Your payslip for Nov 1-15 2026');
    // The pay date as people read it; the body is read by the employee.
    expect(mail!.body_text.split('\n')).toContain(
      `Your payslip for Nov 1-15 2026 (pay date Nov 20, 2026) is ready: net pay PHP ${finalised.payslip.netPay}.`,
    );
    expect(mail!.body_text).toContain('/portal/payslips');
    const open = await call(payroll, 'POST', `/api/v1/payroll-periods/${computed.periodId}/payslips-email`);
    expect(open.statusCode).toBe(409);
    const other = await call(
      logisticsPayroll,
      'POST',
      `/api/v1/payroll-periods/${finalised.periodId}/payslips-email`,
    );
    expect(other.statusCode).toBe(404);
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
    expect(kept!.net_pay).toBe(finalised.payslip.netPay);
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
    // The store keeps the finalised days as they were and says so (it used to refuse the whole range, so HR
    // could store no other day or employee of it: HR walkthrough, the default range after a finalisation).
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().FinalisedPeriods).toEqual(['Nov 1-15 2026']);
    expect(res.json().DaysFinalised).toBeGreaterThan(0);
    const mine = await asTenant((tx) =>
      tx.query<{ date: string }>(
        `SELECT date::text AS date FROM attendance_days WHERE employee_id = $1 AND date <= '2026-11-15'`,
        [me.employeeId],
      ),
    );
    expect(mine).toEqual([]); // none was stored before the finalisation, and none is now
  });

  it('freezes the punches of those days: adding one answers 409, a day outside is still open', async () => {
    const me = await employeeOf(demo.employee.email);
    const inside = await call(hr, 'POST', '/api/v1/timelogs', {
      EmployeeId: me.employeeId,
      PunchedAt: '2026-11-10 08:01',
      Direction: 'In',
      Reason: 'Forgot to punch in',
    });
    expect(inside.statusCode, inside.body).toBe(409);
    expect(inside.json()).toMatchObject({ type: ProblemTypes.periodFinalised });
    expect(inside.json().detail).toMatch(/Nov 1-15 2026/);
    const outside = await call(hr, 'POST', '/api/v1/timelogs', {
      EmployeeId: me.employeeId,
      PunchedAt: '2026-11-17 08:01',
      Direction: 'In',
      Reason: 'Forgot to punch in',
    });
    expect(outside.statusCode, outside.body).toBe(201);
  });
});
