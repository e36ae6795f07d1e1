/**
 * Issue 10 §2 and §3: a company's own holiday premiums (at least DOLE's, from this month on, applied by compute)
 * and the minimum daily wage that compute warns about. Through HTTP (PGlite by default, PostgreSQL on request).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TABLES } from '@hrpay/payroll';
import {
  premiumValues,
  type PayrollGeneralSettings,
  type StatutoryTables,
  type PayrollPeriodDetail,
  type PayslipDetail,
  type PayslipListItem,
} from '@hrpay/contracts';
import { manilaToday } from '../src/lib/manila.js';
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
    expect(low!.Warnings).toContain('Daily rate ₱551.72 is below the minimum daily wage ₱645.00');
    expect(fine!.Warnings.filter((w) => w.includes('minimum daily wage'))).toEqual([]);
  });
});

describe("the company's own holiday premiums", () => {
  const BASE = '/api/v1/payroll/settings/statutory-tables';
  const dole = premiumValues(DEFAULT_TABLES.premiums.at(-1)!);
  const month = (offset: number) => {
    const d = new Date(`${manilaToday().slice(0, 7)}-01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + offset);
    return d.toISOString().slice(0, 10);
  };
  const add = (EffectiveFrom: string, Values: Record<string, string>) =>
    call(payroll, 'POST', BASE, {
      Kind: 'Premiums',
      EffectiveFrom,
      Source: 'Company policy 2026-01',
      Values,
    });
  const codes = (res: { json: () => { errors: { Code: string }[] } }) => res.json().errors.map((e) => e.Code);

  it('refuses a figure below DOLE, a past month and what the engine refuses, naming the field', async () => {
    const below = await add(month(2), {
      ...dole,
      'regular_holiday.worked': '1.90',
      nightDifferential: '0.08',
    });
    expect(below.statusCode, below.body).toBe(400);
    expect(below.json().errors).toEqual([
      { Code: 'Values.regular_holiday.worked', Description: 'At least 2.00 (DOLE)' },
      { Code: 'Values.nightDifferential', Description: 'At least 0.10 (DOLE)' },
    ]);
    const past = await add(month(-1), dole);
    expect(past.statusCode).toBe(400);
    expect(codes(past)).toEqual(['EffectiveFrom']);
    expect(codes(await add(`${month(2).slice(0, 8)}15`, dole))).toEqual(['EffectiveFrom']);
    const malformed = await add(month(2), { ...dole, 'ordinary.overtime': 'x' });
    expect(malformed.statusCode).toBe(400);
    expect(codes(malformed)).toEqual(['Values.ordinary.overtime']);
    const { 'ordinary.worked': _missing, ...short } = dole;
    expect(codes(await add(month(2), short))).toEqual(['Values.ordinary.worked']);
    expect(((await call(payroll, 'GET', BASE)).json() as StatutoryTables).Added).toEqual([]);
  });

  it('accepts higher rates from a month on, merged into the premiums, and compute pays them', async () => {
    const res = await add(month(2), { ...dole, 'regular_holiday.worked': '2.50' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ Kind: 'Premiums', EffectiveFrom: month(2), CanDelete: true });
    const tables = (await call(payroll, 'GET', BASE)).json() as StatutoryTables;
    // Newest first, nested like the engine's table.
    expect(tables.Premiums[0]).toMatchObject({ effectiveFrom: month(2), nightDifferential: '0.10' });
    expect((tables.Premiums[0]!.days as Record<string, object>).regular_holiday).toEqual({
      worked: '2.50',
      overtime: '1.30',
      unworked: '1.00',
    });
    // This month is allowed too (a company raising its rates now).
    expect((await add(month(0), dole)).statusCode).toBe(201);

    // Time passes: the edition is in force from June 2026 (moved back in the database, as the API refuses it).
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(`UPDATE company_statutory_tables SET effective_from = DATE '2026-06-01' WHERE id = $1`, [
        res.json().StatutoryRowId,
      ]),
    );
    const worker = await employee('PR-0001', 'Daily', '800', [['2026-06-12', 'regular_holiday']]);
    const [slip] = await computed(
      {
        Name: 'June 2026 1st cut-off',
        CutoffStart: '2026-06-01',
        CutoffEnd: '2026-06-15',
        PayDate: '2026-06-20',
      },
      [worker],
    );
    /*
     * Daily 800, 8 hours worked on the regular holiday of 12 June at the company's 250% (DOLE: 200% = 1,600.00):
     *   800 × 2.50 = 2,000.00, the whole gross.
     */
    expect(slip!.Gross).toBe('2000.00');
    expect(slip!.Lines.filter((l) => l.Kind === 'earning').map((l) => l.Amount)).toContain('2000.00');
  });
});

describe('the rate factor and the schedule', () => {
  it("warns when the schedule works another week than the factor's, not when they agree", async () => {
    const days: [string, string][] = [['2026-07-06', 'ordinary']];
    const sixDays = await employee('RF-0001', 'Monthly', '30000', days);
    const fiveDays = await employee('RF-0002', 'Monthly', '30000', days);
    const daily = await employee('RF-0003', 'Daily', '700', days);
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(
        `UPDATE employees SET rest_days = CASE WHEN id = $2 THEN '{0,6}'::smallint[] ELSE '{0}'::smallint[] END
          WHERE id = ANY($1::uuid[])`,
        [[sixDays, fiveDays, daily], fiveDays],
      ),
    );
    const [six, five, byDay] = await computed(
      {
        Name: 'July 2026 1st cut-off',
        CutoffStart: '2026-07-01',
        CutoffEnd: '2026-07-15',
        PayDate: '2026-07-20',
      },
      [sixDays, fiveDays, daily],
    );
    // The company's factor is 261 (Monday to Friday); Sunday the only rest day is a week of six workdays.
    expect(six!.Warnings).toContain(
      "The rate factor 261 is a 5-day week's, but the schedule works 6 days a week: the usual factor for it is 313 (check the employee's or the company's factor)",
    );
    const aboutFactor = (w: string) => w.startsWith('The rate factor');
    expect(five!.Warnings.filter(aboutFactor)).toEqual([]);
    // A daily rate is not divided by a factor.
    expect(byDay!.Warnings.filter(aboutFactor)).toEqual([]);
  });
});
