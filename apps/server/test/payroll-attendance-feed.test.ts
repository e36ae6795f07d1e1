/**
 * What the payroll compute feeds the engine from stored attendance, leavers, new hires, final pay and de minimis
 * items, through HTTP (PGlite by default, PostgreSQL on request). Punches, overtime requests and the attendance
 * store go through the API as HR does them; every expected figure is worked by hand from
 * ../shared/ph-payroll/REFERENCE.md in the comment above it, never taken from the engine.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type PayslipDetail, type PayslipListItem } from '@hrpay/contracts';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { PERIODS, payrollApi } from './payroll-api.js';
import { insertPeriod, semiMonthlySlip, demoCompanyAndDayShift } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let hr: Session;
let companyId: string;
let dayShift: string;

const call = caller(() => t.app);
const base = '/api/v1/payroll-periods';

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  hr = await signIn(t.app, demo.hr);
  await t.db.withTenant(payroll.tenantId, async (tx) => {
    ({ companyId, dayShift } = await demoCompanyAndDayShift(tx));
  });
});
afterAll(() => t?.close());
// Each test's periods are its own: one left computed and not finalised would hold back the approval of every
// later period sharing its employees (the ordering rule of approve and finalise).
afterEach(async () => {
  const list = await call(payroll, 'POST', `${PERIODS}/list`, { PageSize: 500 });
  for (const p of list.json().Items as { Id: string; Status: string }[])
    if (p.Status === 'Draft' || p.Status === 'Computed')
      expect((await call(payroll, 'DELETE', `${PERIODS}/${p.Id}`)).statusCode).toBe(200);
});

/** An employee on the Day Shift (08:00-17:00, one-hour break, rest days Saturday and Sunday) from the hire date. */
async function employee(
  number: string,
  hire: string,
  rateType: 'Daily' | 'Monthly',
  rate: number,
  separation: string | null = null,
): Promise<string> {
  return t.db.withTenant(payroll.tenantId, async (tx) => {
    const [e] = await tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date,
              separation_date, separation_reason, is_active, rate_type, basic_rate, tin, sss_number, philhealth_number,
              pagibig_number, bank_name, bank_account_number, shift_id)
       VALUES ($1, $2, $3, $3, 'Feed', $4, $5, CASE WHEN $5::date IS NULL THEN NULL ELSE 'Resigned' END,
               $5::date IS NULL, $6, $7, '123-456-789-000', '34-1234567-8', '12-345678901-2', '1234-5678-9012',
               'BDO Unibank', '001299990301', $8)
       RETURNING id`,
      [payroll.tenantId, companyId, number, hire, separation, rateType, rate, dayShift],
    );
    await tx.query(
      `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [payroll.tenantId, companyId, e!.id, hire, rateType, rate],
    );
    await tx.query(
      `INSERT INTO employee_schedules (tenant_id, employee_id, effective_date, shift_id, rest_days)
       VALUES ($1, $2, $3, $4, '{0,6}')`,
      [payroll.tenantId, e!.id, hire, dayShift],
    );
    return e!.id;
  });
}

/** A day's in and out punches, added by HR. */
async function punch(employeeId: string, date: string, timeIn: string, timeOut: string) {
  for (const [time, direction] of [
    [timeIn, 'In'],
    [timeOut, 'Out'],
  ]) {
    const res = await call(hr, 'POST', '/api/v1/timelogs', {
      EmployeeId: employeeId,
      PunchedAt: `${date}T${time}:00`,
      Direction: direction,
      Reason: 'Test',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}

async function store(from: string, to: string) {
  const res = await call(hr, 'POST', '/api/v1/timelogs/attendance/store', { DateFrom: from, DateTo: to });
  expect(res.statusCode, res.body).toBe(200);
}

const { get, action, computedPeriod, payslipOf } = payrollApi(
  () => t,
  () => payroll,
);

const amountOf = (slip: PayslipDetail, code: string) => slip.Lines.find((l) => l.Code === code)?.Amount;
const noFailure = (slip: PayslipDetail) =>
  expect(slip.Warnings.filter((w) => w.startsWith('Could not compute'))).toEqual([]);

describe('attendance as the engine gets it', () => {
  it('pays the regular hours of a day with approved overtime once, and the overtime on top', async () => {
    const worker = await employee('AF-0001', '2025-01-06', 'Daily', 600);
    // Monday 5 October 2026: 08:00 to 19:00, overtime 17:00-19:00 filed and approved.
    await punch(worker, '2026-10-05', '08:00', '19:00');
    const filed = await call(hr, 'POST', '/api/v1/ot-requests', {
      EmployeeId: worker,
      Date: '2026-10-05',
      StartTime: '17:00',
      EndTime: '19:00',
      Reason: 'Month-end inventory',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const approved = await call(hr, 'POST', `/api/v1/ot-requests/${filed.json().RequestId}/approve`, {
      RowVersion: filed.json().RowVersion,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await store('2026-10-01', '2026-10-15');

    const id = await computedPeriod({
      Name: 'October 2026 1st cut-off',
      CutoffStart: '2026-10-01',
      CutoffEnd: '2026-10-15',
      PayDate: '2026-10-20',
    });
    const slip = await payslipOf(id, worker);
    noFailure(slip);
    /*
     * Daily 600, 8 hours: 75.00 an hour (Art. 83). 5 October: 08:00-17:00 less the 12:00-13:00 break = 8 regular
     * hours, then 17:00-19:00 = 2 hours of approved overtime. Every other weekday: no punch, no pay.
     *   Basic pay, 8 hours x 75.00                      =   600.00
     *   Overtime, ordinary day: 2 x 75.00 x 125%        =   187.50
     *   Gross                                           =   787.50
     */
    expect(amountOf(slip, 'BASIC')).toBe('600.00');
    expect(slip.Lines.find((l) => l.Code === 'BASIC')?.Quantity).toBe(8);
    expect(amountOf(slip, 'OT_ORD')).toBe('187.50');
    expect(slip.Gross).toBe('787.50');
  });

  it("stores and pays a leaver's last days; a final pay over them is refused until the regular payslip is excluded", async () => {
    // Daily 600, separated on Friday 4 September 2026; worked Tuesday 1 to Friday 4 September.
    const leaver = await employee('AF-0002', '2025-01-06', 'Daily', 600, '2026-09-04');
    for (const date of ['2026-09-01', '2026-09-02', '2026-09-03', '2026-09-04'])
      await punch(leaver, date, '08:00', '17:00');
    // Punches after the separation (a terminal's file still has them; HR cannot add them by hand) are not the
    // employee's days any more.
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(
        `INSERT INTO time_logs (tenant_id, company_id, employee_id, punched_at, direction, source)
         SELECT tenant_id, company_id, id, v.at::timestamptz, v.direction, 'Import'
           FROM employees, (VALUES ('2026-09-07 08:00+08', 'In'), ('2026-09-07 17:00+08', 'Out')) AS v(at, direction)
          WHERE id = $1`,
        [leaver],
      ),
    );
    await store('2026-09-01', '2026-09-15');
    const stored = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ date: string }>(
        `SELECT date::text AS date FROM attendance_days WHERE employee_id = $1 ORDER BY date`,
        [leaver],
      ),
    );
    expect(stored.map((r) => r.date)).toEqual(['2026-09-01', '2026-09-02', '2026-09-03', '2026-09-04']);

    const regular = await computedPeriod({
      Name: 'September 2026 1st cut-off',
      CutoffStart: '2026-09-01',
      CutoffEnd: '2026-09-15',
      PayDate: '2026-09-20',
    });
    const slip = await payslipOf(regular, leaver);
    noFailure(slip);
    // 4 days x 8 hours x 75.00 = 2,400.00 (nothing for 7 September, after the separation).
    expect(amountOf(slip, 'BASIC')).toBe('2400.00');

    // The same days again in a final pay: refused while the regular payslip pays them.
    const finalPay = {
      Kind: 'FinalPay',
      Name: 'Final pay AF-0002',
      CutoffStart: '2026-09-01',
      CutoffEnd: '2026-09-04',
      PayDate: '2026-09-30',
      EmployeeIds: [leaver],
    };
    const refused = await call(payroll, 'POST', base, finalPay);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ type: ProblemTypes.overlap });
    expect(refused.json().detail).toContain('September 2026 1st cut-off');
    expect(refused.json().detail).toContain('AF-0002');

    const excluded = await call(payroll, 'POST', `${base}/payslips/${slip.Id}/exclude`, {});
    expect(excluded.statusCode, excluded.body).toBe(200);
    const fp = await computedPeriod(finalPay);
    const last = await payslipOf(fp, leaver);
    noFailure(last);
    // The final pay's salary: the same 4 days, 2,400.00.
    expect(amountOf(last, 'BASIC')).toBe('2400.00');

    // A second final pay over the same days: refused as well.
    const again = await call(payroll, 'POST', base, { ...finalPay, Name: 'Final pay AF-0002 again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('Final pay AF-0002');
  });

  it('leaves out of a regular cut-off a leaver whose final pay covers its days', async () => {
    // Daily 600, separated on Tuesday 2 June 2026, worked 1 and 2 June; the final pay is made first.
    const leaver = await employee('AF-0016', '2025-01-06', 'Daily', 600, '2026-06-02');
    for (const date of ['2026-06-01', '2026-06-02']) await punch(leaver, date, '08:00', '17:00');
    await store('2026-06-01', '2026-06-15');
    const fp = await computedPeriod({
      Kind: 'FinalPay',
      Name: 'Final pay AF-0016',
      CutoffStart: '2026-06-01',
      CutoffEnd: '2026-06-02',
      PayDate: '2026-06-18',
      EmployeeIds: [leaver],
    });
    // 2 days x 8 hours x 75.00 = 1,200.00.
    expect(amountOf(await payslipOf(fp, leaver), 'BASIC')).toBe('1200.00');
    const regular = await computedPeriod({
      Name: 'June 2026 1st cut-off',
      CutoffStart: '2026-06-01',
      CutoffEnd: '2026-06-15',
      PayDate: '2026-06-18',
    });
    const list = await call(payroll, 'POST', `${base}/${regular}/payslips/list`, { PageSize: 500 });
    const ids = (list.json().Items as PayslipListItem[]).map((p) => p.EmployeeId);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(leaver);
  });

  it('keeps approved overtime after a night shift when the cut-off is stored alone', async () => {
    const worker = await employee('AF-0017', '2025-01-06', 'Daily', 600);
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(
        `UPDATE employee_schedules SET shift_id = (SELECT id FROM shifts WHERE company_id = $2 AND name = 'Night Shift')
          WHERE employee_id = $1`,
        [worker, companyId],
      ),
    );
    // The night of Thursday 15 October 2026: 22:00 to 08:00, an hour of overtime after the 07:00 end, filed on
    // the 16th (the calendar day it is worked) and approved; the cut-off 1-15 October is stored alone.
    for (const [PunchedAt, Direction] of [
      ['2026-10-15T22:00:00', 'In'],
      ['2026-10-16T08:00:00', 'Out'],
    ]) {
      const res = await call(hr, 'POST', '/api/v1/timelogs', {
        EmployeeId: worker,
        PunchedAt,
        Direction,
        Reason: 'Test',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const filed = await call(hr, 'POST', '/api/v1/ot-requests', {
      EmployeeId: worker,
      Date: '2026-10-16',
      StartTime: '07:00',
      EndTime: '08:00',
      Reason: 'Machine changeover',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const approved = await call(hr, 'POST', `/api/v1/ot-requests/${filed.json().RequestId}/approve`, {
      RowVersion: filed.json().RowVersion,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await store('2026-10-01', '2026-10-15');
    const [day] = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ overtime_minutes: number; payable_overtime_minutes: number }>(
        `SELECT overtime_minutes, payable_overtime_minutes FROM attendance_days WHERE employee_id = $1 AND date = $2`,
        [worker, '2026-10-15'],
      ),
    );
    // 07:00 to 08:00 of the night that started on the 15th: 60 minutes, approved, so payable.
    expect(day).toMatchObject({ overtime_minutes: 60, payable_overtime_minutes: 60 });
  });

  it('does not pay a regular holiday on the first day of a cut-off after an absence the day before (Art. 94)', async () => {
    // Daily 600: worked Monday 28 and Tuesday 29 April 2025, absent on Wednesday 30 April (a workday), and
    // Labour Day, Thursday 1 May 2025, a regular holiday, not worked; worked Friday 2 May.
    const worker = await employee('AF-0021', '2025-01-06', 'Daily', 600);
    for (const date of ['2025-04-28', '2025-04-29', '2025-05-02'])
      await punch(worker, date, '08:00', '17:00');
    await store('2025-04-16', '2025-04-30');
    await store('2025-05-01', '2025-05-15');
    const id = await computedPeriod({
      Name: 'May 2025 1st cut-off',
      CutoffStart: '2025-05-01',
      CutoffEnd: '2025-05-15',
      PayDate: '2025-05-20',
    });
    const slip = await payslipOf(id, worker);
    noFailure(slip);
    // The workday before 1 May is 30 April, in the April cut-off, and the employee was absent: no holiday pay.
    // Pay: 2 May only, 8 h x 75.00 = 600.00.
    expect(slip.Lines.filter((l) => l.Code.startsWith('HOL'))).toEqual([]);
    expect(amountOf(slip, 'BASIC')).toBe('600.00');
  });

  it('pays a monthly salary only for the days of employment, whatever rows are stored, holidays included', async () => {
    // 26,100 a month, divisor 261: daily rate 26,100 x 12 / 261 = 1,200.00; half-month 13,050.00.
    const hire = await employee('AF-0003', '2026-11-18', 'Monthly', 26100);
    const leaver = await employee('AF-0004', '2025-01-06', 'Monthly', 26100, '2026-11-27');
    // Rows stored before the hire (an earlier store wrote them with no shift and not absent) and the leaver's
    // workdays up to the separation.
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(
        `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, day_type, rest_day, worked_minutes,
                late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes, payable_overtime_minutes,
                overtime_night_minutes, absent, on_leave)
         SELECT $1::uuid, $2::uuid, $3::uuid, d::date, 'ordinary', false, 0, 0, 0, 0, 0, 0, 0, false, false
           FROM generate_series(DATE '2026-11-16', DATE '2026-11-17', interval '1 day') d
         UNION ALL
         SELECT $1::uuid, $2::uuid, $4::uuid, d::date, 'ordinary', false, 480, 0, 0, 0, 0, 0, 0, false, false
           FROM generate_series(DATE '2026-11-16', DATE '2026-11-27', interval '1 day') d
          WHERE extract(isodow FROM d) < 6`,
        [payroll.tenantId, companyId, hire, leaver],
      ),
    );
    const id = await computedPeriod({
      Name: 'November 2026 2nd cut-off',
      CutoffStart: '2026-11-16',
      CutoffEnd: '2026-11-30',
      PayDate: '2026-12-04',
    });
    /*
     * Hired Wednesday 18 November: Monday 16 and Tuesday 17 are before the hire, unpaid whatever rows are stored:
     *   13,050.00 - 2 x 1,200.00                                       = 10,650.00
     * less than the 9 workdays of employment (18 to 30 November) at the daily rate, the floor of a partial pay
     * period (compute.ts basicPayFloor): 9 x 1,200.00                  = 10,800.00
     */
    const hired = await payslipOf(id, hire);
    noFailure(hired);
    expect(amountOf(hired, 'ABSENT')).toBe('-2400.00');
    expect(hired.Gross).toBe('10800.00');
    expect(hired.Warnings).toContain(
      'Hired on 2026-11-18, inside the cut-off: 2 workday(s) outside employment unpaid',
    );
    /*
     * Separated Friday 27 November: Monday 30 November (Bonifacio Day, a regular holiday) is after the separation.
     * The monthly salary pays it only to an employee (Art. 94 is about employees); unpaid at the daily rate:
     *   13,050.00 - 1 x 1,200.00                                       = 11,850.00
     * less than the 10 workdays of employment (16 to 27 November) at the daily rate (basicPayFloor):
     *   10 x 1,200.00                                                  = 12,000.00
     */
    const left = await payslipOf(id, leaver);
    noFailure(left);
    expect(left.Gross).toBe('12000.00');
    expect(left.Warnings).toContain(
      'Separated on 2026-11-27, inside the cut-off: 1 workday(s) outside employment unpaid',
    );
  });

  it("prorates a monthly employee's final pay over a cut-off shorter than the half-month", async () => {
    // 26,100 a month, divisor 261: 1,200.00 a day. Separated on Wednesday 8 July 2026.
    const leaver = await employee('AF-0005', '2025-01-06', 'Monthly', 26100, '2026-07-08');
    const id = await computedPeriod({
      Kind: 'FinalPay',
      Name: 'Final pay AF-0005',
      CutoffStart: '2026-07-01',
      CutoffEnd: '2026-07-08',
      PayDate: '2026-07-31',
      EmployeeIds: [leaver],
    });
    const slip = await payslipOf(id, leaver);
    noFailure(slip);
    /*
     * The cut-off 1-8 July is part of the pay period 1-15 July (first cut-off ends on the 15th), whose salary is
     * 26,100 / 2 = 13,050.00. The workdays of the pay period after the separation (Thursday 9, Friday 10, Monday
     * 13, Tuesday 14, Wednesday 15 July; no holiday) are not worked: 5 x 1,200.00 = 6,000.00 off (no work, no pay).
     *   Basic salary 13,050.00 - 6,000.00                                =  7,050.00
     * less than the 6 workdays of employment (1 to 3, 6 to 8 July) at the daily rate, the floor of a partial pay
     * period (compute.ts basicPayFloor): 6 x 1,200.00                    =  7,200.00
     */
    expect(amountOf(slip, 'BASIC')).toBe('13050.00');
    expect(amountOf(slip, 'ABSENT')).toBe('-6000.00');
    expect(slip.Result!.thisPeriod).toMatchObject({ basicSalaryEarned: '7200.00' });
    expect(slip.Warnings).toContain(
      'The cut-off is part of the pay period 2026-07-01 to 2026-07-15: 5 workday(s) outside the cut-off or employment unpaid',
    );
  });

  it('counts de minimis against the monthly and yearly ceilings across payslips', async () => {
    const worker = await employee('AF-0006', '2025-01-06', 'Monthly', 30000);
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(
        `INSERT INTO employee_pay_items (tenant_id, company_id, employee_id, kind, code, description, amount, taxable,
                de_minimis, effective_from)
         VALUES ($1, $2, $3, 'Earning', 'RICE', 'Rice subsidy', 2000, false, 'riceSubsidy', DATE '2026-08-01'),
                ($1, $2, $3, 'Earning', 'GIFT', 'Gift', 5000, false, 'christmasGift', DATE '2026-08-01')`,
        [payroll.tenantId, companyId, worker],
      ),
    );
    const first = await computedPeriod({
      Name: 'August 2026 1st cut-off',
      CutoffStart: '2026-08-01',
      CutoffEnd: '2026-08-15',
      PayDate: '2026-08-20',
    });
    // RR 29-2025 ceilings (REFERENCE §4.5): rice 2,500 a month, gifts 6,000 a year. First cut-off: both under.
    const one = await payslipOf(first, worker);
    noFailure(one);
    expect(amountOf(one, 'RICE')).toBe('2000.00');
    expect(amountOf(one, 'GIFT')).toBe('5000.00');
    const approved = await action(first, 'approve', (await get(first)).RowVersion);
    expect(approved.statusCode, approved.body).toBe(200);
    const finalised = await action(first, 'finalise', approved.json().RowVersion, 'feed-august-1');
    expect(finalised.statusCode, finalised.body).toBe(200);

    const second = await computedPeriod({
      Name: 'August 2026 2nd cut-off',
      CutoffStart: '2026-08-16',
      CutoffEnd: '2026-08-31',
      PayDate: '2026-09-04',
    });
    const two = await payslipOf(second, worker);
    noFailure(two);
    /*
     * Second cut-off of August:
     *   Rice: 2,500 monthly ceiling - 2,000 received this month = 500.00 exempt; 1,500.00 above the ceiling
     *   Gift: 6,000 yearly ceiling - 5,000 received this year = 1,000.00 exempt; 4,000.00 above the ceiling
     *   The excess goes to the 90,000 benefits bucket (NIRC 32(B)(7)(e)): 1,500 + 4,000 = 5,500.00 counted
     */
    expect(amountOf(two, 'RICE')).toBe('500.00');
    expect(amountOf(two, 'RICE_EXCESS')).toBe('1500.00');
    expect(amountOf(two, 'GIFT')).toBe('1000.00');
    expect(amountOf(two, 'GIFT_EXCESS')).toBe('4000.00');
    expect(two.Result!.thisPeriod).toMatchObject({ benefitsReceived: '5500.00' });
  });
});

describe('the contributions of a month', () => {
  it("add up to the table's amounts on the month's actual pay when the cut-offs' pay differs", async () => {
    // Daily 600 on the company's default "equal" split: 10 days in the 1st cut-off of March 2026 (2-13 March),
    // 3 in the 2nd (16-18 March).
    const worker = await employee('AF-0019', '2025-01-06', 'Daily', 600);
    for (const day of ['02', '03', '04', '05', '06', '09', '10', '11', '12', '13', '16', '17', '18'])
      await punch(worker, `2026-03-${day}`, '08:00', '17:00');
    await store('2026-03-01', '2026-03-31');
    const first = await computedPeriod({
      Name: 'March 2026 1st cut-off',
      CutoffStart: '2026-03-01',
      CutoffEnd: '2026-03-15',
      PayDate: '2026-03-20',
    });
    const approved = await action(first, 'approve', (await get(first)).RowVersion);
    expect(approved.statusCode, approved.body).toBe(200);
    const finalised = await action(first, 'finalise', approved.json().RowVersion, 'feed-march-1');
    expect(finalised.statusCode, finalised.body).toBe(200);
    const second = await computedPeriod({
      Name: 'March 2026 2nd cut-off',
      CutoffStart: '2026-03-16',
      CutoffEnd: '2026-03-31',
      PayDate: '2026-04-06',
    });
    const slip = await payslipOf(second, worker);
    noFailure(slip);
    /*
     * SSS is on the month's actual compensation (§1.2). 1st cut-off: 10 x 600 = 6,000, projected to a month
     * 12,000 and halved ("equal"): MSC 12,000, EE 600 / 2 = 300.00. The month's actual pay: 6,000 + 3 x 600 =
     * 7,800 (range 7,750-8,249.99: MSC 8,000): EE 5% = 400.00 for the month; the 2nd cut-off takes 400.00 - 300.00
     * = 100.00 (the halves had been 125.00 on 1,800 x 2 = 3,600: a month of 425.00 that no table row has).
     * PhilHealth and Pag-IBIG are on the monthly basic salary, 600 x 261 / 12 = 13,050, the same in both halves:
     * PhilHealth 5% = 652.50, EE 326.25 = 163.13 + 163.12 (the odd centavo on the 1st); Pag-IBIG 2% of the
     * 10,000 cap = 200.00 = 100.00 + 100.00.
     */
    expect(amountOf(slip, 'SSS')).toBe('100.00');
    expect(amountOf(slip, 'PHIC')).toBe('163.12');
    expect(amountOf(slip, 'HDMF')).toBe('100.00');
  });
});

describe('a payslip the engine could not compute', () => {
  it('keeps its period from being approved until it is corrected or excluded', async () => {
    const worker = await employee('AF-0020', '2025-01-06', 'Monthly', 30000);
    // A finalised earlier cut-off whose stored basic pay is negative (as a since-fixed rate adjustment left one):
    // the engine refuses a negative year to date, so this employee's next payslip cannot be computed.
    const earlier = semiMonthlySlip('2026-04-16', '2026-04-30', '30000.00');
    await insertPeriod((work) => t.db.withTenant(payroll.tenantId, work), payroll.tenantId, {
      companyId,
      name: 'April 2026 2nd cut-off (fixture)',
      start: '2026-04-16',
      end: '2026-04-30',
      status: 'Finalised',
      payslips: [
        {
          employeeId: worker,
          payslip: { ...earlier, thisPeriod: { basicSalaryEarned: '-41.38' } } as typeof earlier,
        },
      ],
    });
    const may = await computedPeriod({
      Name: 'May 2026 1st cut-off',
      CutoffStart: '2026-05-01',
      CutoffEnd: '2026-05-15',
      PayDate: '2026-05-20',
    });
    const slip = await payslipOf(may, worker);
    expect(slip.Warnings.some((w) => w.startsWith('Could not compute'))).toBe(true);
    const refused = await action(may, 'approve', (await get(may)).RowVersion);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'The payslip of AF-0020 could not be computed: correct what its warning says and compute again, or exclude it.',
    );
    const excluded = await call(payroll, 'POST', `${PERIODS}/payslips/${slip.Id}/exclude`, {});
    expect(excluded.statusCode, excluded.body).toBe(200);
    expect((await action(may, 'approve', (await get(may)).RowVersion)).statusCode).toBe(200);
  });
});

describe('the tax of a leaver', () => {
  it('is annualised on the final pay, refunding what was withheld over the year', async () => {
    // Monthly 30,000, separated on Friday 20 February 2026; its January 1-15 payroll is finalised.
    const leaver = await employee('AF-0018', '2025-01-06', 'Monthly', 30000, '2026-02-20');
    const january = semiMonthlySlip('2026-01-01', '2026-01-15', '30000.00');
    expect(Number(january.withholdingTax)).toBeGreaterThan(0);
    await insertPeriod((work) => t.db.withTenant(payroll.tenantId, work), payroll.tenantId, {
      companyId,
      name: 'January 2026 1st cut-off (fixture)',
      start: '2026-01-01',
      end: '2026-01-15',
      status: 'Finalised',
      payslips: [{ employeeId: leaver, payslip: january }],
    });
    const fp = await computedPeriod({
      Kind: 'FinalPay',
      Name: 'Final pay AF-0018',
      CutoffStart: '2026-02-16',
      CutoffEnd: '2026-02-20',
      PayDate: '2026-03-13',
      EmployeeIds: [leaver],
    });
    const slip = await payslipOf(fp, leaver);
    noFailure(slip);
    /*
     * The year's taxable compensation is January's taxable base plus this final pay's: about 15,000 + 9,000, far
     * under the 250,000 the TRAIN table taxes at 0%, so the year's tax is 0.00 and everything withheld in
     * January is refunded on the final pay (a negative withholding line).
     */
    const wtax = slip.Lines.find((l) => l.Code === 'WTAX');
    expect(wtax).toMatchObject({ Description: 'Year-end tax refund', Amount: `-${january.withholdingTax}` });
  });
});

describe('the 13th month pay of a year', () => {
  it('is not paid again at the year-end run when a final pay already paid it', async () => {
    // 26,100 a month (1,200.00 a day), separated on Tuesday 8 July 2025; no other payroll that year.
    const leaver = await employee('AF-0013', '2025-01-06', 'Monthly', 26100, '2025-07-08');
    const final = await computedPeriod({
      Kind: 'FinalPay',
      Name: 'Final pay AF-0013',
      CutoffStart: '2025-07-01',
      CutoffEnd: '2025-07-08',
      PayDate: '2025-07-31',
      EmployeeIds: [leaver],
    });
    /*
     * Basic 13,050.00 for 1-15 July less 5 workdays after the separation (9, 10, 11, 14, 15 July): 7,050.00,
     * less than the 6 workdays of employment (1 to 4, 7, 8 July) at 1,200.00 (basicPayFloor): 7,200.00.
     * Pro-rated 13th month: 7,200.00 / 12 = 600.00.
     */
    expect(amountOf(await payslipOf(final, leaver), '13TH')).toBe('600.00');
    const approved = await action(final, 'approve', (await get(final)).RowVersion);
    expect(approved.statusCode, approved.body).toBe(200);
    const finalised = await action(final, 'finalise', approved.json().RowVersion, 'feed-final-af-0013');
    expect(finalised.statusCode, finalised.body).toBe(200);

    const yearEnd = await computedPeriod({
      Kind: 'ThirteenthMonth',
      Name: '13th month 2025',
      CutoffStart: '2025-01-01',
      CutoffEnd: '2025-12-15',
      PayDate: '2025-12-20',
    });
    // Due for the year: 7,200.00 / 12 = 600.00; paid with the final pay: 600.00; left to pay: 0.00. The run
    // leaves the leaver out (it made a 0.00 payslip with a warning).
    const list = await call(payroll, 'POST', `${PERIODS}/${yearEnd}/payslips/list`, { PageSize: 500 });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json().Items as { EmployeeId: string }[]).map((p) => p.EmployeeId)).not.toContain(leaver);
  });
});
