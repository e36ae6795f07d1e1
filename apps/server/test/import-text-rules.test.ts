import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_IMPORT_COLUMN_NAMES } from '@hrpay/contracts';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

/**
 * The Admin's employee import holds every text it stores to the rule of the form that edits it (the HR 201 form's
 * `requiredText` / optional text, the departments and lookups pages' names): composed Unicode (NFC), no control
 * characters or direction overrides, refused per row in the preview with the form's own message. Before, a name
 * was only trimmed and measured: "Tab\tName", "Evil\u202eyxE" and "Line\nBreak" were stored as typed, and a
 * decomposed "Ma\u0301rquez" could not be found as "Márquez" nor saved again through the HR form.
 */
let t: TestApp;
let admin: Session;
let companyId: string;
const call = caller(() => t.app);

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
  EmployeeNumber: `FIXE-${n}`,
  LastName: `Reyes${n}`,
  FirstName: 'Ana',
  EmploymentStatus: 'Regular',
  HireDate: '2024-01-15',
  RateType: 'Monthly',
  BasicRate: '25000',
  ...extra,
});

function csvOf(rows: Row[]): string {
  const cell = (v: string | undefined) =>
    v === undefined ? '' : /[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
  const columns = EMPLOYEE_IMPORT_COLUMN_NAMES;
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\r\n');
}

async function uploadAndValidate(content: string) {
  const boundary = `----fixe${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="names.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/companies/${companyId}/employee-imports`,
    headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  for (let i = 0; i < 400; i++) {
    const job = await t.app.inject({
      method: 'GET',
      url: `/api/v1/employee-imports/${res.json().ImportId}`,
      headers: admin.headers,
    });
    if (!['Queued', 'Validating', 'Committing'].includes(job.json().Status)) return job.json();
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not settle');
}

const CONTROL_MESSAGE = 'Remove the control characters (tabs, line breaks, direction marks)';

describe('the import applies the form’s text rules', () => {
  it('refuses control characters and direction overrides per row, with the form’s message', async () => {
    const job = await uploadAndValidate(
      csvOf([
        baseRow(1, { LastName: 'Tab\tName' }),
        baseRow(2, { FirstName: 'Evil\u202eyxE' }),
        baseRow(3, { LastName: 'Line\nBreak' }),
        baseRow(4, { LastName: '\u200b\u200b' }), // only invisible characters: empty, as the form says
        baseRow(5, { Department: 'Ops\u202e' }), // the departments page's name rule
        baseRow(6),
      ]),
    );
    expect(job.Status).toBe('Invalid');
    // Row 2 is the header's next line; a quoted line break stays inside its cell.
    const errors = job.Errors.map((e: { Row: number; Column: string; Message: string }) => [
      e.Row,
      e.Column,
      e.Message,
    ]);
    expect(errors).toEqual([
      [2, 'LastName', CONTROL_MESSAGE],
      [3, 'FirstName', CONTROL_MESSAGE],
      [4, 'LastName', CONTROL_MESSAGE],
      [5, 'LastName', 'This field is required'],
      [6, 'Department', CONTROL_MESSAGE],
    ]);
    expect(job.CreateCount).toBe(1);
  });

  it('stores a decomposed name composed (NFC): search finds it and HR can save the record again', async () => {
    // "Ma" + U+0301 COMBINING ACUTE ACCENT + "rquez" is 8 code units; its NFC form "Márquez" is 7.
    const decomposed = 'Ma\u0301rquez';
    expect(decomposed.normalize('NFC')).toBe('Márquez');
    const job = await uploadAndValidate(
      csvOf([
        baseRow(10, { LastName: decomposed, MiddleName: 'Pen\u0303a', Department: 'Produccio\u0301n' }),
      ]),
    );
    expect(job, JSON.stringify(job.Errors)).toMatchObject({ Status: 'Ready', CreateCount: 1 });
    const committed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/employee-imports/${job.ImportId}/commit`,
      headers: admin.headers,
    });
    expect(committed.statusCode, committed.body).toBeLessThan(300);
    for (let i = 0; i < 400; i++) {
      const s = await t.app.inject({
        method: 'GET',
        url: `/api/v1/employee-imports/${job.ImportId}`,
        headers: admin.headers,
      });
      if (s.json().Status === 'Committed') break;
      await new Promise((r) => setTimeout(r, 25));
    }

    const found = await call('hr', 'GET', '/api/v1/employees/search?SearchText=M%C3%A1rquez');
    expect(found.statusCode).toBe(200);
    const match = (found.json() as { EmployeeNumber: string; EmployeeId: string }[]).find(
      (m) => m.EmployeeNumber === 'FIXE-10',
    );
    expect(match).toBeDefined();

    const record = (await call('hr', 'GET', `/api/v1/employees/${match!.EmployeeId}`)).json();
    expect(record.LastName).toBe('Márquez');
    expect(record.MiddleName).toBe('Peña');
    expect(record.DepartmentName).toBe('Producción');
    // The HR form sends the record back as it shows it: the stored name passes the form's rule.
    const saved = await call('hr', 'PUT', `/api/v1/employees/${match!.EmployeeId}`, {
      ...record,
      Nickname: 'Ana',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
