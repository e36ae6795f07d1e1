/**
 * A government id (TIN, SSS, PhilHealth, Pag-IBIG number) belongs to one employee of a company, whoever writes
 * it: the import's rows for existing employees are held to it as the 201 form is, and writes racing with the
 * same id store it once (on PostgreSQL; PGlite runs one transaction at a time).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_IMPORT_COLUMN_NAMES, type Employee } from '@hrpay/contracts';
import { caller, createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';
import { makeEmployee } from './factories.js';

let t: TestApp;
let admin: Session;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await sessionOf(t.app, 'admin');
  // The Admin's company is the demo HR user's (Demo Manufacturing Inc.).
  companyId = (
    await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = 'hr@demo.hrpay.test'`),
    )
  )[0]!.company_id;
});
afterAll(() => t?.close());

const call = caller(() => t.app);

type Row = Partial<Record<(typeof EMPLOYEE_IMPORT_COLUMN_NAMES)[number], string>>;
const row = (number: string, extra: Row = {}): Row => ({
  EmployeeNumber: number,
  LastName: `Surname ${number}`,
  FirstName: 'Maria',
  EmploymentStatus: 'Regular',
  HireDate: '2024-01-15',
  RateType: 'Monthly',
  BasicRate: '25000',
  ...extra,
});
const csvOf = (rows: Row[]) =>
  [
    EMPLOYEE_IMPORT_COLUMN_NAMES.join(','),
    ...rows.map((r) => EMPLOYEE_IMPORT_COLUMN_NAMES.map((c) => r[c] ?? '').join(',')),
  ].join('\n');

async function importFile(rows: Row[]) {
  const boundary = `----integrity${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ids.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csvOf(rows)}\r\n--${boundary}--\r\n`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/companies/${companyId}/employee-imports`,
    headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  return settled(res.json().ImportId as string);
}

async function settled(importId: string) {
  for (let i = 0; i < 400; i++) {
    const res = await call(admin, 'GET', `/api/v1/employee-imports/${importId}`);
    expect(res.statusCode, res.body).toBe(200);
    if (!['Queued', 'Validating', 'Committing'].includes(res.json().Status)) return res.json();
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not settle');
}

const commit = (importId: string) => call(admin, 'POST', `/api/v1/employee-imports/${importId}/commit`);

async function committed(rows: Row[]) {
  const job = await importFile(rows);
  expect(job, JSON.stringify(job.Errors)).toMatchObject({ Status: 'Ready', ErrorCount: 0 });
  expect((await commit(job.ImportId)).statusCode).toBe(202);
  expect((await settled(job.ImportId)).Status).toBe('Committed');
}

const idsOf = (numbers: string[]) =>
  t.db.withTenant(admin.tenantId, (tx) =>
    tx.query<{ employee_number: string; tin: string | null; sss_number: string | null; basic_rate: string }>(
      `SELECT employee_number, tin, sss_number, basic_rate::text AS basic_rate FROM employees
        WHERE company_id = $1 AND employee_number = ANY($2::text[]) ORDER BY employee_number`,
      [companyId, numbers],
    ),
  );

describe('the import holds existing employees to the form’s government-id rule', () => {
  beforeAll(async () => {
    await committed([
      row('GID-1', { TIN: '301-000-001-000', SSSNumber: '34-0000001-1' }),
      row('GID-2', { TIN: '301-000-002-000' }),
      row('GID-3', { TIN: '301-000-003-000' }),
    ]);
  });

  it('refuses an update row taking an id another employee holds, naming the field and that employee', async () => {
    const job = await importFile([
      row('GID-2', { TIN: '301000001000' }),
      row('GID-3', { TIN: '301-000-003-000', SSSNumber: '3400000011' }),
    ]);
    expect(job).toMatchObject({ Status: 'Invalid', UpdateCount: 0, ErrorCount: 2 });
    expect(job.Errors).toEqual([
      {
        Row: 2,
        Column: 'TIN',
        Value: '301-000-001-000',
        Message: 'TIN 301-000-001-000 already belongs to employee GID-1',
      },
      {
        Row: 3,
        Column: 'SSSNumber',
        Value: '34-0000001-1',
        Message: 'SSSNumber 34-0000001-1 already belongs to employee GID-1',
      },
    ]);
    expect((await commit(job.ImportId)).statusCode).toBe(409);
    expect((await idsOf(['GID-2', 'GID-3'])).map((e) => [e.tin, e.sss_number])).toEqual([
      ['301-000-002-000', null],
      ['301-000-003-000', null],
    ]);

    // The 201 form says the same of the same change.
    const [gid2] = await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query<{ id: string }>(
        `SELECT id FROM employees WHERE company_id = $1 AND employee_number = 'GID-2'`,
        [companyId],
      ),
    );
    const form = (await call('hr', 'GET', `/api/v1/employees/${gid2!.id}`)).json() as Employee;
    const put = await call('hr', 'PUT', `/api/v1/employees/${gid2!.id}`, { ...form, TIN: '301000001000' });
    expect(put.statusCode).toBe(400);
    expect(put.json().errors).toContainEqual({
      Code: 'TIN',
      Description: 'TIN already belongs to employee GID-1',
    });
  });

  it('lets the file move an id between employees, unless the row giving it up is refused', async () => {
    // GID-2 would give its TIN to GID-5, but its own row takes GID-1's SSS number: GID-2 keeps its TIN.
    const refused = await importFile([
      row('GID-2', { TIN: '301-000-009-000', SSSNumber: '34-0000001-1' }),
      row('GID-5', { TIN: '301-000-002-000' }),
    ]);
    expect(refused).toMatchObject({ Status: 'Invalid', ErrorCount: 2 });
    expect(refused.Errors).toEqual([
      expect.objectContaining({ Row: 2, Column: 'SSSNumber', Message: expect.stringMatching(/GID-1$/) }),
      expect.objectContaining({ Row: 3, Column: 'TIN', Message: expect.stringMatching(/GID-2$/) }),
    ]);

    // GID-2 and GID-3 swap TINs: each gives up the one the other takes.
    const swap = await importFile([
      row('GID-2', { TIN: '301-000-003-000' }),
      row('GID-3', { TIN: '301-000-002-000' }),
    ]);
    expect(swap).toMatchObject({ Status: 'Ready', UpdateCount: 2, ErrorCount: 0 });
    expect((await commit(swap.ImportId)).statusCode).toBe(202);
    expect((await settled(swap.ImportId)).Status).toBe('Committed');
    expect((await idsOf(['GID-2', 'GID-3'])).map((e) => e.tin)).toEqual([
      '301-000-003-000',
      '301-000-002-000',
    ]);
  });

  it('still updates an employee whose unchanged id another employee held before the rule', async () => {
    // A duplicate from before the checks (migration 0032 keeps such data): a raise for either is no new claim.
    await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query(
        `UPDATE employees SET tin = '301-000-001-000' WHERE company_id = $1 AND employee_number = 'GID-2'`,
        [companyId],
      ),
    );
    await committed([row('GID-2', { TIN: '301-000-001-000', BasicRate: '27000' })]);
    expect((await idsOf(['GID-2']))[0]).toMatchObject({ tin: '301-000-001-000', basic_rate: '27000.00' });
  });
});

describe('writes racing with the same government id store it once', () => {
  it('answers one of ten concurrent creates with the same TIN 201, the others 400 naming the holder', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('hr', 'POST', '/api/v1/employees', {
          EmployeeNumber: `RACE-TIN-${i}`,
          LastName: 'Racer',
          FirstName: `N${i}`,
          HireDate: '2025-03-01',
          TIN: i % 2 ? '302-000-001-000' : '302000001000',
          ...statusOf(),
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(),
    ).toHaveLength(1);
    const holder = results.find((r) => r.statusCode === 201)!.json().EmployeeNumber;
    for (const refused of results.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toEqual([
        { Code: 'TIN', Description: `TIN already belongs to employee ${holder}` },
      ]);
    }
    expect(await holdersOf('tin', '302-000-001-000')).toHaveLength(1);
  });

  it('stores an id once when a create races an update that sets it', async () => {
    for (let round = 0; round < 5; round++) {
      const sss = `35-000000${round}-1`;
      const other = await makeEmployee(t.app, 'hr', { ...statusOf() });
      const [created, updated] = await Promise.all([
        call('hr', 'POST', '/api/v1/employees', {
          EmployeeNumber: `RACE-SSS-${round}`,
          LastName: 'Racer',
          FirstName: 'Sss',
          HireDate: '2025-03-01',
          SSSNumber: sss,
          ...statusOf(),
        }),
        call('hr', 'PUT', `/api/v1/employees/${other.EmployeeId}`, { ...other, SSSNumber: sss }),
      ]);
      const statuses = [created.statusCode, updated.statusCode].sort().join();
      expect(['200,400', '201,400'], `${created.body} ${updated.body}`).toContain(statuses);
      expect(await holdersOf('sss_number', sss)).toHaveLength(1);
    }
  });

  it('stores an id once when a create races the commit of an import that creates it', async () => {
    for (let round = 0; round < 4; round++) {
      const tin = `303-000-00${round}-000`;
      const rows = Array.from({ length: 400 }, (_, i) =>
        row(`RACE-IMP-${round}-${i}`, { TIN: i === 399 ? tin : '' }),
      );
      const job = await importFile(rows);
      expect(job).toMatchObject({ Status: 'Ready', CreateCount: 400 });
      const [started, created] = await Promise.all([
        commit(job.ImportId),
        new Promise((r) => setTimeout(r, 10 * round)).then(() =>
          call('hr', 'POST', '/api/v1/employees', {
            EmployeeNumber: `RACE-FORM-${round}`,
            LastName: 'Racer',
            FirstName: 'Form',
            HireDate: '2025-03-01',
            TIN: tin,
            ...statusOf(),
          }),
        ),
      ]);
      expect(started.statusCode).toBe(202);
      const outcome = await settled(job.ImportId);
      // Either the form's create came first (the commit validated again and refused the row), or the import did
      // (the create is refused): never both.
      expect([outcome.Status, created.statusCode].join(), created.body).toMatch(
        /^(Committed,400|Invalid,201)$/,
      );
      expect(await holdersOf('tin', tin)).toHaveLength(1);
    }
  });
});

let regular: string | undefined;
beforeAll(async () => {
  const res = await call('hr', 'POST', '/api/v1/employment-statuses/list', { PageSize: 100 });
  regular = (res.json().Items as { Id: string; IsActive: boolean }[]).find((s) => s.IsActive)!.Id;
});
const statusOf = () => ({ EmploymentStatusId: regular! });

const holdersOf = (column: 'tin' | 'sss_number', value: string) =>
  t.db.withTenant(admin.tenantId, (tx) =>
    tx.query(`SELECT employee_number FROM employees WHERE company_id = $1 AND ${column} = $2`, [
      companyId,
      value,
    ]),
  );
