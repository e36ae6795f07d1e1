/**
 * Issue 10 §2 and §3: a company's own holiday premiums (at least DOLE's, from this month on, applied by compute)
 * and the minimum daily wage that compute warns about. Through HTTP (PGlite by default, PostgreSQL on request).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PayrollGeneralSettings,
  PayrollPeriodDetail,
  PayslipDetail,
  PayslipListItem,
} from '@hrpay/contracts';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let payroll: Session;
let companyId: string;
const call = caller(() => t.app);
const periods = '/api/v1/payroll-periods';

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  const [c] = await t.db.withTenant(payroll.tenantId, (tx) =>
    tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = $1`, [demo.payroll.email]),
  );
  companyId = c!.company_id;
});
afterAll(() => t?.close());

/** An employee with ids and a bank account, working 8 hours on each of `days` (day type per date). */
async function employee(
  number: string,
  rateType: 'Monthly' | 'Daily',
  rate: string,
  days: [string, string][],
) {
  return t.db.withTenant(payroll.tenantId, async (tx) => {
    const [e] = await tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, rate_type,
              basic_rate, tin, sss_number, philhealth_number, pagibig_number, bank_name, bank_account_number)
       VALUES ($1, $2, $3, 'Test', $3, DATE '2025-01-02', $4, $5, '123-456-789-000', '34-1234567-8',
               '12-345678901-2', '1234-5678-9012', 'BDO Unibank', '001299990001') RETURNING id`,
      [payroll.tenantId, companyId, number, rateType, rate],
    );
    for (const [date, dayType] of days)
      await tx.query(
        `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, day_type, rest_day, worked_minutes,
                late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes, payable_overtime_minutes,
                overtime_night_minutes, absent, on_leave)
         VALUES ($1, $2, $3, $4, $5, false, 480, 0, 0, 0, 0, 0, 0, false, false)`,
        [payroll.tenantId, companyId, e!.id, date, dayType],
      );
    return e!.id;
  });
}

/** Creates and computes a regular period; the payslip of each employee asked for. */
async function computed(body: object, employees: string[]) {
  const created = await call(payroll, 'POST', periods, { Kind: 'Regular', ...body });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().Id as string;
  const res = await call(payroll, 'POST', `${periods}/${id}/compute`, {
    RowVersion: created.json().RowVersion,
  });
  expect(res.statusCode, res.body).toBe(202);
  let period: PayrollPeriodDetail | undefined;
  for (let i = 0; i < 600 && period?.JobStatus !== 'Done'; i++) {
    await new Promise((r) => setTimeout(r, 50));
    period = (await call(payroll, 'GET', `${periods}/${id}`)).json();
    expect(period!.JobStatus).not.toBe('Failed');
  }
  const list = await call(payroll, 'POST', `${periods}/${id}/payslips/list`, { PageSize: 500 });
  const items = list.json().Items as PayslipListItem[];
  return Promise.all(
    employees.map(async (e) => {
      const item = items.find((p) => p.EmployeeId === e)!;
      return (await call(payroll, 'GET', `${periods}/payslips/${item.Id}`)).json() as PayslipDetail;
    }),
  );
}

describe('minimum daily wage', () => {
  it('is kept with the general settings, GET body back to PUT, and refused when not money', async () => {
    const read = (
      await call(payroll, 'GET', '/api/v1/payroll/settings/general')
    ).json() as PayrollGeneralSettings;
    expect(read.MinimumDailyWage).toBeNull();
    const bad = await call(payroll, 'PUT', '/api/v1/payroll/settings/general', {
      ...read,
      MinimumDailyWage: '0',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { Code: string }) => e.Code)).toEqual(['MinimumDailyWage']);
    const res = await call(payroll, 'PUT', '/api/v1/payroll/settings/general', {
      ...read,
      MinimumDailyWage: '645',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().MinimumDailyWage).toBe('645.00');
    const again = (await call(payroll, 'GET', '/api/v1/payroll/settings/general')).json();
    expect((await call(payroll, 'PUT', '/api/v1/payroll/settings/general', again)).statusCode).toBe(200);
  });

  it('warns about a daily rate below it, monthly-paid converted with the divisor', async () => {
    const days: [string, string][] = [
      ['2026-05-04', 'ordinary'],
      ['2026-05-05', 'ordinary'],
    ];
    const monthly = await employee('MW-0001', 'Monthly', '12000', days);
    const daily = await employee('MW-0002', 'Daily', '700', days);
    const [low, fine] = await computed(
      {
        Name: 'May 2026 1st cut-off',
        CutoffStart: '2026-05-01',
        CutoffEnd: '2026-05-15',
        PayDate: '2026-05-20',
      },
      [monthly, daily],
    );
    // Monthly 12,000 × 12 / 261 = 551.724... -> 551.72 a day, below 645.00; a daily 700.00 is not.
    expect(low!.Warnings).toContain('Daily rate 551.72 is below the minimum daily wage 645.00');
    expect(fine!.Warnings.filter((w) => w.includes('minimum daily wage'))).toEqual([]);
  });
});
