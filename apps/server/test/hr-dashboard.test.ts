/** Issue 8 §5: the HR dashboard of the own company, through HTTP, on PGlite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HrDashboard } from '@hrpay/contracts';
import { manilaToday } from '../src/lib/manila.js';
import { createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let hr: Session;
let logisticsHr: Session;
const today = manilaToday();
const shift = (days: number, years = 0) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  logisticsHr = await signIn(t.app, demo.logisticsHr);
});
afterAll(() => t?.close());

const dashboard = async (s: Session) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/hr/dashboard', headers: s.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HrDashboard;
};

describe('HR dashboard', () => {
  it('counts the own company only, by department, status and type', async () => {
    const d = await dashboard(hr);
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
    expect((await dashboard(logisticsHr)).ActiveCount).toBe(3);
  });

  it('shows a new hire and a separation of this month in the counts and the trend', async () => {
    const before = await dashboard(hr);
    const status = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ id: string }>(
        `SELECT s.id FROM employment_statuses s JOIN companies c ON c.id = s.company_id AND c.tenant_id = s.tenant_id
          WHERE c.name = 'Demo Manufacturing Inc.'`,
      ),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/employees',
      headers: hr.headers,
      payload: {
        EmployeeNumber: 'DM-0900',
        LastName: 'Bagong',
        FirstName: 'Empleyado',
        EmploymentStatusId: status[0]!.id,
        HireDate: today,
        BirthDate: shift(2, -30),
      },
    });
    expect(created.statusCode).toBe(201);
    const after = await dashboard(hr);
    expect(after.HiresThisMonth).toBe(before.HiresThisMonth + 1);
    expect(after.Trend.at(-1)!.Hires).toBe(before.Trend.at(-1)!.Hires + 1);
    expect(after.ActiveCount).toBe(before.ActiveCount + 1);
    expect(after.RecentHires[0]).toMatchObject({ FullName: 'Empleyado Bagong', HireDate: today });
    expect(after.ByDepartment.find((g) => g.Name === 'Not set')).toEqual({ Name: 'Not set', Count: 1 });
    // Born 30 years ago in two days: in the birthdays card; no government ids: flagged.
    expect(after.UpcomingBirthdays.find((b) => b.EmployeeNumber === 'DM-0900')).toMatchObject({
      DaysUntil: 2,
      Age: 30,
    });
    expect(after.MissingGovernmentIds.Count).toBe(before.MissingGovernmentIds.Count + 1);
    expect(after.MissingGovernmentIds.Sample.find((m) => m.EmployeeNumber === 'DM-0900')?.Missing).toEqual([
      'TIN',
      'SSS',
      'PhilHealth',
      'Pag-IBIG',
    ]);

    const employee = created.json();
    const separated = await t.app.inject({
      method: 'POST',
      url: `/api/v1/employees/${employee.EmployeeId}/separation`,
      headers: hr.headers,
      payload: { SeparationDate: today, SeparationReason: 'Resigned', RowVersion: employee.RowVersion },
    });
    expect(separated.statusCode).toBe(200);
    const last = await dashboard(hr);
    expect(last.SeparationsThisMonth).toBe(before.SeparationsThisMonth + 1);
    expect(last.SeparatedCount).toBe(before.SeparatedCount + 1);
    expect(last.ActiveCount).toBe(before.ActiveCount);
  });

  it('lists work anniversaries of a full year or more in the next 30 days', async () => {
    await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(`UPDATE employees SET hire_date = $1 WHERE employee_number = 'DM-0002'`, [shift(5, -3)]),
    );
    const d = await dashboard(hr);
    expect(d.UpcomingAnniversaries.find((a) => a.EmployeeNumber === 'DM-0002')).toMatchObject({
      Years: 3,
      DaysUntil: 5,
      Date: shift(5),
    });
  });

  it('is for HR users only', async () => {
    for (const who of [demo.admin, demo.payroll, demo.employee]) {
      const s = await signIn(t.app, who);
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/hr/dashboard', headers: s.headers });
      expect(res.statusCode).toBe(403);
    }
  });
});
