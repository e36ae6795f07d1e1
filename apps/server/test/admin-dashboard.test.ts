import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserTypeId, type AdminDashboard, type Company } from '@hrpay/contracts';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { insertPeriod } from './payroll-fixtures.js';

let t: TestApp;
let admin: Session;
let otherAdmin: Session;

beforeAll(async () => {
  t = await createTestApp();
  [admin, otherAdmin] = await Promise.all([signIn(t.app, demo.admin), signIn(t.app, demo.otherAdmin)]);
});
afterAll(async () => {
  await t?.close();
});

const call = caller(() => t.app);

async function dashboard(s: Session): Promise<AdminDashboard> {
  const res = await call(s, 'GET', '/api/v1/admin/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const usersOfType = (d: AdminDashboard, type: string) =>
  d.UsersByType.find((u) => u.UserType === type)?.Count ?? 0;

describe('GET /api/v1/admin/dashboard', () => {
  it("counts the seeded tenant's companies, users and employees, and no other tenant's", async () => {
    const d = await dashboard(admin);
    // The demo seed: two companies (both active), seven users, ten employees (seven of them in Demo Manufacturing).
    expect(d).toMatchObject({ CompanyCount: 2, ActiveCompanyCount: 2, EmployeeCount: 10 });
    expect(d.UsersByType.reduce((sum, u) => sum + u.Count, 0)).toBe(7);
    expect(d.EmployeesPerCompany[0]).toMatchObject({ CompanyName: 'Demo Manufacturing Inc.', Count: 7 });
    expect(d.EmployeesPerCompany.reduce((sum, c) => sum + c.Count, 0)).toBe(10);

    const other = await dashboard(otherAdmin);
    expect(other.CompanyCount).toBe(1);
    expect(other.EmployeesPerCompany.map((c) => c.CompanyName)).toEqual(['Other Tenant Corp']);
  });

  it('follows a new company, its user and employee, and a deactivation; the other tenant sees none of it', async () => {
    const before = await dashboard(admin);
    const otherBefore = await dashboard(otherAdmin);

    const created = await call(admin, 'POST', '/api/v1/companies', {
      Name: 'Dashboard Count Corp',
      Tin: '777-888-999',
    });
    expect(created.statusCode, created.body).toBe(201);
    const company = created.json() as Company;
    const user = await call(admin, 'POST', '/api/v1/users', {
      UserType: UserTypeId.PayrollUser,
      FullName: 'Dash Board',
      Email: 'dash.board@dashboard-count.test',
      CompanyId: company.CompanyId,
    });
    expect(user.statusCode, user.body).toBe(201);
    await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date)
         VALUES ($1, $2, 'DC-1', 'Dina', 'Cruz', DATE '2025-01-06')`,
        [admin.tenantId, company.CompanyId],
      ),
    );

    const after = await dashboard(admin);
    expect(after.CompanyCount).toBe(before.CompanyCount + 1);
    expect(after.ActiveCompanyCount).toBe(before.ActiveCompanyCount + 1);
    expect(after.EmployeeCount).toBe(before.EmployeeCount + 1);
    expect(usersOfType(after, 'PayrollUser')).toBe(usersOfType(before, 'PayrollUser') + 1);
    expect(usersOfType(after, 'HRUser')).toBe(usersOfType(before, 'HRUser'));
    expect(after.EmployeesPerCompany).toContainEqual({
      CompanyId: company.CompanyId,
      CompanyName: 'Dashboard Count Corp',
      Count: 1,
    });
    expect(after.RecentAudit[0]).toMatchObject({ Action: 'create', Summary: 'Created user Dash Board' });

    // Deactivated: still counted as a company, no longer as an active one.
    const fetched = await call(admin, 'GET', `/api/v1/companies/${company.CompanyId}`);
    const put = await call(admin, 'PUT', `/api/v1/companies/${company.CompanyId}`, {
      ...fetched.json(),
      IsActive: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    const deactivated = await dashboard(admin);
    expect(deactivated.CompanyCount).toBe(before.CompanyCount + 1);
    expect(deactivated.ActiveCompanyCount).toBe(before.ActiveCompanyCount);
    expect(deactivated.RecentAudit[0]).toMatchObject({
      Action: 'update',
      Summary: 'Updated company Dashboard Count Corp',
    });

    expect(await dashboard(otherAdmin)).toEqual(otherBefore);
  });

  it("names a payroll period's steps and the period, which their audit rows record only as a status", async () => {
    const payroll = await signIn(t.app, demo.payroll);
    const [company] = await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM companies WHERE name = 'Demo Manufacturing Inc.'`),
    );
    const { periodId } = await insertPeriod((work) => t.db.withTenant(admin.tenantId, work), admin.tenantId, {
      companyId: company!.id,
      name: 'October 2026 2nd cut-off',
      start: '2026-10-16',
      end: '2026-10-31',
      status: 'Approved',
      payslips: [],
    });
    const period = await call(payroll, 'GET', `/api/v1/payroll-periods/${periodId}`);
    expect(period.statusCode, period.body).toBe(200);
    const back = await call(payroll, 'POST', `/api/v1/payroll-periods/${periodId}/return-to-draft`, {
      RowVersion: period.json().RowVersion,
    });
    expect(back.statusCode, back.body).toBe(200);

    const [latest] = (await dashboard(admin)).RecentAudit;
    expect(latest).toMatchObject({
      Entity: 'payroll-period',
      EntityId: periodId,
      Action: 'update',
      Summary: 'Returned payroll period October 2026 2nd cut-off to draft',
    });
  });

  it('names the employee a pay record belongs to ("Created employee pay item of Maria Santos")', async () => {
    const payroll = await signIn(t.app, demo.payroll);
    const [maria] = await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query<{ id: string; name: string }>(
        `SELECT id, first_name || ' ' || last_name AS name FROM employees WHERE employee_number = 'DM-0001'`,
      ),
    );
    const add = await call(payroll, 'POST', `/api/v1/employee-payroll-details/${maria!.id}/items`, {
      Kind: 'Earning',
      Code: 'rice',
      Description: 'Rice subsidy',
      Amount: '1,000',
      DeMinimis: 'riceSubsidy',
      EffectiveFrom: '2026-11-01',
    });
    expect(add.statusCode, add.body).toBe(201);
    const [latest] = (await dashboard(admin)).RecentAudit;
    expect(latest).toMatchObject({
      Entity: 'employee-pay-item',
      Summary: `Created employee pay item of ${maria!.name}`,
    });
  });

  it('is for the Admin only', async () => {
    for (const who of [demo.hr, demo.payroll, demo.employee]) {
      const s = await signIn(t.app, who);
      expect((await call(s, 'GET', '/api/v1/admin/dashboard')).statusCode).toBe(403);
    }
  });
});
