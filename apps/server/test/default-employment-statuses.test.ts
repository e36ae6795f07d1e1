import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_IMPORT_COLUMN_NAMES, UserTypeId, type LookupItem } from '@hrpay/contracts';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

/**
 * Every company starts with the standard Philippine employment statuses (Labor Code Arts. 295-296, DOLE D.O.
 * 174-17), seeded in the transaction that creates it (migration 0048's trigger), so HR need not type them in
 * before the first employee; companies already on file get them only when they have none. Through HTTP on the
 * real database (PGlite by default, PostgreSQL with HRPAY_TEST_DB=postgres).
 */
const STANDARD = ['Regular', 'Probationary', 'Project', 'Seasonal', 'Casual', 'Fixed-term'];
const byName = (names: string[]) => [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
const MIGRATION = new URL('../src/db/migrations/0048_default_employment_statuses.sql', import.meta.url);

let t: TestApp;
let admin: Session;
const call = caller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demo.admin);
});
afterAll(() => t?.close());

async function createCompany(name: string, tin: string): Promise<string> {
  const res = await call(admin, 'POST', '/api/v1/companies', { Name: name, Tin: tin });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().CompanyId;
}

/** An HR user of the company, made by the Admin and set up through the invitation link kept in the outbox. */
async function hrOf(companyId: string, email: string): Promise<Session> {
  const res = await call(admin, 'POST', '/api/v1/users', {
    UserType: UserTypeId.HRUser,
    FullName: 'Rowena Dizon',
    Email: email,
    CompanyId: companyId,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await t.db.withTenant(admin.tenantId, (tx) =>
    tx.query<{ body_text: string }>(`SELECT body_text FROM mail_outbox WHERE recipient = $1`, [email]),
  );
  const link = mail!.body_text.match(/https?:\/\/\S+\/account-setup\?token=\S+/)![0];
  const Token = decodeURIComponent(new URL(link).searchParams.get('token')!);
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/account-setup',
    payload: { Token, NewPassword: 'rowena-pass-1' },
  });
  expect(setup.statusCode, setup.body).toBe(200);
  return signIn(t.app, { email, type: 'HRUser' }, 'rowena-pass-1');
}

async function statusesThroughApi(hr: Session): Promise<LookupItem[]> {
  const res = await call(hr, 'POST', '/api/v1/employment-statuses/list', { PageSize: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Items;
}

/** The stored statuses of a company, by name (the six are inserted at one moment: the table keeps no order). */
const statusRows = (companyId: string) =>
  t.db.withTenant(admin.tenantId, (tx) =>
    tx.query<{ id: string; name: string; is_active: boolean }>(
      `SELECT id, name, is_active FROM employment_statuses WHERE company_id = $1 ORDER BY lower(name)`,
      [companyId],
    ),
  );

const companyIdNamed = async (name: string) =>
  (
    await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM companies WHERE name = $1`, [name]),
    )
  )[0]!.id;

describe('a new company', () => {
  let companyId: string;
  let hr: Session;

  it('starts with the six standard employment statuses, active and unused, read through the lookups API', async () => {
    companyId = await createCompany('Bagong Simula Trading Corp.', '411-222-333-000');
    hr = await hrOf(companyId, 'rowena.dizon@bagongsimula.example');
    const items = await statusesThroughApi(hr);
    expect(items.map((s) => s.Name)).toEqual(byName(STANDARD));
    expect(items.every((s) => s.IsActive && s.EmployeeCount === 0 && s.RowVersion === 1)).toBe(true);
  });

  it('can take its first employee at once, on a seeded status', async () => {
    const probationary = (await statusesThroughApi(hr)).find((s) => s.Name === 'Probationary')!;
    const res = await call(hr, 'POST', '/api/v1/employees', {
      EmployeeNumber: 'BS-0001',
      LastName: 'Dizon',
      FirstName: 'Rowena',
      HireDate: '2026-01-05',
      EmploymentStatusId: probationary.Id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = (await statusesThroughApi(hr)).find((s) => s.Name === 'Probationary')!;
    expect(after.EmployeeCount).toBe(1);
  });

  it('reuses a seeded status an imported file names in any case, creating none', async () => {
    const columns = EMPLOYEE_IMPORT_COLUMN_NAMES;
    const row = (n: number, status: string): Record<string, string> => ({
      EmployeeNumber: `BS-01${n}`,
      LastName: `Ramos${n}`,
      FirstName: 'Noel',
      EmploymentStatus: status,
      HireDate: '2026-01-12',
      RateType: 'Daily',
      BasicRate: '695',
    });
    const csv = [
      columns.join(','),
      ...[row(1, 'probationary'), row(2, 'FIXED-TERM')].map((r) => columns.map((c) => r[c] ?? '').join(',')),
    ].join('\n');
    const boundary = '----hrpaydefaultstatuses';
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${companyId}/employee-imports`,
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="hires.csv"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode, upload.body).toBe(202);
    const importId = upload.json().ImportId;
    const settled = async () => {
      for (let i = 0; i < 400; i++) {
        const job = (await call(admin, 'GET', `/api/v1/employee-imports/${importId}`)).json();
        if (!['Queued', 'Validating', 'Committing'].includes(job.Status)) return job;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('import did not settle');
    };
    const preview = await settled();
    expect(preview).toMatchObject({ Status: 'Ready', CreateCount: 2, ErrorCount: 0 });
    expect(preview.LookupsToCreate).toEqual([]);
    expect((await call(admin, 'POST', `/api/v1/employee-imports/${importId}/commit`)).statusCode).toBe(202);
    expect(await settled()).toMatchObject({ Status: 'Committed', CreateCount: 2 });

    const items = await statusesThroughApi(hr);
    expect(items.map((s) => s.Name)).toEqual(byName(STANDARD));
    const count = (name: string) => items.find((s) => s.Name === name)!.EmployeeCount;
    expect([count('Probationary'), count('Fixed-term'), count('Regular')]).toEqual([2, 1, 0]);
  });

  it('is seeded whichever path inserts it, in its own transaction', async () => {
    // As `npm run tenant:create` and the demo data insert a company: straight into the table.
    const id = await t.db.withTenant(admin.tenantId, async (tx) => {
      const [c] = await tx.query<{ id: string }>(
        `INSERT INTO companies (tenant_id, name, tin) VALUES ($1, 'Tuwirang Pasok Inc.', '411-222-334-000')
         RETURNING id`,
        [admin.tenantId],
      );
      return c!.id;
    });
    expect((await statusRows(id)).map((s) => s.name)).toEqual(byName(STANDARD));
  });
});

describe('the demo companies', () => {
  it('have the six, their employees regular', async () => {
    for (const name of ['Demo Manufacturing Inc.', 'Demo Logistics Corp.']) {
      const id = await companyIdNamed(name);
      expect((await statusRows(id)).map((s) => s.name)).toEqual(byName(STANDARD));
      const statuses = await t.db.withTenant(admin.tenantId, (tx) =>
        tx.query<{ name: string }>(
          `SELECT DISTINCT s.name FROM employees e
             JOIN employment_statuses s ON s.tenant_id = e.tenant_id AND s.id = e.employment_status_id
            WHERE e.company_id = $1`,
          [id],
        ),
      );
      expect(statuses).toEqual([{ name: 'Regular' }]);
    }
  });
});

describe('migration 0048 on the companies already on file', () => {
  it('gives the six to a company with none and leaves one with any status exactly as it was', async () => {
    // The database as it was before 0048: no seeding on insert.
    await t.testDb.ownerExec(`DROP TRIGGER companies_seed_employment_statuses ON companies;
      DROP FUNCTION seed_company_employment_statuses_trigger();
      DROP FUNCTION seed_company_employment_statuses(uuid, uuid);`);
    const bare = await createCompany('Walang Laman Corp.', '411-222-335-000');
    const own = await createCompany('Sariling Listahan Corp.', '411-222-336-000');
    expect(await statusRows(bare)).toEqual([]);
    expect(await statusRows(own)).toEqual([]);
    // HR of one typed its own: one of the standard names in its own spelling, one inactive, one of its own.
    await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query(
        `INSERT INTO employment_statuses (tenant_id, company_id, name, is_active)
         VALUES ($1, $2, 'regular', true), ($1, $2, 'Contractual', false), ($1, $2, 'Permanent', true)`,
        [admin.tenantId, own],
      ),
    );
    const ownBefore = await statusRows(own);
    const demoCompany = await companyIdNamed('Demo Manufacturing Inc.');
    const demoBefore = await statusRows(demoCompany);

    await t.testDb.ownerExec(readFileSync(MIGRATION, 'utf8'));

    expect((await statusRows(bare)).map((s) => s.name)).toEqual(byName(STANDARD));
    expect((await statusRows(bare)).every((s) => s.is_active)).toBe(true);
    expect(await statusRows(own)).toEqual(ownBefore);
    expect(await statusRows(demoCompany)).toEqual(demoBefore);
    // And the trigger it creates seeds the next company.
    const next = await createCompany('Susunod na Kompanya Inc.', '411-222-337-000');
    expect((await statusRows(next)).map((s) => s.name)).toEqual(byName(STANDARD));
  });
});
