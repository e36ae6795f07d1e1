/**
 * A name never holds control characters: a tab, a line break, a bell, or a right-to-left override that makes a
 * department's or an employee's name read as another on every screen and report (they had been stored).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { UserTypeId } from '@hrpay/contracts';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let hr: Session;
const call = caller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
});
afterAll(() => t?.close());

describe('names with control characters', () => {
  it.each([
    ['a right-to-left override', 'Payroll\u202Elortnoc'],
    ['a line break', 'Payroll\nTeam'],
    ['a tab', 'Payroll\tTeam'],
    ['a bell', 'Payroll\u0007'],
  ])('are refused with a field message: %s', async (_what, name) => {
    const res = await call(hr, 'POST', '/api/v1/departments', { Name: name });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      {
        Code: 'Name',
        Description: 'Name: Remove the control characters (tabs, line breaks, direction marks)',
      },
    ]);
  });

  it('still take accented letters, Ñ and spaces', async () => {
    const res = await call(hr, 'POST', '/api/v1/departments', { Name: 'Contabilidad y Señales' });
    expect(res.statusCode, res.body).toBe(201);
  });
});

/** The fields below took any trimmed text: a direction override reversed every portal dashboard's leave line. */
describe('other names and free texts', () => {
  const codes = (res: { json: () => { errors?: { Code: string }[] } }) =>
    (res.json().errors ?? []).map((e) => e.Code);

  it('a leave type refuses a direction override in its code and an invisible-only name', async () => {
    const body = { Code: 'BD\u202EL', Name: 'Birthday Leave', GrantRule: 'Yearly', AnnualDays: 1 };
    const bad = await call(hr, 'POST', '/api/v1/leave-types', body);
    expect(bad.statusCode, bad.body).toBe(400);
    expect(codes(bad)).toEqual(['Code']);
    const blank = await call(hr, 'POST', '/api/v1/leave-types', { ...body, Code: 'BDL', Name: '\u200B' });
    expect(blank.statusCode, blank.body).toBe(400);
    expect(blank.json().errors).toEqual([{ Code: 'Name', Description: 'Name: This field is required' }]);
    const good = await call(hr, 'POST', '/api/v1/leave-types', { ...body, Code: 'BDL' });
    expect(good.statusCode, good.body).toBe(201);
  });

  it("a user's full name refuses a direction override", async () => {
    const admin = await signIn(t.app, demo.admin);
    const company = await call(admin, 'POST', '/api/v1/companies', {
      Name: 'Users Text Co.',
      Tin: '555-555-556',
    });
    expect(company.statusCode, company.body).toBe(201);
    const companyId = company.json().CompanyId as string;
    const body = {
      UserType: UserTypeId.PayrollUser,
      Email: 'rtl.user@text-rules.test',
      CompanyId: companyId,
    };
    const bad = await call(admin, 'POST', '/api/v1/users', { ...body, FullName: 'Ana\u202ECruz' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(codes(bad)).toEqual(['FullName']);
    const good = await call(admin, 'POST', '/api/v1/users', { ...body, FullName: 'Ana Cruz' });
    expect(good.statusCode, good.body).toBe(201);
  });

  it('a request reason may run over lines but holds no direction override', async () => {
    const body = { LeaveTypeId: randomUUID(), DateFrom: '2026-12-01', DateTo: '2026-12-01' };
    const bad = await call(hr, 'POST', '/api/v1/leave-requests', { ...body, Reason: 'Family\n\u202Eevent' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(codes(bad)).toContain('Reason');
    const lines = await call(hr, 'POST', '/api/v1/leave-requests', { ...body, Reason: 'Family\nevent' });
    expect(codes(lines)).not.toContain('Reason');
  });

  it("a company's address may run over lines; its registered name may not", async () => {
    const admin = await signIn(t.app, demo.admin);
    const body = { Name: 'Text Rules Corp.', Tin: '321-654-987-000' };
    const bad = await call(admin, 'POST', '/api/v1/companies', {
      ...body,
      RegisteredName: 'Text\nRules',
      Address: 'Unit 1\u202E',
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(codes(bad).sort()).toEqual(['Address', 'RegisteredName']);
    const good = await call(admin, 'POST', '/api/v1/companies', {
      ...body,
      RegisteredName: 'Text Rules Corporation',
      Address: 'Unit 1\nMakati City',
    });
    expect(good.statusCode, good.body).toBe(201);
  });
});

/** Names that go on payslips and BIR forms, and the punch reason of the audit, hold no direction override. */
describe('shift, holiday, employee and punch texts', () => {
  const codes = (res: { json: () => { errors?: { Code: string }[] } }) =>
    (res.json().errors ?? []).map((e) => e.Code);

  it('refuses a direction override in a shift name and a holiday name', async () => {
    const shift = await call(hr, 'POST', '/api/v1/shifts', {
      Name: 'Day \u202EShift',
      TimeIn: '08:00',
      TimeOut: '16:00',
    });
    expect(shift.statusCode, shift.body).toBe(400);
    expect(codes(shift)).toContain('Name');
    const holiday = await call(hr, 'POST', '/api/v1/holidays', {
      Date: '2026-12-10',
      Name: 'Town \u202EFiesta',
      Type: 'SpecialNonWorking',
    });
    expect(holiday.statusCode, holiday.body).toBe(400);
    expect(codes(holiday)).toEqual(['Name']);
  });

  it("refuses one in an employee's middle name, keeps an address's line breaks", async () => {
    const list = await call(hr, 'POST', '/api/v1/employees/list', { PageSize: 1 });
    const id = list.json().Items[0].EmployeeId as string;
    const employee = (await call(hr, 'GET', `/api/v1/employees/${id}`)).json();
    const bad = await call(hr, 'PUT', `/api/v1/employees/${id}`, { ...employee, MiddleName: 'ABC\u202EDEF' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(codes(bad)).toEqual(['MiddleName']);
    const good = await call(hr, 'PUT', `/api/v1/employees/${id}`, {
      ...employee,
      PresentAddress: 'Unit 1\nMakati City',
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().PresentAddress).toBe('Unit 1\nMakati City');
  });

  it('refuses one in a punch reason', async () => {
    const list = await call(hr, 'POST', '/api/v1/employees/list', { PageSize: 1 });
    const res = await call(hr, 'POST', '/api/v1/timelogs', {
      EmployeeId: list.json().Items[0].EmployeeId,
      PunchedAt: '2026-11-02 08:00',
      Direction: 'In',
      Reason: 'Forgot \u202Eto punch',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(codes(res)).toEqual(['Reason']);
  });
});
