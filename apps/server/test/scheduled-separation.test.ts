import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Employee, LeaveType } from '@hrpay/contracts';
import { addDays, manilaToday } from '../src/lib/manila.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

/**
 * A scheduled separation, through HTTP. The separation date is the employee's last day: a resignation takes
 * effect after the 30 days' notice of the Labor Code (Art. 300 [285]), served at work. So through that date the
 * employee is employed everywhere (employees/employment.ts): their session keeps working, they file leave, an
 * account may be linked to them, and they appear in attendance, leave credits, pay details and the payroll
 * dashboard's count (not yet in the upcoming birthdays: see employeesRepo.upcomingBirthdays). The day after it (here: the date moved to yesterday, as the calendar would) they are separated: the
 * session is refused on its next request (the per-request re-read compares the date, no job runs at midnight)
 * and each of those lists leaves them out.
 */
let t: TestApp;
const call = caller(() => t.app);
const today = manilaToday();

let hr: Session;
let payroll: Session;
let admin: Session;
let employeeId: string;
let userId: string;
let lwop: string;

const sql = async <T>(text: string, params: unknown[] = []) =>
  t.db.withTenant(hr.tenantId, (tx) => tx.query<T>(text, params));

/** The first Monday-to-Friday date from `from` on (the demo shifts rest on Saturday and Sunday). */
function weekdayFrom(from: string): string {
  let d = from;
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, 1);
  return d;
}

beforeAll(async () => {
  t = await createTestApp();
  [hr, payroll, admin] = await Promise.all([
    signIn(t.app, demo.hr),
    signIn(t.app, demo.payroll),
    signIn(t.app, demo.admin),
  ]);
  const [row] = await sql<{ id: string; employee_id: string }>(
    `SELECT id, employee_id FROM users WHERE email = $1`,
    [demo.employee.email],
  );
  employeeId = row!.employee_id;
  userId = row!.id;
  const types = (await call(hr, 'POST', '/api/v1/leave-types/list', { PageSize: 100 })).json() as {
    Items: LeaveType[];
  };
  lwop = types.Items.find((x) => x.Code === 'LWOP')!.LeaveTypeId;
});
afterAll(() => t?.close());

/** Whether the employee is among the rows of each list a scheduled separation must not drop. */
async function presence() {
  const attendance = await call(hr, 'POST', '/api/v1/timelogs/attendance', {
    DateFrom: today,
    DateTo: today,
    PageSize: 500,
  });
  const credits = await call(hr, 'POST', '/api/v1/leave-credits/list', { PageSize: 100 });
  const pay = await call(payroll, 'POST', '/api/v1/employee-payroll-details/list', { PageSize: 100 });
  const details = await call(payroll, 'GET', `/api/v1/employee-payroll-details/${employeeId}`);
  const dashboard = await call(payroll, 'GET', '/api/v1/payroll/dashboard');
  for (const res of [attendance, credits, pay, details, dashboard]) {
    expect(res.statusCode, res.body).toBe(200);
  }
  const has = (items: { EmployeeId: string }[]) => items.some((i) => i.EmployeeId === employeeId);
  return {
    attendance: has(attendance.json().Items),
    credits: has(credits.json().Items),
    pay: has(pay.json().Items),
    /** The pay details' status of the employee. */
    payStatus: details.json().Status as string,
    /** The payroll dashboard's count of employees the next run pays. */
    payrollActive: dashboard.json().ActiveEmployees as number,
  };
}

/** The portal user's account saved again by the Admin, linked to the same employee and active. */
async function relink() {
  const user = (await call(admin, 'GET', `/api/v1/users/${userId}`)).json() as Record<string, unknown>;
  return call(admin, 'PUT', `/api/v1/users/${userId}`, { ...user, IsActive: true });
}

describe('a separation dated 10 days ahead (scheduled)', () => {
  it('keeps the employee employed through the date, and separated from the day after it', async () => {
    const { payrollActive } = await presence();
    const before = (await call(hr, 'GET', `/api/v1/employees/${employeeId}`)).json() as Employee;
    const lastDay = addDays(today, 10);
    const separated = await call(hr, 'POST', `/api/v1/employees/${employeeId}/separation`, {
      SeparationDate: lastDay,
      SeparationReason: 'Resigned',
      RowVersion: before.RowVersion,
    });
    expect(separated.statusCode, separated.body).toBe(200);
    expect(separated.json()).toMatchObject({ Status: 'Active', SeparationDate: lastDay });

    // The employee signs in and uses the API: a read and a write.
    const employee = await signIn(t.app, demo.employee);
    const today1 = await call(employee, 'GET', '/api/v1/portal/today');
    expect(today1.statusCode, today1.body).toBe(200);
    // Leave for a weekday before the last day (the first weekday from tomorrow: at most 3 days ahead, before
    // today + 10): the notice is worked, and leave is filed as usual.
    const leaveDay = weekdayFrom(addDays(today, 1));
    const leave = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: lwop,
      DateFrom: leaveDay,
      DateTo: leaveDay,
      Reason: 'Errands before my last day',
    });
    expect(leave.statusCode, leave.body).toBe(201);
    // A day after the last one is still refused (no request after the separation date).
    const after = weekdayFrom(addDays(lastDay, 1));
    const late = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: lwop,
      DateFrom: after,
      DateTo: after,
      Reason: 'After my last day',
    });
    expect(late.statusCode, late.body).toBe(400);
    expect(late.body).toContain('after the separation date');

    // An account may be linked to the employee (the Admin saves the portal user again, active).
    const linked = await relink();
    expect(linked.statusCode, linked.body).toBe(200);

    // In attendance, leave credits, pay details, and the payroll dashboard's count.
    expect(await presence()).toEqual({
      attendance: true,
      credits: true,
      pay: true,
      payStatus: 'Active',
      payrollActive,
    });

    // The last day was yesterday: the date is moved in the database, as the calendar would move.
    await sql(`UPDATE employees SET separation_date = $2 WHERE id = $1`, [employeeId, addDays(today, -1)]);

    // The same session is refused on its next request: a read (which starts on the session as last verified,
    // decision 0013) and a write alike.
    const read = await call(employee, 'GET', '/api/v1/portal/today');
    expect(read.statusCode, read.body).toBe(401);
    const write = await call(employee, 'POST', '/api/v1/leave-requests', {
      LeaveTypeId: lwop,
      DateFrom: addDays(today, -1),
      DateTo: addDays(today, -1),
      Reason: 'Too late',
    });
    expect(write.statusCode, write.body).toBe(401);

    // HR can no longer file for them, and no active account may be linked to them.
    const byHr = await call(hr, 'POST', '/api/v1/leave-requests', {
      EmployeeId: employeeId,
      LeaveTypeId: lwop,
      DateFrom: addDays(today, -1),
      DateTo: addDays(today, -1),
      Reason: 'Filed late',
    });
    expect(byHr.statusCode, byHr.body).toBe(400);
    expect(byHr.body).toContain('The employee is separated and can no longer file requests');
    const relinked = await relink();
    expect(relinked.statusCode, relinked.body).toBe(400);
    expect(relinked.body).toContain('The employee has been separated');

    // Each list leaves them out, and the payroll dashboard counts one employee fewer.
    expect(await presence()).toEqual({
      attendance: false,
      credits: false,
      pay: false,
      payStatus: 'Separated',
      payrollActive: payrollActive - 1,
    });
  });
});
