/** Issue 9 §2 and §3: leave types, the leave ledger, and leave / OT / UT requests through HTTP. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProblemTypes, type EmployeeLeaveCredits, type LeaveType, type TimeRequest } from '@hrpay/contracts';
import {
  caller,
  createTestApp,
  demo,
  errorCodes,
  onPostgres,
  type Session,
  signIn,
  type TestApp,
} from './helpers.js';
import { manilaToday } from '../src/lib/manila.js';

let t: TestApp;
let hr: Session;
let approver: Session;
let employee: Session;
let logisticsHr: Session;
let otherHr: Session;
let ids: Record<string, string>;
let types: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  approver = await signIn(t.app, demo.approver);
  employee = await signIn(t.app, demo.employee);
  logisticsHr = await signIn(t.app, demo.logisticsHr);
  otherHr = await signIn(t.app, demo.otherHr);
  const rows = await t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{ id: string; employee_number: string }>(`SELECT id, employee_number FROM employees`),
  );
  ids = Object.fromEntries(rows.map((r) => [r.employee_number, r.id]));
  // The demo's sample requests (a leave, then overtime and undertime on the next two days) are dated two weeks
  // after today, so on some day they would meet this file's fixed dates. Moved by whole weeks (same weekdays) to
  // about 9 August 2027, a week no test here uses.
  await t.db.withTenant(hr.tenantId, (tx) =>
    tx.query(
      `WITH shift AS (SELECT 7 * round((DATE '2027-08-09' - min(date_from)) / 7.0)::int AS days FROM time_requests)
       UPDATE time_requests r
          SET date_from = r.date_from + shift.days, date_to = r.date_to + shift.days,
              starts_at = r.starts_at + make_interval(days => shift.days),
              ends_at = r.ends_at + make_interval(days => shift.days)
         FROM shift`,
    ),
  );
  const list = await call(hr, 'POST', '/api/v1/leave-types/list', { PageSize: 100 });
  types = Object.fromEntries((list.json().Items as LeaveType[]).map((x) => [x.Code, x.LeaveTypeId]));
});
afterAll(() => t?.close());

const call = caller(() => t.app);
const codes = errorCodes;

async function credits(s: Session, employeeId?: string): Promise<EmployeeLeaveCredits> {
  const res = employeeId
    ? await call(s, 'GET', `/api/v1/leave-credits/employees/${employeeId}`)
    : await call(s, 'GET', '/api/v1/portal/leave-credits');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const balanceOf = (c: EmployeeLeaveCredits, code: string) =>
  c.Balances.find((b) => b.LeaveTypeCode === code)!;

/** Sets an employee's balance of a type to `days` through adjustments (the ledger never takes an edit). */
async function setBalance(employeeId: string, code: string, days: number) {
  const current = balanceOf(await credits(hr, employeeId), code).Balance;
  let delta = days - current;
  while (delta !== 0) {
    const step = Math.max(-366, Math.min(366, delta));
    const res = await call(hr, 'POST', '/api/v1/leave-credits/adjustments', {
      EmployeeId: employeeId,
      LeaveTypeId: types[code],
      Days: step,
      Reason: 'Test opening balance',
    });
    expect(res.statusCode, res.body).toBe(201);
    delta -= step;
  }
}

async function fileLeave(s: Session, body: object): Promise<TimeRequest> {
  const res = await call(s, 'POST', '/api/v1/leave-requests', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/**
 * Runs the accrual as of a date with the clock set to that day (Manila noon): a run grants nothing dated after
 * today, so a year end still ahead is reached by moving the clock (and signing in again on it).
 */
async function runAccrualOn(asOf: string) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${asOf}T04:00:00Z`) });
  try {
    const hrThen = await signIn(t.app, demo.hr);
    const res = await call(hrThen, 'POST', '/api/v1/leave-credits/accrual-runs', { AsOf: asOf });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  } finally {
    vi.useRealTimers();
  }
}

const outbox = (recipient: string) =>
  t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{ subject: string }>(
      `SELECT subject FROM mail_outbox WHERE recipient = $1 ORDER BY created_at`,
      [recipient],
    ),
  );

describe('leave types', () => {
  it('seeds the Philippine statutory leaves for every company', async () => {
    expect(Object.keys(types).sort()).toEqual(['LWOP', 'ML', 'PL', 'SIL', 'SL', 'SLW', 'SPL', 'VAWC', 'VL']);
    const sil = (await call(hr, 'GET', `/api/v1/leave-types/${types.SIL}`)).json() as LeaveType;
    expect(sil).toMatchObject({
      Name: 'Service Incentive Leave',
      AnnualDays: 5,
      GrantRule: 'HireAnniversary',
      MinServiceMonths: 12,
      ConvertibleToCash: true,
    });
    const ml = (await call(hr, 'GET', `/api/v1/leave-types/${types.ML}`)).json() as LeaveType;
    expect(ml).toMatchObject({ MaxDaysPerRequest: 105, Gender: 'Female', NeedsBalance: false });
    // Another company has its own copy; this company's ids are 404 there.
    expect((await call(logisticsHr, 'GET', `/api/v1/leave-types/${types.SIL}`)).statusCode).toBe(404);
    expect((await call(otherHr, 'GET', `/api/v1/leave-types/${types.SIL}`)).statusCode).toBe(404);
    const theirs = await call(logisticsHr, 'POST', '/api/v1/leave-types/list', {});
    expect(theirs.json().TotalCount).toBe(9);
  });

  it('creates, refuses duplicates, takes back its own GET body, and deletes only when unused', async () => {
    const res = await call(hr, 'POST', '/api/v1/leave-types', {
      Code: 'bdl',
      Name: 'Birthday Leave',
      GrantRule: 'Yearly',
      AnnualDays: 1,
      HalfDayAllowed: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as LeaveType;
    expect(created).toMatchObject({ Code: 'BDL', IsPaid: true, NeedsBalance: true, RowVersion: 1 });
    const dup = await call(hr, 'POST', '/api/v1/leave-types', {
      Code: 'VL',
      Name: 'birthday leave',
      AnnualDays: 1,
    });
    expect(dup.statusCode).toBe(400);
    expect(codes(dup).sort()).toEqual(['Code', 'Name']);
    const noDays = await call(hr, 'POST', '/api/v1/leave-types', {
      Code: 'X',
      Name: 'X',
      GrantRule: 'Monthly',
    });
    expect(codes(noDays)).toEqual(['AnnualDays']);
    const halfDays = await call(hr, 'POST', '/api/v1/leave-types', { Code: 'Y', Name: 'Y', AnnualDays: 1.3 });
    expect(codes(halfDays)).toEqual(['AnnualDays']);

    const read = (await call(hr, 'GET', `/api/v1/leave-types/${created.LeaveTypeId}`)).json();
    const put = await call(hr, 'PUT', `/api/v1/leave-types/${created.LeaveTypeId}`, {
      ...read,
      AnnualDays: 2,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ AnnualDays: 2, RowVersion: 2 });
    const stale = await call(hr, 'PUT', `/api/v1/leave-types/${created.LeaveTypeId}`, {
      ...read,
      AnnualDays: 3,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().type).toBe(ProblemTypes.staleRowVersion);

    // VL has a (seeded) request filed against it.
    const used = await call(hr, 'DELETE', `/api/v1/leave-types/${types.VL}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().type).toBe(ProblemTypes.stillReferenced);
    expect(used.json().detail).toMatch(/Deactivate it instead/);
    expect((await call(hr, 'DELETE', `/api/v1/leave-types/${created.LeaveTypeId}`)).statusCode).toBe(200);
    expect((await call(employee, 'POST', '/api/v1/leave-types/list', {})).statusCode).toBe(403);
    expect((await call(employee, 'GET', '/api/v1/leave-types/options')).statusCode).toBe(200);
  });
});

describe('leave credits', () => {
  let newHire: string;

  beforeAll(async () => {
    // A woman hired on 10 March 2025, straight into the database as the import would have put her.
    const [row] = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ id: string }>(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, gender, hire_date)
         SELECT tenant_id, company_id, 'DM-0100', 'Rica', 'Villanueva', 'Female', DATE '2025-03-10' FROM employees
          WHERE id = $1 RETURNING id`,
        [ids['DM-0004']],
      ),
    );
    newHire = row!.id;
  });

  it('grants and accrues what is due by a date, and a second run grants nothing', async () => {
    const first = await call(hr, 'POST', '/api/v1/leave-credits/accrual-runs', { AsOf: '2026-03-31' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().EntriesCreated).toBeGreaterThan(0);
    const c = await credits(hr, newHire);
    // SIL: 5 days on the first anniversary (10 March 2026); VL and SL: 1.25 a month for January to March.
    // Solo parent and VAWC leave are per case (no credits); VAWC shows to her as a woman.
    expect(balanceOf(c, 'SIL').Balance).toBe(5);
    expect(balanceOf(c, 'VL').Balance).toBe(3.75);
    expect(balanceOf(c, 'SL').Balance).toBe(3.75);
    expect(balanceOf(c, 'SPL')).toMatchObject({ NeedsBalance: false, Balance: 0 });
    expect(balanceOf(c, 'VAWC').NeedsBalance).toBe(false);
    expect(c.Entries.every((e) => e.Kind === 'Accrual' || e.Kind === 'Grant')).toBe(true);
    // Entries written together (a month's accruals of each type) keep one order: by the type's name.
    for (let i = 1; i < c.Entries.length; i++) {
      const [a, b] = [c.Entries[i - 1]!, c.Entries[i]!];
      if (a.EntryDate === b.EntryDate && a.CreatedAt === b.CreatedAt)
        expect(
          a.LeaveTypeName.localeCompare(b.LeaveTypeName),
          `${a.LeaveTypeName} ${b.LeaveTypeName}`,
        ).toBeLessThan(0);
    }
    const silGrant = c.Entries.find((e) => e.LeaveTypeName === 'Service Incentive Leave')!;
    expect(silGrant).toMatchObject({ Kind: 'Grant', EntryDate: '2026-03-10', Days: 5 });

    const again = await call(hr, 'POST', '/api/v1/leave-credits/accrual-runs', { AsOf: '2026-03-31' });
    expect(again.json().EntriesCreated).toBe(0);
    expect(again.json().Message).toBe('Every grant and accrual due by Mar 31, 2026 is already on file.');
    expect(balanceOf(await credits(hr, newHire), 'VL').Balance).toBe(3.75);
  });

  it('expires or converts to cash what exceeds the carry-over cap at the next year', async () => {
    await runAccrualOn('2026-12-31');
    const december = await credits(hr, newHire);
    expect(balanceOf(december, 'VL').Balance).toBe(15);
    await runAccrualOn('2027-01-05');
    const c = await credits(hr, newHire);
    // VL keeps 5 (cap) + January's 1.25; SIL's 5 unused days are converted to cash (cap 0).
    expect(balanceOf(c, 'VL').Balance).toBe(6.25);
    const conversion = c.Entries.find((e) => e.Kind === 'CashConversion')!;
    expect(conversion).toMatchObject({ Days: -5, EntryDate: '2027-01-01' });
    expect(conversion.Reason).toMatch(/converted to cash/);
    expect(c.Entries.some((e) => e.Kind === 'Expiry' && e.Days === -10)).toBe(true);
  });

  it('adjusts with a reason and never below zero', async () => {
    const noReason = await call(hr, 'POST', '/api/v1/leave-credits/adjustments', {
      EmployeeId: newHire,
      LeaveTypeId: types.SL,
      Days: 1,
      Reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(codes(noReason)).toEqual(['Reason']);
    const before = balanceOf(await credits(hr, newHire), 'SL').Balance;
    const negative = await call(hr, 'POST', '/api/v1/leave-credits/adjustments', {
      EmployeeId: newHire,
      LeaveTypeId: types.SL,
      Days: -(before + 1),
      Reason: 'Correction',
    });
    expect(negative.statusCode).toBe(409);
    expect(negative.json().type).toBe(ProblemTypes.insufficientBalance);
    const ok = await call(hr, 'POST', '/api/v1/leave-credits/adjustments', {
      EmployeeId: newHire,
      LeaveTypeId: types.SL,
      Days: -0.5,
      Reason: 'Half day taken before HRPAY',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(balanceOf(ok.json(), 'SL').Balance).toBe(before - 0.5);
    const audit = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(`SELECT 1 FROM audit_log WHERE entity = 'leave-credit' AND entity_id = $1`, [newHire]),
    );
    expect(audit).toHaveLength(1);
    // The ledger is append-only for the application role.
    await expect(
      t.db.withTenant(hr.tenantId, (tx) => tx.query(`UPDATE leave_ledger SET days = 99`)),
    ).rejects.toThrow(/permission denied/);
    // Only the accrual run's own entries can be deleted (with an employee added by mistake): not an adjustment.
    const kept = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(`DELETE FROM leave_ledger WHERE kind IN ('Adjustment', 'Use') RETURNING id`),
    );
    expect(kept).toEqual([]);
    const [{ n }] = (await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM leave_ledger WHERE kind = 'Adjustment'`),
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });

  it('shows a portal user their own credits and HR the grid', async () => {
    const mine = await credits(employee);
    expect(mine.EmployeeNumber).toBe('DM-0004');
    expect(balanceOf(mine, 'VL').NeedsBalance).toBe(true);
    expect(mine.Balances.map((b) => b.LeaveTypeCode)).not.toContain('ML'); // a man: no maternity leave
    expect(
      (await call(employee, 'GET', `/api/v1/leave-credits/employees/${ids['DM-0004']}`)).statusCode,
    ).toBe(403);
    const grid = await call(hr, 'POST', '/api/v1/leave-credits/list', {
      LeaveTypeId: types.VL,
      Search: 'Dela Cruz',
    });
    expect(grid.statusCode).toBe(200);
    expect(grid.json().Items).toHaveLength(1);
    expect(grid.json().Items[0]).toMatchObject({ EmployeeNumber: 'DM-0004', LeaveTypeCode: 'VL' });
    expect(
      (await call(logisticsHr, 'GET', `/api/v1/leave-credits/employees/${ids['DM-0004']}`)).statusCode,
    ).toBe(404);
  });
});

describe('leave requests', () => {
  it('counts working days of the schedule (rest days and holidays excluded) and routes to the approver', async () => {
    await setBalance(ids['DM-0004']!, 'VL', 10);
    // 23-28 December 2026: Christmas Eve (special) and Christmas Day (regular) are holidays, Saturday and Sunday
    // the rest days (the demo shifts run Monday to Friday): Wednesday 23 and Monday 28.
    const r = await fileLeave(employee, {
      LeaveTypeId: types.VL,
      DateFrom: '2026-12-23',
      DateTo: '2026-12-28',
      Reason: 'Christmas in the province',
    });
    expect(r).toMatchObject({
      Status: 'Pending',
      Days: 2,
      ReviewerName: 'Ana Cruz',
      EmployeeNumber: 'DM-0004',
    });
    expect(r.CanCancel).toBe(true);
    expect(r.CanReview).toBe(false);
    expect((await outbox('approver@demo.hrpay.test')).map((m) => m.subject)).toContain(
      'Juan Dela Cruz filed a leave request',
    );
    const c = balanceOf(await credits(employee), 'VL');
    expect(c).toMatchObject({ Balance: 10, Pending: 3, Available: 7 }); // 2 + the seeded 1-day request

    const overlap = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: types.SL,
      DateFrom: '2026-12-28',
      DateTo: '2026-12-29',
      Reason: 'x',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().type).toBe(ProblemTypes.overlap);
    // Portal walkthrough: the same leave filed twice, more than the 6 days left, was refused for the balance
    // (the first filing holding the days) rather than as the overlap it is.
    const twice = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: types.VL,
      DateFrom: '2026-12-21',
      DateTo: '2027-01-08',
      Reason: 'Christmas in the province',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().type).toBe(ProblemTypes.overlap);
    const holidayOnly = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: types.VL,
      DateFrom: '2026-12-30',
      DateTo: '2026-12-30',
      Reason: 'x',
    });
    expect(holidayOnly.statusCode).toBe(400);
    expect(holidayOnly.json().errors[0].Description).toMatch(/Rizal Day/);
    const tooMuch = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: types.VL,
      DateFrom: '2027-02-01',
      DateTo: '2027-02-10',
      Reason: 'x',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().type).toBe(ProblemTypes.insufficientBalance);
    const male = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: types.ML,
      DateFrom: '2027-02-01',
      DateTo: '2027-02-01',
      Reason: 'x',
    });
    expect(codes(male)).toEqual(['LeaveTypeId']);
    const halfTwoDays = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: types.VL,
      DateFrom: '2027-02-01',
      DateTo: '2027-02-02',
      HalfDay: true,
      Reason: 'x',
    });
    expect(codes(halfTwoDays)).toEqual(['HalfDay']);
    const reversed = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: types.VL,
      DateFrom: '2027-02-02',
      DateTo: '2027-02-01',
      Reason: 'x',
    });
    expect(codes(reversed)).toEqual(['DateTo']);
  });

  it('files requests for dates up to the end of next year, not later (a year typed wrong)', async () => {
    const nextYear = Number(manilaToday().slice(0, 4)) + 1;
    const lastDay = `Requests can be filed for dates up to Dec 31, ${nextYear}, the end of next year`;
    const refused = (res: {
      statusCode: number;
      json(): { errors: { Code: string; Description: string }[] };
    }) => {
      expect(res.statusCode).toBe(400);
      return res.json().errors.map((e) => `${e.Code}: ${e.Description}`);
    };
    const typo = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: types.VL,
      DateFrom: `${nextYear + 36}-02-01`,
      DateTo: `${nextYear + 36}-02-01`,
      Reason: 'x',
    });
    expect(refused(typo)).toEqual([`DateFrom: ${lastDay}`]);
    const intoTheYearAfter = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: types.VL,
      DateFrom: `${nextYear}-12-28`,
      DateTo: `${nextYear + 1}-01-05`,
      Reason: 'x',
    });
    expect(refused(intoTheYearAfter)).toEqual([`DateTo: ${lastDay}`]);
    const overtime = await call(employee, 'POST', '/api/v1/ot-requests', {
      Date: `${nextYear + 1}-01-05`,
      StartTime: '17:00',
      EndTime: '19:00',
      Reason: 'x',
    });
    expect(refused(overtime)).toEqual([`Date: ${lastDay}`]);
    // The last day itself is not refused for its date (in 2027 a Friday, filed, then withdrawn).
    const onTheLastDay = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: types.VL,
      DateFrom: `${nextYear}-12-31`,
      DateTo: `${nextYear}-12-31`,
      Reason: 'x',
    });
    expect(onTheLastDay.body).not.toContain('the end of next year');
    if (onTheLastDay.statusCode === 201) {
      const filed = onTheLastDay.json() as TimeRequest;
      const withdrawn = await call(employee, 'POST', `/api/v1/leave-requests/${filed.RequestId}/cancel`, {
        RowVersion: filed.RowVersion,
      });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    }
  });

  it('lets the approver approve: the balance drops by a Use entry; every refused transition answers', async () => {
    const r = await fileLeave(employee, {
      LeaveTypeId: types.VL,
      DateFrom: '2027-01-18',
      DateTo: '2027-01-18',
      HalfDay: true,
      Reason: 'Bank errand',
    });
    expect(r.Days).toBe(0.5);
    const waiting = await call(approver, 'POST', '/api/v1/leave-requests/list', {
      Scope: 'Review',
      Status: 'Pending',
    });
    const mine = (waiting.json().Items as TimeRequest[]).find((x) => x.RequestId === r.RequestId)!;
    expect(mine.CanReview).toBe(true);
    // The filer cannot review their own request; HR-only scope is refused to a portal user.
    expect(
      (await call(employee, 'POST', `/api/v1/leave-requests/${r.RequestId}/approve`, { RowVersion: 1 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(employee, 'POST', '/api/v1/leave-requests/list', { Scope: 'Company' })).statusCode,
    ).toBe(403);
    const stale = await call(approver, 'POST', `/api/v1/leave-requests/${r.RequestId}/approve`, {
      RowVersion: 7,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().type).toBe(ProblemTypes.staleRowVersion);
    const credited = await credits(employee);
    const before = balanceOf(credited, 'VL').Balance;
    // The reviewer sees what approving draws on: the employee's balance and what pending requests hold (this
    // one's half day included); the employee's own read and the list do not carry it.
    const read = async (s: Session) =>
      (await call(s, 'GET', `/api/v1/leave-requests/${r.RequestId}`)).json() as TimeRequest;
    const pending = balanceOf(credited, 'VL').Pending;
    expect(pending).toBeGreaterThanOrEqual(0.5);
    expect((await read(approver)).LeaveBalance).toEqual({ Balance: before, Pending: pending });
    expect((await read(hr)).LeaveBalance).toEqual({ Balance: before, Pending: pending });
    expect((await read(employee)).LeaveBalance).toBeUndefined();
    const listed = await call(approver, 'POST', '/api/v1/leave-requests/list', { Scope: 'Review' });
    expect(listed.json().Items.every((i: TimeRequest) => i.LeaveBalance === undefined)).toBe(true);
    const ok = await call(approver, 'POST', `/api/v1/leave-requests/${r.RequestId}/approve`, {
      RowVersion: 1,
      Remarks: 'Enjoy',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      Status: 'Approved',
      DecidedByName: 'Ana Cruz',
      Remarks: 'Enjoy',
      RowVersion: 2,
    });
    expect(balanceOf(await credits(employee), 'VL').Balance).toBe(before - 0.5);
    expect((await outbox('employee@demo.hrpay.test')).map((m) => m.subject)).toContain(
      'Your leave request was approved',
    );
    for (const action of ['approve', 'reject']) {
      const again = await call(approver, 'POST', `/api/v1/leave-requests/${r.RequestId}/${action}`, {
        RowVersion: 2,
        Remarks: 'again',
      });
      expect(again.statusCode, action).toBe(409);
      expect(again.json().type).toBe(ProblemTypes.invalidState);
    }
    // Approved -> Cancelled only by HR; the days come back through a reversal entry. The filer, whose request
    // was approved while they meant to cancel it, is told its state (409, the page refreshes), not refused (403).
    const own = await call(employee, 'POST', `/api/v1/leave-requests/${r.RequestId}/cancel`, {
      RowVersion: 2,
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().type).toBe(ProblemTypes.invalidState);
    expect(own.json().detail).toBe(
      'This leave request is already approved; only HR can cancel an approved request. Ask HR to cancel it.',
    );
    const cancelled = await call(hr, 'POST', `/api/v1/leave-requests/${r.RequestId}/cancel`, {
      RowVersion: 2,
      Remarks: 'Office closed that day',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().Status).toBe('Cancelled');
    const after = await credits(employee);
    expect(balanceOf(after, 'VL').Balance).toBe(before);
    expect(after.Entries.filter((e) => e.RequestId === r.RequestId).map((e) => [e.Kind, e.Days])).toEqual(
      expect.arrayContaining([
        ['Use', -0.5],
        ['Reversal', 0.5],
      ]),
    );
    // Each entry names the dates of its leave (it is dated on the day of the decision).
    const ofRequest = after.Entries.filter((e) => e.RequestId === r.RequestId);
    expect(ofRequest.map((e) => [e.RequestDateFrom, e.RequestDateTo])).toEqual([
      [r.DateFrom, r.DateTo],
      [r.DateFrom, r.DateTo],
    ]);
    expect(after.Entries.filter((e) => e.RequestId === null).every((e) => e.RequestDateFrom === null)).toBe(
      true,
    );
    const audit = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(`SELECT action FROM audit_log WHERE entity = 'leave-request' AND entity_id = $1`, [
        r.RequestId,
      ]),
    );
    expect(audit).toHaveLength(3);
  });

  it('rejects with remarks only; the filer cancels a pending one; cancelled and rejected stay final', async () => {
    const r = await fileLeave(employee, {
      LeaveTypeId: types.VL,
      DateFrom: '2027-01-20',
      DateTo: '2027-01-20',
      Reason: 'Errand',
    });
    const bare = await call(approver, 'POST', `/api/v1/leave-requests/${r.RequestId}/reject`, {
      RowVersion: 1,
    });
    expect(bare.statusCode).toBe(400);
    expect(codes(bare)).toEqual(['Remarks']);
    const rejected = await call(approver, 'POST', `/api/v1/leave-requests/${r.RequestId}/reject`, {
      RowVersion: 1,
      Remarks: 'Inventory week',
    });
    expect(rejected.json().Status).toBe('Rejected');
    const late = await call(hr, 'POST', `/api/v1/leave-requests/${r.RequestId}/cancel`, { RowVersion: 2 });
    expect(late.statusCode).toBe(409);
    expect(late.json().type).toBe(ProblemTypes.invalidState);

    const p = await fileLeave(employee, {
      LeaveTypeId: types.VL,
      DateFrom: '2027-01-21',
      DateTo: '2027-01-21',
      Reason: 'Errand',
    });
    const own = await call(employee, 'POST', `/api/v1/leave-requests/${p.RequestId}/cancel`, {
      RowVersion: 1,
    });
    expect(own.json().Status).toBe('Cancelled');
    const approveCancelled = await call(approver, 'POST', `/api/v1/leave-requests/${p.RequestId}/approve`, {
      RowVersion: 2,
    });
    expect(approveCancelled.statusCode).toBe(409);
  });

  it('sends a request of someone whose supervisor has no approver to HR; nobody reviews their own', async () => {
    // Grace (DM-0007) reports to Jose, a payroll user who is no approver: HR files for her and reviews it.
    const g = await fileLeave(hr, {
      EmployeeId: ids['DM-0007'],
      LeaveTypeId: types.LWOP,
      DateFrom: '2027-01-22',
      DateTo: '2027-01-22',
      Reason: 'Personal',
    });
    expect(g).toMatchObject({ ReviewerName: 'HR', EmployeeName: 'Grace Garcia', CanReview: true });
    // The approver of another team sees nothing of it.
    expect((await call(approver, 'GET', `/api/v1/leave-requests/${g.RequestId}`)).statusCode).toBe(404);
    expect((await call(employee, 'GET', `/api/v1/leave-requests/${g.RequestId}`)).statusCode).toBe(404);
    expect((await call(logisticsHr, 'GET', `/api/v1/leave-requests/${g.RequestId}`)).statusCode).toBe(404);
    expect((await call(otherHr, 'GET', `/api/v1/leave-requests/${g.RequestId}`)).statusCode).toBe(404);
    expect(
      (await call(hr, 'POST', `/api/v1/leave-requests/${g.RequestId}/approve`, { RowVersion: 1 })).statusCode,
    ).toBe(200);

    // HR's own request (Maria, DM-0001) goes to HR, but not to herself.
    const m = await fileLeave(hr, {
      EmployeeId: ids['DM-0001'],
      LeaveTypeId: types.LWOP,
      DateFrom: '2027-01-22',
      DateTo: '2027-01-22',
      Reason: 'Personal',
    });
    expect(m.CanReview).toBe(false);
    const self = await call(hr, 'POST', `/api/v1/leave-requests/${m.RequestId}/approve`, { RowVersion: 1 });
    expect(self.statusCode).toBe(403);
    expect(self.json().detail).toBe('You cannot review your own request.');

    const noEmployee = await call(hr, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: types.LWOP,
      DateFrom: '2027-01-22',
      DateTo: '2027-01-22',
      Reason: 'x',
    });
    expect(codes(noEmployee)).toEqual(['EmployeeId']);
    const foreign = await call(logisticsHr, 'POST', '/api/v1/leave-requests', {
      EmployeeId: ids['DM-0007'],
      LeaveTypeId: types.LWOP,
      DateFrom: '2027-01-22',
      DateTo: '2027-01-22',
      Reason: 'x',
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('opens a leave type to some employment statuses only, for filing and for credits', async () => {
    // Every company starts with the standard statuses (migration 0048): Probationary is there, nobody on it.
    const statuses = await call(hr, 'POST', '/api/v1/employment-statuses/list', { Search: 'Probationary' });
    const probationary = (
      statuses.json().Items as { Id: string; Name: string; EmployeeCount: number }[]
    ).find((s) => s.Name === 'Probationary');
    expect(probationary, statuses.body).toMatchObject({ EmployeeCount: 0 });
    const unknown = await call(hr, 'POST', '/api/v1/leave-types', {
      Code: 'XX',
      Name: 'Nobody Leave',
      AnnualDays: 3,
      EmploymentStatusIds: [ids['DM-0004']],
    });
    expect(codes(unknown)).toEqual(['EmploymentStatusIds']);
    const created = await call(hr, 'POST', '/api/v1/leave-types', {
      Code: 'PBL',
      Name: 'Probationers Leave',
      AnnualDays: 3,
      EmploymentStatusIds: [probationary!.Id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const type = created.json() as LeaveType;
    expect(type.EmploymentStatusIds).toHaveLength(1);
    // Juan is a regular employee: he can neither file it nor earn it.
    const refused = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: type.LeaveTypeId,
      DateFrom: '2027-02-03',
      DateTo: '2027-02-03',
      Reason: 'x',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].Description).toMatch(/employment status/);
    await call(hr, 'POST', '/api/v1/leave-credits/accrual-runs', { AsOf: '2026-06-30' });
    expect((await credits(employee)).Balances.map((b) => b.LeaveTypeCode)).not.toContain('PBL');
  });

  it('lists with filters for HR: status, type, dates, department, employee', async () => {
    const all = await call(hr, 'POST', '/api/v1/leave-requests/list', { Scope: 'Company', PageSize: 100 });
    expect(all.statusCode).toBe(200);
    const items = all.json().Items as TimeRequest[];
    expect(items.length).toBe(all.json().TotalCount);
    const byStatus = await call(hr, 'POST', '/api/v1/leave-requests/list', {
      Scope: 'Company',
      Status: 'Rejected',
    });
    expect((byStatus.json().Items as TimeRequest[]).every((x) => x.Status === 'Rejected')).toBe(true);
    expect(byStatus.json().TotalCount).toBe(1);
    const byEmployee = await call(hr, 'POST', '/api/v1/leave-requests/list', {
      Scope: 'Company',
      EmployeeId: ids['DM-0007'],
    });
    expect(byEmployee.json().TotalCount).toBe(1);
    const byDates = await call(hr, 'POST', '/api/v1/leave-requests/list', {
      Scope: 'Company',
      DateFrom: '2026-12-25',
      DateTo: '2026-12-26',
    });
    expect((byDates.json().Items as TimeRequest[]).map((x) => x.DateFrom)).toEqual(['2026-12-23']);
    const byType = await call(hr, 'POST', '/api/v1/leave-requests/list', {
      Scope: 'Company',
      LeaveTypeId: types.LWOP,
    });
    expect(byType.json().TotalCount).toBe(2);
    const theirs = await call(logisticsHr, 'POST', '/api/v1/leave-requests/list', {
      Scope: 'Company',
      PageSize: 100,
    });
    expect((theirs.json().Items as TimeRequest[]).some((x) => x.EmployeeNumber.startsWith('DM-'))).toBe(
      false,
    );
  });
});

describe('overtime and undertime requests', () => {
  it("takes overtime after the shift's end or on a rest day, at most a day long", async () => {
    // Juan works the day shift (08:00-17:00), rest day Sunday. 2027-01-19 is a Tuesday.
    const early = await call(employee, 'POST', '/api/v1/ot-requests', {
      Date: '2027-01-19',
      StartTime: '16:00',
      EndTime: '19:00',
      Reason: 'Rush order',
    });
    expect(early.statusCode).toBe(400);
    expect(codes(early)).toEqual(['StartTime']);
    const ok = await call(employee, 'POST', '/api/v1/ot-requests', {
      Date: '2027-01-19',
      StartTime: '17:00',
      EndTime: '19:30',
      Reason: 'Rush order',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      StartTime: '17:00',
      EndTime: '19:30',
      Minutes: 150,
      ReviewerName: 'Ana Cruz',
    });
    const overlap = await call(employee, 'POST', '/api/v1/ot-requests', {
      Date: '2027-01-19',
      StartTime: '19:00',
      EndTime: '21:00',
      Reason: 'More',
    });
    expect(overlap.statusCode).toBe(409);
    // Sunday 2027-01-24, across midnight.
    const sunday = await call(employee, 'POST', '/api/v1/ot-requests', {
      Date: '2027-01-24',
      StartTime: '22:00',
      EndTime: '02:00',
      Reason: 'Machine changeover',
    });
    expect(sunday.statusCode, sunday.body).toBe(201);
    expect(sunday.json()).toMatchObject({ Minutes: 240, DateFrom: '2027-01-24' });
    const badTime = await call(employee, 'POST', '/api/v1/ot-requests', {
      Date: '2027-01-24',
      StartTime: '25:00',
      EndTime: '02:00',
      Reason: 'x',
    });
    expect(codes(badTime)).toEqual(['StartTime']);
    const rejected = await call(hr, 'POST', `/api/v1/ot-requests/${ok.json().RequestId}/reject`, {
      RowVersion: 1,
      Remarks: 'No budget',
    });
    expect(rejected.json().Status).toBe('Rejected');
  });

  it("takes undertime only inside the shift of a working day, with the day's schedule in its details", async () => {
    const outside = await call(employee, 'POST', '/api/v1/ut-requests', {
      Date: '2027-01-19',
      TimeLeaving: '17:30',
      Reason: 'Clinic',
    });
    expect(codes(outside)).toEqual(['TimeLeaving']);
    const sunday = await call(employee, 'POST', '/api/v1/ut-requests', {
      Date: '2027-01-24',
      TimeLeaving: '15:00',
      Reason: 'Clinic',
    });
    expect(codes(sunday)).toEqual(['Date']);
    const ok = await call(employee, 'POST', '/api/v1/ut-requests', {
      Date: '2027-01-19',
      TimeLeaving: '15:00',
      Reason: 'Clinic',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ StartTime: '15:00', EndTime: '17:00', Minutes: 120 });
    const details = await call(approver, 'GET', `/api/v1/ut-requests/${ok.json().RequestId}/details`);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().Schedule).toMatchObject({
      ShiftName: 'Day Shift',
      TimeIn: '08:00',
      TimeOut: '17:00',
    });
    // An UT request id is not an OT request.
    expect((await call(hr, 'GET', `/api/v1/ot-requests/${ok.json().RequestId}`)).statusCode).toBe(404);
  });

  it('counts what waits for review: everything pending for HR, the own queue for an approver', async () => {
    const hrCounts = (await call(hr, 'GET', '/api/v1/requests/pending-counts')).json();
    const mine = (await call(approver, 'GET', '/api/v1/requests/pending-counts')).json();
    expect(mine.Undertime).toBeGreaterThanOrEqual(2);
    expect(hrCounts.Leave).toBeGreaterThanOrEqual(mine.Leave);
  });

  it('empties the queue of a user who is no longer an approver: no counts, no Review list', async () => {
    const admin = await signIn(t.app, demo.admin);
    const found = await call(admin, 'POST', '/api/v1/users/list/all', { Search: 'approver@demo' });
    expect(found.statusCode, found.body).toBe(200);
    const url = `/api/v1/users/${found.json().Items[0].UserId}`;
    const setApprover = async (IsApprover: boolean) => {
      const user = (await call(admin, 'GET', url)).json();
      const res = await call(admin, 'PUT', url, { ...user, IsApprover });
      expect(res.statusCode, res.body).toBe(200);
    };
    const review = async () =>
      (await call(approver, 'POST', '/api/v1/ut-requests/list', { Scope: 'Review' })).json().TotalCount;
    expect(await review()).toBeGreaterThan(0);
    await setApprover(false);
    try {
      expect((await call(approver, 'GET', '/api/v1/requests/pending-counts')).json()).toEqual({
        Leave: 0,
        Overtime: 0,
        Undertime: 0,
      });
      expect(await review()).toBe(0);
    } finally {
      await setApprover(true);
    }
    expect(await review()).toBeGreaterThan(0);
  });
});

describe('requests in daily attendance', () => {
  it('pays overtime only under an approved OT request, marks approved leave, and shows a UT day’s punches', async () => {
    // Grace (DM-0007, day shift) works Tuesday 6 October 2026 from 08:00 to 19:00, and is on leave on Wednesday.
    const punch = async (at: string, direction: string) => {
      const res = await call(hr, 'POST', '/api/v1/timelogs', {
        EmployeeId: ids['DM-0007'],
        PunchedAt: at,
        Direction: direction,
        Reason: 'Biometric down',
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await punch('2026-10-06 08:00', 'In');
    await punch('2026-10-06 19:00', 'Out');
    const day = async (date: string) =>
      (
        await call(hr, 'POST', '/api/v1/timelogs/attendance', {
          DateFrom: date,
          DateTo: date,
          EmployeeId: ids['DM-0007'],
        })
      ).json().Items[0];
    expect(await day('2026-10-06')).toMatchObject({ OvertimeMinutes: 120, PayableOvertimeMinutes: 0 });

    const ot = await call(hr, 'POST', '/api/v1/ot-requests', {
      EmployeeId: ids['DM-0007'],
      Date: '2026-10-06',
      StartTime: '17:00',
      EndTime: '18:30',
      Reason: 'Audit',
    });
    expect(ot.statusCode, ot.body).toBe(201);
    // Filed but pending: still not payable.
    expect((await day('2026-10-06')).PayableOvertimeMinutes).toBe(0);
    await call(hr, 'POST', `/api/v1/ot-requests/${ot.json().RequestId}/approve`, { RowVersion: 1 });
    expect(await day('2026-10-06')).toMatchObject({ OvertimeMinutes: 120, PayableOvertimeMinutes: 90 });

    const leave = await fileLeave(hr, {
      EmployeeId: ids['DM-0007'],
      LeaveTypeId: types.SL,
      DateFrom: '2026-10-07',
      DateTo: '2026-10-07',
      Reason: 'Flu',
    });
    expect(await day('2026-10-07')).toMatchObject({ Absent: true, OnLeave: false });
    await call(hr, 'POST', `/api/v1/leave-requests/${leave.RequestId}/approve`, { RowVersion: 1 });
    expect(await day('2026-10-07')).toMatchObject({ Absent: false, OnLeave: true });

    const ut = await call(hr, 'POST', '/api/v1/ut-requests', {
      EmployeeId: ids['DM-0007'],
      Date: '2026-10-06',
      TimeLeaving: '16:00',
      Reason: 'x',
    });
    const details = await call(hr, 'GET', `/api/v1/ut-requests/${ut.json().RequestId}/details`);
    expect(details.json().Punches).toEqual([
      { Time: '08:00', Direction: 'In', Source: 'Manual' },
      { Time: '19:00', Direction: 'Out', Source: 'Manual' },
    ]);
  });
});

describe('portal today', () => {
  it("shows the employee's shift, today's kind of day and the company's next holidays", async () => {
    const res = await call(employee, 'GET', '/api/v1/portal/today');
    expect(res.statusCode, res.body).toBe(200);
    const today = res.json();
    expect(today.Schedule).toEqual({ ShiftName: 'Day Shift', TimeIn: '08:00', TimeOut: '17:00' });
    expect(today.IsRestDay).toBe(new Date(`${today.Date}T00:00:00Z`).getUTCDay() === 0);
    const dates = (today.UpcomingHolidays as { Date: string }[]).map((h) => h.Date);
    expect(dates).toEqual([...dates].sort());
    expect(dates.every((d) => d >= today.Date)).toBe(true);
    expect((await call(hr, 'GET', '/api/v1/portal/today')).statusCode).toBe(403);
  });
});

describe('concurrency', () => {
  it('lets exactly one of two simultaneous decisions on a request stand', async () => {
    const r = await fileLeave(employee, {
      LeaveTypeId: types.LWOP,
      DateFrom: '2027-03-02',
      DateTo: '2027-03-02',
      Reason: 'Race',
    });
    const [a, b] = await Promise.all([
      call(approver, 'POST', `/api/v1/leave-requests/${r.RequestId}/approve`, { RowVersion: 1 }),
      call(hr, 'POST', `/api/v1/leave-requests/${r.RequestId}/reject`, { RowVersion: 1, Remarks: 'No' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('never overdraws a balance when many approvals of different requests draw on it at once', async () => {
    // On PostgreSQL the approvals run on the pool's four connections side by side: 200 give each about 50
    // chances to read a balance another has not yet committed (1000 took 48 s of CI's run and proved no more).
    const n = onPostgres ? 200 : 24;
    const employeeId = ids['DM-0005']!; // Liza, supervised by Ana
    await setBalance(employeeId, 'SL', n);
    // n one-day requests on n working days from March 2027 on, filed by HR for her.
    const filed: TimeRequest[] = [];
    let day = Date.parse('2027-03-01T00:00:00Z');
    while (filed.length < n) {
      const date = new Date(day).toISOString().slice(0, 10);
      day += 86_400_000;
      expect(date <= '2027-12-31', 'working days left in 2027').toBe(true);
      const res = await call(hr, 'POST', '/api/v1/leave-requests', {
        EmployeeId: employeeId,
        LeaveTypeId: types.SL,
        DateFrom: date,
        DateTo: date,
        Reason: 'Load',
      });
      if (res.statusCode === 201) filed.push(res.json());
      else expect(res.statusCode, res.body).toBe(400); // a rest day or holiday
    }
    // Then half the days are taken away: only n / 2 approvals can stand. (An adjustment may no longer take away
    // days pending requests hold; they expire instead, as a year end's carry-over cap can make them.)
    await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(
        `INSERT INTO leave_ledger (tenant_id, company_id, employee_id, leave_type_id, entry_date, kind, days)
         SELECT tenant_id, company_id, id, $2, current_date, 'Expiry', $3 FROM employees WHERE id = $1`,
        [employeeId, types.SL, -n / 2],
      ),
    );
    const results = await Promise.all(
      filed.map((r) =>
        call(approver, 'POST', `/api/v1/leave-requests/${r.RequestId}/approve`, { RowVersion: 1 }),
      ),
    );
    const approved = results.filter((r) => r.statusCode === 200).length;
    expect(approved).toBe(n / 2);
    expect(
      results
        .filter((r) => r.statusCode === 409)
        .every((r) => r.json().type === ProblemTypes.insufficientBalance),
    ).toBe(true);
    expect(balanceOf(await credits(hr, employeeId), 'SL').Balance).toBe(0);
  }, 300_000);

  it('never files more days than are available when many filings for one employee arrive at once', async () => {
    const employeeId = ids['DM-0006']!; // Ramon
    await setBalance(employeeId, 'SL', 3);
    // Ten one-day requests on ten weekdays of March 2027, at once (on PostgreSQL they ran side by side and 11 of 20
    // were accepted against 3 days).
    const dates = ['01', '02', '03', '04', '05', '08', '09', '10', '11', '12'].map((d) => `2027-03-${d}`);
    const results = await Promise.all(
      dates.map((date) =>
        call(hr, 'POST', '/api/v1/leave-requests', {
          EmployeeId: employeeId,
          LeaveTypeId: types.SL,
          DateFrom: date,
          DateTo: date,
          Reason: 'At once',
        }),
      ),
    );
    const filed = results.filter((r) => r.statusCode === 201);
    expect(filed).toHaveLength(3);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 409)).toBe(true);
    const sl = balanceOf(await credits(hr, employeeId), 'SL');
    expect(sl.Available).toBe(0);
    for (const r of filed)
      await call(hr, 'POST', `/api/v1/leave-requests/${r.json().RequestId}/cancel`, { RowVersion: 1 });
  });
});

describe("the tester's findings on requests and leave credits", () => {
  /** An employee straight into the database (as the import would put them), of the demo company. */
  async function addEmployee(number: string, hireDate: string, shiftId: string | null = null) {
    const [row] = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ id: string }>(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, gender, hire_date, shift_id)
         SELECT tenant_id, company_id, $2, 'Test', $2, 'Male', $3::date, coalesce($4::uuid, shift_id) FROM employees
          WHERE id = $1 RETURNING id`,
        [ids['DM-0004'], number, hireDate, shiftId],
      ),
    );
    return row!.id;
  }
  const entriesOf = async (employeeId: string, requestId: string) =>
    (await credits(hr, employeeId)).Entries.filter((e) => e.RequestId === requestId).map((e) => [
      e.Kind,
      e.Days,
    ]);

  it("reverses on cancel exactly what the approval drew, whatever the type's NeedsBalance says now", async () => {
    const created = await call(hr, 'POST', '/api/v1/leave-types', {
      Code: 'FLX',
      Name: 'Flexible Leave',
      GrantRule: 'None',
      NeedsBalance: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const typeUrl = `/api/v1/leave-types/${created.json().LeaveTypeId}`;
    const setNeedsBalance = async (NeedsBalance: boolean) => {
      const res = await call(hr, 'PUT', typeUrl, {
        ...(await call(hr, 'GET', typeUrl)).json(),
        NeedsBalance,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const ramon = ids['DM-0006']!;
    const added = await call(hr, 'POST', '/api/v1/leave-credits/adjustments', {
      EmployeeId: ramon,
      LeaveTypeId: created.json().LeaveTypeId,
      Days: 2,
      Reason: 'Opening balance',
    });
    expect(added.statusCode, added.body).toBe(201);
    const fileAndApprove = async (date: string) => {
      const r = await fileLeave(hr, {
        EmployeeId: ramon,
        LeaveTypeId: created.json().LeaveTypeId,
        DateFrom: date,
        DateTo: date,
        Reason: 'Errand',
      });
      const ok = await call(hr, 'POST', `/api/v1/leave-requests/${r.RequestId}/approve`, { RowVersion: 1 });
      expect(ok.statusCode, ok.body).toBe(200);
      return r.RequestId;
    };
    const cancel = async (id: string) => {
      const res = await call(hr, 'POST', `/api/v1/leave-requests/${id}/cancel`, { RowVersion: 2 });
      expect(res.statusCode, res.body).toBe(200);
    };
    const drawn = await fileAndApprove('2027-06-08'); // draws a day (Use)
    await setNeedsBalance(false);
    const free = await fileAndApprove('2027-06-09'); // draws nothing
    expect(await entriesOf(ramon, drawn)).toEqual([['Use', -1]]);
    expect(await entriesOf(ramon, free)).toEqual([]);
    // The type keeps no balance now, yet the day drawn comes back; then it keeps one again, yet nothing is given
    // back for the request that drew nothing.
    await cancel(drawn);
    expect((await entriesOf(ramon, drawn)).sort()).toEqual([
      ['Reversal', 1],
      ['Use', -1],
    ]);
    await setNeedsBalance(true);
    await cancel(free);
    expect(await entriesOf(ramon, free)).toEqual([]);
  });

  it('runs the accrual when a pro-rated grant rounds to no day', async () => {
    const created = await call(hr, 'POST', '/api/v1/leave-types', {
      Code: 'BD1',
      Name: 'Birthday 1',
      GrantRule: 'Yearly',
      AnnualDays: 1,
      ProrateNewHires: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    // Hired in the second half of November: 1 day x 2/12 months rounds to 0 half days.
    const late = await addEmployee('DM-0101', '2026-11-16');
    const run = await call(hr, 'POST', '/api/v1/leave-credits/accrual-runs', { AsOf: '2026-11-29' });
    expect(run.statusCode, run.body).toBe(200);
    const mine = await credits(hr, late);
    expect(balanceOf(mine, 'BD1').Balance).toBe(0);
    expect(mine.Entries.filter((e) => e.LeaveTypeName === 'Birthday 1')).toEqual([]);
  });

  it('refuses an accrual run dated after today (Manila) or before the year 2000', async () => {
    for (const AsOf of ['2030-01-01', '9999-12-31']) {
      const future = await call(hr, 'POST', '/api/v1/leave-credits/accrual-runs', { AsOf });
      expect(future.statusCode, AsOf).toBe(400);
      expect(codes(future)).toEqual(['AsOf']);
    }
    const yearZero = await call(hr, 'POST', '/api/v1/leave-credits/accrual-runs', { AsOf: '0000-01-03' });
    expect(codes(yearZero)).toEqual(['AsOf']);
  });

  it("bounds a leave type's numbers as the database does", async () => {
    const zero = await call(hr, 'POST', '/api/v1/leave-types', {
      Code: 'MX0',
      Name: 'Max zero',
      GrantRule: 'None',
      NeedsBalance: false,
      MaxDaysPerRequest: 0,
    });
    expect(zero.statusCode, zero.body).toBe(400);
    expect(codes(zero)).toEqual(['MaxDaysPerRequest']);
    expect(zero.json().errors[0].Description).toBe('MaxDaysPerRequest: Value must be at least 0.5');
  });

  it('refuses to file, approve or take back leave and overtime inside a finalised payroll period', async () => {
    const grace = ids['DM-0007']!; // HR reviews her requests
    const pending = await fileLeave(hr, {
      EmployeeId: grace,
      LeaveTypeId: types.LWOP,
      DateFrom: '2027-05-04',
      DateTo: '2027-05-04',
      Reason: 'Personal',
    });
    const approved = await fileLeave(hr, {
      EmployeeId: grace,
      LeaveTypeId: types.LWOP,
      DateFrom: '2027-05-05',
      DateTo: '2027-05-05',
      Reason: 'Personal',
    });
    expect(
      (await call(hr, 'POST', `/api/v1/leave-requests/${approved.RequestId}/approve`, { RowVersion: 1 }))
        .statusCode,
    ).toBe(200);
    const ot = await call(hr, 'POST', '/api/v1/ot-requests', {
      EmployeeId: grace,
      Date: '2027-05-03',
      StartTime: '17:00',
      EndTime: '19:00',
      Reason: 'Audit',
    });
    expect(ot.statusCode, ot.body).toBe(201);
    // The cut-off of 1-15 May 2027 paid her and is finalised (moved there as the payroll service would).
    await t.db.withTenant(hr.tenantId, async (tx) => {
      const [period] = await tx.query<{ id: string }>(
        `INSERT INTO payroll_periods (tenant_id, company_id, name, kind, frequency, cutoff_start, cutoff_end, pay_date, status)
         SELECT tenant_id, company_id, 'May 2027 1st cut-off', 'Regular', 'SemiMonthly', '2027-05-01', '2027-05-15',
                '2027-05-20', 'Approved' FROM employees WHERE id = $1 RETURNING id`,
        [grace],
      );
      await tx.query(
        `INSERT INTO payslips (tenant_id, company_id, payroll_period_id, employee_id)
         SELECT tenant_id, company_id, $2, id FROM employees WHERE id = $1`,
        [grace, period!.id],
      );
      await tx.query(`UPDATE payroll_periods SET status = 'Finalised' WHERE id = $1`, [period!.id]);
    });
    const frozen = (res: { statusCode: number; body: string; json(): { type: string; detail: string } }) => {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().type).toBe(ProblemTypes.periodFinalised);
      expect(res.json().detail).toMatch(/finalised payroll period "May 2027 1st cut-off"/);
    };
    frozen(
      await call(hr, 'POST', '/api/v1/leave-requests', {
        EmployeeId: grace,
        LeaveTypeId: types.LWOP,
        DateFrom: '2027-05-14',
        DateTo: '2027-05-17',
        Reason: 'Personal',
      }),
    );
    frozen(
      await call(hr, 'POST', '/api/v1/ot-requests', {
        EmployeeId: grace,
        Date: '2027-05-06',
        StartTime: '17:00',
        EndTime: '19:00',
        Reason: 'Audit',
      }),
    );
    frozen(await call(hr, 'POST', `/api/v1/leave-requests/${pending.RequestId}/approve`, { RowVersion: 1 }));
    frozen(await call(hr, 'POST', `/api/v1/ot-requests/${ot.json().RequestId}/approve`, { RowVersion: 1 }));
    frozen(await call(hr, 'POST', `/api/v1/leave-requests/${approved.RequestId}/cancel`, { RowVersion: 2 }));
    // Nothing payroll paid changes by withdrawing a pending one; another employee's dates are open.
    const withdrawn = await call(hr, 'POST', `/api/v1/leave-requests/${pending.RequestId}/reject`, {
      RowVersion: 1,
      Remarks: 'Filed late',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await fileLeave(hr, {
      EmployeeId: ids['DM-0006'],
      LeaveTypeId: types.LWOP,
      DateFrom: '2027-05-06',
      DateTo: '2027-05-06',
      Reason: 'Personal',
    });
  });

  it('refuses overtime whose end equals its start (not a day of overtime)', async () => {
    const same = await call(employee, 'POST', '/api/v1/ot-requests', {
      Date: '2027-03-20',
      StartTime: '18:00',
      EndTime: '18:00',
      Reason: 'x',
    });
    expect(same.statusCode).toBe(400);
    expect(codes(same)).toEqual(['EndTime']);
    expect(same.json().errors[0].Description).toBe('EndTime: End time must differ from start time');
  });

  it('finds overtime overlaps across midnight', async () => {
    // Saturday 22:00 to Sunday 03:00, then Sunday 01:00 to 04:00.
    const night = await call(employee, 'POST', '/api/v1/ot-requests', {
      Date: '2027-04-10',
      StartTime: '22:00',
      EndTime: '03:00',
      Reason: 'Inventory',
    });
    expect(night.statusCode, night.body).toBe(201);
    const next = await call(employee, 'POST', '/api/v1/ot-requests', {
      Date: '2027-04-11',
      StartTime: '01:00',
      EndTime: '04:00',
      Reason: 'Inventory',
    });
    expect(next.statusCode, next.body).toBe(409);
    expect(next.json().type).toBe(ProblemTypes.overlap);
    const after = await call(employee, 'POST', '/api/v1/ot-requests', {
      Date: '2027-04-11',
      StartTime: '03:00',
      EndTime: '05:00',
      Reason: 'Inventory',
    });
    expect(after.statusCode, after.body).toBe(201);
  });

  it('takes overtime before the shift, and after a night shift on the morning it ends, never during it', async () => {
    const [shift] = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ id: string }>(
        `INSERT INTO shifts (tenant_id, company_id, name, time_in, time_out, break_minutes, rest_days)
         SELECT tenant_id, company_id, 'Graveyard Test', '22:00', '07:00', 60, '{0}' FROM employees
          WHERE id = $1 RETURNING id`,
        [ids['DM-0004']],
      ),
    );
    const guard = await addEmployee('DM-0102', '2026-01-05', shift!.id);
    const ot = (EmployeeId: string, StartTime: string, EndTime: string) =>
      call(hr, 'POST', '/api/v1/ot-requests', {
        EmployeeId,
        Date: '2027-04-13', // a Tuesday; Monday's shift ends at 07:00 that morning
        StartTime,
        EndTime,
        Reason: 'Cover',
      });
    expect((await ot(guard, '07:00', '09:00')).statusCode).toBe(201);
    expect((await ot(guard, '20:00', '22:00')).statusCode).toBe(201);
    for (const [start, end] of [
      ['06:00', '08:00'],
      ['21:00', '23:00'],
      ['23:00', '01:00'],
    ] as const) {
      const refused = await ot(guard, start, end);
      expect(refused.statusCode, `${start}-${end}`).toBe(400);
      expect(codes(refused)).toEqual(['StartTime']);
      const message = refused.json().errors[0].Description as string;
      expect(message).toMatch(/22:00 to 07:00/);
      expect(message).not.toContain(start);
    }
    // The day shift (08:00-17:00): early work before the start is overtime too.
    const early = await ot(ids['DM-0004']!, '06:00', '08:00');
    expect(early.statusCode, early.body).toBe(201);
  });

  it('bounds request dates to the years 2000 to 2100', async () => {
    for (const date of ['0000-01-03', '0001-01-08', '1899-12-29', '9999-06-01']) {
      const leave = await call(employee, 'POST', '/api/v1/leave-requests', {
        LeaveTypeId: types.LWOP,
        DateFrom: date,
        DateTo: date,
        Reason: 'x',
      });
      expect(leave.statusCode, date).toBe(400);
      expect(codes(leave)).toEqual(['DateFrom', 'DateTo']);
      expect(leave.json().errors[0].Description).toBe('DateFrom: Enter a date from 2000 to 2100');
      const ot = await call(employee, 'POST', '/api/v1/ot-requests', {
        Date: date,
        StartTime: '18:00',
        EndTime: '19:00',
        Reason: 'x',
      });
      expect(ot.statusCode, date).toBe(400);
      expect(codes(ot)).toEqual(['Date']);
    }
  });

  it('says an empty or missing request date is required', async () => {
    const empty = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: types.LWOP,
      DateFrom: '',
      Reason: 'x',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { Code: 'DateFrom', Description: 'DateFrom: This field is required' },
      { Code: 'DateTo', Description: 'DateTo: This field is required' },
    ]);
    // So is an empty time of an overtime request (it said "Enter a time as HH:mm" beside an empty box).
    const noTimes = await call(employee, 'POST', '/api/v1/ot-requests', {
      Date: '2027-04-15',
      StartTime: '',
      EndTime: '',
      Reason: 'x',
    });
    expect(noTimes.statusCode).toBe(400);
    expect(noTimes.json().errors).toEqual([
      { Code: 'StartTime', Description: 'StartTime: This field is required' },
      { Code: 'EndTime', Description: 'EndTime: This field is required' },
    ]);
  });

  it('leaves the unpaid break out of undertime minutes', async () => {
    // 08:00-17:00 with a 60-minute break (12:00-13:00): leaving at 10:00 misses 2 + 4 hours.
    const ut = await call(employee, 'POST', '/api/v1/ut-requests', {
      Date: '2027-04-14',
      TimeLeaving: '10:00',
      Reason: 'Clinic',
    });
    expect(ut.statusCode, ut.body).toBe(201);
    expect(ut.json()).toMatchObject({ StartTime: '10:00', EndTime: '17:00', Minutes: 360 });
  });

  it('files leave and undertime on the schedule in force on their dates, not the one the employee has today', async () => {
    // From 1 June 2027 Juan works the Night Shift (22:00-07:00, a 60-minute break in its middle), Monday and
    // Tuesday off; until then the Day Shift, Saturday and Sunday off.
    await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(
        `INSERT INTO employee_schedules (tenant_id, employee_id, effective_date, shift_id, rest_days)
         SELECT e.tenant_id, e.id, DATE '2027-06-01', s.id, '{1,2}' FROM employees e
           JOIN shifts s ON s.tenant_id = e.tenant_id AND s.company_id = e.company_id AND s.name = 'Night Shift'
          WHERE e.id = $1`,
        [ids['DM-0004']],
      ),
    );
    // Leaving at 03:00 of the shift that starts on Thursday 3 June: 03:00 to 07:00, the break (02:00-03:00) over.
    const ut = await call(employee, 'POST', '/api/v1/ut-requests', {
      Date: '2027-06-03',
      TimeLeaving: '03:00',
      Reason: 'Fever',
    });
    expect(ut.statusCode, ut.body).toBe(201);
    expect(ut.json()).toMatchObject({ StartTime: '03:00', EndTime: '07:00', Minutes: 240 });
    const details = await call(hr, 'GET', `/api/v1/ut-requests/${ut.json().RequestId}/details`);
    expect(details.json().Schedule).toMatchObject({
      ShiftName: 'Night Shift',
      TimeIn: '22:00',
      TimeOut: '07:00',
    });
    const dayShiftTime = await call(employee, 'POST', '/api/v1/ut-requests', {
      Date: '2027-06-04',
      TimeLeaving: '15:00',
      Reason: 'Fever',
    });
    expect(dayShiftTime.statusCode).toBe(400);
    expect(dayShiftTime.json().errors[0].Description).toContain('inside the shift (22:00 to 07:00)');
    // Monday 14 to Saturday 19 June: Wednesday to Saturday are working days (4), Monday and Tuesday rest days.
    await setBalance(ids['DM-0004']!, 'VL', 30);
    const leave = await fileLeave(employee, {
      LeaveTypeId: types.VL,
      DateFrom: '2027-06-14',
      DateTo: '2027-06-19',
      Reason: 'Family trip',
    });
    expect(leave.Days).toBe(4);
    const restDays = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: types.VL,
      DateFrom: '2027-06-21',
      DateTo: '2027-06-22',
      Reason: 'Family trip',
    });
    expect(restDays.statusCode).toBe(400);
    expect(restDays.json().errors[0].Description).toContain('Jun 21, 2027 is a rest day');
    // Before the change, the Day Shift and its weekend rest still hold: Monday 24 to Saturday 29 May is 5 days.
    expect(
      (
        await fileLeave(employee, {
          LeaveTypeId: types.VL,
          DateFrom: '2027-05-24',
          DateTo: '2027-05-29',
          Reason: 'Family trip',
        })
      ).Days,
    ).toBe(5);
  });

  it('counts maternity leave in calendar days (RA 11210: 105 days), rest days and holidays included', async () => {
    const all = (await call(hr, 'POST', '/api/v1/leave-types/list', { PageSize: 100 })).json()
      .Items as LeaveType[];
    const byCode = (code: string) => all.find((x) => x.Code === code)!;
    expect([byCode('ML').CountsCalendarDays, byCode('SLW').CountsCalendarDays]).toEqual([true, true]);
    expect([byCode('VL').CountsCalendarDays, byCode('PL').CountsCalendarDays]).toEqual([false, false]);
    // Monday 4 to Sunday 17 January 2027: 14 calendar days (10 working days of a Monday-to-Friday schedule).
    const ml = await fileLeave(hr, {
      EmployeeId: ids['DM-0005'],
      LeaveTypeId: types.ML,
      DateFrom: '2027-01-04',
      DateTo: '2027-01-17',
      Reason: 'Delivery',
    });
    expect(ml.Days).toBe(14);
    // 106 calendar days are more than the 105 a delivery gives.
    const tooLong = await call(hr, 'POST', '/api/v1/leave-requests', {
      EmployeeId: ids['DM-0005'],
      LeaveTypeId: types.ML,
      DateFrom: '2027-04-01',
      DateTo: '2027-07-15',
      Reason: 'Delivery',
    });
    expect(codes(tooLong)).toEqual(['DateTo']);
    // Turned off for the company's own reading, the same dates count working days.
    const type = byCode('ML');
    const off = await call(hr, 'PUT', `/api/v1/leave-types/${type.LeaveTypeId}`, {
      ...type,
      CountsCalendarDays: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().CountsCalendarDays).toBe(false);
    const counted = await fileLeave(hr, {
      EmployeeId: ids['DM-0005'],
      LeaveTypeId: types.ML,
      DateFrom: '2027-02-01',
      DateTo: '2027-02-14',
      Reason: 'Delivery',
    });
    expect(counted.Days).toBe(10);
  });

  it('offers a portal user only the leave types they may file', async () => {
    const codesOf = async (s: Session) =>
      ((await call(s, 'GET', '/api/v1/leave-types/options')).json() as { Code: string }[]).map((o) => o.Code);
    const his = await codesOf(employee); // Juan, a man
    expect(his).toContain('PL');
    expect(his).not.toContain('ML');
    expect(his).not.toContain('PBL'); // open to probationary employees only
    expect(await codesOf(hr)).toEqual(expect.arrayContaining(['ML', 'PL', 'PBL']));
    // A list's filter (All=true) covers everyone's requests: an approver filters her team's by any type.
    const all = await call(employee, 'GET', '/api/v1/leave-types/options?All=true');
    expect(all.statusCode, all.body).toBe(200);
    expect((all.json() as { Code: string }[]).map((o) => o.Code)).toEqual(
      expect.arrayContaining(['ML', 'PL', 'PBL']),
    );
    expect((await call(employee, 'GET', '/api/v1/leave-types/options?All=yes')).statusCode).toBe(400);
  });
});
