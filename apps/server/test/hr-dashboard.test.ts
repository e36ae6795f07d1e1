/** Issue 8 §5: the HR dashboard of the own company, through HTTP, on PGlite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HrDashboard, UpcomingBirthday } from '@hrpay/contracts';
import { manilaToday } from '../src/lib/manila.js';
import { caller, createTestApp, tenantOf, type TestApp, type Who } from './helpers.js';
import { makeEmployee } from './factories.js';

let t: TestApp;
const today = manilaToday();
const shift = (days: number, years = 0) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const call = caller(() => t.app);
const dashboard = async (s: Who) => {
  const res = await call(s, 'GET', '/api/v1/hr/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HrDashboard;
};

describe('HR dashboard', () => {
  it('counts the own company only, by department, status and type', async () => {
    const d = await dashboard('hr');
    expect(d.ActiveCount).toBe(7);
    expect(d.ByDepartment).toEqual([
      { Name: 'Production', Count: 3 },
      { Name: 'Finance', Count: 2 },
      { Name: 'Human Resources', Count: 1 },
      { Name: 'Warehouse', Count: 1 },
    ]);
    expect(d.ByEmploymentStatus).toEqual([{ Name: 'Regular', Count: 7 }]);
    expect(d.ByEmploymentType).toEqual([{ Name: 'Full-time', Count: 7 }]);
    expect(d.Trend).toHaveLength(12);
    expect(d.Trend.at(-1)!.Month).toBe(today.slice(0, 7));
    expect(d.Trend.at(-1)!.Headcount).toBe(7);
    // The demo seeds one pending request of each kind per company.
    expect(d.PendingRequests).toEqual({ Leave: 1, Overtime: 1, Undertime: 1 });
    expect((await dashboard('logisticsHr')).ActiveCount).toBe(3);
  });

  it('shows a new hire and a separation of this month in the counts and the trend', async () => {
    const before = await dashboard('hr');
    const employee = await makeEmployee(t.app, 'hr', {
      EmployeeNumber: 'DM-0900',
      LastName: 'Bagong',
      FirstName: 'Empleyado',
      HireDate: today,
      BirthDate: shift(2, -30),
    });
    const after = await dashboard('hr');
    expect(after.HiresThisMonth).toBe(before.HiresThisMonth + 1);
    expect(after.Trend.at(-1)!.Hires).toBe(before.Trend.at(-1)!.Hires + 1);
    expect(after.ActiveCount).toBe(before.ActiveCount + 1);
    expect(after.RecentHires[0]).toMatchObject({ FullName: 'Empleyado Bagong', HireDate: today });
    expect(after.ByDepartment.find((g) => g.Name === 'Not set')).toEqual({ Name: 'Not set', Count: 1 });
    // Born 30 years ago in two days: in the birthdays card (the spec's call); no government ids: flagged.
    const birthdays = await call('hr', 'GET', '/api/v1/employees/upcoming-birthdays?Days=30');
    expect(birthdays.statusCode, birthdays.body).toBe(200);
    expect(
      (birthdays.json() as UpcomingBirthday[]).find((b) => b.EmployeeNumber === 'DM-0900'),
    ).toMatchObject({ DaysUntil: 2, Age: 30 });
    expect(after.MissingGovernmentIds.Count).toBe(before.MissingGovernmentIds.Count + 1);
    expect(after.MissingGovernmentIds.Sample.find((m) => m.EmployeeNumber === 'DM-0900')?.Missing).toEqual([
      'TIN',
      'SSS',
      'PhilHealth',
      'Pag-IBIG',
    ]);

    const separated = await call('hr', 'POST', `/api/v1/employees/${employee.EmployeeId}/separation`, {
      SeparationDate: today,
      SeparationReason: 'Resigned',
      RowVersion: employee.RowVersion,
    });
    expect(separated.statusCode).toBe(200);
    // Today is the last day worked: a separation this month, but still active today (it counts from tomorrow).
    const last = await dashboard('hr');
    expect(last.SeparationsThisMonth).toBe(before.SeparationsThisMonth + 1);
    expect(last.SeparatedCount).toBe(before.SeparatedCount);
    expect(last.ActiveCount).toBe(before.ActiveCount + 1);
  });

  it('lists work anniversaries of a full year or more in the next 30 days', async () => {
    await t.db.withTenant(await tenantOf(t.app, 'hr'), (tx) =>
      tx.query(`UPDATE employees SET hire_date = $1 WHERE employee_number = 'DM-0002'`, [shift(5, -3)]),
    );
    const d = await dashboard('hr');
    expect(d.UpcomingAnniversaries.find((a) => a.EmployeeNumber === 'DM-0002')).toMatchObject({
      Years: 3,
      DaysUntil: 5,
      Date: shift(5),
    });
  });

  // HR walkthrough: a hire starting in two weeks with no bank account and no government numbers was not among
  // the records to complete; the figures of today (headcount) still leave them out.
  it('counts a hire yet to start among the records to complete, not in the headcount', async () => {
    const before = await dashboard('hr');
    await makeEmployee(t.app, 'hr', {
      EmployeeNumber: 'DM-0901',
      LastName: 'Darating',
      FirstName: 'Pa',
      HireDate: shift(14),
    });
    const after = await dashboard('hr');
    expect(after.ActiveCount).toBe(before.ActiveCount);
    expect(after.MissingBankAccountCount).toBe(before.MissingBankAccountCount + 1);
    expect(after.MissingGovernmentIds.Count).toBe(before.MissingGovernmentIds.Count + 1);
    expect(after.MissingGovernmentIds.Sample.map((m) => m.EmployeeNumber)).toContain('DM-0901');
  });

  it('is for HR users only', async () => {
    for (const who of ['admin', 'payroll', 'employee'] as const) {
      expect((await call(who, 'GET', '/api/v1/hr/dashboard')).statusCode).toBe(403);
    }
  });
});
