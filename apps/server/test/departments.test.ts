/** Issue 8 §1: departments of the HR user's own company, through HTTP, on PGlite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type Department } from '@hrpay/contracts';
import { caller, createTestApp, errorCodes, tenantOf, type TestApp, type Who } from './helpers.js';
import { makeDepartment } from './factories.js';

let t: TestApp;
let employeeIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.withTenant(await tenantOf(t.app, 'hr'), (tx) =>
    tx.query<{ id: string; employee_number: string }>(`SELECT id, employee_number FROM employees`),
  );
  employeeIds = Object.fromEntries(rows.map((r) => [r.employee_number, r.id]));
});
afterAll(() => t?.close());

const call = caller(() => t.app);
const list = (s: Who, body: object = {}) => call(s, 'POST', '/api/v1/departments/list', body);
const codes = errorCodes;

describe('departments', () => {
  it('lists the seeded departments of the own company with headcount, never another company', async () => {
    const res = await list('hr', { PageSize: 100 });
    expect(res.statusCode).toBe(200);
    const names = (res.json().Items as Department[]).map((d) => d.Name);
    expect(names).toEqual(['Finance', 'Human Resources', 'Production', 'Warehouse']);
    const production = (res.json().Items as Department[]).find((d) => d.Name === 'Production')!;
    expect(production.Headcount).toBe(3);
    const theirs = (await list('logisticsHr', { PageSize: 100 })).json().Items.map((d: Department) => d.Name);
    expect(theirs).toEqual(['Fleet', 'People']);
    const other = (await list('otherHr', { PageSize: 100 })).json().Items.map((d: Department) => d.Name);
    expect(other).not.toContain('Production');
  });

  it('creates with code, parent and head; searches, filters, pages and sorts', async () => {
    const parent = (await list('hr', { Search: 'Production' })).json().Items[0] as Department;
    const line = await makeDepartment(t.app, 'hr', {
      Name: '  Assembly Line ',
      Code: 'ASM',
      ParentDepartmentId: parent.DepartmentId,
      HeadEmployeeId: employeeIds['DM-0003'],
    });
    expect(line).toMatchObject({
      Name: 'Assembly Line',
      Code: 'ASM',
      ParentName: 'Production',
      HeadName: 'Ana Cruz',
      Headcount: 0,
      IsActive: true,
      RowVersion: 1,
    });
    await makeDepartment(t.app, 'hr', { Name: 'Old Projects', IsActive: false });
    expect((await list('hr', { Search: 'asm' })).json().Items.map((d: Department) => d.Name)).toEqual([
      'Assembly Line',
    ]);
    expect((await list('hr', { IsActive: false })).json().Items.map((d: Department) => d.Name)).toEqual([
      'Old Projects',
    ]);
    const page = (await list('hr', { PageSize: 2, Page: 2, SortBy: 'Name', SortDirection: 'desc' })).json();
    expect(page.TotalCount).toBe(6);
    expect(page.Items.map((d: Department) => d.Name)).toEqual(['Old Projects', 'Human Resources']);
    const byHeadcount = (
      await list('hr', { SortBy: 'Headcount', SortDirection: 'desc', PageSize: 1 })
    ).json();
    expect(byHeadcount.Items[0].Name).toBe('Production');
    const audit = await t.db.withTenant(await tenantOf(t.app, 'hr'), (tx) =>
      tx.query(
        `SELECT 1 FROM audit_log WHERE entity = 'department' AND entity_id = $1 AND action = 'create'`,
        [line.DepartmentId],
      ),
    );
    expect(audit).toHaveLength(1);
  });

  it('refuses a taken name or code (any case), an unknown parent and a head from another company', async () => {
    const res = await call('hr', 'POST', '/api/v1/departments', {
      Name: 'FINANCE',
      Code: 'asm',
      ParentDepartmentId: '00000000-0000-4000-8000-000000000001',
      HeadEmployeeId: (
        await t.db.withTenant(await tenantOf(t.app, 'hr'), (tx) =>
          tx.query<{ id: string }>(`SELECT id FROM employees WHERE employee_number = 'DL-0002'`),
        )
      )[0]!.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe(ProblemTypes.validation);
    expect(codes(res)).toEqual(['Name', 'Code', 'ParentDepartmentId', 'HeadEmployeeId']);
    const blank = await call('hr', 'POST', '/api/v1/departments', { Name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(codes(blank)).toEqual(['Name']);
  });

  it('keeps the tree free of cycles', async () => {
    const top = await makeDepartment(t.app, 'hr', { Name: 'Operations Group' });
    const mid = await makeDepartment(t.app, 'hr', { Name: 'Plant 1', ParentDepartmentId: top.DepartmentId });
    const leaf = await makeDepartment(t.app, 'hr', {
      Name: 'Plant 1 Maintenance',
      ParentDepartmentId: mid.DepartmentId,
    });
    for (const parent of [leaf.DepartmentId, top.DepartmentId]) {
      const res = await call('hr', 'PUT', `/api/v1/departments/${top.DepartmentId}`, {
        ...top,
        ParentDepartmentId: parent,
      });
      expect(res.statusCode).toBe(400);
      expect(codes(res)).toEqual(['ParentDepartmentId']);
    }
  });

  it('takes back its GET body with edits; a stale version is a 409 and changes nothing', async () => {
    const d = await makeDepartment(t.app, 'hr', { Name: 'Quality' });
    const read = (await call('hr', 'GET', `/api/v1/departments/${d.DepartmentId}`)).json();
    const saved = await call('hr', 'PUT', `/api/v1/departments/${d.DepartmentId}`, { ...read, Code: 'QA' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ Code: 'QA', RowVersion: 2 });
    const stale = await call('hr', 'PUT', `/api/v1/departments/${d.DepartmentId}`, { ...read, Code: 'QC' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().type).toBe(ProblemTypes.staleRowVersion);
    expect((await call('hr', 'GET', `/api/v1/departments/${d.DepartmentId}`)).json().Code).toBe('QA');
    const unknown = await call('hr', 'PUT', `/api/v1/departments/${d.DepartmentId}`, {
      ...saved.json(),
      Budget: 1,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('deletes an unused department; refuses one with employees or sub-departments, naming them', async () => {
    const production = (await list('hr', { Search: 'Production' })).json().Items[0] as Department;
    const refused = await call('hr', 'DELETE', `/api/v1/departments/${production.DepartmentId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().type).toBe(ProblemTypes.stillReferenced);
    expect(refused.json().detail).toBe(
      'Production cannot be deleted: 3 employees and 1 sub-department still refer to it. Deactivate it instead.',
    );
    // The grid's headcount counts neither a leaver nor a hire yet to start; the refusal says why it counts more.
    const spareRoom = await makeDepartment(t.app, 'hr', { Name: 'Spare room' });
    await t.db.withTenant(await tenantOf(t.app, 'hr'), (tx) =>
      tx.query(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date,
                                separation_date, separation_reason, is_active, department_id)
         SELECT tenant_id, company_id, v.number, 'Test', v.number, v.hired::date, v.left_on::date,
                CASE WHEN v.left_on IS NOT NULL THEN 'Resigned' END, v.active, $1
           FROM employees, (VALUES ('SR-1', '2020-01-01', NULL, true), ('SR-2', '2020-01-01', '2021-06-30', false),
                                   ('SR-3', '2999-01-04', NULL, true)) AS v(number, hired, left_on, active)
          WHERE employee_number = 'DM-0001'`,
        [spareRoom.DepartmentId],
      ),
    );
    const listed = (await list('hr', { Search: 'Spare room' })).json().Items[0] as Department;
    expect(listed.Headcount).toBe(1);
    const counted = await call('hr', 'DELETE', `/api/v1/departments/${spareRoom.DepartmentId}`);
    expect(counted.json().detail).toBe(
      'Spare room cannot be deleted: 3 employees (1 separated, 1 yet to start) still refer to it. Deactivate it instead.',
    );
    const spare = await makeDepartment(t.app, 'hr', { Name: 'Spare' });
    const done = await call('hr', 'DELETE', `/api/v1/departments/${spare.DepartmentId}`);
    expect(done.statusCode).toBe(200);
    expect((await call('hr', 'GET', `/api/v1/departments/${spare.DepartmentId}`)).statusCode).toBe(404);
  });

  it("answers 404 for another company's or another tenant's department, and 403 to other user types", async () => {
    const fleet = (await list('logisticsHr', { Search: 'Fleet' })).json().Items[0] as Department;
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await call('hr', method, `/api/v1/departments/${fleet.DepartmentId}`)).statusCode).toBe(404);
    }
    const put = await call('hr', 'PUT', `/api/v1/departments/${fleet.DepartmentId}`, {
      Name: 'Mine',
      RowVersion: 1,
    });
    expect(put.statusCode).toBe(404);
    expect((await call('otherHr', 'GET', `/api/v1/departments/${fleet.DepartmentId}`)).statusCode).toBe(404);
    for (const who of ['admin', 'payroll', 'employee'] as const) {
      expect((await list(who)).statusCode).toBe(403);
    }
  });

  it('answers the options of the own company for pickers', async () => {
    const res = await call('hr', 'GET', '/api/v1/departments/options');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((o: { Name: string }) => o.Name);
    expect(names).toContain('Finance');
    expect(names).not.toContain('Fleet');
  });
});
