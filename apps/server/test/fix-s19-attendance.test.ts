/**
 * Sweep 19 (time and attendance into payroll), through HTTP (PGlite by default, PostgreSQL on request):
 * - a working day whose punches hold no paid shift minute is stored as an absence flagged NoWorkInShift, and the
 *   payslip computes (it had stored worked 0 with late 480, and the engine refused the payslip);
 * - a first in within grace counts the day from the shift start, so the daily-paid are paid the whole day;
 * - a shift of more than 8 work hours is refused (Art. 83);
 * - a shift's times cannot change once attendance was stored under it;
 * - the punch-file preview names the rows inside a finalised payroll period;
 * - a holiday's delete checks the RowVersion sent, and holidays of a finalised period's dates cannot change.
 * Every expected figure is worked by hand in the comment above it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type AttendanceDay, type Holiday, type PayslipDetail } from '@hrpay/contracts';
import type { Tx } from '../src/db/database.js';
import { caller, createTestApp, demo, errorCodes, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi } from './payroll-api.js';
import { insertPeriod, semiMonthlySlip } from './payroll-fixtures.js';
import { punchImports } from './punch-imports.js';

let t: TestApp;
let hr: Session;
let payroll: Session;
let companyId: string;
let dayShift: string;
let flexShift: string;
const emp: Record<'monthly' | 'daily' | 'flex', string> = { monthly: '', daily: '', flex: '' };

const call = caller(() => t.app);
const imports = punchImports(() => t);
const { computedPeriod, payslipOf } = payrollApi(
  () => t,
  () => payroll,
);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(hr.tenantId, work);

async function newShift(body: object): Promise<string> {
  const res = await call(hr, 'POST', '/api/v1/shifts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ShiftId as string;
}

/** An employee on `shift` from 2026-01-05, paid at `rate` (monthly or daily). */
async function employee(number: string, rateType: 'Daily' | 'Monthly', rate: number, shift: string) {
  return asTenant(async (tx) => {
    const [e] = await tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, is_active,
              rate_type, basic_rate, tin, sss_number, philhealth_number, pagibig_number, bank_name,
              bank_account_number, shift_id)
       VALUES ($1, $2, $3, $3, 'Sweep', '2026-01-05', true, $4, $5, '123-456-789-000', '34-1234567-8',
               '12-345678901-2', '1234-5678-9012', 'BDO Unibank', '001299990301', $6)
       RETURNING id`,
      [hr.tenantId, companyId, number, rateType, rate, shift],
    );
    await tx.query(
      `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
       VALUES ($1, $2, $3, '2026-01-05', $4, $5)`,
      [hr.tenantId, companyId, e!.id, rateType, rate],
    );
    await tx.query(
      `INSERT INTO employee_schedules (tenant_id, employee_id, effective_date, shift_id)
       VALUES ($1, $2, '2026-01-05', $3)`,
      [hr.tenantId, e!.id, shift],
    );
    return e!.id;
  });
}

async function punch(employeeId: string, at: string, direction: 'In' | 'Out') {
  const res = await call(hr, 'POST', '/api/v1/timelogs', {
    EmployeeId: employeeId,
    PunchedAt: at,
    Direction: direction,
    Reason: 'Sweep 19',
  });
  expect(res.statusCode, res.body).toBe(201);
}

const storedDay = (employeeId: string, date: string) =>
  asTenant(async (tx) => {
    const [row] = await tx.query<{
      worked_minutes: number;
      late_minutes: number;
      undertime_minutes: number;
      absent: boolean;
      anomalies: string[];
    }>(
      `SELECT worked_minutes, late_minutes, undertime_minutes, absent, anomalies FROM attendance_days
        WHERE employee_id = $1 AND date = $2`,
      [employeeId, date],
    );
    return row!;
  });

const line = (slip: PayslipDetail, code: string) => slip.Lines.find((l) => l.Code === code);
const failures = (slip: PayslipDetail) => slip.Warnings.filter((w) => w.startsWith('Could not compute'));

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  payroll = await signIn(t.app, demo.payroll);
  const [c] = await asTenant((tx) =>
    tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = 'hr@demo.hrpay.test'`),
  );
  companyId = c!.company_id;
  // 08:00-17:00, the 12:00-13:00 break unpaid, 10 minutes' grace, rest days Saturday and Sunday.
  dayShift = await newShift({
    Name: 'S19 Day',
    TimeIn: '08:00',
    TimeOut: '17:00',
    BreakMinutes: 60,
    GraceMinutes: 10,
    RestDays: [0, 6],
  });
  flexShift = await newShift({
    Name: 'S19 Flex',
    TimeIn: '07:00',
    TimeOut: '19:00',
    BreakMinutes: 60,
    IsFlexible: true,
    RequiredHours: 8,
    RestDays: [0, 6],
  });
  // Monthly 26,100: daily rate 26,100 x 12 / 261 = 1,200. Daily 800: hourly 100.
  emp.monthly = await employee('S19-M', 'Monthly', 26100, dayShift);
  emp.daily = await employee('S19-D', 'Daily', 800, dayShift);
  emp.flex = await employee('S19-F', 'Monthly', 26100, flexShift);
});
afterAll(() => t?.close());

// The cut-off 1-15 August 2026 has no holiday; its workdays are 3-7 and 10-14 August (ten days).
const WORKDAYS = ['03', '04', '05', '06', '07', '10', '11', '12', '13', '14'].map((d) => `2026-08-${d}`);
const STRAY = '2026-08-04';
const GRACE = '2026-08-03';

describe('attendance into payroll', () => {
  it('stores a working day punched only outside the shift as an absence, and the payslip computes', async () => {
    // Every workday 08:00-17:00 but: 4 August punched only 17:30-18:30 (after the shift; the flexible employee
    // 19:10-21:00, after the 07:00-19:00 band); the daily-paid one in at 08:08 on 3 August (within grace).
    const rows = ['EmployeeNumber,DateTime,Direction'];
    for (const date of WORKDAYS) {
      for (const number of ['S19-M', 'S19-D', 'S19-F']) {
        if (date === STRAY) continue;
        const timeIn = number === 'S19-D' && date === GRACE ? '08:08' : '08:00';
        rows.push(`${number},${date} ${timeIn}:00,In`, `${number},${date} 17:00:00,Out`);
      }
    }
    const imported = await imports.importFile(hr, 's19.csv', rows.join('\n'));
    expect(imported).toMatchObject({ Status: 'Committed', Added: rows.length - 1 });
    for (const id of [emp.monthly, emp.daily]) {
      await punch(id, `${STRAY}T17:30:00`, 'In');
      await punch(id, `${STRAY}T18:30:00`, 'Out');
    }
    await punch(emp.flex, `${STRAY}T19:10:00`, 'In');
    await punch(emp.flex, `${STRAY}T21:00:00`, 'Out');
    const stored = await call(hr, 'POST', '/api/v1/timelogs/attendance/store', {
      DateFrom: '2026-08-01',
      DateTo: '2026-08-15',
    });
    expect(stored.statusCode, stored.body).toBe(200);

    const absence = { worked_minutes: 0, late_minutes: 0, undertime_minutes: 0, absent: true };
    for (const id of Object.values(emp)) {
      expect(await storedDay(id, STRAY)).toMatchObject({ ...absence, anomalies: ['NoWorkInShift'] });
    }
    // Within grace: on time, and the day counted from 08:00 (480 minutes, not 472).
    expect(await storedDay(emp.daily, GRACE)).toMatchObject({
      worked_minutes: 480,
      late_minutes: 0,
      absent: false,
    });
    // HR's attendance view shows the same day (no late, no undertime, absent).
    const view = await call(hr, 'POST', '/api/v1/timelogs/attendance', {
      DateFrom: STRAY,
      DateTo: STRAY,
      EmployeeId: emp.monthly,
    });
    expect(view.statusCode, view.body).toBe(200);
    expect((view.json().Items as AttendanceDay[])[0]).toMatchObject({
      PunchCount: 2,
      WorkedMinutes: 0,
      LateMinutes: 0,
      UndertimeMinutes: 0,
      Absent: true,
    });

    const period = await computedPeriod({
      Name: 'S19 August 1st',
      CutoffStart: '2026-08-01',
      CutoffEnd: '2026-08-15',
      PayDate: '2026-08-20',
    });
    // Monthly: half of 26,100 = 13,050 basic, less one day's absence of 1,200 = 11,850 gross.
    for (const id of [emp.monthly, emp.flex]) {
      const slip = await payslipOf(period, id);
      expect(failures(slip)).toEqual([]);
      expect(slip.Gross).toBe('11850.00');
    }
    // Daily 800: nine days of 8 hours (3 August whole, grace forgiven) = 72 h x 100 = 7,200.00.
    const daily = await payslipOf(period, emp.daily);
    expect(failures(daily)).toEqual([]);
    expect(line(daily, 'BASIC')).toMatchObject({ Quantity: 72, Amount: '7200.00' });
  });

  it('refuses a shift of more than 8 work hours (Art. 83); a legacy one keeps its hours through other edits', async () => {
    // 07:00-19:00 less a 60-minute break: 11 hours of work.
    const long = await call(hr, 'POST', '/api/v1/shifts', {
      Name: 'S19 Long',
      TimeIn: '07:00',
      TimeOut: '19:00',
      BreakMinutes: 60,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([
      {
        Code: 'TimeOut',
        Description:
          'The shift has 11 hours of work, break taken out: at most 8 (Labor Code Art. 83, normal hours of work). Hours beyond 8 are overtime: end the shift earlier and file an overtime request for them',
      },
    ]);
    const flexible = await call(hr, 'POST', '/api/v1/shifts', {
      Name: 'S19 Flex 9',
      TimeIn: '06:00',
      TimeOut: '20:00',
      IsFlexible: true,
      RequiredHours: 9,
    });
    expect(flexible.statusCode).toBe(400);
    expect(errorCodes(flexible)).toEqual(['RequiredHours']);
    expect(flexible.json().errors[0].Description).toMatch(/Art\. 83/);
    // Exactly 8: 22:00-07:00 less 60 minutes.
    const eight = await newShift({ Name: 'S19 Night', TimeIn: '22:00', TimeOut: '07:00', BreakMinutes: 60 });
    expect(eight).toBeTruthy();

    // A 12-hour shift saved before the rule: its name changes, its times only to at most 8 hours.
    const [legacy] = await asTenant((tx) =>
      tx.query<{ id: string }>(
        `INSERT INTO shifts (tenant_id, company_id, name, time_in, time_out, break_minutes)
         VALUES ($1, $2, 'S19 Legacy', '07:00', '19:00', 0) RETURNING id`,
        [hr.tenantId, companyId],
      ),
    );
    const read = (await call(hr, 'GET', `/api/v1/shifts/${legacy!.id}`)).json();
    const renamed = await call(hr, 'PUT', `/api/v1/shifts/${legacy!.id}`, {
      ...read,
      Name: 'S19 Legacy 12h',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Its grace is no part of its hours either.
    const graced = await call(hr, 'PUT', `/api/v1/shifts/${legacy!.id}`, {
      ...renamed.json(),
      GraceMinutes: 5,
    });
    expect(graced.statusCode, graced.body).toBe(200);
    const longer = await call(hr, 'PUT', `/api/v1/shifts/${legacy!.id}`, {
      ...graced.json(),
      BreakMinutes: 30,
    });
    expect(longer.statusCode).toBe(400);
    expect(errorCodes(longer)).toEqual(['TimeOut']);
  });

  it("refuses to change a shift's times once attendance was stored under it; its name may change", async () => {
    const read = (await call(hr, 'GET', `/api/v1/shifts/${dayShift}`)).json();
    const refused = await call(hr, 'PUT', `/api/v1/shifts/${dayShift}`, {
      ...read,
      TimeIn: '09:00',
      TimeOut: '18:00',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      type: ProblemTypes.invalidState,
      detail:
        "The time in and time out of S19 Day cannot change: attendance of Aug 1–15, 2026 was stored under it. Create a new shift with the new times and move the employees' schedules to it from the date it applies (their schedule's effective date); S19 Day can be deactivated then.",
    });
    for (const change of [{ GraceMinutes: 5 }, { BreakMinutes: 90 }, { RestDays: [0] }]) {
      const res = await call(hr, 'PUT', `/api/v1/shifts/${dayShift}`, { ...read, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
    }
    const flex = (await call(hr, 'GET', `/api/v1/shifts/${flexShift}`)).json();
    const fewer = await call(hr, 'PUT', `/api/v1/shifts/${flexShift}`, { ...flex, RequiredHours: 7 });
    expect(fewer.statusCode).toBe(409);
    // A name (or the active flag) changes no attendance.
    const renamed = await call(hr, 'PUT', `/api/v1/shifts/${dayShift}`, { ...read, Name: 'S19 Day Shift' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ Name: 'S19 Day Shift', TimeIn: '08:00', RowVersion: 2 });
    // A shift nobody's attendance was stored under changes freely.
    const spare = await newShift({ Name: 'S19 Spare', TimeIn: '06:00', TimeOut: '15:00' });
    const spareRead = (await call(hr, 'GET', `/api/v1/shifts/${spare}`)).json();
    const moved = await call(hr, 'PUT', `/api/v1/shifts/${spare}`, {
      ...spareRead,
      TimeIn: '07:00',
      TimeOut: '16:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });
});

describe('a finalised payroll period', () => {
  const period = { name: 'S19 September 1st cut-off', start: '2026-09-01', end: '2026-09-15' };

  beforeAll(async () => {
    // A punch on file from before the period was finalised: 2026-09-01 00:00 Manila.
    await asTenant((tx) =>
      tx.query(
        `INSERT INTO time_logs (tenant_id, company_id, employee_id, punched_at, direction, source)
         VALUES ($1, $2, $3, '2026-08-31 16:00:00+00', 'In', 'Manual')`,
        [hr.tenantId, companyId, emp.daily],
      ),
    );
    // Paid the daily-paid employee (no work location) and was finalised.
    await insertPeriod(asTenant, hr.tenantId, {
      ...period,
      companyId,
      status: 'Finalised',
      payslips: [{ employeeId: emp.daily, payslip: semiMonthlySlip(period.start, period.end) }],
    });
  });

  it('is named in the punch-file preview for a new punch dated inside it; a punch already on file is a duplicate', async () => {
    // 2026-09-01 00:00 Manila is 2026-08-31 16:00 UTC: the punch on file, inside the period.
    const rows = [
      'EmployeeNumber,DateTime,Direction',
      'S19-D,2026-09-01 00:00:00,In',
      'S19-D,2026-09-08 08:00:00,In',
      'S19-D,2026-09-16 08:00:00,In',
      'S19-M,2026-09-08 08:00:00,In',
    ];
    const preview = await imports.preview(hr, 'frozen.csv', rows.join('\n'));
    expect(preview).toMatchObject({
      Status: 'Invalid',
      TotalRows: 4,
      ErrorCount: 1,
      ValidRows: 3,
      DuplicateRows: 1,
      NewRows: 2,
    });
    expect(preview.Errors).toEqual([
      {
        Row: 3,
        Column: 'DateTime',
        Value: '2026-09-08T08:00:00',
        Message: `The punch falls inside the finalised payroll period "${period.name}", which can no longer change`,
      },
    ]);
    const commit = await imports.action(hr, preview.ImportId, 'commit');
    expect(commit.statusCode).toBe(409);
  });

  it('keeps its dates’ holidays: none added, moved, retyped or deleted there; a new name is fine', async () => {
    const frozen = (res: { statusCode: number; body: string; json(): { type: string; detail: string } }) => {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().type).toBe(ProblemTypes.periodFinalised);
      expect(res.json().detail).toContain(`finalised payroll period "${period.name}"`);
      return res.json().detail;
    };
    const holiday = { Name: 'S19 Founding Day', Type: 'SpecialNonWorking' };
    expect(frozen(await call(hr, 'POST', '/api/v1/holidays', { ...holiday, Date: '2026-09-08' }))).toBe(
      `S19 Founding Day cannot be added: Sep 8, 2026 falls inside the finalised payroll period "${period.name}", which was paid with the holidays as they were and can no longer change. Correct the pay with an adjustment period.`,
    );
    // A draft is not paid: it may be added, and not confirmed there.
    const draft = await call(hr, 'POST', '/api/v1/holidays', {
      ...holiday,
      Date: '2026-09-08',
      IsDraft: true,
    });
    expect(draft.statusCode, draft.body).toBe(201);
    frozen(
      await call(hr, 'PUT', `/api/v1/holidays/${draft.json().HolidayId}`, {
        ...draft.json(),
        IsDraft: false,
      }),
    );
    // Moved in from outside, or out from inside; retyped; deleted.
    const outside = await call(hr, 'POST', '/api/v1/holidays', { ...holiday, Date: '2026-09-21' });
    expect(outside.statusCode, outside.body).toBe(201);
    frozen(
      await call(hr, 'PUT', `/api/v1/holidays/${outside.json().HolidayId}`, {
        ...outside.json(),
        Date: '2026-09-09',
      }),
    );
    const [inside] = await asTenant((tx) =>
      tx.query<{ id: string }>(
        `INSERT INTO holidays (tenant_id, company_id, date, name, type) VALUES ($1, $2, '2026-09-10', 'S19 Old Day', 'SpecialNonWorking')
         RETURNING id`,
        [hr.tenantId, companyId],
      ),
    );
    const old = (await call(hr, 'GET', `/api/v1/holidays/${inside!.id}`)).json() as Holiday;
    frozen(await call(hr, 'PUT', `/api/v1/holidays/${old.HolidayId}`, { ...old, Date: '2026-09-22' }));
    frozen(await call(hr, 'PUT', `/api/v1/holidays/${old.HolidayId}`, { ...old, Type: 'Regular' }));
    expect(frozen(await call(hr, 'DELETE', `/api/v1/holidays/${old.HolidayId}`))).toMatch(
      /^S19 Old Day cannot be deleted: Sep 10, 2026 falls inside/,
    );
    const renamed = await call(hr, 'PUT', `/api/v1/holidays/${old.HolidayId}`, {
      ...old,
      Name: 'S19 Old Day (renamed)',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // A local holiday of a place none of the period's payslips work at is not frozen.
    const [plant] = await asTenant((tx) =>
      tx.query<{ id: string }>(
        `SELECT id FROM work_locations WHERE company_id = $1 AND name = 'Main Plant'`,
        [companyId],
      ),
    );
    const local = await call(hr, 'POST', '/api/v1/holidays', {
      ...holiday,
      Date: '2026-09-08',
      WorkLocationId: plant!.id,
    });
    expect(local.statusCode, local.body).toBe(201);
  });
});

describe('deleting a holiday', () => {
  it('checks the RowVersion sent (409 when stale); without one it deletes as before', async () => {
    const created = await call(hr, 'POST', '/api/v1/holidays', {
      Name: 'S19 Outing',
      Type: 'SpecialWorking',
      Date: '2026-10-20',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().HolidayId as string;
    // A colleague renames it meanwhile (RowVersion 1 -> 2).
    const renamed = await call(hr, 'PUT', `/api/v1/holidays/${id}`, {
      ...created.json(),
      Name: 'S19 Team Outing',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stale = await call(hr, 'DELETE', `/api/v1/holidays/${id}`, { RowVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().type).toBe(ProblemTypes.staleRowVersion);
    const unknown = await call(hr, 'DELETE', `/api/v1/holidays/${id}`, { RowVersion: 2, Reason: 'x' });
    expect(unknown.statusCode).toBe(400);
    const deleted = await call(hr, 'DELETE', `/api/v1/holidays/${id}`, { RowVersion: 2 });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().Message).toBe('S19 Team Outing was deleted.');
    const again = await call(hr, 'POST', '/api/v1/holidays', {
      Name: 'S19 Outing 2',
      Type: 'SpecialWorking',
      Date: '2026-10-21',
    });
    expect((await call(hr, 'DELETE', `/api/v1/holidays/${again.json().HolidayId}`)).statusCode).toBe(200);
  });
});
