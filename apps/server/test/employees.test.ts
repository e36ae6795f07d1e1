/** Issue 8 §2: the employee 201 file of the HR user's own company, through HTTP, on PGlite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type Employee, type EmployeeListItem } from '@hrpay/contracts';
import {
  caller,
  createTestApp,
  demo,
  signIn,
  tenantOf,
  type TestApp,
  type Method,
  type Who,
} from './helpers.js';
import { makeDepartment, makeEmployee } from './factories.js';

let t: TestApp;
let ids: Record<string, string>;
let lookups: { regular: string; production: string; operator: string; dayShift: string; nightShift: string };

beforeAll(async () => {
  t = await createTestApp();
  await t.db.withTenant(await tenantOf(t.app, 'hr'), async (tx) => {
    const rows = await tx.query<{ id: string; employee_number: string }>(
      `SELECT id, employee_number FROM employees`,
    );
    ids = Object.fromEntries(rows.map((r) => [r.employee_number, r.id]));
    const one = async (sql: string) => (await tx.query<{ id: string }>(sql))[0]!.id;
    const company = `(SELECT id FROM companies WHERE name = 'Demo Manufacturing Inc.')`;
    lookups = {
      regular: await one(
        `SELECT id FROM employment_statuses WHERE company_id = ${company} AND name = 'Regular'`,
      ),
      production: await one(
        `SELECT id FROM departments WHERE company_id = ${company} AND name = 'Production'`,
      ),
      operator: await one(
        `SELECT id FROM positions WHERE company_id = ${company} AND name = 'Machine Operator'`,
      ),
      dayShift: await one(`SELECT id FROM shifts WHERE company_id = ${company} AND name = 'Day Shift'`),
      nightShift: await one(`SELECT id FROM shifts WHERE company_id = ${company} AND name = 'Night Shift'`),
    };
  });
});
afterAll(() => t?.close());

const call = caller(() => t.app);
const list = (s: Who, body: object = {}) => call(s, 'POST', '/api/v1/employees/list', body);
const errorsOf = (res: { json(): { errors?: { Code: string; Description: string }[] } }) =>
  Object.fromEntries(
    (res.json().errors ?? []).map((e) => [e.Code, e.Description.replace(`${e.Code}: `, '')]),
  );

const base = () => ({
  EmployeeNumber: `T-${Math.random().toString(36).slice(2, 8)}`,
  LastName: 'Magsaysay',
  FirstName: 'Andres',
  EmploymentStatusId: lookups.regular,
  HireDate: '2025-03-01',
});

describe('employee list', () => {
  it("lists the own company's employees, sorted by name by default, never another company's", async () => {
    const res = await list('hr', { PageSize: 100 });
    expect(res.statusCode).toBe(200);
    const items = res.json().Items as EmployeeListItem[];
    expect(items.every((e) => e.EmployeeNumber.startsWith('DM-') || e.EmployeeNumber.startsWith('T-'))).toBe(
      true,
    );
    expect(items.length).toBeGreaterThanOrEqual(7);
    const names = items.map((e) => `${e.LastName}|${e.FirstName}`.toLowerCase());
    expect(names).toEqual([...names].sort());
    const logistics = (await list('logisticsHr', { PageSize: 100 })).json().Items as EmployeeListItem[];
    expect(logistics.map((e) => e.EmployeeNumber).sort()).toEqual(['DL-0001', 'DL-0002', 'DL-0003']);
  });

  it('searches names, numbers, e-mail and government ids with or without dashes, word by word', async () => {
    const e = await makeEmployee(t.app, 'hr', {
      FirstName: 'Corazon',
      LastName: 'Sumulong',
      Email: 'cora.s@example.ph',
      TIN: '555666777',
    });
    const search = async (Search: string) =>
      ((await list('hr', { Search })).json().Items as EmployeeListItem[]).map((i) => i.EmployeeId);
    expect(await search('sumul')).toEqual([e.EmployeeId]);
    expect(await search('corazon sumulong')).toEqual([e.EmployeeId]);
    expect(await search(e.EmployeeNumber.toLowerCase())).toEqual([e.EmployeeId]);
    expect(await search('cora.s@')).toEqual([e.EmployeeId]);
    expect(await search('555-666-777')).toEqual([e.EmployeeId]);
    expect(await search('555666777')).toEqual([e.EmployeeId]);
    expect(await search('100%_\\')).toEqual([]);
  });

  it('pages and sorts a search, and counts every match on every page, past the last one too', async () => {
    const qa = await makeDepartment(t.app, 'hr', { Name: 'Quality Assurance' });
    const crew = await makeDepartment(t.app, 'hr', { Name: 'Maintenance Crew' });
    const made = [
      await makeEmployee(t.app, 'hr', {
        LastName: 'Pagsanjan',
        FirstName: 'Ana',
        DepartmentId: qa.DepartmentId,
      }),
      await makeEmployee(t.app, 'hr', { LastName: 'Pagsanjan', FirstName: 'Ben' }),
      await makeEmployee(t.app, 'hr', {
        LastName: 'Pagsanjan',
        FirstName: 'Carla',
        DepartmentId: crew.DepartmentId,
      }),
    ];
    const page = async (Page: number, extra: object = {}) => {
      const res = await list('hr', { Search: 'pagsanjan', PageSize: 2, Page, ...extra });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { Items: EmployeeListItem[]; TotalCount: number };
    };
    const [one, two, three] = [await page(1), await page(2), await page(3)];
    expect([one.TotalCount, two.TotalCount, three.TotalCount]).toEqual([3, 3, 3]);
    expect([...one.Items, ...two.Items].map((e) => e.FirstName)).toEqual(['Ana', 'Ben', 'Carla']);
    expect(three.Items).toEqual([]);
    // By name descending: surname, then first name, both down (only the first name had turned: a later surname
    // came last).
    const later = await makeEmployee(t.app, 'hr', { LastName: 'Pagsanjanon', FirstName: 'Ada' });
    const byName = async (SortDirection: 'asc' | 'desc') =>
      [
        await page(1, { SortBy: 'FullName', SortDirection }),
        await page(2, { SortBy: 'FullName', SortDirection }),
      ]
        .flatMap((p) => p.Items)
        .map((e) => `${e.LastName}, ${e.FirstName}`);
    expect(await byName('asc')).toEqual([
      'Pagsanjan, Ana',
      'Pagsanjan, Ben',
      'Pagsanjan, Carla',
      'Pagsanjanon, Ada',
    ]);
    expect(await byName('desc')).toEqual([
      'Pagsanjanon, Ada',
      'Pagsanjan, Carla',
      'Pagsanjan, Ben',
      'Pagsanjan, Ana',
    ]);
    expect((await call('hr', 'DELETE', `/api/v1/employees/${later.EmployeeId}`)).statusCode).toBe(200);
    // Sorted by a joined column (no department last, as NULLS LAST in both directions), with the joined names.
    const byDept = [
      await page(1, { SortBy: 'DepartmentName', SortDirection: 'desc' }),
      await page(2, { SortBy: 'DepartmentName', SortDirection: 'desc' }),
    ];
    expect(byDept.flatMap((p) => p.Items).map((e) => [e.FirstName, e.DepartmentName])).toEqual([
      ['Ana', 'Quality Assurance'],
      ['Carla', 'Maintenance Crew'],
      ['Ben', null],
    ]);
    expect(made.map((e) => e.EmployeeId).sort()).toEqual(
      byDept
        .flatMap((p) => p.Items)
        .map((e) => e.EmployeeId)
        .sort(),
    );
    expect((await list('hr', { Search: 'pagsanjan zzz' })).json()).toMatchObject({
      Items: [],
      TotalCount: 0,
    });
  });

  it('filters by department, employment status and type, pages and sorts', async () => {
    const byDept = (await list('hr', { DepartmentId: lookups.production, PageSize: 100 })).json();
    expect(byDept.Items.map((e: EmployeeListItem) => e.DepartmentName)).toEqual(
      Array(byDept.TotalCount).fill('Production'),
    );
    expect(byDept.TotalCount).toBe(3);
    const partTime = await makeEmployee(t.app, 'hr', { EmploymentType: 'PartTime' });
    const pt = (await list('hr', { EmploymentType: 'PartTime' })).json();
    expect(pt.Items.map((e: EmployeeListItem) => e.EmployeeId)).toEqual([partTime.EmployeeId]);
    expect((await list('hr', { EmploymentStatusId: lookups.regular })).json().TotalCount).toBeGreaterThan(7);
    const page1 = (
      await list('hr', { PageSize: 2, Page: 1, SortBy: 'EmployeeNumber', SortDirection: 'desc' })
    ).json();
    const page2 = (
      await list('hr', { PageSize: 2, Page: 2, SortBy: 'EmployeeNumber', SortDirection: 'desc' })
    ).json();
    expect(page1.Items).toHaveLength(2);
    const numbers = [...page1.Items, ...page2.Items].map((e: EmployeeListItem) => e.EmployeeNumber);
    expect(numbers).toEqual([...numbers].sort().reverse());
    expect(new Set(numbers).size).toBe(4);
  });

  it('refuses unknown filters, bad ids and sorts with 400', async () => {
    expect((await list('hr', { Colour: 'red' })).statusCode).toBe(400);
    expect((await list('hr', { DepartmentId: 'nope' })).statusCode).toBe(400);
    expect((await list('hr', { SortBy: 'Salary' })).statusCode).toBe(400);
    expect((await list('hr', { EmploymentType: 'Casual' })).statusCode).toBe(400);
  });
});

describe('employee record', () => {
  it('creates a full 201 file, canonicalises ids and mobile, and GET answers it back', async () => {
    const created = await makeEmployee(t.app, 'hr', {
      MiddleName: 'Reyes',
      Nickname: 'Andy',
      BirthDate: '1995-06-19',
      BirthPlace: 'Calamba, Laguna',
      Gender: 'Male',
      CivilStatus: 'Married',
      Nationality: 'Filipino',
      MobileNumber: '+63 917 555 1234',
      PresentAddress: '1 Mabini St., Manila',
      PermanentAddress: '2 Rizal Ave., Calamba',
      EmergencyContactName: 'Josefa Magsaysay',
      EmergencyContactRelationship: 'Spouse',
      EmergencyContactPhone: '09175550000',
      TIN: '123 456 789 000',
      SSSNumber: '3412345678',
      PhilHealthNumber: '123456789012',
      PagIbigNumber: '121012345678',
      DepartmentId: lookups.production,
      PositionId: lookups.operator,
      EmploymentType: 'FullTime',
      RegularizationDate: '2025-09-01',
      SupervisorId: ids['DM-0003'],
      ShiftId: lookups.nightShift,
      RestDays: [6, 0],
    });
    expect(created).toMatchObject({
      FullName: 'Andres Reyes Magsaysay',
      MobileNumber: '09175551234',
      TIN: '123-456-789-000',
      SSSNumber: '34-1234567-8',
      PhilHealthNumber: '12-345678901-2',
      PagIbigNumber: '1210-1234-5678',
      DepartmentName: 'Production',
      PositionName: 'Machine Operator',
      EmploymentStatusName: 'Regular',
      SupervisorName: 'Ana Cruz',
      ShiftName: 'Night Shift',
      RestDays: [0, 6],
      EffectiveRestDays: [0, 6],
      Status: 'Active',
      HasUserAccount: false,
      RowVersion: 1,
    });
    const got = await call('hr', 'GET', `/api/v1/employees/${created.EmployeeId}`);
    expect(got.json()).toEqual(created);
    const schedules = await call('hr', 'GET', `/api/v1/employees/${created.EmployeeId}/schedules`);
    expect(schedules.json()).toEqual([
      {
        EffectiveDate: '2025-03-01',
        ShiftId: lookups.nightShift,
        ShiftName: 'Night Shift',
        RestDays: [0, 6],
      },
    ]);
  });

  it('takes its own GET body back on PUT with edits (output-only fields ignored), unknown fields refused', async () => {
    const e = await makeEmployee(t.app, 'hr');
    const got = (await call('hr', 'GET', `/api/v1/employees/${e.EmployeeId}`)).json() as Employee;
    const res = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...got,
      Nickname: 'Dres',
      FullName: 'ignored',
      DepartmentName: 'ignored',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Nickname: 'Dres', FullName: 'Andres Magsaysay', RowVersion: 2 });
    const unknown = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...res.json(),
      Salary: 1,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('answers 409 stale-row-version to a PUT with an old RowVersion, and changes nothing', async () => {
    const e = await makeEmployee(t.app, 'hr');
    const first = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...e,
      Religion: 'Catholic',
    });
    expect(first.statusCode).toBe(200);
    const stale = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, { ...e, Religion: 'Iglesia' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().type).toBe(ProblemTypes.staleRowVersion);
    const now = (await call('hr', 'GET', `/api/v1/employees/${e.EmployeeId}`)).json();
    expect(now.Religion).toBe('Catholic');
  });

  it('reports every field error at once with the form messages', async () => {
    const res = await call('hr', 'POST', '/api/v1/employees', {
      EmployeeNumber: 'bad number!',
      LastName: '',
      FirstName: 'X'.repeat(101),
      EmploymentStatusId: lookups.regular,
      HireDate: '2025-02-30',
      Email: 'not-mail',
      MobileNumber: '12345',
      TIN: '123',
      SSSNumber: '12345678901',
      RestDays: [0, 0],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe(ProblemTypes.validation);
    expect(errorsOf(res)).toMatchObject({
      EmployeeNumber: 'Employee number may hold letters, digits and . _ / - only',
      LastName: 'This field is required',
      FirstName: 'Maximum length is 100',
      HireDate: 'Not a valid date (use YYYY-MM-DD)',
      Email: 'E-mail must be valid',
      MobileNumber: expect.stringContaining('Philippine mobile number'),
      TIN: expect.stringContaining('9 or 12 digits'),
      SSSNumber: expect.stringContaining('10 digits'),
      RestDays: 'A rest day is listed twice',
    });
  });

  it('refuses a hire before the minimum working age and a regularization before the hire', async () => {
    const res = await call('hr', 'POST', '/api/v1/employees', {
      ...base(),
      BirthDate: '2015-01-01',
      HireDate: '2025-01-01',
      RegularizationDate: '2024-12-01',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorsOf(res)).sort()).toEqual(['HireDate', 'RegularizationDate']);
  });

  it('refuses a taken employee number or government id, naming the employee who holds it', async () => {
    const first = await makeEmployee(t.app, 'hr', { SSSNumber: '33-3333333-3' });
    const res = await call('hr', 'POST', '/api/v1/employees', {
      ...base(),
      EmployeeNumber: first.EmployeeNumber.toUpperCase(),
      SSSNumber: '3333333333',
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({
      EmployeeNumber: `Employee number ${first.EmployeeNumber} is already in use`,
      SSSNumber: `SSS number already belongs to employee ${first.EmployeeNumber}`,
    });
    // The same number in the other company is another employer's business.
    const other = await call('logisticsHr', 'POST', '/api/v1/employees', {
      ...base(),
      EmploymentStatusId: (
        await t.db.withTenant(await tenantOf(t.app, 'hr'), (tx) =>
          tx.query<{ id: string }>(
            `SELECT s.id FROM employment_statuses s JOIN companies c ON c.id = s.company_id AND c.tenant_id = s.tenant_id
            WHERE c.name = 'Demo Logistics Corp.'`,
          ),
        )
      )[0]!.id,
      EmployeeNumber: first.EmployeeNumber,
    });
    expect(other.statusCode, other.body).toBe(201);
  });

  it("refuses references to another company's department, shift or supervisor", async () => {
    const res = await call('logisticsHr', 'POST', '/api/v1/employees', {
      ...base(),
      EmploymentStatusId: lookups.regular,
      DepartmentId: lookups.production,
      ShiftId: lookups.dayShift,
      SupervisorId: ids['DM-0001'],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorsOf(res)).sort()).toEqual([
      'DepartmentId',
      'EmploymentStatusId',
      'ShiftId',
      'SupervisorId',
    ]);
  });

  it('refuses a supervisor chain that loops back', async () => {
    const boss = await makeEmployee(t.app, 'hr');
    const mid = await makeEmployee(t.app, 'hr', { SupervisorId: boss.EmployeeId });
    const low = await makeEmployee(t.app, 'hr', { SupervisorId: mid.EmployeeId });
    const loop = await call('hr', 'PUT', `/api/v1/employees/${boss.EmployeeId}`, {
      ...boss,
      SupervisorId: low.EmployeeId,
    });
    expect(loop.statusCode).toBe(400);
    expect(errorsOf(loop).SupervisorId).toMatch(/loop/);
    const self = await call('hr', 'PUT', `/api/v1/employees/${boss.EmployeeId}`, {
      ...boss,
      SupervisorId: boss.EmployeeId,
    });
    expect(errorsOf(self).SupervisorId).toBe('An employee cannot be their own supervisor');
  });

  it('keeps schedule history when the shift changes, and the change history from the audit log', async () => {
    const e = await makeEmployee(t.app, 'hr', { ShiftId: lookups.dayShift });
    const res = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...e,
      ShiftId: lookups.nightShift,
      ScheduleEffectiveDate: '2025-06-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    const schedules = (await call('hr', 'GET', `/api/v1/employees/${e.EmployeeId}/schedules`)).json();
    expect(
      schedules.map((s: { EffectiveDate: string; ShiftName: string }) => [s.EffectiveDate, s.ShiftName]),
    ).toEqual([
      ['2025-06-01', 'Night Shift'],
      ['2025-03-01', 'Day Shift'],
    ]);
    const history = (await call('hr', 'GET', `/api/v1/employees/${e.EmployeeId}/history`)).json();
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ Action: 'update', ActorName: 'Maria Santos' });
    expect(history[0].Changes).toEqual(
      expect.arrayContaining([
        { Field: 'ShiftName', Before: 'Day Shift', After: 'Night Shift' },
        { Field: 'ShiftId', Before: lookups.dayShift, After: lookups.nightShift },
      ]),
    );
    expect(history[1].Action).toBe('create');

    // Saved again unchanged (the form's Save with no edit): a new row version, no empty history entry.
    const current = (await call('hr', 'GET', `/api/v1/employees/${e.EmployeeId}`)).json();
    const unchanged = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, current);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json().RowVersion).toBe(current.RowVersion + 1);
    expect((await call('hr', 'GET', `/api/v1/employees/${e.EmployeeId}/history`)).json()).toHaveLength(2);
  });
});

describe('rules a sweep of the 201 file found missing', () => {
  it('refuses absurd dates, invisible names, and an e-mail with spaces; composes Unicode', async () => {
    const bad = await call('hr', 'POST', '/api/v1/employees', {
      ...base(),
      LastName: '\u200b\u200b',
      HireDate: '9999-12-31',
      Email: 'john doe@example.com',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toMatchObject({
      LastName: 'This field is required',
      HireDate: 'Hire date must be between Jan 1, 1900 and one year from today',
      Email: 'E-mail must be valid',
    });
    const empty = await call('hr', 'POST', '/api/v1/employees', { ...base(), HireDate: '' });
    expect(errorsOf(empty).HireDate).toBe('This field is required');
    const old = await call('hr', 'POST', '/api/v1/employees', { ...base(), HireDate: '0001-01-01' });
    expect(errorsOf(old).HireDate).toBe('Hire date must be between Jan 1, 1900 and one year from today');
    const early = await call('hr', 'POST', '/api/v1/employees', {
      ...base(),
      ShiftId: lookups.dayShift,
      ScheduleEffectiveDate: '1990-01-01',
    });
    expect(errorsOf(early).ScheduleEffectiveDate).toBe(
      'The schedule cannot take effect before the hire date',
    );
    // Still fine: a mobile number typed with spaces and dashes; a name typed as N + combining tilde.
    const ok = await makeEmployee(t.app, 'hr', {
      MobileNumber: '0917 123-4567',
      LastName: 'N\u0303an\u0303ez',
    });
    expect(ok.MobileNumber).toBe('09171234567');
    expect(ok.LastName).toBe('\u00d1a\u00f1ez');
    const e = await makeEmployee(t.app, 'hr');
    const future = await call('hr', 'POST', `/api/v1/employees/${e.EmployeeId}/separation`, {
      SeparationDate: '9999-12-31',
      SeparationReason: 'Retired',
      RowVersion: e.RowVersion,
    });
    expect(errorsOf(future).SeparationDate).toBe(
      'Separation date must be between Jan 1, 1900 and one year from today',
    );
  });

  it('keeps the hire date on or before the separation date', async () => {
    const e = await makeEmployee(t.app, 'hr', { HireDate: '2025-01-06' });
    const sep = await call('hr', 'POST', `/api/v1/employees/${e.EmployeeId}/separation`, {
      SeparationDate: '2025-03-31',
      SeparationReason: 'EndOfContract',
      RowVersion: e.RowVersion,
    });
    expect(sep.statusCode, sep.body).toBe(200);
    const moved = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...sep.json(),
      HireDate: '2025-06-01',
    });
    expect(moved.statusCode).toBe(400);
    expect(errorsOf(moved).HireDate).toBe('Hire date cannot be after the separation date');
  });

  it('refuses a separated supervisor or department head and an inactive lookup as a new choice', async () => {
    const left = await makeEmployee(t.app, 'hr');
    const sep = await call('hr', 'POST', `/api/v1/employees/${left.EmployeeId}/separation`, {
      SeparationDate: '2026-10-31',
      SeparationReason: 'Resigned',
      RowVersion: left.RowVersion,
    });
    expect(sep.statusCode, sep.body).toBe(200);
    const position = await call('hr', 'POST', '/api/v1/positions', { Name: 'Retired Role', IsActive: false });
    expect(position.statusCode, position.body).toBe(201);
    const res = await call('hr', 'POST', '/api/v1/employees', {
      ...base(),
      SupervisorId: left.EmployeeId,
      PositionId: position.json().Id,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toMatchObject({
      SupervisorId:
        'The supervisor has been separated: their account is closed, so they cannot approve requests',
      PositionId: 'The position is inactive: choose an active one',
    });
    const head = await call('hr', 'POST', '/api/v1/departments', {
      Name: 'Led by a leaver',
      HeadEmployeeId: left.EmployeeId,
    });
    expect(head.statusCode).toBe(400);
    expect(errorsOf(head).HeadEmployeeId).toBe('The employee has been separated: choose a current one');
    // A record keeps a choice that became inactive after it was made: its GET body saves unchanged.
    const kept = await makeEmployee(t.app, 'hr', { PositionId: lookups.operator });
    const operator = (await call('hr', 'GET', `/api/v1/positions/${lookups.operator}`)).json();
    expect(
      (await call('hr', 'PUT', `/api/v1/positions/${lookups.operator}`, { ...operator, IsActive: false }))
        .statusCode,
    ).toBe(200);
    const again = await call('hr', 'PUT', `/api/v1/employees/${kept.EmployeeId}`, kept);
    expect(again.statusCode, again.body).toBe(200);
    const restored = (await call('hr', 'GET', `/api/v1/positions/${lookups.operator}`)).json();
    await call('hr', 'PUT', `/api/v1/positions/${lookups.operator}`, { ...restored, IsActive: true });
    // The picker still finds the leaver (final pay needs them), marked.
    const found = (
      await call('hr', 'GET', `/api/v1/employees/search?SearchText=${left.EmployeeNumber}`)
    ).json();
    expect(found).toEqual([expect.objectContaining({ EmployeeId: left.EmployeeId, IsActive: false })]);
  });

  it('records no schedule change for the same shift id sent in capitals', async () => {
    const e = await makeEmployee(t.app, 'hr', { ShiftId: lookups.dayShift });
    const same = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...e,
      ShiftId: lookups.dayShift.toUpperCase(),
    });
    expect(same.statusCode, same.body).toBe(200);
    const schedules = (await call('hr', 'GET', `/api/v1/employees/${e.EmployeeId}/schedules`)).json();
    expect(schedules.map((s: { ShiftName: string }) => s.ShiftName)).toEqual(['Day Shift']);
    // So a real change may still take effect on a day before today (a false change would be recorded today).
    const change = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...same.json(),
      ShiftId: lookups.nightShift,
      ScheduleEffectiveDate: '2025-06-01',
    });
    expect(change.statusCode, change.body).toBe(200);
  });

  it('keeps the shift on file the one in force today: no future or back-slotted schedule change', async () => {
    const e = await makeEmployee(t.app, 'hr', { ShiftId: lookups.dayShift, HireDate: '2024-01-15' });
    const future = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...e,
      ShiftId: lookups.nightShift,
      ScheduleEffectiveDate: '2099-01-01',
    });
    expect(future.statusCode).toBe(400);
    expect(errorsOf(future).ScheduleEffectiveDate).toMatch(/cannot take effect in the future/);
    const past = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...e,
      ShiftId: lookups.nightShift,
      ScheduleEffectiveDate: '2024-01-01',
    });
    expect(errorsOf(past).ScheduleEffectiveDate).toBe('The schedule cannot take effect before the hire date');
    const ok = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...e,
      ShiftId: lookups.nightShift,
      ScheduleEffectiveDate: '2025-06-01',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const slotted = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...ok.json(),
      ShiftId: lookups.dayShift,
      ScheduleEffectiveDate: '2025-03-01',
    });
    expect(slotted.statusCode).toBe(400);
    expect(errorsOf(slotted).ScheduleEffectiveDate).toBe(
      'A schedule from Jun 1, 2025 is already recorded: the change must take effect on or after that day',
    );
  });

  it('says a missing Days is required', async () => {
    const res = await call('hr', 'GET', '/api/v1/employees/upcoming-birthdays');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ Code: 'Days' })]);
    expect(res.json().errors[0].Description).toMatch(/This field is required/);
  });
});

describe('separation and delete', () => {
  it('separates an employee: kept on file, out of the default list and pickers, account closed', async () => {
    // DM-0004 is the demo portal employee.
    const portal = await signIn(t.app, demo.employee);
    const e = (await call('hr', 'GET', `/api/v1/employees/${ids['DM-0004']}`)).json() as Employee;
    expect(e.HasUserAccount).toBe(true);
    const early = await call('hr', 'POST', `/api/v1/employees/${e.EmployeeId}/separation`, {
      SeparationDate: '2020-01-01',
      SeparationReason: 'Resigned',
      RowVersion: e.RowVersion,
    });
    expect(errorsOf(early)).toEqual({ SeparationDate: 'Separation date cannot be before the hire date' });
    const res = await call('hr', 'POST', `/api/v1/employees/${e.EmployeeId}/separation`, {
      SeparationDate: '2026-10-31',
      SeparationReason: 'Resigned',
      SeparationRemarks: 'Moved abroad',
      RowVersion: e.RowVersion,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      Status: 'Separated',
      SeparationReason: 'Resigned',
      SeparationDate: '2026-10-31',
    });

    const numbers = async (body: object) =>
      ((await list('hr', { PageSize: 500, ...body })).json().Items as EmployeeListItem[]).map(
        (i) => i.EmployeeNumber,
      );
    expect(await numbers({})).not.toContain('DM-0004');
    expect(await numbers({ IncludeSeparated: true })).toContain('DM-0004');
    // The list says who has left, and when (the web's Status column reads "Separated Oct 31, 2026").
    const listed = (
      (await list('hr', { Search: 'DM-0004', IncludeSeparated: true })).json().Items as EmployeeListItem[]
    ).find((i) => i.EmployeeNumber === 'DM-0004');
    expect(listed).toMatchObject({ Status: 'Separated', SeparationDate: '2026-10-31' });
    // Sorted by Status, the separated stand together as the column reads, "Separated" among the status names
    // (by the company's whole list, and among a search's matches), not by the status they left with.
    for (const filter of [{}, { Search: 'dm' }]) {
      for (const SortDirection of ['asc', 'desc'] as const) {
        const body = { ...filter, PageSize: 500, IncludeSeparated: true, SortBy: 'EmploymentStatusName' };
        const items = (await list('hr', { ...body, SortDirection })).json().Items as EmployeeListItem[];
        const shown = items.map((i) =>
          i.Status === 'Separated' ? 'separated' : (i.EmploymentStatusName?.toLowerCase() ?? null),
        );
        expect(shown).toContain('separated');
        const byText = (a: string | null, b: string | null) =>
          a === b
            ? 0
            : a === null
              ? 1
              : b === null
                ? -1
                : (SortDirection === 'asc' ? 1 : -1) * (a < b ? -1 : 1);
        expect(shown).toEqual([...shown].sort(byText));
      }
    }
    const options = (await call('hr', 'GET', '/api/v1/employees/options')).json();
    expect(options.map((o: { EmployeeNumber: string }) => o.EmployeeNumber)).not.toContain('DM-0004');

    // The signed-in portal session ends and signing in again is refused.
    expect((await call(portal, 'GET', '/api/v1/portal/employees/basic-info')).statusCode).toBe(401);
    await expect(signIn(t.app, demo.employee)).rejects.toThrow(/failed: 4\d\d/);

    // Reinstating a separation made in error brings the record back (the account stays closed).
    const back = await call('hr', 'POST', `/api/v1/employees/${e.EmployeeId}/reinstatement`, {
      RowVersion: res.json().RowVersion,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ Status: 'Active', SeparationDate: null });
    const again = await call('hr', 'POST', `/api/v1/employees/${e.EmployeeId}/reinstatement`, {
      RowVersion: back.json().RowVersion,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().type).toBe(ProblemTypes.invalidState);
  });

  it('refuses a terminal user ID another employee holds, naming it "Terminal user ID"', async () => {
    const holder = await makeEmployee(t.app, 'hr', { DeviceUserId: 'ZK-ID-1' });
    const res = await call('hr', 'POST', '/api/v1/employees', { ...base(), DeviceUserId: 'zk-id-1' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({
      DeviceUserId: `Terminal user ID already belongs to employee ${holder.EmployeeNumber}`,
    });
  });

  it.each([
    ['employee number', (i: number) => ({ EmployeeNumber: i % 2 ? 'T-RACE-1' : 'T-race-1' })],
    [
      'terminal user id',
      (i: number) => ({ EmployeeNumber: `T-DEV-${i}`, DeviceUserId: i % 2 ? 'ZK-RACE' : 'zk-race' }),
    ],
  ])(
    'stores one %s whatever its case when creates race (one 201, the others 400 or 409)',
    async (_, body) => {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call('hr', 'POST', '/api/v1/employees', { ...base(), ...body(i) }),
        ),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s === 201),
        statuses.join(),
      ).toHaveLength(1);
      expect(
        statuses.every((s) => s === 201 || s === 400 || s === 409),
        statuses.join(),
      ).toBe(true);
    },
  );

  it('deletes an employee with nothing recorded, else 409 still-referenced saying to separate instead', async () => {
    const refused = await call('hr', 'DELETE', `/api/v1/employees/${ids['DM-0003']}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().type).toBe(ProblemTypes.stillReferenced);
    expect(refused.json().detail).toMatch(/user account.*report to them.*Separate the employee instead/);
    // A draft final-pay period names its employees: deleting one would leave the period unsavable.
    const named = await makeEmployee(t.app, 'hr');
    // A final pay is for a separated employee whose separation lies in its cut-off.
    await t.db.withTenant(await tenantOf(t.app, 'hr'), (tx) =>
      tx.query(
        `UPDATE employees SET separation_date = DATE '2026-06-10', separation_reason = 'Resigned' WHERE id = $1`,
        [named.EmployeeId],
      ),
    );
    const period = await call('payroll', 'POST', '/api/v1/payroll-periods', {
      Kind: 'FinalPay',
      Name: 'Final pay check',
      CutoffStart: '2026-06-01',
      CutoffEnd: '2026-06-10',
      PayDate: '2026-06-30',
      EmployeeIds: [named.EmployeeId],
    });
    expect(period.statusCode, period.body).toBe(201);
    const inPeriod = await call('hr', 'DELETE', `/api/v1/employees/${named.EmployeeId}`);
    expect(inPeriod.statusCode).toBe(409);
    expect(inPeriod.json().detail).toMatch(/1 payroll period names them\. Separate the employee instead/);
    // Punches and loans are records too: they used to go with the employee row (ON DELETE CASCADE).
    const punched = await makeEmployee(t.app, 'hr');
    for (const PunchedAt of ['2026-11-23 08:00', '2026-11-23 17:00']) {
      const punch = await call('hr', 'POST', '/api/v1/timelogs', {
        EmployeeId: punched.EmployeeId,
        PunchedAt,
        Reason: 'Forgot to punch',
      });
      expect(punch.statusCode, punch.body).toBe(201);
    }
    const withPunches = await call('hr', 'DELETE', `/api/v1/employees/${punched.EmployeeId}`);
    expect(withPunches.statusCode).toBe(409);
    expect(withPunches.json().detail).toMatch(/: 2 time logs\. Separate the employee instead/);
    const punches = await call('hr', 'POST', '/api/v1/timelogs/list', { EmployeeId: punched.EmployeeId });
    expect(punches.json().TotalCount).toBe(2);
    const indebted = await makeEmployee(t.app, 'hr');
    const [loanType] = (await call('payroll', 'GET', '/api/v1/loan-types/options')).json();
    const loan = await call(
      'payroll',
      'POST',
      `/api/v1/employee-payroll-details/${indebted.EmployeeId}/loans`,
      {
        LoanTypeId: loanType.LoanTypeId,
        Principal: '20000.00',
        Amortization: '1000.00',
        StartDate: '2026-12-01',
      },
    );
    expect(loan.statusCode, loan.body).toBe(201);
    const withLoan = await call('hr', 'DELETE', `/api/v1/employees/${indebted.EmployeeId}`);
    expect(withLoan.statusCode).toBe(409);
    expect(withLoan.json().detail).toMatch(/: 1 loan\. Separate the employee instead/);
    expect((await call('hr', 'GET', `/api/v1/employees/${indebted.EmployeeId}`)).statusCode).toBe(200);

    const e = await makeEmployee(t.app, 'hr');
    const res = await call('hr', 'DELETE', `/api/v1/employees/${e.EmployeeId}`);
    expect(res.statusCode).toBe(200);
    expect((await call('hr', 'GET', `/api/v1/employees/${e.EmployeeId}`)).statusCode).toBe(404);
  });

  // HR walkthrough: an employee added by mistake could not be deleted once the nightly accrual had given them
  // leave credits ("1 leave credit entry"); those go with the record. An entry HR made still refuses.
  it('deletes an employee whose only leave entries are the accrual run own, but not one with an adjustment', async () => {
    const tenantId = await tenantOf(t.app, 'hr');
    const credit = (employeeId: string, kind: string, sourceKey: string | null, reason: string | null) =>
      t.db.withTenant(tenantId, (tx) =>
        tx.query(
          `INSERT INTO leave_ledger (tenant_id, company_id, employee_id, leave_type_id, entry_date, kind, days,
                                     reason, source_key)
           SELECT e.tenant_id, e.company_id, e.id, lt.id, DATE '2026-11-01', $2, 1.25, $4, $3
             FROM employees e JOIN leave_types lt ON lt.tenant_id = e.tenant_id AND lt.company_id = e.company_id
            WHERE e.id = $1 ORDER BY lt.name LIMIT 1`,
          [employeeId, kind, sourceKey, reason],
        ),
      );
    const accrued = await makeEmployee(t.app, 'hr');
    await credit(accrued.EmployeeId, 'Grant', 'grant:2026', null);
    await credit(accrued.EmployeeId, 'Accrual', 'accrual:2026-11', null);
    const deleted = await call('hr', 'DELETE', `/api/v1/employees/${accrued.EmployeeId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call('hr', 'GET', `/api/v1/employees/${accrued.EmployeeId}`)).statusCode).toBe(404);
    const [audit] = await t.db.withTenant(tenantId, (tx) =>
      tx.query<{ before: { AccruedLeaveEntriesRemoved?: number } }>(
        `SELECT before FROM audit_log WHERE entity = 'employee' AND entity_id = $1 AND action = 'delete'`,
        [accrued.EmployeeId],
      ),
    );
    expect(audit!.before.AccruedLeaveEntriesRemoved).toBe(2);

    const adjusted = await makeEmployee(t.app, 'hr');
    await credit(adjusted.EmployeeId, 'Accrual', 'accrual:2026-11', null);
    await credit(adjusted.EmployeeId, 'Adjustment', null, 'Carried over from the old system');
    const refused = await call('hr', 'DELETE', `/api/v1/employees/${adjusted.EmployeeId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/: 1 leave credit entry\. Separate the employee instead/);
    const [{ n }] = (await t.db.withTenant(tenantId, (tx) =>
      tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM leave_ledger WHERE employee_id = $1`, [
        adjusted.EmployeeId,
      ]),
    )) as [{ n: number }];
    expect(n).toBe(2);
  });
});

describe('company scope and tenancy', () => {
  it('answers 404 to HR of another company or tenant for every call on an employee, and changes nothing', async () => {
    const e = await makeEmployee(t.app, 'hr');
    for (const s of ['logisticsHr', 'otherHr'] as const) {
      for (const [method, url, body] of [
        ['GET', `/api/v1/employees/${e.EmployeeId}`],
        ['PUT', `/api/v1/employees/${e.EmployeeId}`, { ...e, Nickname: 'x' }],
        ['DELETE', `/api/v1/employees/${e.EmployeeId}`],
        [
          'POST',
          `/api/v1/employees/${e.EmployeeId}/separation`,
          { SeparationDate: '2026-01-01', SeparationReason: 'Terminated', RowVersion: 1 },
        ],
        ['POST', `/api/v1/employees/${e.EmployeeId}/reinstatement`, { RowVersion: 1 }],
      ] as [Method, string, object?][]) {
        const res = await call(s, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const still = (await call('hr', 'GET', `/api/v1/employees/${e.EmployeeId}`)).json();
    expect(still).toMatchObject({ RowVersion: 1, Nickname: null, Status: 'Active' });
  });

  it('refuses Admin, Payroll and Portal users the HR calls with 403', async () => {
    for (const who of ['admin', 'payroll', 'approver'] as const) {
      expect((await list(who)).statusCode).toBe(403);
      expect((await call(who, 'POST', '/api/v1/employees', base())).statusCode).toBe(403);
    }
  });
});

describe('master list export', () => {
  it('exports the list filter as XLSX with every 201 column, read back with exceljs', async () => {
    await makeEmployee(t.app, 'hr', { LastName: '=HYPERLINK("http://evil")', FirstName: 'Formula' });
    const res = await call('hr', 'POST', '/api/v1/employees/export', {
      DepartmentId: lookups.production,
      Format: 'xlsx',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="employees-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const { default: excel } = await import('exceljs');
    const book = new excel.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(
      expect.arrayContaining([
        'Employee number',
        'TIN',
        'SSS number',
        'Department',
        'Hire date',
        // "ID" as the app writes it elsewhere (it said "Terminal user id").
        'Terminal user ID',
      ]),
    );
    const numbers: string[] = [];
    const departments = new Set<string>();
    const departmentColumn = header.indexOf('Department') + 1;
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      numbers.push(String(row.getCell(1).value));
      departments.add(String(row.getCell(departmentColumn).value));
    });
    expect(numbers).toEqual(expect.arrayContaining(['DM-0003', 'DM-0005']));
    expect([...departments]).toEqual(['Production']);
    const tinColumn = header.indexOf('TIN') + 1;
    const cruz = sheet.getRows(2, numbers.length)!.find((r) => r.getCell(1).value === 'DM-0003')!;
    expect(String(cruz.getCell(tinColumn).value)).toMatch(/^\d{3}-\d{3}-\d{3}$/);
    // The heading row is bold; data rows share the plain default style (one style object for every data cell).
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(cruz.getCell(1).font?.bold).toBeFalsy();
    expect(cruz.getCell(tinColumn).font?.bold).toBeFalsy();
  });

  it('exports CSV with formulas neutralised, in the list order, and only the own company', async () => {
    const res = await call('hr', 'POST', '/api/v1/employees/export', {
      Search: 'formula',
      Format: 'csv',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Employee number,Last name,First name,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const logistics = await call('logisticsHr', 'POST', '/api/v1/employees/export', { Format: 'csv' });
    expect(logistics.body).not.toContain('DM-0');
    expect((await call('hr', 'POST', '/api/v1/employees/export', { Format: 'pdf' })).statusCode).toBe(400);
    expect((await call('hr', 'POST', '/api/v1/employees/export', { Page: 2 })).statusCode).toBe(400);
  });
});
