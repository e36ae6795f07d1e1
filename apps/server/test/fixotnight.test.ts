/**
 * Overtime after a night shift's midnight, filed under the shift's date (sweep report, bug 7): a Swing Shift worker
 * (16:00-01:00) who filed Date 2026-12-04, 01:00-03:00 for the overtime after his 4 December shift had it stored
 * as 4 December 01:00-03:00, before the shift, when he was not at work; attendance showed approved OT 0 and
 * payroll paid nothing, and nobody was told. Through HTTP (PGlite by default, PostgreSQL on request).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceDay, PayslipDetail, TimeRequest } from '@hrpay/contracts';
import { caller, createTestApp, demo, errorCodes, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi } from './payroll-api.js';

let t: TestApp;
let hr: Session;
let payroll: Session;
let employee: Session;
let companyId: string;
let swingShift: string;

const call = caller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  payroll = await signIn(t.app, demo.payroll);
  employee = await signIn(t.app, demo.employee);
  const [c] = await t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = 'hr@demo.hrpay.test'`),
  );
  companyId = c!.company_id;
  // As HR added it in the sweep: 16:00 to 01:00, a 60-minute break, 5 minutes' grace, Saturday and Sunday off.
  const shift = await call(hr, 'POST', '/api/v1/shifts', {
    Name: 'Swing Shift',
    TimeIn: '16:00',
    TimeOut: '01:00',
    BreakMinutes: 60,
    GraceMinutes: 5,
    RestDays: [0, 6],
  });
  expect(shift.statusCode, shift.body).toBe(201);
  swingShift = shift.json().ShiftId;
});
afterAll(() => t?.close());

/** A monthly-paid employee on the Swing Shift from the hire date (its schedule history, as the Add form records). */
async function swingWorker(number: string, monthly = 25000, hire = '2026-09-01'): Promise<string> {
  return t.db.withTenant(hr.tenantId, async (tx) => {
    const [e] = await tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, is_active,
              rate_type, basic_rate, tin, sss_number, philhealth_number, pagibig_number, bank_name,
              bank_account_number, shift_id)
       VALUES ($1, $2, $3, 'Carlo', $3, $4, true, 'Monthly', $5, '123-456-789-000', '34-1234567-8',
               '12-345678901-2', '1234-5678-9012', 'BDO Unibank', '001299990301', $6)
       RETURNING id`,
      [hr.tenantId, companyId, number, hire, monthly, swingShift],
    );
    await tx.query(
      `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
       VALUES ($1, $2, $3, $4, 'Monthly', $5)`,
      [hr.tenantId, companyId, e!.id, hire, monthly],
    );
    await tx.query(
      `INSERT INTO employee_schedules (tenant_id, employee_id, effective_date, shift_id) VALUES ($1, $2, $3, $4)`,
      [hr.tenantId, e!.id, hire, swingShift],
    );
    return e!.id;
  });
}

/** HR's In and Out punches (Manila `YYYY-MM-DDTHH:mm`). */
async function punch(employeeId: string, timeIn: string, timeOut: string) {
  for (const [at, Direction] of [
    [timeIn, 'In'],
    [timeOut, 'Out'],
  ]) {
    const res = await call(hr, 'POST', '/api/v1/timelogs', {
      EmployeeId: employeeId,
      PunchedAt: `${at}:00`,
      Direction,
      Reason: 'Test',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}

const fileOt = (
  who: Session,
  body: { EmployeeId?: string; Date: string; StartTime: string; EndTime: string },
) => call(who, 'POST', '/api/v1/ot-requests', { Reason: 'Month-end loading', ...body });

async function filed(
  who: Session,
  body: { EmployeeId?: string; Date: string; StartTime: string; EndTime: string },
): Promise<TimeRequest> {
  const res = await fileOt(who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The stored interval of a request, as Manila wall-clock `YYYY-MM-DD HH:mm`. */
async function storedInterval(requestId: string) {
  const [row] = await t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{ starts: string; ends: string; date_from: string }>(
      `SELECT to_char(starts_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD HH24:MI') AS starts,
              to_char(ends_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD HH24:MI') AS ends,
              to_char(date_from, 'YYYY-MM-DD') AS date_from
         FROM time_requests WHERE id = $1`,
      [requestId],
    ),
  );
  return row!;
}

async function attendance(employeeId: string, from: string, to: string): Promise<AttendanceDay[]> {
  const res = await call(hr, 'POST', '/api/v1/timelogs/attendance', {
    DateFrom: from,
    DateTo: to,
    EmployeeId: employeeId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Items;
}

const { computedPeriod, payslipOf } = payrollApi(
  () => t,
  () => payroll,
);
const amountOf = (slip: PayslipDetail, code: string) => slip.Lines.find((l) => l.Code === code)?.Amount;

describe('overtime after a night shift filed under the shift date', () => {
  it("is stored on the next morning, shown under the shift's date, and paid on the shift it follows", async () => {
    const carlo = await swingWorker('SW-0001');
    // Filed before the punches, as in the sweep (there 4 December): Date 2 Oct (a Friday), 01:00 to 03:00.
    const ot = await filed(hr, {
      EmployeeId: carlo,
      Date: '2026-10-02',
      StartTime: '01:00',
      EndTime: '03:00',
    });
    expect(ot).toMatchObject({
      DateFrom: '2026-10-02',
      DateTo: '2026-10-02',
      StartTime: '01:00',
      EndTime: '03:00',
      Minutes: 120,
      Status: 'Pending',
    });
    // The real instants: the morning of 3 October, after the 2 October shift (16:00 to 01:00).
    expect(await storedInterval(ot.RequestId)).toEqual({
      starts: '2026-10-03 01:00',
      ends: '2026-10-03 03:00',
      date_from: '2026-10-02',
    });
    // HR reviews it (no supervisor): the e-mail to HR says which morning it is.
    const [mail] = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ body_text: string }>(
        `SELECT body_text FROM mail_outbox WHERE subject LIKE '%SW-0001%filed an overtime request' ORDER BY created_at DESC LIMIT 1`,
      ),
    );
    expect(mail?.body_text).toContain('(Oct 2, 2026, 01:00 to 03:00 the next morning (Oct 3, 2026))');
    const approved = await call(hr, 'POST', `/api/v1/ot-requests/${ot.RequestId}/approve`, {
      RowVersion: ot.RowVersion,
    });
    expect(approved.statusCode, approved.body).toBe(200);

    // The list shows it under the shift's date with its times.
    const list = await call(hr, 'POST', '/api/v1/ot-requests/list', { Scope: 'Company', EmployeeId: carlo });
    expect(list.statusCode, list.body).toBe(200);
    expect(
      (list.json().Items as TimeRequest[]).map((r) => [
        r.DateFrom,
        r.DateTo,
        r.StartTime,
        r.EndTime,
        r.Status,
      ]),
    ).toEqual([['2026-10-02', '2026-10-02', '01:00', '03:00', 'Approved']]);

    // Thursday 1 Oct worked 16:00-01:00 (no overtime), Friday 2 Oct 16:00 to 03:00 the next morning.
    await punch(carlo, '2026-10-01T16:00', '2026-10-02T01:00');
    await punch(carlo, '2026-10-02T16:00', '2026-10-03T03:00');
    const days = await attendance(carlo, '2026-10-01', '2026-10-03');
    const of = (date: string) => days.find((d) => d.Date === date)!;
    expect(of('2026-10-01')).toMatchObject({ OvertimeMinutes: 0, PayableOvertimeMinutes: 0 });
    expect(of('2026-10-02')).toMatchObject({
      FirstIn: '2026-10-02T16:00',
      LastOut: '2026-10-03T03:00',
      OvertimeMinutes: 120,
      PayableOvertimeMinutes: 120,
    });

    const store = await call(hr, 'POST', '/api/v1/timelogs/attendance/store', {
      DateFrom: '2026-10-01',
      DateTo: '2026-10-15',
    });
    expect(store.statusCode, store.body).toBe(200);
    const period = await computedPeriod({
      Name: 'October 2026 1st cut-off',
      CutoffStart: '2026-10-01',
      CutoffEnd: '2026-10-15',
      PayDate: '2026-10-20',
    });
    const slip = await payslipOf(period, carlo);
    /*
     * Monthly 25,000, divisor 261, 8 hours a day: hourly rate 25,000 x 12 / 261 / 8 = 143.678161...
     * 2 Oct: 01:00-03:00 of the 3rd after the shift, an ordinary working day, approved:
     *   Overtime, ordinary day: 2 h x 143.678161 x 125%                        = 359.195402 -> 359.20
     * Those two hours are all in the night band (22:00-06:00), so the night differential on overtime is 10% of
     * the overtime rate (137.5% - 125% = 12.5% of the hourly rate):
     *   2 h x 143.678161 x 12.5%                                               =  35.919540 ->  35.92
     * (1.25 + 0.125 = 1.375 x 2 h = 395.12 in all, the figure the sweep expected.)
     */
    expect(amountOf(slip, 'OT_ORD')).toBe('359.20');
    expect(slip.Lines.find((l) => l.Code === 'OT_ORD')?.Quantity).toBe(2);
    expect(amountOf(slip, 'NDOT_ORD')).toBe('35.92');
  });

  it('keeps overtime before the shift on its own date, and the morning after a rest day on the calendar', async () => {
    const ana = await swingWorker('SW-0002');
    // Monday 5 Oct, 14:00-16:00: just before the 16:00 start (closer to it than to the 01:00 end).
    const early = await filed(hr, {
      EmployeeId: ana,
      Date: '2026-10-05',
      StartTime: '14:00',
      EndTime: '16:00',
    });
    expect(early).toMatchObject({
      DateFrom: '2026-10-05',
      StartTime: '14:00',
      EndTime: '16:00',
      Minutes: 120,
    });
    expect(await storedInterval(early.RequestId)).toEqual({
      starts: '2026-10-05 14:00',
      ends: '2026-10-05 16:00',
      date_from: '2026-10-05',
    });
    // 08:00-09:00 under Tuesday 6 Oct: before 08:30, the midpoint of the 01:00 end and the 16:00 start, so the
    // morning after the Tuesday shift (the 7th), not the one after Monday's.
    const morning = await filed(hr, {
      EmployeeId: ana,
      Date: '2026-10-06',
      StartTime: '08:00',
      EndTime: '09:00',
    });
    expect((await storedInterval(morning.RequestId)).starts).toBe('2026-10-07 08:00');
    // Saturday 10 Oct is a rest day: there is no shift of the 10th to follow, so 01:00-03:00 is that morning's,
    // after Friday's shift, and carries Friday's date (the shift it follows, the cut-off that pays it).
    const saturday = await filed(hr, {
      EmployeeId: ana,
      Date: '2026-10-10',
      StartTime: '01:00',
      EndTime: '03:00',
    });
    expect(saturday).toMatchObject({ DateFrom: '2026-10-09', DateTo: '2026-10-09', StartTime: '01:00' });
    expect(await storedInterval(saturday.RequestId)).toEqual({
      starts: '2026-10-10 01:00',
      ends: '2026-10-10 03:00',
      date_from: '2026-10-09',
    });
    // Filed again under Friday's date it is the same morning: the two overlap.
    const again = await fileOt(hr, {
      EmployeeId: ana,
      Date: '2026-10-09',
      StartTime: '01:00',
      EndTime: '03:00',
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().detail).toMatch(/^This overtime request overlaps a pending one/);
  });

  it('reads the calendar day when the punches on record show the overtime was worked that morning', async () => {
    const ben = await swingWorker('SW-0003');
    // Wednesday 7 Oct worked 16:00 to 03:00 on the 8th, then the overtime filed under the 8th (as the calendar
    // day it was worked, before the shift date rule): the punches say which morning it is.
    await punch(ben, '2026-10-07T16:00', '2026-10-08T03:00');
    const late = await filed(hr, {
      EmployeeId: ben,
      Date: '2026-10-08',
      StartTime: '01:00',
      EndTime: '03:00',
    });
    expect(late).toMatchObject({ DateFrom: '2026-10-07', StartTime: '01:00', EndTime: '03:00' });
    expect(await storedInterval(late.RequestId)).toEqual({
      starts: '2026-10-08 01:00',
      ends: '2026-10-08 03:00',
      date_from: '2026-10-07',
    });
    const approved = await call(hr, 'POST', `/api/v1/ot-requests/${late.RequestId}/approve`, {
      RowVersion: late.RowVersion,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [day] = await attendance(ben, '2026-10-07', '2026-10-07');
    expect(day).toMatchObject({ OvertimeMinutes: 120, PayableOvertimeMinutes: 120 });
    // With no punches for it, the shift's date rule decides: after the shift of the 13th.
    const ahead = await filed(hr, {
      EmployeeId: ben,
      Date: '2026-10-13',
      StartTime: '01:00',
      EndTime: '03:00',
    });
    expect(ahead.DateFrom).toBe('2026-10-13');
    expect((await storedInterval(ahead.RequestId)).starts).toBe('2026-10-14 01:00');
  });

  it('refuses overtime during the shift read either way, and overtime attendance could never pay', async () => {
    const dina = await swingWorker('SW-0004');
    // 00:00-02:00 under Monday 12 Oct is inside that day's shift (it ends at 01:00 on the 13th); read on the 12th's
    // own morning it had been taken, Sunday 11 Oct being a rest day.
    const inside = await fileOt(hr, {
      EmployeeId: dina,
      Date: '2026-10-12',
      StartTime: '00:00',
      EndTime: '02:00',
    });
    expect(inside.statusCode).toBe(400);
    expect(errorCodes(inside)).toEqual(['StartTime']);
    expect(inside.json().errors[0].Description).toMatch(/overlap the shift \(16:00 to 01:00\)/);
    // 09:30-11:00: 8 h after the 01:00 end and more than 4 h before the 16:00 start, counted by no day.
    const gap = await fileOt(hr, {
      EmployeeId: dina,
      Date: '2026-10-12',
      StartTime: '09:30',
      EndTime: '11:00',
    });
    expect(gap.statusCode, gap.body).toBe(400);
    expect(errorCodes(gap)).toEqual(['StartTime']);
    expect(gap.json().errors[0].Description).toBe(
      'Overtime from 09:30 to 11:00 on Oct 12, 2026 could never be paid: attendance counts work from 4 hours before the shift (16:00 to 01:00) to 8 hours after it. Check the date and the times',
    );
    // The day shift (08:00-17:00) of the portal employee: after-hours overtime unchanged, 02:00-03:00 refused.
    const evening = await filed(employee, { Date: '2026-09-15', StartTime: '17:00', EndTime: '19:00' });
    expect(evening).toMatchObject({
      DateFrom: '2026-09-15',
      StartTime: '17:00',
      EndTime: '19:00',
      Minutes: 120,
    });
    expect(await storedInterval(evening.RequestId)).toEqual({
      starts: '2026-09-15 17:00',
      ends: '2026-09-15 19:00',
      date_from: '2026-09-15',
    });
    const small = await fileOt(employee, { Date: '2026-09-16', StartTime: '02:00', EndTime: '03:00' });
    expect(small.statusCode, small.body).toBe(400);
    expect(small.json().errors[0].Description).toMatch(/could never be paid.*\(08:00 to 17:00\)/);
    // The day shift's night overtime running past midnight is still taken (its start is counted).
    const night = await filed(employee, { Date: '2026-09-16', StartTime: '22:00', EndTime: '02:00' });
    expect(night).toMatchObject({ DateFrom: '2026-09-16', Minutes: 240 });
    expect((await storedInterval(night.RequestId)).starts).toBe('2026-09-16 22:00');
  });
});
