/**
 * Leave, OT / UT requests and the portal dashboard (sweep of leave, requests and the portal): the service a leave
 * needs, the employment dates, OT / UT on a day of leave, the dashboard's pending count, absolute links in the
 * request mails, adjustments below what pending requests hold, "Earned" and the approval a cancel keeps.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployeeLeaveCredits, LeaveType, PortalDashboard, TimeRequest } from '@hrpay/contracts';
import { addMonths } from '../src/lib/manila.js';
import { makeEmployee } from './factories.js';
import { caller, createTestApp, demo, errorCodes, signIn, type Session, type TestApp } from './helpers.js';

const BASE = 'https://hrpay.example.ph';

let t: TestApp;
let hr: Session;
let approver: Session;
let employee: Session;
let types: Record<string, string>;
let dayShiftId: string;

beforeAll(async () => {
  t = await createTestApp({ APP_BASE_URL: BASE });
  hr = await signIn(t.app, demo.hr);
  approver = await signIn(t.app, demo.approver);
  employee = await signIn(t.app, demo.employee);
  const list = await call(hr, 'POST', '/api/v1/leave-types/list', { PageSize: 100 });
  types = Object.fromEntries((list.json().Items as LeaveType[]).map((x) => [x.Code, x.LeaveTypeId]));
  const [juan] = await t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{ shift_id: string }>(`SELECT shift_id FROM employees WHERE employee_number = 'DM-0004'`),
  );
  dayShiftId = juan!.shift_id; // Day Shift, 08:00-17:00
});
afterAll(() => t?.close());

const call = caller(() => t.app);

async function filed(s: Session, path: string, body: object): Promise<TimeRequest> {
  const res = await call(s, 'POST', `/api/v1/${path}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A Day Shift employee of the demo company with no supervisor (HR reviews their requests). */
const newEmployee = (overrides: object = {}) =>
  makeEmployee(t.app, hr, { ShiftId: dayShiftId, Gender: 'Female', ...overrides });

describe('service months before a leave (RA 11861, RA 9710 §18: six months)', () => {
  it('counts months as the accrual does (the day kept, else the month end)', () => {
    expect(addMonths('2025-09-17', 6)).toBe('2026-03-17');
    expect(addMonths('2024-08-31', 6)).toBe('2025-02-28');
    expect(addMonths('2023-08-31', 6)).toBe('2024-02-29');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
  });

  it('refuses Solo Parent Leave and Special Leave for Women before six months of service', async () => {
    // Hired Wed 2025-09-17: six months of service are reached on 2026-03-17 (Tue).
    const e = await newEmployee({ HireDate: '2025-09-17' });
    for (const code of ['SPL', 'SLW']) {
      // Two months in (Mon 2025-11-17): refused on the first date.
      const early = await call(hr, 'POST', '/api/v1/leave-requests', {
        EmployeeId: e.EmployeeId,
        LeaveTypeId: types[code],
        DateFrom: '2025-11-17',
        DateTo: '2025-11-17',
        Reason: 'Test',
      });
      expect(early.statusCode, early.body).toBe(400);
      expect(errorCodes(early)).toEqual(['DateFrom']);
      expect(early.json().errors[0].Description).toContain('6 months of service');
      expect(early.json().errors[0].Description).toContain('the employee may take it from Mar 17, 2026');
      // The day before the six months (Mon 2026-03-16) still refused.
      const dayBefore = await call(hr, 'POST', '/api/v1/leave-requests', {
        EmployeeId: e.EmployeeId,
        LeaveTypeId: types[code],
        DateFrom: '2026-03-16',
        DateTo: '2026-03-16',
        Reason: 'Test',
      });
      expect(errorCodes(dayBefore)).toEqual(['DateFrom']);
    }
    // On the day six months are reached: filed.
    await filed(hr, 'leave-requests', {
      EmployeeId: e.EmployeeId,
      LeaveTypeId: types.SPL,
      DateFrom: '2026-03-17',
      DateTo: '2026-03-17',
      Reason: 'School meeting',
    });
  });
});

describe('requests inside the employment dates', () => {
  it('refuses leave, overtime and undertime dated before the hire date', async () => {
    // Juan Dela Cruz was hired 2024-01-15; Fri 2023-03-03 is before it.
    const sl = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: types.SL,
      DateFrom: '2023-03-03',
      DateTo: '2023-03-03',
      Reason: 'Fever',
    });
    expect(sl.statusCode, sl.body).toBe(400);
    expect(errorCodes(sl)).toEqual(['DateFrom']);
    expect(sl.json().errors[0].Description).toContain('hired on Jan 15, 2024');
    // A leave that starts before the hire date and runs past it is refused too.
    const across = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: types.LWOP,
      DateFrom: '2024-01-12',
      DateTo: '2024-01-16',
      Reason: 'Test',
    });
    expect(errorCodes(across)).toEqual(['DateFrom']);
    const ot = await call(employee, 'POST', '/api/v1/ot-requests', {
      Date: '2023-03-03',
      StartTime: '17:00',
      EndTime: '19:00',
      Reason: 'Inventory',
    });
    expect(ot.statusCode, ot.body).toBe(400);
    expect(errorCodes(ot)).toEqual(['Date']);
    const ut = await call(employee, 'POST', '/api/v1/ut-requests', {
      Date: '2023-03-03',
      TimeLeaving: '15:00',
      Reason: 'Errand',
    });
    expect(ut.statusCode, ut.body).toBe(400);
    expect(errorCodes(ut)).toEqual(['Date']);
  });
});

describe('overtime and undertime on a day of leave', () => {
  it('refuses them on a day of pending or approved whole-day leave, not of a half day', async () => {
    const e = await newEmployee();
    // Leave 2025-12-28 (Sun) to 2026-01-04 (Sun), pending.
    const leave = await filed(hr, 'leave-requests', {
      EmployeeId: e.EmployeeId,
      LeaveTypeId: types.LWOP,
      DateFrom: '2025-12-28',
      DateTo: '2026-01-04',
      Reason: 'Holidays in the province',
    });
    const ot = {
      EmployeeId: e.EmployeeId,
      Date: '2025-12-29',
      StartTime: '17:00',
      EndTime: '19:00',
      Reason: 'X',
    };
    const ut = { EmployeeId: e.EmployeeId, Date: '2025-12-29', TimeLeaving: '15:00', Reason: 'X' };
    const pendingOt = await call(hr, 'POST', '/api/v1/ot-requests', ot);
    expect(pendingOt.statusCode, pendingOt.body).toBe(409);
    expect(pendingOt.json().detail).toContain('pending Leave Without Pay (Dec 28, 2025 – Jan 4, 2026)');
    // Approved, it still covers the day.
    const approved = await call(hr, 'POST', `/api/v1/leave-requests/${leave.RequestId}/approve`, {
      RowVersion: leave.RowVersion,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    for (const [path, body] of [
      ['ot-requests', ot],
      ['ut-requests', ut],
    ] as const) {
      const res = await call(hr, 'POST', `/api/v1/${path}`, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().detail).toContain('approved Leave Without Pay (Dec 28, 2025 – Jan 4, 2026)');
    }
    // A half day (Wed 2026-01-07) leaves the rest of the day: overtime and undertime are filed.
    await filed(hr, 'leave-requests', {
      EmployeeId: e.EmployeeId,
      LeaveTypeId: types.LWOP,
      DateFrom: '2026-01-07',
      DateTo: '2026-01-07',
      HalfDay: true,
      Reason: 'Check-up',
    });
    await filed(hr, 'ot-requests', { ...ot, Date: '2026-01-07' });
    await filed(hr, 'ut-requests', { ...ut, Date: '2026-01-07' });
  });

  it('refuses whole-day leave over a day of pending or approved overtime or undertime, not a half day', async () => {
    const e = await newEmployee();
    // Overtime on Tue 2026-02-10 (pending), undertime on Thu 2026-02-12 (approved).
    await filed(hr, 'ot-requests', {
      EmployeeId: e.EmployeeId,
      Date: '2026-02-10',
      StartTime: '17:00',
      EndTime: '19:00',
      Reason: 'Stock count',
    });
    const ut = await filed(hr, 'ut-requests', {
      EmployeeId: e.EmployeeId,
      Date: '2026-02-12',
      TimeLeaving: '15:00',
      Reason: 'Errand',
    });
    const approved = await call(hr, 'POST', `/api/v1/ut-requests/${ut.RequestId}/approve`, {
      RowVersion: ut.RowVersion,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const leave = (from: string, to: string, halfDay = false) =>
      call(hr, 'POST', '/api/v1/leave-requests', {
        EmployeeId: e.EmployeeId,
        LeaveTypeId: types.LWOP,
        DateFrom: from,
        DateTo: to,
        ...(halfDay ? { HalfDay: true } : {}),
        Reason: 'Family matter',
      });
    const overOt = await leave('2026-02-09', '2026-02-11');
    expect(overOt.statusCode, overOt.body).toBe(409);
    expect(overOt.json().detail).toBe(
      'Feb 10, 2026 has a pending overtime request: whole-day leave cannot be filed over it. Cancel the overtime request first, or take the leave as a half day.',
    );
    const overUt = await leave('2026-02-12', '2026-02-12');
    expect(overUt.statusCode, overUt.body).toBe(409);
    expect(overUt.json().detail).toContain('Feb 12, 2026 has an approved undertime request');
    // A half day leaves the rest of the day; the days around the hours are free.
    expect((await leave('2026-02-12', '2026-02-12', true)).statusCode).toBe(201);
    expect((await leave('2026-02-16', '2026-02-17')).statusCode).toBe(201);
  });
});

describe('the portal dashboard and request mails', () => {
  it('counts every pending request, not only the five listed of each kind', async () => {
    const before = (await call(employee, 'GET', '/api/v1/portal/dashboard')).json() as PortalDashboard;
    // Seven one-day leaves (Mon 2026-06-01 to Tue 2026-06-09, weekdays) and one overtime: eight more pending.
    const dates = [
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
      '2026-06-04',
      '2026-06-05',
      '2026-06-08',
      '2026-06-09',
    ];
    for (const d of dates) {
      await filed(employee, 'leave-requests', {
        LeaveTypeId: types.LWOP,
        DateFrom: d,
        DateTo: d,
        Reason: 'X',
      });
    }
    await filed(employee, 'ot-requests', {
      Date: '2026-06-10',
      StartTime: '17:00',
      EndTime: '19:00',
      Reason: 'Inventory',
    });
    const res = await call(employee, 'GET', '/api/v1/portal/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as PortalDashboard;
    const leaves = before.MyPendingCounts.Leave + 7;
    expect(after.MyPendingCounts).toEqual({
      Leave: leaves,
      Overtime: before.MyPendingCounts.Overtime + 1,
      Undertime: before.MyPendingCounts.Undertime,
    });
    // The list still shows at most five of a kind.
    expect(after.MyPending.filter((r) => r.Kind === 'Leave')).toHaveLength(Math.min(5, leaves));
  });

  it('links to the request with the configured address, never a bare path', async () => {
    // Juan's requests go to his supervisor's approver (Ana Cruz); the new employee's to HR.
    const mine = await filed(employee, 'leave-requests', {
      LeaveTypeId: types.LWOP,
      DateFrom: '2026-07-01',
      DateTo: '2026-07-01',
      Reason: 'Errand',
    });
    const e = await newEmployee();
    await filed(hr, 'ot-requests', {
      EmployeeId: e.EmployeeId,
      Date: '2026-07-01',
      StartTime: '17:00',
      EndTime: '18:00',
      Reason: 'Audit',
    });
    const bodies = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ body_text: string }>(
        `SELECT body_text FROM mail_outbox WHERE body_text LIKE '%Review it in HRPAY:%' ORDER BY created_at`,
      ),
    );
    const links = bodies.map((b) => /Review it in HRPAY: (\S+)/.exec(b.body_text)![1]!);
    expect(links).toContain(`${BASE}/portal/leave-requests/review/${mine.RequestId}`);
    expect(links).toContain(`${BASE}/hr/ot-requests`);
    expect(links.every((l) => l.startsWith(`${BASE}/`))).toBe(true);

    // The decision reaches the employee with a link to their requests; a cancellation reaches the reviewer.
    const rejected = await call(approver, 'POST', `/api/v1/leave-requests/${mine.RequestId}/reject`, {
      RowVersion: mine.RowVersion,
      Remarks: 'Busy week',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const ot = await filed(employee, 'ot-requests', {
      Date: '2026-07-02',
      StartTime: '17:00',
      EndTime: '18:00',
      Reason: 'Audit',
    });
    const cancelled = await call(employee, 'POST', `/api/v1/ot-requests/${ot.RequestId}/cancel`, {
      RowVersion: ot.RowVersion,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const decisions = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ subject: string; body_text: string }>(
        `SELECT subject, body_text FROM mail_outbox WHERE subject LIKE 'Your % request was %' OR subject LIKE '% cancelled an % request'
          ORDER BY created_at`,
      ),
    );
    const linkOf = (subject: string) =>
      /Open it in HRPAY: (\S+)/.exec(decisions.find((d) => d.subject === subject)?.body_text ?? '')?.[1];
    expect(linkOf('Your leave request was rejected')).toBe(`${BASE}/portal/leave-requests`);
    expect(linkOf('Juan Dela Cruz cancelled an overtime request')).toBe(
      `${BASE}/portal/ot-requests/review/${ot.RequestId}`,
    );
  });
});

describe('leave balance adjustments', () => {
  const credits = async (id: string) => {
    const res = await call(hr, 'GET', `/api/v1/leave-credits/employees/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as EmployeeLeaveCredits).Balances.find((b) => b.LeaveTypeCode === 'VL')!;
  };
  const adjust = (EmployeeId: string, Days: number) =>
    call(hr, 'POST', '/api/v1/leave-credits/adjustments', {
      EmployeeId,
      LeaveTypeId: types.VL,
      Days,
      Reason: 'Test',
    });

  it('never takes a balance below what pending requests hold, and Earned counts only days added', async () => {
    const e = await newEmployee();
    expect((await adjust(e.EmployeeId, 15.75)).statusCode).toBe(201);
    // Pending: Mon 2026-02-02 to Fri 2026-02-06 (5 working days) and a half day on Mon 2026-02-09 = 5.5 days.
    await filed(hr, 'leave-requests', {
      EmployeeId: e.EmployeeId,
      LeaveTypeId: types.VL,
      DateFrom: '2026-02-02',
      DateTo: '2026-02-06',
      Reason: 'Trip',
    });
    await filed(hr, 'leave-requests', {
      EmployeeId: e.EmployeeId,
      LeaveTypeId: types.VL,
      DateFrom: '2026-02-09',
      DateTo: '2026-02-09',
      HalfDay: true,
      Reason: 'Trip',
    });
    expect(await credits(e.EmployeeId)).toMatchObject({ Balance: 15.75, Pending: 5.5, Available: 10.25 });
    // Taking all 15.75 away would leave 0 against 5.5 pending (Available -5.5): refused, naming the most allowed.
    const all = await adjust(e.EmployeeId, -15.75);
    expect(all.statusCode, all.body).toBe(409);
    expect(all.json().detail).toContain('5.5 days of it held by pending requests');
    expect(all.json().detail).toContain('at most 10.25 days');
    // 15.75 - 10.25 = 5.5 = pending: allowed (Available 0); a further 0.25 is not.
    expect((await adjust(e.EmployeeId, -10.25)).statusCode).toBe(201);
    expect((await adjust(e.EmployeeId, -0.25)).statusCode).toBe(409);
    // Earned this year: +15.75 credited; the -10.25 taken away is no negative earning (it was 5.5).
    expect(await credits(e.EmployeeId)).toMatchObject({
      Earned: 15.75,
      Used: 0,
      Balance: 5.5,
      Pending: 5.5,
      Available: 0,
    });
  });
});

describe('earned this year', () => {
  it('counts days added, not an adjustment taking days away', async () => {
    const e = await newEmployee();
    // +5 then -2 (no request pending): Earned 5 (it read 5 - 2 = 3), Balance 3.
    for (const Days of [5, -2]) {
      const res = await call(hr, 'POST', '/api/v1/leave-credits/adjustments', {
        EmployeeId: e.EmployeeId,
        LeaveTypeId: types.SL,
        Days,
        Reason: 'Test',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await call(hr, 'GET', `/api/v1/leave-credits/employees/${e.EmployeeId}`);
    const sl = (res.json() as EmployeeLeaveCredits).Balances.find((b) => b.LeaveTypeCode === 'SL');
    expect(sl).toMatchObject({ Earned: 5, Used: 0, Balance: 3, Available: 3 });
  });
});

describe('cancelling an approved request', () => {
  it('keeps who approved it, when and their remarks; the cancel has its own', async () => {
    const leave = await filed(employee, 'leave-requests', {
      LeaveTypeId: types.LWOP,
      DateFrom: '2026-08-03',
      DateTo: '2026-08-03',
      Reason: 'Family matter',
    });
    const ok = await call(approver, 'POST', `/api/v1/leave-requests/${leave.RequestId}/approve`, {
      RowVersion: leave.RowVersion,
      Remarks: 'Enjoy',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const approved = ok.json() as TimeRequest;
    expect(approved).toMatchObject({ DecidedByName: 'Ana Cruz', Remarks: 'Enjoy', CancelledAt: null });
    const res = await call(hr, 'POST', `/api/v1/leave-requests/${leave.RequestId}/cancel`, {
      RowVersion: approved.RowVersion,
      Remarks: 'Trip called off',
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = (await call(hr, 'GET', `/api/v1/leave-requests/${leave.RequestId}`)).json() as TimeRequest;
    expect(read).toMatchObject({
      Status: 'Cancelled',
      DecidedByName: 'Ana Cruz',
      DecidedAt: approved.DecidedAt,
      Remarks: 'Enjoy',
      CancelRemarks: 'Trip called off',
    });
    expect(read.CancelledByName).toBe(hr.claims.name);
    expect(read.CancelledAt! >= approved.DecidedAt!).toBe(true);
    // A pending request the employee withdraws has no decision, only the cancel.
    const mine = await filed(employee, 'leave-requests', {
      LeaveTypeId: types.LWOP,
      DateFrom: '2026-08-04',
      DateTo: '2026-08-04',
      Reason: 'X',
    });
    const withdrawn = await call(employee, 'POST', `/api/v1/leave-requests/${mine.RequestId}/cancel`, {
      RowVersion: mine.RowVersion,
    });
    expect(withdrawn.json()).toMatchObject({
      DecidedByName: null,
      DecidedAt: null,
      CancelledByName: 'Juan Dela Cruz',
    });
  });
});

describe('migration 0040', () => {
  it('moves a cancellation out of the decision columns and puts back the approval the audit trail kept', async () => {
    const leave = await filed(employee, 'leave-requests', {
      LeaveTypeId: types.LWOP,
      DateFrom: '2026-09-01',
      DateTo: '2026-09-01',
      Reason: 'X',
    });
    const ok = await call(approver, 'POST', `/api/v1/leave-requests/${leave.RequestId}/approve`, {
      RowVersion: 1,
      Remarks: 'Fine',
    });
    const approved = ok.json() as TimeRequest;
    await call(hr, 'POST', `/api/v1/leave-requests/${leave.RequestId}/cancel`, {
      RowVersion: 2,
      Remarks: 'Called off',
    });
    // As a cancel was stored before 0040: written over the decision, no cancel columns.
    await t.testDb.ownerExec(
      `UPDATE time_requests SET decided_by_user_id = cancelled_by_user_id, decided_at = cancelled_at,
              remarks = cancel_remarks, cancelled_by_user_id = NULL, cancelled_at = NULL, cancel_remarks = NULL
        WHERE id = '${leave.RequestId}'`,
    );
    const sql = readFileSync(
      new URL('../src/db/migrations/0040_request_cancellation.sql', import.meta.url),
      'utf8',
    );
    await t.testDb.ownerExec(sql.slice(sql.indexOf('UPDATE')));
    const read = (await call(hr, 'GET', `/api/v1/leave-requests/${leave.RequestId}`)).json() as TimeRequest;
    expect(read).toMatchObject({
      DecidedByName: 'Ana Cruz',
      Remarks: 'Fine',
      CancelledByName: hr.claims.name,
      CancelRemarks: 'Called off',
    });
    // The audit row's time, written in the approval's transaction: the same instant as decided_at was.
    expect(Date.parse(read.DecidedAt!)).toBeCloseTo(Date.parse(approved.DecidedAt!), -3);
  });
});
