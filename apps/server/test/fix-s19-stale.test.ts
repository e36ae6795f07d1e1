/**
 * A period whose payslips went out of date after its compute (sweepD findings 1, 3 and 6), through HTTP (PGlite by
 * default, PostgreSQL on request): an Approved period is stale too when HR stores the attendance of its cut-off
 * again, or a request of it is decided, and cannot be finalised until it is returned for changes and computed
 * again; the detail says why (StaleReason); a period whose payslips pay days without a request decided after their
 * attendance was stored cannot be approved; and a regular holiday of the cut-off with no stored attendance is paid
 * by its type (Art. 94), not dropped as a missing workday of a daily-paid employee. Figures worked by hand from
 * ../shared/ph-payroll/REFERENCE.md.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  demoCompanyAndDayShift,
  hireOnDayShift,
  insertDayPunches,
  OCTOBER_2026_1ST_CUTOFF as OCTOBER,
  OCTOBER_2026_1ST_CUTOFF_WORKDAYS as OCTOBER_WORKDAYS,
} from './payroll-fixtures.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { amountOf, PERIODS, payrollApi } from './payroll-api.js';

let t: TestApp;
let payroll: Session;
let hr: Session;
let companyId: string;
let dayShift: string;

const call = caller(() => t.app);
const { get, action, compute, computedPeriod, payslipOf, approve, removeUnfinalisedPeriods } = payrollApi(
  () => t,
  () => payroll,
);

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  hr = await signIn(t.app, demo.hr);
  await t.db.withTenant(payroll.tenantId, async (tx) => {
    ({ companyId, dayShift } = await demoCompanyAndDayShift(tx));
    // Another user approves what payroll computed only when the settings say so: not here.
    await tx.query(`UPDATE payroll_settings SET approver_must_differ = false WHERE company_id = $1`, [
      companyId,
    ]);
  });
});
afterAll(() => t?.close());
// Each test's period is its own.
afterEach(() => removeUnfinalisedPeriods());

/** An employee on the Day Shift (08:00-17:00, rest Saturday and Sunday), monthly or daily paid. */
async function employee(number: string, rateType: 'Monthly' | 'Daily', rate: number): Promise<string> {
  return t.db.withTenant(payroll.tenantId, (tx) =>
    hireOnDayShift(tx, payroll.tenantId, companyId, dayShift, {
      number,
      firstName: number,
      lastName: 'Stale',
      rateType,
      rate,
    }),
  );
}

/** 08:00-17:00 punches on the dates (as a punch file brings them); `out` another time out. */
async function punches(employeeId: string, dates: string[], out = '17:00') {
  await t.db.withTenant(payroll.tenantId, (tx) =>
    insertDayPunches(tx, payroll.tenantId, companyId, employeeId, dates, out),
  );
}

async function store(from: string, to: string) {
  const res = await call(hr, 'POST', '/api/v1/timelogs/attendance/store', { DateFrom: from, DateTo: to });
  expect(res.statusCode, res.body).toBe(200);
}

describe('an approved period whose attendance changed', () => {
  it('is stale once HR stores its attendance again: not finalised until returned and computed again', async () => {
    const worker = await employee('ST-0001', 'Monthly', 26100);
    await punches(worker, OCTOBER_WORKDAYS);
    await store('2026-10-01', '2026-10-15');
    const id = await computedPeriod(OCTOBER);
    const ok = await approve(id);
    expect(ok).toMatchObject({ Status: 'Approved', NeedsRecompute: false, StaleReason: null });

    await store('2026-10-05', '2026-10-09');
    const stale = await get(id);
    expect(stale).toMatchObject({
      Status: 'Approved',
      NeedsRecompute: true,
      StaleReason: 'attendance',
      CanFinalise: false,
      CanReturnToDraft: true,
    });
    const refused = await action(id, 'finalise', stale.RowVersion, 'st-0001-finalise');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toContain('stored again after the period was computed');
    expect(refused.json().detail).toContain('Return the period for changes');
    expect((await get(id)).Status).toBe('Approved');

    // The way out: return it for changes (Computed, still stale), compute again, approve.
    const back = await action(id, 'return-to-draft', stale.RowVersion);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ Status: 'Computed', StaleReason: 'attendance', CanApprove: false });
    await compute(id);
    const again = await approve(id);
    expect(again).toMatchObject({ StaleReason: null, NeedsRecompute: false });
  });

  it('is stale once a request of its cut-off is approved, says so, and is not approvable until the days are stored again', async () => {
    const worker = await employee('ST-0002', 'Monthly', 26100);
    await punches(
      worker,
      OCTOBER_WORKDAYS.filter((d) => d !== '2026-10-07'),
    );
    await punches(worker, ['2026-10-07'], '19:00');
    await store('2026-10-01', '2026-10-15');
    const id = await computedPeriod(OCTOBER);
    await approve(id);

    const filed = await call(hr, 'POST', '/api/v1/ot-requests', {
      EmployeeId: worker,
      Date: '2026-10-07',
      StartTime: '17:00',
      EndTime: '19:00',
      Reason: 'Month-end inventory',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const decided = await call(hr, 'POST', `/api/v1/ot-requests/${filed.json().RequestId}/approve`, {
      RowVersion: filed.json().RowVersion,
    });
    expect(decided.statusCode, decided.body).toBe(200);

    const stale = await get(id);
    expect(stale).toMatchObject({ Status: 'Approved', StaleReason: 'request', CanFinalise: false });
    const refused = await action(id, 'finalise', stale.RowVersion, 'st-0002-finalise');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toContain('HR must store the attendance of its days again');

    // The detail read can be sent back as an update (StaleReason, RequestsNotStored are output-only).
    const back = await action(id, 'return-to-draft', stale.RowVersion);
    expect(back.statusCode, back.body).toBe(200);
    const put = await call(payroll, 'PUT', `${PERIODS}/${id}`, back.json());
    expect(put.statusCode, put.body).toBe(200);

    // Computed again without storing: no longer stale, but the payslip pays 7 October without the overtime.
    await compute(id);
    const unstored = await get(id);
    expect(unstored).toMatchObject({
      StaleReason: null,
      NeedsRecompute: false,
      RequestsNotStored: 1,
      CanApprove: false,
    });
    const notYet = await action(id, 'approve', unstored.RowVersion);
    expect(notYet.statusCode, notYet.body).toBe(409);
    expect(notYet.json().detail).toContain('computing again does not change that');
    expect(amountOf(await payslipOf(id, worker), 'OT_ORD')).toBeUndefined();

    // Stored again and computed: 2 h × (1,200.00 / 8) × 125% = 375.00 (Art. 87), approvable.
    await store('2026-10-07', '2026-10-07');
    await compute(id);
    expect(await get(id)).toMatchObject({ RequestsNotStored: 0, CanApprove: true });
    expect(amountOf(await payslipOf(id, worker), 'OT_ORD')).toBe('375.00');
    await approve(id);
  });
});

/** Monday 16 to Friday 27 November 2026: ten workdays. Monday 30 November is Bonifacio Day (a regular holiday). */
const NOVEMBER_WORKDAYS = [
  '2026-11-16',
  '2026-11-17',
  '2026-11-18',
  '2026-11-19',
  '2026-11-20',
  '2026-11-23',
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
  '2026-11-27',
];
const NOVEMBER = {
  Name: 'November 2026 2nd cut-off',
  CutoffStart: '2026-11-16',
  CutoffEnd: '2026-11-30',
  PayDate: '2026-12-05',
};

describe('a regular holiday of the cut-off with no stored attendance', () => {
  it('is paid to a daily-paid employee as an unworked regular holiday, and not called a workday', async () => {
    const types = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ type: string }>(
        `SELECT type FROM holidays WHERE company_id = $1 AND date = '2026-11-30' AND NOT is_draft`,
        [companyId],
      ),
    );
    expect(types.map((h) => h.type)).toEqual(['Regular']);
    const present = await employee('ST-0003', 'Daily', 695);
    const absentFriday = await employee('ST-0004', 'Daily', 695);
    await punches(present, NOVEMBER_WORKDAYS);
    await punches(
      absentFriday,
      NOVEMBER_WORKDAYS.filter((d) => d !== '2026-11-27'),
    );
    // HR stored up to Sunday 29 November: the holiday itself is not stored.
    await store('2026-11-16', '2026-11-29');
    const id = await computedPeriod(NOVEMBER);

    /*
     * ₱695.00 a day, 8 hours: 86.875 an hour.
     * Present on all ten workdays: 80 h × 86.875 = 6,950.00. 30 November not worked, the workday before it
     * (Friday 27, past the rest days 28-29) attended: 100% of the daily rate, 695.00 (Art. 94). Gross 7,645.00.
     */
    const paid = await payslipOf(id, present);
    expect(amountOf(paid, 'BASIC')).toBe('6950.00');
    expect(amountOf(paid, 'HOL_RH')).toBe('695.00');
    expect(paid.Gross).toBe('7645.00');
    const warning = paid.Warnings.find((w) => w.startsWith('Attendance not stored'));
    expect(warning).toBe(
      'Attendance not stored for the holiday 2026-11-30 (regular holiday): paid as a holiday not worked (a regular holiday only when the workday before it was attended or on paid leave); HR must store the attendance of the whole cut-off (Time Logs, Attendance)',
    );
    expect(paid.Warnings.some((w) => w.includes('workday(s)'))).toBe(false);

    /*
     * Absent on Friday 27 November, the workday before the holiday: 9 × 8 h × 86.875 = 6,255.00 and no holiday
     * pay (Art. 94: not present or on paid leave the workday before). Gross 6,255.00.
     */
    const forfeited = await payslipOf(id, absentFriday);
    expect(amountOf(forfeited, 'HOL_RH')).toBeUndefined();
    expect(forfeited.Gross).toBe('6255.00');

    // The same as when the holiday is stored.
    await store('2026-11-30', '2026-11-30');
    await compute(id);
    expect((await payslipOf(id, present)).Gross).toBe('7645.00');
    expect((await payslipOf(id, absentFriday)).Gross).toBe('6255.00');
  });
});

// Payroll walkthrough: HR separated an employee (last day Dec 10) after the Dec 1-15 period was computed; the
// period stayed Computed with the whole half-month's basic, and the Approve dialog offered to approve it.
describe('a computed period whose employee is separated in its cut-off', () => {
  it('is stale (employment) until computed again, and approve is refused meanwhile', async () => {
    const worker = await employee('ST-0101', 'Monthly', 26100);
    await punches(worker, OCTOBER_WORKDAYS);
    await store('2026-10-01', '2026-10-15');
    const id = await computedPeriod(OCTOBER);
    expect((await get(id)).StaleReason).toBeNull();
    const before = await payslipOf(id, worker);

    const read = (await call(hr, 'GET', `/api/v1/employees/${worker}`)).json();
    const separated = await call(hr, 'POST', `/api/v1/employees/${worker}/separation`, {
      SeparationDate: '2026-10-09',
      SeparationReason: 'Resigned',
      RowVersion: read.RowVersion,
    });
    expect(separated.statusCode, separated.body).toBe(200);
    const stale = await get(id);
    expect(stale).toMatchObject({ NeedsRecompute: true, StaleReason: 'employment', CanApprove: false });
    const refused = await action(id, 'approve', stale.RowVersion);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toContain('hire or separation date');

    await compute(id);
    expect((await get(id)).StaleReason).toBeNull();
    const after = await payslipOf(id, worker);
    expect(Number(after.Gross)).toBeLessThan(Number(before.Gross));
  });

  it('is not stale for a separation after its cut-off', async () => {
    const worker = await employee('ST-0102', 'Monthly', 26100);
    await punches(worker, OCTOBER_WORKDAYS);
    await store('2026-10-01', '2026-10-15');
    const id = await computedPeriod(OCTOBER);
    const read = (await call(hr, 'GET', `/api/v1/employees/${worker}`)).json();
    const separated = await call(hr, 'POST', `/api/v1/employees/${worker}/separation`, {
      SeparationDate: '2026-10-30',
      SeparationReason: 'Resigned',
      RowVersion: read.RowVersion,
    });
    expect(separated.statusCode, separated.body).toBe(200);
    expect((await get(id)).StaleReason).toBeNull();
  });
});
