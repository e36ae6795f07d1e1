import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { EMPLOYEE_IMPORT_COLUMN_NAMES } from '@hrpay/contracts';
import { createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

/**
 * Employee-record import through HTTP on the real database: upload, background validation with a preview,
 * commit as one transaction, idempotent re-import, clear 4xx for bad files, one import per company at a time.
 */
let t: TestApp;
let admin: Session;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demo.admin);
  companyId = (
    await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = $1`, [demo.admin.email]),
    )
  )[0]!.company_id;
});
afterAll(() => t?.close());

type Row = Partial<Record<(typeof EMPLOYEE_IMPORT_COLUMN_NAMES)[number], string>>;

const baseRow = (n: number, extra: Row = {}): Row => ({
  EmployeeNumber: `IMP-${String(n).padStart(4, '0')}`,
  LastName: `Santos${n}`,
  FirstName: 'Maria',
  EmploymentStatus: 'Regular',
  HireDate: '2024-01-15',
  RateType: 'Monthly',
  BasicRate: '25,000.5',
  Department: 'Imported Operations',
  Position: 'Staff',
  TIN: `123456${String(n).padStart(3, '0')}`,
  ...extra,
});

function csvOf(rows: Row[], columns: string[] = EMPLOYEE_IMPORT_COLUMN_NAMES): string {
  const cell = (v: string | undefined) =>
    v === undefined ? '' : /[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c as keyof Row])).join(','))].join(
    '\n',
  );
}

function multipart(fileName: string, content: Buffer | string, field = 'file') {
  const boundary = `----hrpay${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(fileName: string, content: Buffer | string, who: Session = admin, company = companyId) {
  const body = multipart(fileName, content);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/companies/${company}/employee-imports`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

async function settled(importId: string) {
  for (let i = 0; i < 400; i++) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/employee-imports/${importId}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const job = res.json();
    if (!['Queued', 'Validating', 'Committing'].includes(job.Status)) return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not settle');
}

async function uploadAndValidate(fileName: string, content: Buffer | string) {
  const res = await upload(fileName, content);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().Status).toBe('Queued');
  return settled(res.json().ImportId);
}

async function commit(importId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/employee-imports/${importId}/commit`,
    headers: admin.headers,
  });
  return res;
}

const employeesOf = (numbers: string[]) =>
  t.db.withTenant(admin.tenantId, (tx) =>
    tx.query<Record<string, unknown>>(
      `SELECT e.employee_number, e.last_name, e.basic_rate::text AS basic_rate, e.tin, e.row_version,
              d.name AS department, s.employee_number AS supervisor
         FROM employees e
         LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
         LEFT JOIN employees s ON s.tenant_id = e.tenant_id AND s.id = e.supervisor_id
        WHERE e.company_id = $1 AND e.employee_number = ANY($2::text[]) ORDER BY e.employee_number`,
      [companyId, numbers],
    ),
  );

const auditCount = (entity: string) =>
  t.db.withTenant(admin.tenantId, async (tx) =>
    Number(
      (
        await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE entity = $1`, [entity])
      )[0]!.n,
    ),
  );

describe('template', () => {
  it('downloads CSV and XLSX templates with every column of the employee record', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/companies/${companyId}/employee-imports/template?format=csv`,
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('employee-import-template.csv');
    expect(csv.body.split(/\r?\n/)[0]).toBe(EMPLOYEE_IMPORT_COLUMN_NAMES.join(','));

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/v1/companies/${companyId}/employee-imports/template?format=xlsx`,
      headers: admin.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(EMPLOYEE_IMPORT_COLUMN_NAMES);
  });
});

describe('upload, preview and commit', () => {
  const rows = [
    baseRow(1, { Shift: 'Day Shift' }),
    baseRow(2, { SupervisorEmployeeNumber: 'IMP-0001', TIN: '123-456-002-000' }),
    baseRow(3, { SupervisorEmployeeNumber: 'IMP-0002', LastName: '=HYPERLINK("http://x","y")' }),
  ];
  const numbers = ['IMP-0001', 'IMP-0002', 'IMP-0003'];
  let firstImportId: string;

  it('validates in the background and previews creates and new lookups without writing anything', async () => {
    const job = await uploadAndValidate('three.csv', csvOf(rows));
    firstImportId = job.ImportId;
    expect(job).toMatchObject({
      Status: 'Ready',
      TotalRows: 3,
      CreateCount: 3,
      UpdateCount: 0,
      ErrorCount: 0,
    });
    expect(job.LookupsToCreate).toEqual(
      expect.arrayContaining([{ Kind: 'Department', Name: 'Imported Operations' }]),
    );
    expect(job.SampleRows.map((r: { Values: Row }) => r.Values.EmployeeNumber)).toEqual(numbers);
    expect(await employeesOf(numbers)).toEqual([]);
  });

  it('commits all rows in one go, with lookups, supervisors, exact pesos and audit rows', async () => {
    const before = await auditCount('employee');
    const res = await commit(firstImportId);
    expect(res.statusCode).toBe(202);
    const job = await settled(firstImportId);
    expect(job).toMatchObject({ Status: 'Committed', CreateCount: 3 });
    const saved = await employeesOf(numbers);
    expect(saved).toHaveLength(3);
    expect(saved[0]).toMatchObject({
      basic_rate: '25000.50',
      department: 'Imported Operations',
      supervisor: null,
    });
    expect(saved[1]).toMatchObject({ supervisor: 'IMP-0001', tin: '123-456-002-000' });
    expect(saved[2]).toMatchObject({ supervisor: 'IMP-0002', last_name: '=HYPERLINK("http://x","y")' });
    expect((await auditCount('employee')) - before).toBe(3);
    expect(await auditCount('employee_import')).toBeGreaterThanOrEqual(1);
  });

  it('answers a repeated commit with the same job and no second effect', async () => {
    const res = await commit(firstImportId);
    expect(res.statusCode).toBe(202);
    expect(res.json().Status).toBe('Committed');
    expect(await employeesOf(numbers)).toHaveLength(3);
  });

  it('changes nothing when the same file is imported again', async () => {
    const audits = await auditCount('employee');
    const versions = (await employeesOf(numbers)).map((e) => e.row_version);
    const job = await uploadAndValidate('three.csv', csvOf(rows));
    // A final state of its own, not "ready to import" (issue 11): there is nothing to confirm.
    expect(job).toMatchObject({
      Status: 'NothingToImport',
      CreateCount: 0,
      UpdateCount: 0,
      UnchangedCount: 3,
    });
    const refused = await commit(job.ImportId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Every row of this file matches the records already stored: there is nothing to import.',
    );
    expect((await settled(job.ImportId)).Status).toBe('NothingToImport');
    expect((await employeesOf(numbers)).map((e) => e.row_version)).toEqual(versions);
    expect(await auditCount('employee')).toBe(audits);
  });

  it('updates a changed row, bumping its version and auditing before and after', async () => {
    const changed = rows.map((r) => (r.EmployeeNumber === 'IMP-0002' ? { ...r, BasicRate: '30000' } : r));
    const job = await uploadAndValidate('changed.csv', csvOf(changed));
    expect(job).toMatchObject({ CreateCount: 0, UpdateCount: 1, UnchangedCount: 2 });
    await commit(job.ImportId);
    expect((await settled(job.ImportId)).Status).toBe('Committed');
    const [, second] = await employeesOf(numbers);
    expect(second).toMatchObject({ basic_rate: '30000.00', row_version: 2 });
    const [audit] = await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
        `SELECT before, after FROM audit_log WHERE entity = 'employee' AND action = 'update' ORDER BY at DESC LIMIT 1`,
      ),
    );
    // The API's field names, as the HR form's audit rows (one shape for every writer).
    expect(audit!.before).toMatchObject({ EmployeeNumber: 'IMP-0002', BasicRate: '25000.50' });
    expect(audit!.after).toMatchObject({ EmployeeNumber: 'IMP-0002', BasicRate: '30000.00' });
    expect(Object.keys(audit!.after).some((key) => key.includes('_'))).toBe(false);
  });

  it('refuses a government id another employee holds, as the 201 form does, unless the file moves it', async () => {
    const [holder] = await employeesOf(['IMP-0001']);
    const tin = holder!.tin as string;
    const taken = await uploadAndValidate('taken.csv', csvOf([baseRow(9, { TIN: tin })]));
    expect(taken).toMatchObject({ Status: 'Invalid', CreateCount: 0, ErrorCount: 1 });
    expect(taken.Errors).toEqual([
      { Row: 2, Column: 'TIN', Value: tin, Message: `TIN ${tin} already belongs to employee IMP-0001` },
    ]);
    expect((await commit(taken.ImportId)).statusCode).toBe(409);
    expect(await employeesOf(['IMP-0009'])).toEqual([]);

    // The same file, with IMP-0001 given a new TIN: the id moves to the new employee.
    const moved = await uploadAndValidate(
      'moved.csv',
      csvOf([{ ...rows[0]!, TIN: '123-456-091-000' }, baseRow(9, { TIN: tin })]),
    );
    expect(moved).toMatchObject({ Status: 'Ready', CreateCount: 1, UpdateCount: 1, ErrorCount: 0 });
    await commit(moved.ImportId);
    expect((await settled(moved.ImportId)).Status).toBe('Committed');
    expect((await employeesOf(['IMP-0001', 'IMP-0009'])).map((e) => e.tin)).toEqual(['123-456-091-000', tin]);
  });

  it('reads XLSX uploads the same way', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Employees');
    sheet.addRow(EMPLOYEE_IMPORT_COLUMN_NAMES);
    const r = baseRow(4);
    sheet.addRow(EMPLOYEE_IMPORT_COLUMN_NAMES.map((c) => r[c] ?? ''));
    const job = await uploadAndValidate('four.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(job).toMatchObject({ Status: 'Ready', CreateCount: 1 });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/employee-imports/${job.ImportId}/discard`,
      headers: admin.headers,
    });
  });
});

describe('a file with errors', () => {
  it('lists every error with row, column, value and message, refuses the commit and exports them as CSV', async () => {
    const rows = [
      baseRow(10),
      baseRow(11, { HireDate: '2024-02-30', SSSNumber: '12345' }),
      baseRow(12, { EmployeeNumber: 'IMP-0010', BasicRate: '=1+1' }),
    ];
    const job = await uploadAndValidate('errors.csv', csvOf(rows));
    expect(job.Status).toBe('Invalid');
    expect(job.ErrorCount).toBeGreaterThanOrEqual(4);
    const cols = job.Errors.map((e: { Row: number; Column: string }) => `${e.Row}:${e.Column}`);
    expect(cols).toEqual(
      expect.arrayContaining(['3:HireDate', '3:SSSNumber', '4:EmployeeNumber', '4:BasicRate']),
    );
    for (const e of job.Errors) expect(e.Message.length).toBeGreaterThan(5);

    const refused = await commit(job.ImportId);
    expect(refused.statusCode).toBe(409);
    expect(await employeesOf(['IMP-0010', 'IMP-0011'])).toEqual([]);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/employee-imports/${job.ImportId}/errors.csv`,
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split(/\r?\n/)[0]).toBe('Row,Column,Value,Message');
    expect(csv.body).toContain(`'=1+1`); // formula injection neutralised
    expect(csv.body).not.toMatch(/(^|,)=1\+1/m);
  });
});

describe('bad files get clear 4xx answers and store nothing', () => {
  const jobs = () =>
    t.db.withTenant(admin.tenantId, async (tx) =>
      Number((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM employee_imports`))[0]!.n),
    );

  it.each([
    ['people.txt', 'EmployeeNumber\nE1', 415],
    ['people.csv', '', 400],
    ['people.csv', 'EmployeeNumber,LastName\nE1,Cruz', 400],
    ['people.xlsx', 'not a zip at all', 415],
    ['people.csv', Buffer.from('PK\u0003\u0004 zip bytes'), 415],
    [
      'header-only.csv',
      EMPLOYEE_IMPORT_COLUMN_NAMES.join(','),
      400,
      'The file has a header row but no employees under it.',
    ],
    [
      'unicode.csv',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('EmployeeNumber,LastName\r\n', 'utf16le')]),
      415,
      'The file is saved as UTF-16 (Unicode) text. Save or export it as CSV UTF-8 (or plain CSV) and try again.',
    ],
  ] as [string, string | Buffer, number, string?][])(
    '%s (%#) is refused, nothing stored',
    async (name, content, status, detail) => {
      const before = await jobs();
      const res = await upload(name, content);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().detail.length).toBeGreaterThan(10);
      if (detail) expect(res.json().detail).toBe(detail);
      expect(await jobs()).toBe(before);
    },
  );

  it('refuses a body that is not multipart and a file over 50 MB', async () => {
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${companyId}/employee-imports`,
      headers: admin.headers,
      payload: { file: 'x' },
    });
    expect([400, 415]).toContain(notMultipart.statusCode);
    const big = await upload('big.csv', Buffer.alloc(50 * 1024 * 1024 + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().status).toBe(413);
  });

  it('refuses an XLSX holding a path-traversal entry', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Employees').addRow(EMPLOYEE_IMPORT_COLUMN_NAMES);
    const good = Buffer.from(await book.xlsx.writeBuffer());
    // Rename one entry in the local header and the central directory to a same-length traversal path.
    const evil = Buffer.from(
      good.toString('latin1').replaceAll('docProps/app.xml', '../../../app.xml'),
      'latin1',
    );
    const res = await upload('evil.xlsx', evil);
    expect(res.statusCode).toBe(400);
  });
});

describe('one import per company at a time', () => {
  it('refuses a second upload while one is at work, and recovers from an interrupted one', async () => {
    const busyId = '11111111-1111-4111-8111-111111111111';
    await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query(
        `INSERT INTO employee_imports (tenant_id, id, company_id, file_name, file_size, file_sha256, status)
         VALUES ($1, $2, $3, 'busy.csv', 1, 'x', 'Validating')`,
        [admin.tenantId, busyId, companyId],
      ),
    );
    const refused = await upload('second.csv', csvOf([baseRow(20)]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('already in progress');

    // The same job, silent for longer than a worker would be: the server restarted. It no longer blocks.
    await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query(`UPDATE employee_imports SET heartbeat_at = now() - interval '1 hour' WHERE id = $1`, [
        busyId,
      ]),
    );
    const job = await uploadAndValidate('second.csv', csvOf([baseRow(20)]));
    expect(job.Status).toBe('Ready');
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/v1/employee-imports/${busyId}`,
      headers: admin.headers,
    });
    expect(old.json()).toMatchObject({ Status: 'Failed' });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/employee-imports/${job.ImportId}/discard`,
      headers: admin.headers,
    });
  });

  it('lets two simultaneous uploads for one company through one at a time, never interleaved', async () => {
    const [a, b] = await Promise.all([
      upload('a.csv', csvOf([baseRow(30)])),
      upload('b.csv', csvOf([baseRow(31)])),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    // Either the second was refused while the first was at work, or it came after and replaced its preview.
    expect([
      [202, 202],
      [202, 409],
    ]).toContainEqual(codes);
    const active = await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query(
        `SELECT id FROM employee_imports WHERE company_id = $1 AND status IN ('Queued','Validating','Committing')`,
        [companyId],
      ),
    );
    expect(active.length).toBeLessThanOrEqual(1);
    // Let the accepted uploads finish, and clear their previews for the tests that follow.
    for (const res of [a, b].filter((r) => r.statusCode === 202)) {
      await settled(res.json().ImportId);
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/employee-imports/${res.json().ImportId}/discard`,
        headers: admin.headers,
      });
    }
  });
});

describe('supervisors written before their reports', () => {
  it('commits a file whose first row reports to a person on its last row, batches apart', async () => {
    const rows = Array.from({ length: 5_001 }, (_, i) => baseRow(20_000 + i, { TIN: '' }));
    rows[0]!.SupervisorEmployeeNumber = rows[5_000]!.EmployeeNumber;
    const job = await uploadAndValidate('late-boss.csv', csvOf(rows));
    expect(job).toMatchObject({ Status: 'Ready', CreateCount: 5_001 });
    await commit(job.ImportId);
    expect((await settled(job.ImportId)).Status).toBe('Committed');
    const [first] = await employeesOf([rows[0]!.EmployeeNumber!]);
    expect(first).toMatchObject({ supervisor: rows[5_000]!.EmployeeNumber });
  });
});

describe('a preview made stale by other changes', () => {
  it('validates again at commit and refuses, writing nothing, when the company data changed', async () => {
    const job = await uploadAndValidate('stale.csv', csvOf([baseRow(50, { Shift: 'Mid Shift' })]));
    expect(job.Status).toBe('Ready');
    await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query(`UPDATE shifts SET name = 'Afternoon Shift' WHERE company_id = $1 AND name = 'Mid Shift'`, [
        companyId,
      ]),
    );
    try {
      await commit(job.ImportId);
      const after = await settled(job.ImportId);
      expect(after.Status).toBe('Invalid');
      expect(after.Message).toContain('changed since the preview');
      expect(after.Errors[0]).toMatchObject({ Column: 'Shift', Value: 'Mid Shift' });
      expect(await employeesOf(['IMP-0050'])).toEqual([]);
    } finally {
      await t.db.withTenant(admin.tenantId, (tx) =>
        tx.query(`UPDATE shifts SET name = 'Mid Shift' WHERE company_id = $1 AND name = 'Afternoon Shift'`, [
          companyId,
        ]),
      );
    }
  });
});

describe('a preview overtaken by another change', () => {
  it('shows the new counts instead of applying them when an employee of the file was added meanwhile', async () => {
    const job = await uploadAndValidate('overtaken.csv', csvOf([baseRow(60), baseRow(61)]));
    expect(job).toMatchObject({ Status: 'Ready', CreateCount: 2, UpdateCount: 0 });
    // HR adds IMP-0061 through the 201 form before the Admin confirms "creates 2, updates 0".
    const statusId = (
      await t.db.withTenant(admin.tenantId, (tx) =>
        tx.query<{ id: string }>(`SELECT id FROM employment_statuses WHERE company_id = $1 LIMIT 1`, [
          companyId,
        ]),
      )
    )[0]!.id;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/employees',
      headers: (await signIn(t.app, demo.hr)).headers,
      payload: {
        EmployeeNumber: 'IMP-0061',
        LastName: 'MadeByHR',
        FirstName: 'Ana',
        EmploymentStatusId: statusId,
        HireDate: '2025-01-06',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    await commit(job.ImportId);
    const after = await settled(job.ImportId);
    expect(after).toMatchObject({ Status: 'Ready', CreateCount: 1, UpdateCount: 1 });
    expect(after.Message).toContain('now creates 1 and updates 1 employees. Nothing was imported');
    expect(await employeesOf(['IMP-0060'])).toEqual([]);
    expect((await employeesOf(['IMP-0061']))[0]).toMatchObject({ last_name: 'MadeByHR', row_version: 1 });
    // Confirmed again, the new preview is applied.
    await commit(job.ImportId);
    expect((await settled(job.ImportId)).Status).toBe('Committed');
    expect((await employeesOf(['IMP-0061']))[0]).toMatchObject({ last_name: 'Santos61' });
  });
});

describe('all or nothing', () => {
  it('rolls the whole commit back when the database fails part-way, and keeps the preview', async () => {
    const rows = Array.from({ length: 6_000 }, (_, i) => baseRow(1000 + i, { TIN: '' }));
    rows[5_999]!.EmployeeNumber = 'BOOM-1';
    await t.testDb.ownerExec(`
      CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.employee_number = 'BOOM-1' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER boom BEFORE INSERT ON employees FOR EACH ROW EXECUTE FUNCTION boom();`);
    try {
      const count = () =>
        t.db.withTenant(admin.tenantId, async (tx) =>
          Number((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM employees`))[0]!.n),
        );
      const before = await count();
      const audits = await auditCount('employee');
      const job = await uploadAndValidate('six-thousand.csv', csvOf(rows));
      expect(job).toMatchObject({ Status: 'Ready', CreateCount: 6_000 });
      await commit(job.ImportId);
      const after = await settled(job.ImportId);
      expect(after.Status).toBe('Ready');
      expect(after.Message).toContain('nothing was changed');
      expect(await count()).toBe(before);
      expect(await auditCount('employee')).toBe(audits);
    } finally {
      await t.testDb.ownerExec(`DROP TRIGGER boom ON employees; DROP FUNCTION boom();`);
    }
    // 6,000 rows validated and written (then rolled back): some 15 s alone, more on CI's two shared cores.
  }, 90_000);
});

describe('isolation and access', () => {
  it("answers 404 for the other tenant's company and import, 403 for other user types", async () => {
    const other = await signIn(t.app, demo.otherAdmin);
    const foreign = await upload('x.csv', csvOf([baseRow(40)]), other, companyId);
    expect(foreign.statusCode).toBe(404);
    const [mine] = await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM employee_imports LIMIT 1`),
    );
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/v1/employee-imports/${mine!.id}`,
      headers: other.headers,
    });
    expect(peek.statusCode).toBe(404);
    for (const who of [demo.hr, demo.payroll, demo.employee]) {
      const res = await upload('x.csv', csvOf([baseRow(41)]), await signIn(t.app, who));
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('comparing with the stored records', () => {
  // Every column filled, text beyond ASCII (a character outside the BMP too), values the import rewrites
  // (mobile, ids, pesos, dates): a stored record is compared through a hash PostgreSQL computes, which must
  // agree with the server's for every kind of value.
  const full = (n: number, extra: Row = {}): Row =>
    baseRow(n, {
      MiddleName: 'Peña',
      Suffix: 'Jr.',
      BirthDate: '2/28/1990',
      Gender: 'f',
      CivilStatus: 'married',
      Email: `niño${n}@example.ph`,
      MobileNumber: '+63 917 123 4567',
      Address: 'Blk 5 🏠 Brgy. Niño, "Sto." Tomas',
      SSSNumber: `34-12345${String(n).slice(-2)}-1`,
      PhilHealthNumber: `12-0000000${String(n).slice(-2)}-3`,
      PagIbigNumber: `1234-5678-90${String(n).slice(-2)}`,
      EmploymentType: 'Full Time',
      RateType: 'daily',
      BasicRate: '₱1,250',
      BankName: 'BDO Unibank',
      BankAccountNumber: '0012-3456-78',
      ...extra,
    });
  const rows = [full(101), full(102, { SupervisorEmployeeNumber: 'IMP-0101', MiddleName: '' })];

  it('finds every row unchanged after it is written, also with a number typed in another case', async () => {
    const job = await uploadAndValidate('full.csv', csvOf(rows));
    expect(job, JSON.stringify(job.Errors)).toMatchObject({ Status: 'Ready', CreateCount: 2 });
    await commit(job.ImportId);
    expect((await settled(job.ImportId)).Status).toBe('Committed');
    const again = await uploadAndValidate('full-again.csv', csvOf(rows));
    expect(again).toMatchObject({ Status: 'NothingToImport', UnchangedCount: 2 });
    const lower = rows.map((r) => ({
      ...r,
      EmployeeNumber: r.EmployeeNumber!.toLowerCase(),
      SupervisorEmployeeNumber: r.SupervisorEmployeeNumber?.toLowerCase(),
    }));
    const typed = await uploadAndValidate('full-lower.csv', csvOf(lower));
    expect(typed).toMatchObject({ Status: 'NothingToImport', UnchangedCount: 2 });
  });

  it('sees a change of one character, and of a value moved from one column to the next', async () => {
    const emoji = rows.map((r, i) => (i === 0 ? { ...r, Address: 'Blk 5 🏡 Brgy. Niño, "Sto." Tomas' } : r));
    const job = await uploadAndValidate('emoji.csv', csvOf(emoji));
    expect(job).toMatchObject({ Status: 'Ready', UpdateCount: 1, UnchangedCount: 1 });
    // 'Peña' + 'Jr.' against 'Peñ' + 'aJr.': the same text joined, another record.
    const shifted = rows.map((r, i) => (i === 0 ? { ...r, MiddleName: 'Peñ', Suffix: 'aJr.' } : r));
    const moved = await uploadAndValidate('shifted.csv', csvOf(shifted));
    expect(moved).toMatchObject({ Status: 'Ready', UpdateCount: 1, UnchangedCount: 1 });
    await commit(moved.ImportId);
    expect((await settled(moved.ImportId)).Status).toBe('Committed');
    const [first] = await employeesOf(['IMP-0101']);
    expect(first).toMatchObject({ row_version: 2 });
  });
});
