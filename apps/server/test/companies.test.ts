import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserTypeId, type Company } from '@hrpay/contracts';
import {
  caller,
  createTestApp,
  demo,
  errorCodes,
  type Session,
  signIn,
  type TestApp,
  type Method,
} from './helpers.js';

/**
 * Company administration through HTTP against the real database: validation, the per-tenant TIN rule, the
 * list convention (paging, sorting, search, filters), optimistic concurrency, tenant isolation, delete rules,
 * audit rows and who may call what.
 */
let t: TestApp;
let admin: Session;
let otherAdmin: Session;
let hr: Session;
let payroll: Session;
let portal: Session;
let demoCompanyId: string;
let otherCompanyId: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, otherAdmin, hr, payroll, portal] = await Promise.all([
    signIn(t.app, demo.admin),
    signIn(t.app, demo.otherAdmin),
    signIn(t.app, demo.hr),
    signIn(t.app, demo.payroll),
    signIn(t.app, demo.employee),
  ]);
  // The demo tenant has two companies (Demo Logistics Corp. is the second): pick by name.
  demoCompanyId = (
    await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM companies WHERE name = 'Demo Manufacturing Inc.'`),
    )
  )[0]!.id;
  otherCompanyId = (await companyIdsOf(otherAdmin))[0]!;
});
afterAll(() => t?.close());

const call = caller(() => t.app);
const create = (s: Session, body: object) => call(s, 'POST', '/api/v1/companies', body);
const list = (s: Session, body: object) => call(s, 'POST', '/api/v1/companies/list', body);
const codes = errorCodes;

async function companyIdsOf(s: Session): Promise<string[]> {
  const rows = await t.db.withTenant(s.tenantId, (tx) =>
    tx.query<{ id: string }>(`SELECT id FROM companies ORDER BY created_at, id`),
  );
  return rows.map((r) => r.id);
}

async function companyRow(s: Session, id: string) {
  const [row] = await t.db.withTenant(s.tenantId, (tx) =>
    tx.query<Record<string, unknown>>(`SELECT * FROM companies WHERE id = $1`, [id]),
  );
  return row;
}

async function auditOf(s: Session, id: string) {
  return t.db.withTenant(s.tenantId, (tx) =>
    tx.query<{
      action: string;
      actor_user_id: string;
      tenant_id: string;
      before: Company | null;
      after: Company | null;
    }>(
      `SELECT action, actor_user_id, tenant_id, before, after FROM audit_log
        WHERE entity = 'company' AND entity_id = $1 ORDER BY at, action`,
      [id],
    ),
  );
}

/** A distinct, well-formed TIN per call. */
let tinSeq = 100;
const nextTin = () => {
  const n = String(tinSeq++).padStart(3, '0');
  return `${n}-${n}-${n}`;
};

async function createOk(s: Session, body: Record<string, unknown>): Promise<Company> {
  const res = await create(s, { Tin: nextTin(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/v1/companies', () => {
  it('creates a company: 201, the stored record echoed, defaults applied, blank optional text stored as null', async () => {
    const res = await create(admin, {
      Name: '  Bagong Araw Trading  ',
      RegisteredName: '',
      Tin: '201-301-401-000',
      RdoCode: '047',
      SssEmployerNumber: '03-9123456-7',
      Address: '   ',
      ZipCode: '1630',
      Email: 'payroll@bagongaraw.ph',
      Phone: '',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      CompanyId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      Name: 'Bagong Araw Trading',
      RegisteredName: null,
      Tin: '201-301-401-000',
      RdoCode: '047',
      SssEmployerNumber: '03-9123456-7',
      PhilHealthEmployerNumber: null,
      PagIbigEmployerNumber: null,
      Address: null,
      ZipCode: '1630',
      Email: 'payroll@bagongaraw.ph',
      Phone: null,
      PayFrequency: 'SemiMonthly',
      IsActive: true,
      EmployeeCount: 0,
      UserCount: 0,
      RowVersion: 1,
      CreatedAt: expect.any(String),
      UpdatedAt: expect.any(String),
    });
    const row = await companyRow(admin, body.CompanyId);
    expect(row).toMatchObject({
      tenant_id: admin.tenantId,
      name: 'Bagong Araw Trading',
      registered_name: null,
      tin: '201-301-401-000',
      address: null,
      phone: null,
      pay_frequency: 'SemiMonthly',
      is_active: true,
      row_version: 1,
    });
    // The GET answers the same record.
    const got = await call(admin, 'GET', `/api/v1/companies/${body.CompanyId}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(body);
  });

  it('answers 400 naming every failing field, and stores nothing', async () => {
    const before = await companyIdsOf(admin);
    const res = await create(admin, {
      Tin: '123',
      ZipCode: '12345',
      Email: 'not-an-email',
      tenant_id: otherAdmin.tenantId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(codes(res)).toEqual(expect.arrayContaining(['Name', 'Tin', 'ZipCode', 'Email', 'tenant_id']));
    const byCode = (code: string) =>
      (res.json().errors as { Code: string; Description: string }[])
        .filter((e) => e.Code === code)
        .map((e) => e.Description)
        .join(' | ');
    expect(byCode('Tin')).toContain('TIN must look like 000-000-000');
    expect(byCode('Email')).toContain('E-mail must be valid');
    expect(byCode('tenant_id')).toContain('not allowed');
    expect(byCode('ZipCode')).not.toBe('');
    expect(byCode('Name')).toBe('Name: This field is required'); // missing entirely, not only blank

    const empty = await create(admin, { Name: '   ', Tin: nextTin() });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ Code: 'Name', Description: 'Name: This field is required' }]);

    const wrongTypes = await create(admin, {
      Name: 42,
      Tin: 123456789,
      IsActive: 'yes',
      PayFrequency: 'Daily',
      RowVersion: 1,
    });
    expect(wrongTypes.statusCode).toBe(400);
    expect(codes(wrongTypes)).toEqual(
      expect.arrayContaining(['Name', 'Tin', 'IsActive', 'PayFrequency', 'RowVersion']),
    );

    const badIds = await create(admin, {
      Name: 'Bad Ids Inc.',
      Tin: nextTin(),
      RdoCode: '12',
      PagIbigEmployerNumber: '12',
      Phone: 'call me',
    });
    expect(codes(badIds).sort()).toEqual(['PagIbigEmployerNumber', 'Phone', 'RdoCode']);
    expect(await companyIdsOf(admin)).toEqual(before);
  });

  it('refuses a name already used in the tenant, whatever its case, on create and rename (Code Name)', async () => {
    await createOk(admin, { Name: 'Unique Name Corp' });
    const dup = await create(admin, { Name: '  unique NAME corp ', Tin: nextTin() });
    expect(dup.statusCode).toBe(400);
    expect(codes(dup)).toEqual(['Name']);
    expect(dup.json().errors[0].Description).toBe(
      'Another company of your account is already named unique NAME corp',
    );
    const second = await createOk(admin, { Name: 'Another Name Corp' });
    const rename = await call(admin, 'PUT', `/api/v1/companies/${second.CompanyId}`, {
      Name: 'UNIQUE name corp',
      Tin: second.Tin,
      RowVersion: second.RowVersion,
    });
    expect(rename.statusCode).toBe(400);
    expect(codes(rename)).toEqual(['Name']);
    // Its own name (another case) is no clash, and the other tenant may use the name.
    const recase = await call(admin, 'PUT', `/api/v1/companies/${second.CompanyId}`, {
      Name: 'ANOTHER NAME CORP',
      Tin: second.Tin,
      RowVersion: second.RowVersion,
    });
    expect(recase.statusCode, recase.body).toBe(200);
    expect((await create(otherAdmin, { Name: 'Unique Name Corp', Tin: nextTin() })).statusCode).toBe(201);
    // Nor do a decomposed "ñ" (N + combining tilde, as some keyboards type it) or a run of spaces.
    await createOk(admin, { Name: 'Pe\u00f1afrancia Foods' });
    for (const Name of ['Pen\u0303afrancia Foods', 'Pe\u00f1afrancia   Foods']) {
      const again = await create(admin, { Name, Tin: nextTin() });
      expect(again.statusCode, Name).toBe(400);
      expect(codes(again)).toEqual(['Name']);
    }
  });

  it('takes a 9-digit TIN and the same TIN with branch 000 for one taxpayer', async () => {
    const nine = '859-222-333';
    await createOk(admin, { Name: 'Head Office Nine', Tin: nine });
    const twelve = await create(admin, { Name: 'Head Office Twelve', Tin: '859-222-333-000' });
    expect(twelve.statusCode).toBe(400);
    expect(codes(twelve)).toEqual(['Tin']);
    // A branch (001) is another registration.
    expect((await create(admin, { Name: 'Branch One', Tin: '859-222-333-001' })).statusCode).toBe(201);
  });

  it('refuses a TIN already used in the tenant with Code Tin, but the other tenant may use it', async () => {
    const tin = nextTin();
    const first = await createOk(admin, { Name: 'First With TIN', Tin: tin });
    const dup = await create(admin, { Name: 'Second With TIN', Tin: ` ${tin} ` });
    expect(dup.statusCode).toBe(400);
    expect(codes(dup)).toEqual(['Tin']);
    const stored = await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query(`SELECT id FROM companies WHERE tin = $1`, [tin]),
    );
    expect(stored).toEqual([{ id: first.CompanyId }]);

    // The demo tenant's seeded TIN and this one are free in the other tenant.
    for (const otherTin of [tin, '123-456-789-000']) {
      const other = await create(otherAdmin, { Name: `Other Tenant Branch ${otherTin}`, Tin: otherTin });
      expect(other.statusCode, other.body).toBe(201);
      expect((await companyRow(otherAdmin, other.json().CompanyId))!.tenant_id).toBe(otherAdmin.tenantId);
    }
  });
});

describe('POST /api/v1/companies/list', () => {
  let seeded: Company[];
  const prefix = 'Listco';

  beforeAll(async () => {
    seeded = [];
    // 30 names, created in a shuffled order so any order seen is the server's doing, not insertion order.
    for (let i = 0; i < 30; i++) {
      seeded.push(await createOk(admin, { Name: `${prefix} ${10 + ((i * 7) % 30)}`, IsActive: i % 5 !== 0 }));
    }
    // Employees for a few, so EmployeeCount differs: company k gets k employees.
    await t.db.withTenant(admin.tenantId, async (tx) => {
      for (const [k, company] of seeded.slice(0, 4).entries()) {
        for (let n = 0; n <= k; n++) {
          await tx.query(
            `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date)
             VALUES ($1, $2, $3, 'List', 'Person', DATE '2024-01-01')`,
            [admin.tenantId, company.CompanyId, `L-${k}-${n}`],
          );
        }
      }
    });
  });

  const names = (res: { json(): { Items: Company[] } }) => res.json().Items.map((c) => c.Name);

  it('pages with TotalCount, without overlap, in a stable order', async () => {
    const total = (await companyIdsOf(admin)).length;
    const seen: string[] = [];
    let pages = 0;
    for (let page = 1; ; page++) {
      const res = await list(admin, { Page: page, PageSize: 7 });
      expect(res.statusCode).toBe(200);
      expect(res.json().TotalCount).toBe(total);
      const ids = res.json().Items.map((c: Company) => c.CompanyId);
      if (ids.length === 0) break;
      expect(ids.length).toBeLessThanOrEqual(7);
      seen.push(...ids);
      pages++;
    }
    expect(pages).toBe(Math.ceil(total / 7));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual((await companyIdsOf(admin)).sort());
    // The same page twice is the same page.
    const a = await list(admin, { Page: 2, PageSize: 7 });
    const b = await list(admin, { Page: 2, PageSize: 7 });
    expect(a.json()).toEqual(b.json());
  });

  it('uses the defaults: page 1 of 25, Name ascending', async () => {
    const res = await list(admin, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().Items).toHaveLength(25);
    const all = await list(admin, { PageSize: 500 });
    expect(names(res)).toEqual(names(all).slice(0, 25));
  });

  it('sorts by Name ascending and descending', async () => {
    const asc = names(await list(admin, { Search: prefix, SortBy: 'Name', PageSize: 100 }));
    const desc = names(
      await list(admin, { Search: prefix, SortBy: 'Name', SortDirection: 'desc', PageSize: 100 }),
    );
    expect(asc).toHaveLength(seeded.length);
    // Same prefix, then two digits: every collation agrees on this order.
    const expected = seeded.map((c) => c.Name).sort();
    expect(asc).toEqual(expected);
    expect(desc).toEqual([...expected].reverse());
  });

  it('sorts by EmployeeCount', async () => {
    const asc = (await list(admin, { Search: prefix, SortBy: 'EmployeeCount', PageSize: 100 })).json()
      .Items as Company[];
    const counts = asc.map((c) => c.EmployeeCount);
    expect(counts).toEqual([...counts].sort((x, y) => x - y));
    expect(counts.slice(-4)).toEqual([1, 2, 3, 4]);
    const desc = (
      await list(admin, { Search: prefix, SortBy: 'EmployeeCount', SortDirection: 'desc', PageSize: 3 })
    ).json().Items as Company[];
    expect(desc.map((c) => [c.CompanyId, c.EmployeeCount])).toEqual(
      [...seeded.slice(0, 4)]
        .reverse()
        .slice(0, 3)
        .map((c, i) => [c.CompanyId, 4 - i]),
    );
  });

  it('searches name and TIN, taking % and _ literally', async () => {
    const byName = await list(admin, { Search: 'LISTCO 10', PageSize: 100 });
    expect(names(byName)).toEqual([seeded[0]!.Name]);
    const byTin = await list(admin, { Search: seeded[3]!.Tin!.slice(0, 7) });
    expect(byTin.json().Items.map((c: Company) => c.CompanyId)).toEqual([seeded[3]!.CompanyId]);

    const percent = await createOk(admin, { Name: '100% Pure Foods' });
    const underscore = await createOk(admin, { Name: 'Under_Score Corp' });
    const pct = await list(admin, { Search: '%' });
    expect(pct.json()).toMatchObject({ TotalCount: 1, Items: [{ CompanyId: percent.CompanyId }] });
    const us = await list(admin, { Search: '_' });
    expect(us.json()).toMatchObject({ TotalCount: 1, Items: [{ CompanyId: underscore.CompanyId }] });
    const nothing = await list(admin, { Search: 'no such company at all' });
    expect(nothing.json()).toEqual({ Items: [], TotalCount: 0 });
  });

  it('filters by IsActive', async () => {
    const inactive = await list(admin, { Search: prefix, IsActive: false, PageSize: 100 });
    const expected = seeded.filter((c) => !c.IsActive).map((c) => c.CompanyId);
    expect(inactive.json().TotalCount).toBe(expected.length);
    expect(
      inactive
        .json()
        .Items.map((c: Company) => c.CompanyId)
        .sort(),
    ).toEqual(expected.sort());
    const active = await list(admin, { Search: prefix, IsActive: true, PageSize: 100 });
    expect(active.json().TotalCount).toBe(seeded.length - expected.length);
    expect(active.json().Items.every((c: Company) => c.IsActive)).toBe(true);
  });

  it("lists only the caller's tenant", async () => {
    const res = await list(otherAdmin, { PageSize: 500 });
    const ids = res.json().Items.map((c: Company) => c.CompanyId);
    expect(ids.sort()).toEqual((await companyIdsOf(otherAdmin)).sort());
    expect(ids).not.toContain(demoCompanyId);
  });

  it('answers 400 for PageSize over 500, an unknown SortBy and other bad list bodies', async () => {
    for (const [body, code] of [
      [{ PageSize: 501 }, 'PageSize'],
      [{ PageSize: 0 }, 'PageSize'],
      [{ Page: 0 }, 'Page'],
      [{ SortBy: 'tenant_id' }, 'SortBy'],
      [{ SortBy: 'Name; DROP TABLE companies' }, 'SortBy'],
      [{ SortDirection: 'up' }, 'SortDirection'],
      [{ IsActive: 'true' }, 'IsActive'],
      [{ TenantId: otherAdmin.tenantId }, 'TenantId'],
    ] as const) {
      const res = await list(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(codes(res)).toContain(code);
    }
    expect(await companyIdsOf(admin)).toContain(demoCompanyId);
  });
});

describe('GET /api/v1/companies/options', () => {
  it('answers every company of the tenant, id, name and active flag, by name', async () => {
    const res = await call(admin, 'GET', '/api/v1/companies/options');
    expect(res.statusCode).toBe(200);
    const options = res.json() as { CompanyId: string; Name: string; IsActive: boolean }[];
    expect(options.map((o) => o.CompanyId).sort()).toEqual((await companyIdsOf(admin)).sort());
    expect(options.find((o) => o.CompanyId === demoCompanyId)).toEqual({
      CompanyId: demoCompanyId,
      Name: 'Demo Manufacturing Inc.',
      IsActive: true,
    });
    for (const o of options) expect(Object.keys(o).sort()).toEqual(['CompanyId', 'IsActive', 'Name']);
    const other = (await call(otherAdmin, 'GET', '/api/v1/companies/options')).json();
    expect(other.map((o: { CompanyId: string }) => o.CompanyId)).not.toContain(demoCompanyId);
  });
});

describe('GET and PUT /api/v1/companies/:id', () => {
  const editable = (c: Company) => ({
    CompanyId: c.CompanyId,
    Name: c.Name,
    RegisteredName: c.RegisteredName,
    Tin: c.Tin,
    RdoCode: c.RdoCode,
    SssEmployerNumber: c.SssEmployerNumber,
    PhilHealthEmployerNumber: c.PhilHealthEmployerNumber,
    PagIbigEmployerNumber: c.PagIbigEmployerNumber,
    Address: c.Address,
    ZipCode: c.ZipCode,
    Email: c.Email,
    Phone: c.Phone,
    PayFrequency: c.PayFrequency,
    IsActive: c.IsActive,
    RowVersion: c.RowVersion,
  });

  it('takes back its own GET body with an edit (output-only fields ignored), but still refuses unknown ones', async () => {
    const created = await createOk(admin, { Name: 'Round Trip Corp' });
    const read = (await call(admin, 'GET', `/api/v1/companies/${created.CompanyId}`)).json() as Company;
    const res = await call(admin, 'PUT', `/api/v1/companies/${created.CompanyId}`, {
      ...read,
      Address: 'Ayala Ave., Makati City',
      EmployeeCount: 999, // output-only: ignored, not stored, not refused
      CreatedAt: '1999-01-01T00:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Address: 'Ayala Ave., Makati City', EmployeeCount: 0, RowVersion: 2 });
    expect(res.json().CreatedAt).toBe(read.CreatedAt);
    const unknown = await call(admin, 'PUT', `/api/v1/companies/${created.CompanyId}`, {
      ...res.json(),
      Headcount: 3,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { Code: 'Headcount', Description: 'Headcount: this property is not allowed' },
    ]);
  });

  it('answers the seeded company with its counts', async () => {
    const res = await call(admin, 'GET', `/api/v1/companies/${demoCompanyId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      CompanyId: demoCompanyId,
      Name: 'Demo Manufacturing Inc.',
      Tin: '123-456-789-000',
      EmployeeCount: 7,
      UserCount: 5,
      PayFrequency: 'SemiMonthly',
    });
    const unknown = await call(admin, 'GET', '/api/v1/companies/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/v1/companies/not-a-uuid')).statusCode).toBe(400);
  });

  it('updates with the current RowVersion: the version goes up and the change is audited', async () => {
    const c = await createOk(admin, { Name: 'Update Me Corp', Address: 'Old St.' });
    // The id may come in upper case; the audit row still carries the stored id.
    const res = await call(admin, 'PUT', `/api/v1/companies/${c.CompanyId.toUpperCase()}`, {
      ...editable(c),
      Name: ' Updated Corp ',
      Address: '',
      PayFrequency: 'Monthly',
      ZipCode: '1000',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after).toMatchObject({
      CompanyId: c.CompanyId,
      Name: 'Updated Corp',
      Address: null,
      PayFrequency: 'Monthly',
      ZipCode: '1000',
      RowVersion: 2,
      CreatedAt: c.CreatedAt,
    });
    expect(Date.parse(after.UpdatedAt)).toBeGreaterThanOrEqual(Date.parse(c.UpdatedAt));
    expect(await companyRow(admin, c.CompanyId)).toMatchObject({
      name: 'Updated Corp',
      address: null,
      pay_frequency: 'Monthly',
      row_version: 2,
    });
    const audit = await auditOf(admin, c.CompanyId);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    const update = audit[1]!;
    expect(update.actor_user_id).toBe(admin.claims.sub);
    expect(update.before).toMatchObject({ Name: 'Update Me Corp', Address: 'Old St.', RowVersion: 1 });
    expect(update.after).toMatchObject({ Name: 'Updated Corp', Address: null, RowVersion: 2 });

    // Keeping its own TIN is not a duplicate; taking another company's is.
    const again = await call(admin, 'PUT', `/api/v1/companies/${c.CompanyId}`, {
      ...editable(after),
      Tin: '123-456-789-000',
    });
    expect(again.statusCode).toBe(400);
    expect(codes(again)).toEqual(['Tin']);
    const mismatch = await call(admin, 'PUT', `/api/v1/companies/${c.CompanyId}`, {
      ...editable(after),
      CompanyId: demoCompanyId,
    });
    expect(mismatch.statusCode).toBe(400);
    expect((await companyRow(admin, c.CompanyId))!.row_version).toBe(2);
  });

  it('answers 409 to a stale RowVersion and changes nothing', async () => {
    const c = await createOk(admin, { Name: 'Concurrency Corp' });
    const first = await call(admin, 'PUT', `/api/v1/companies/${c.CompanyId}`, {
      ...editable(c),
      Name: 'First Writer Corp',
    });
    expect(first.statusCode).toBe(200);
    const stale = await call(admin, 'PUT', `/api/v1/companies/${c.CompanyId}`, {
      ...editable(c),
      Name: 'Second Writer Corp',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      status: 409,
      title: 'Conflict',
      detail: expect.stringMatching(/Reload/),
    });
    expect(await companyRow(admin, c.CompanyId)).toMatchObject({ name: 'First Writer Corp', row_version: 2 });
    expect((await auditOf(admin, c.CompanyId)).map((a) => a.action)).toEqual(['create', 'update']);
    const future = await call(admin, 'PUT', `/api/v1/companies/${c.CompanyId}`, {
      ...editable(c),
      RowVersion: 99,
    });
    expect(future.statusCode).toBe(409);
  });

  it("answers 404 to GET, PUT (with a valid body) and DELETE of the other tenant's company, changing nothing", async () => {
    const theirs = (await call(otherAdmin, 'GET', `/api/v1/companies/${otherCompanyId}`)).json() as Company;
    const before = await companyRow(otherAdmin, otherCompanyId);
    expect((await call(admin, 'GET', `/api/v1/companies/${otherCompanyId}`)).statusCode).toBe(404);
    const put = await call(admin, 'PUT', `/api/v1/companies/${otherCompanyId}`, {
      ...editable(theirs),
      Name: 'Hijacked Corp',
      Tin: nextTin(),
    });
    expect(put.statusCode).toBe(404);
    expect(put.body).not.toContain('Other Tenant Corp');
    const del = await call(admin, 'DELETE', `/api/v1/companies/${otherCompanyId}`);
    expect(del.statusCode).toBe(404);
    expect(await companyRow(otherAdmin, otherCompanyId)).toEqual(before);
    // The same the other way round, with an upper-case id.
    const mine = await call(otherAdmin, 'GET', `/api/v1/companies/${demoCompanyId.toUpperCase()}`);
    expect(mine.statusCode).toBe(404);
  });
});

describe('DELETE /api/v1/companies/:id', () => {
  it('refuses a company that still has employees and users, naming the counts, and keeps it', async () => {
    const res = await call(admin, 'DELETE', `/api/v1/companies/${demoCompanyId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, title: 'Conflict' });
    expect(res.json().detail).toContain('7 employees and 5 users');
    expect(await companyRow(admin, demoCompanyId)).toBeTruthy();
  });

  it('refuses a company with only a user, or only an employee', async () => {
    const withUser = await createOk(admin, { Name: 'Has A User Corp' });
    const user = await call(admin, 'POST', '/api/v1/users', {
      UserType: UserTypeId.HRUser,
      FullName: 'Only User',
      Email: 'only.user@company-delete.test',
      CompanyId: withUser.CompanyId,
    });
    expect(user.statusCode, user.body).toBe(201);
    const res = await call(admin, 'DELETE', `/api/v1/companies/${withUser.CompanyId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/Has A User Corp.*\b1 user\b/);
    expect(res.json().detail).not.toContain('employee');

    const withEmployee = await createOk(admin, { Name: 'Has An Employee Corp' });
    await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date)
         VALUES ($1, $2, 'E-1', 'Solo', 'Worker', DATE '2024-01-01')`,
        [admin.tenantId, withEmployee.CompanyId],
      ),
    );
    const res2 = await call(admin, 'DELETE', `/api/v1/companies/${withEmployee.CompanyId}`);
    expect(res2.statusCode).toBe(409);
    expect(res2.json().detail).toMatch(/\b1 employee\b/);
    expect(await companyRow(admin, withEmployee.CompanyId)).toBeTruthy();
    expect((await auditOf(admin, withEmployee.CompanyId)).map((a) => a.action)).toEqual(['create']);
  });

  it('deletes an empty company (with its own lookups): 200, gone, and audited as create, update, delete', async () => {
    const c = await createOk(admin, { Name: 'Short Lived Corp' });
    const updated = await call(admin, 'PUT', `/api/v1/companies/${c.CompanyId}`, {
      Name: 'Short Lived Corp.',
      Tin: c.Tin,
      RowVersion: 1,
    });
    expect(updated.statusCode).toBe(200);
    await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query(`INSERT INTO departments (tenant_id, company_id, name) VALUES ($1, $2, 'Sales')`, [
        admin.tenantId,
        c.CompanyId,
      ]),
    );
    const res = await call(admin, 'DELETE', `/api/v1/companies/${c.CompanyId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Message: 'Short Lived Corp. was deleted.' });
    expect(await companyRow(admin, c.CompanyId)).toBeUndefined();
    expect((await call(admin, 'GET', `/api/v1/companies/${c.CompanyId}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/v1/companies/${c.CompanyId}`)).statusCode).toBe(404);

    const audit = await auditOf(admin, c.CompanyId);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    for (const a of audit) {
      expect(a.actor_user_id).toBe(admin.claims.sub);
      expect(a.tenant_id).toBe(admin.tenantId);
    }
    expect(audit[0]).toMatchObject({
      before: null,
      after: { CompanyId: c.CompanyId, Name: 'Short Lived Corp' },
    });
    expect(audit[2]).toMatchObject({ before: { Name: 'Short Lived Corp.', RowVersion: 2 }, after: null });
    // Its TIN is free again.
    await createOk(admin, { Name: 'Reborn Corp', Tin: c.Tin });
  });
});

describe('who may call the companies API', () => {
  it('answers 403 to HRUser, PayrollUser and PortalUser on every endpoint, and 401 without a token', async () => {
    const target = await createOk(admin, { Name: 'Guarded Corp' });
    const validCreate = { Name: 'Sneaky Corp', Tin: nextTin() };
    const validUpdate = { Name: 'Sneaky Rename', Tin: target.Tin, RowVersion: 1 };
    const endpoints: [Method, string, object | undefined][] = [
      ['POST', '/api/v1/companies/list', {}],
      ['GET', '/api/v1/companies/options', undefined],
      ['GET', `/api/v1/companies/${target.CompanyId}`, undefined],
      ['POST', '/api/v1/companies', validCreate],
      ['PUT', `/api/v1/companies/${target.CompanyId}`, validUpdate],
      ['DELETE', `/api/v1/companies/${target.CompanyId}`, undefined],
    ];
    for (const [method, url, body] of endpoints) {
      for (const s of [hr, payroll, portal]) {
        const res = await call(s, method, url, body);
        expect(res.statusCode, `${String(s.claims.user_type)} ${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ status: 403, title: 'Forbidden' });
      }
      const anonymous = await call(null, method, url, body);
      expect(anonymous.statusCode, `anonymous ${method} ${url}`).toBe(401);
      const forged = await call(
        { headers: { authorization: 'Bearer not-a-token', 'x-tenant-id': admin.tenantId } },
        method,
        url,
        body,
      );
      expect(forged.statusCode).toBe(401);
    }
    expect(await companyRow(admin, target.CompanyId)).toMatchObject({ name: 'Guarded Corp', row_version: 1 });
    const sneaky = await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query(`SELECT 1 FROM companies WHERE name = 'Sneaky Corp'`),
    );
    expect(sneaky).toEqual([]);
  });
});
