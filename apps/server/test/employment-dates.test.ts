import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CreateEmployeeRequest, EmployeeMessages, type Employee, type HrDashboard } from '@hrpay/contracts';
import { addDays, manilaToday } from '../src/lib/manila.js';
import { caller, createTestApp, demo, signIn, tenantOf, type TestApp } from './helpers.js';
import { makeDepartment, makeEmployee } from './factories.js';

/**
 * Employment dates, through HTTP:
 * - A separation dated in the future is scheduled (Labor Code Art. 300 [285]: a resigning employee serves 30
 *   days' notice at work): through the separation date the employee stays in the list, the pickers and the
 *   counts and may sign in; after it, sign-in is refused by a date comparison (no job). "Undo separation" works
 *   on a scheduled one.
 * - One definition of "active on a date" (hired on or before it, not separated before it) for the HR
 *   dashboard's figures and the departments' headcount.
 * - The first schedule starts on the hire date, and stays there when the hire date moves.
 * - The contracts' "today" is the Manila date (UTC+8), not the UTC date.
 */
let t: TestApp;
const call = caller(() => t.app);
const today = manilaToday();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const sql = async <T>(text: string, params: unknown[] = []) =>
  t.db.withTenant(await tenantOf(t.app, 'hr'), (tx) => tx.query<T>(text, params));
/** The one row a query answers. */
const one = async <T>(text: string, params: unknown[] = []) => (await sql<T>(text, params))[0]!;

const employee = async (id: string) =>
  (await call('hr', 'GET', `/api/v1/employees/${id}`)).json() as Employee;
const separate = (e: Employee, date: string) =>
  call('hr', 'POST', `/api/v1/employees/${e.EmployeeId}/separation`, {
    SeparationDate: date,
    SeparationReason: 'Resigned',
    RowVersion: e.RowVersion,
  });
const dashboard = async () => (await call('hr', 'GET', '/api/v1/hr/dashboard')).json() as HrDashboard;
const listed = async (number: string) =>
  (
    (await call('hr', 'POST', '/api/v1/employees/list', { Search: number, PageSize: 100 })).json() as {
      Items: { EmployeeNumber: string; Status: string }[];
    }
  ).Items.find((i) => i.EmployeeNumber === number);
const inOptions = async (id: string) =>
  ((await call('hr', 'GET', '/api/v1/employees/options')).json() as { EmployeeId: string }[]).some(
    (o) => o.EmployeeId === id,
  );

describe('a separation dated in the future is scheduled', () => {
  it('keeps the employee active and able to sign in through the date, and refuses sign-in after it', async () => {
    // The demo portal user's employee resigns today with 30 days' notice: the last day is today + 30.
    const { employee_id } = await one<{ employee_id: string }>(
      `SELECT employee_id FROM users WHERE email = $1`,
      [demo.employee.email],
    );
    const before = await employee(employee_id);
    const activeBefore = (await dashboard()).ActiveCount;

    const lastDay = addDays(today, 30);
    const res = await separate(before, lastDay);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Status: 'Active', SeparationDate: lastDay });
    // Still in the list, the pickers, the search (marked active) and the active count.
    expect(await listed(before.EmployeeNumber)).toMatchObject({ Status: 'Active' });
    expect(await inOptions(employee_id)).toBe(true);
    const found = (
      await call('hr', 'GET', `/api/v1/employees/search?SearchText=${before.EmployeeNumber}`)
    ).json() as { EmployeeId: string; IsActive: boolean }[];
    expect(found.find((f) => f.EmployeeId === employee_id)?.IsActive).toBe(true);
    expect((await dashboard()).ActiveCount).toBe(activeBefore);
    // The account stays open: the employee signs in and their session is renewed.
    const session = await signIn(t.app, demo.employee);
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      payload: { refreshToken: session.refreshToken },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);

    // Time passes: the last day was yesterday (the date is moved in the database, as the calendar would).
    await sql(`UPDATE employees SET separation_date = $2 WHERE id = $1`, [employee_id, addDays(today, -1)]);
    await expect(signIn(t.app, demo.employee)).rejects.toThrow(/401/);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refused.statusCode).toBe(401);
    const after = await employee(employee_id);
    expect(after.Status).toBe('Separated');
    expect(await listed(before.EmployeeNumber)).toBeUndefined();
    expect(await inOptions(employee_id)).toBe(false);
    expect((await dashboard()).ActiveCount).toBe(activeBefore - 1);

    // Undo separation (a resignation withdrawn): the account was never closed, so sign-in works again.
    const undone = await call('hr', 'POST', `/api/v1/employees/${employee_id}/reinstatement`, {
      RowVersion: after.RowVersion,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ Status: 'Active', SeparationDate: null });
    await signIn(t.app, demo.employee);
  });

  it('undoes a separation that is only scheduled', async () => {
    const e = await makeEmployee(t.app, 'hr');
    const scheduled = (await separate(e, addDays(today, 10))).json() as Employee;
    expect(scheduled.Status).toBe('Active');
    const undone = await call('hr', 'POST', `/api/v1/employees/${e.EmployeeId}/reinstatement`, {
      RowVersion: scheduled.RowVersion,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().SeparationDate).toBeNull();
  });

  it('closes the account at once when the separation date has passed', async () => {
    const { employee_id } = await one<{ employee_id: string }>(
      `SELECT employee_id FROM users WHERE email = $1`,
      [demo.approver.email],
    );
    const res = await separate(await employee(employee_id), addDays(today, -1));
    expect(res.json()).toMatchObject({ Status: 'Separated' });
    await expect(signIn(t.app, demo.approver)).rejects.toThrow(/401/);
    const { is_active } = await one<{ is_active: boolean }>(`SELECT is_active FROM users WHERE email = $1`, [
      demo.approver.email,
    ]);
    expect(is_active).toBe(false);
  });
});

describe('one definition of "active on a date" for the dashboard and the departments', () => {
  it('counts a scheduled separation and not a hire yet to start, the same way in every figure', async () => {
    const dept = await makeDepartment(t.app, 'hr', { Name: 'Fixe Dept' });
    const before = await dashboard();
    // In the department: one working (hired 2025-03-01), one whose separation is scheduled (still working),
    // one separated yesterday, one hired in 10 days. Employed today: 2.
    const working = await makeEmployee(t.app, 'hr', { DepartmentId: dept.DepartmentId });
    const leaving = await makeEmployee(t.app, 'hr', { DepartmentId: dept.DepartmentId });
    expect((await separate(leaving, addDays(today, 5))).statusCode).toBe(200);
    const gone = await makeEmployee(t.app, 'hr', { DepartmentId: dept.DepartmentId });
    expect((await separate(gone, addDays(today, -1))).statusCode).toBe(200);
    const future = await makeEmployee(t.app, 'hr', {
      DepartmentId: dept.DepartmentId,
      HireDate: addDays(today, 10),
    });

    const after = await dashboard();
    // Active: +2 (working, leaving); the separated one and the hire yet to start are not counted.
    expect(after.ActiveCount).toBe(before.ActiveCount + 2);
    expect(after.SeparatedCount).toBe(before.SeparatedCount + 1);
    expect(after.ByDepartment.find((d) => d.Name === 'Fixe Dept')?.Count).toBe(2);
    const sum = (rows: { Count: number }[]) => rows.reduce((n, r) => n + r.Count, 0);
    expect(sum(after.ByDepartment)).toBe(after.ActiveCount);
    expect(sum(after.ByEmploymentStatus)).toBe(after.ActiveCount);
    // The month under way: headcount as of today, the same figure as the active count.
    expect(after.Trend.at(-1)!.Headcount).toBe(after.ActiveCount);
    // Latest hires: not one who has not started.
    expect(after.RecentHires.map((h) => h.EmployeeId)).not.toContain(future.EmployeeId);
    expect(working.EmployeeId).toBeTruthy();

    // The Departments page: the same 2 (it counted all 4, separated and not yet hired included).
    const page = (
      await call('hr', 'POST', '/api/v1/departments/list', { Search: 'Fixe Dept', PageSize: 10 })
    ).json() as { Items: { DepartmentId: string; Headcount: number }[] };
    expect(page.Items.find((d) => d.DepartmentId === dept.DepartmentId)?.Headcount).toBe(2);
  });
});

describe('the first schedule starts on the hire date', () => {
  const shiftId = async () =>
    (
      await sql<{ id: string }>(
        `SELECT s.id FROM shifts s JOIN users u ON u.company_id = s.company_id
          WHERE u.email = $1 AND s.is_active LIMIT 1`,
        [demo.hr.email],
      )
    )[0]!.id;
  const schedules = async (id: string) =>
    (
      (await call('hr', 'GET', `/api/v1/employees/${id}/schedules`)).json() as { EffectiveDate: string }[]
    ).map((s) => s.EffectiveDate);

  it('refuses a first schedule from after the hire date, with a clear message', async () => {
    const res = await call('hr', 'POST', '/api/v1/employees', {
      EmployeeNumber: 'FIXE-S1',
      LastName: 'Luna',
      FirstName: 'Juan',
      HireDate: '2025-03-01',
      EmploymentStatusId: (await sql<{ id: string }>(`SELECT id FROM employment_statuses LIMIT 1`))[0]!.id,
      ShiftId: await shiftId(),
      ScheduleEffectiveDate: '2025-03-10',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(EmployeeMessages.firstScheduleOnHire);
  });

  it('moves the first schedule with the hire date, and refuses a hire date past a later change', async () => {
    const e = await makeEmployee(t.app, 'hr', { HireDate: '2025-03-01', ShiftId: await shiftId() });
    expect(await schedules(e.EmployeeId)).toEqual(['2025-03-01']);
    const { FullName: _f, ...fields } = e as Employee & Record<string, unknown>;
    // Hired later than recorded: the first schedule follows (else 03-01..03-09 would have a schedule before
    // the employee existed, and a hire date moved earlier would leave days without one).
    const later = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...fields,
      HireDate: '2025-03-10',
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(await schedules(e.EmployeeId)).toEqual(['2025-03-10']);
    const earlier = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...later.json(),
      HireDate: '2025-02-15',
    });
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect(await schedules(e.EmployeeId)).toEqual(['2025-02-15']);

    // A change of rest days from 2025-04-01: the hire date cannot pass it.
    const changed = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...earlier.json(),
      RestDays: [0, 6],
      ScheduleEffectiveDate: '2025-04-01',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...changed.json(),
      HireDate: '2025-04-02',
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(EmployeeMessages.hireAfterScheduleChange('Apr 1, 2025'));
  });

  it('lets a hire yet to start have the schedule changed, from the hire date', async () => {
    const hire = addDays(today, 20);
    const e = await makeEmployee(t.app, 'hr', { HireDate: hire, ShiftId: await shiftId() });
    const res = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, { ...e, RestDays: [0] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await schedules(e.EmployeeId)).toEqual([hire]);
  });
});

describe("the contracts' today is the Manila date", () => {
  it('accepts a birth date of the Manila today between 00:00 and 08:00 Manila time', () => {
    // 2025-01-01T20:00Z is 2025-01-02 04:00 in Manila (UTC+8): the UTC date is still Jan 1.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-01-01T20:00:00Z') });
    try {
      const body = {
        EmployeeNumber: 'X-1',
        LastName: 'A',
        FirstName: 'B',
        EmploymentStatusId: '00000000-0000-4000-8000-000000000000',
        HireDate: '2045-01-02',
        BirthDate: '2025-01-02',
      };
      const result = CreateEmployeeRequest.safeParse(body);
      const birth = result.error?.issues.filter((i) => i.path[0] === 'BirthDate') ?? [];
      expect(birth).toEqual([]);
      // And a hire date of 2026-01-02 is a year from the Manila today, not beyond it.
      const hire = CreateEmployeeRequest.safeParse({ ...body, BirthDate: null, HireDate: '2026-01-02' });
      expect(hire.success, JSON.stringify(hire.error?.issues)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
