/** Issue 8 §5: HR reports as XLSX, CSV and PDF, through HTTP, on PGlite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HR_REPORTS } from '@hrpay/contracts';
import { createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { pdfPages } from './pdf-text.js';

let t: TestApp;
let hr: Session;
let logisticsHr: Session;

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  logisticsHr = await signIn(t.app, demo.logisticsHr);
  await t.db.withTenant(hr.tenantId, async (tx) => {
    await tx.query(`UPDATE employees SET sss_number = NULL WHERE employee_number = 'DM-0005'`);
    await tx.query(
      `UPDATE employees SET separation_date = '2026-03-31', separation_reason = 'Retired', is_active = false
        WHERE employee_number = 'DM-0007'`,
    );
  });
});
afterAll(() => t?.close());

const report = (s: Session, id: string, body: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/hr/reports/${id}`, headers: s.headers, payload: body });
/** The CSV as rows of cells (RFC 4180 quoting). */
function csvRows(body: string): string[][] {
  const rows: string[][] = [];
  for (const line of body
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n')) {
    const cells = [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
      .filter((m, i, all) => i < all.length - 1 || m[0] !== '')
      .map((m) => (m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replaceAll('""', '"') : m[1]!));
    rows.push(cells);
  }
  return rows;
}

describe('HR reports', () => {
  it('master list: XLSX with every field, separated employees only when asked', async () => {
    const res = await report(hr, 'master-list', { Format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    const { default: excel } = await import('exceljs');
    const book = new excel.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Master list (201)');
    expect(sheet.rowCount).toBe(1 + 6);
    const withSeparated = await report(hr, 'master-list', { Format: 'csv', IncludeSeparated: true });
    expect(csvRows(withSeparated.body)).toHaveLength(1 + 7);
  });

  // HR walkthrough: the dates were text in the spreadsheet (no sorting or filtering by date), the headcount's
  // sheet name was cut mid-word, and a printed report did not name the company.
  it('writes dates as date cells in XLSX, ISO text in CSV and "Jan 15, 2024" on paper, under the company name, totals in bold', async () => {
    const { default: excel } = await import('exceljs');
    const book = new excel.Workbook();
    await book.xlsx.load(
      (await report(hr, 'master-list', { Format: 'xlsx' })).rawPayload as unknown as ArrayBuffer,
    );
    const sheet = book.worksheets[0]!;
    const headers = sheet.getRow(1).values as unknown[];
    const hire = sheet.getRow(2).getCell(headers.indexOf('Hire date'));
    expect(hire.value).toBeInstanceOf(Date);
    expect((hire.value as Date).toISOString()).toBe('2024-01-15T00:00:00.000Z');
    expect(hire.numFmt).toBe('yyyy-mm-dd');
    // A text column stays text; the CSV keeps the ISO date.
    expect(typeof sheet.getRow(2).getCell(headers.indexOf('Employee number')).value).toBe('string');
    await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(`UPDATE employees SET mobile_number = '09171234567' WHERE employee_number = 'DM-0001'`),
    );
    const csv = csvRows((await report(hr, 'master-list', { Format: 'csv' })).body);
    expect(csv[1]![csv[0]!.indexOf('Hire date')]).toBe('2024-01-15');
    // Grouped as on forms, so a spreadsheet keeps the leading 0 (digits alone became the number 9171234567).
    const first = csv.find((r) => r[0] === 'DM-0001')!;
    expect(first[csv[0]!.indexOf('Mobile number')]).toBe('0917 123 4567');

    const movements = new excel.Workbook();
    await movements.xlsx.load(
      (await report(hr, 'movements', { Format: 'xlsx', From: '2026-01-01', To: '2026-12-31' }))
        .rawPayload as unknown as ArrayBuffer,
    );
    const separation = movements.worksheets[0]!.getRow(2).getCell(1).value;
    expect((separation as Date).toISOString().slice(0, 10)).toBe('2026-03-31');

    const headcount = new excel.Workbook();
    await headcount.xlsx.load(
      (await report(hr, 'headcount', { Format: 'xlsx' })).rawPayload as unknown as ArrayBuffer,
    );
    const counts = headcount.worksheets[0]!;
    expect(counts.name).toBe('Headcount by department');
    // Subtotals and the total stand out from the rows they add up (bold), the rows themselves do not.
    const rowsOf = counts.getRows(2, counts.rowCount - 1)!;
    const subtotal = rowsOf.find((r) => r.getCell(2).value === 'Subtotal')!;
    const detail = rowsOf.find((r) => r.getCell(2).value === 'Regular')!;
    expect(subtotal.getCell(3).font?.bold).toBe(true);
    expect(rowsOf.at(-1)!.getCell(1).value).toBe('All departments');
    expect(rowsOf.at(-1)!.getCell(3).font?.bold).toBe(true);
    expect(detail.getCell(3).font?.bold).toBeFalsy();

    const [company] = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ name: string }>(
        `SELECT c.name FROM companies c JOIN users u ON u.company_id = c.id WHERE u.email = $1`,
        [demo.hr.email],
      ),
    );
    const pdf = pdfPages(
      (await report(hr, 'movements', { Format: 'pdf', From: '2026-01-01', To: '2026-12-31' })).rawPayload,
    );
    expect(pdf.text).toContain(company!.name);
    expect(pdf.text).toContain('Jan 1, 2026 to Dec 31, 2026');
    expect(pdf.text).toContain('Mar 31, 2026');
    expect(pdf.text).not.toContain('2026-03-31');
  });

  it('headcount: per department and status with subtotals and the total', async () => {
    const rows = csvRows((await report(hr, 'headcount', { Format: 'csv' })).body);
    expect(rows[0]).toEqual(['Department', 'Employment status', 'Employees']);
    expect(rows).toContainEqual(['Production', 'Regular', '3']);
    expect(rows).toContainEqual(['Production', 'Subtotal', '3']);
    expect(rows.at(-1)).toEqual(['All departments', '', '6']);
  });

  it('movements: hires and separations of the range, with the reason; From and To required and ordered', async () => {
    const rows = csvRows(
      (await report(hr, 'movements', { Format: 'csv', From: '2024-01-01', To: '2026-12-31' })).body,
    );
    expect(rows.filter((r) => r[1] === 'Hire')).toHaveLength(7);
    expect(rows.find((r) => r[1] === 'Separation')).toEqual([
      '2026-03-31',
      'Separation',
      'DM-0007',
      'Garcia, Grace',
      'Finance',
      'Accounting Clerk',
      'Retired',
    ]);
    const missing = await report(hr, 'movements', { Format: 'csv' });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((e: { Code: string }) => e.Code)
        .sort(),
    ).toEqual(['From', 'To']);
    const backwards = await report(hr, 'movements', { Format: 'csv', From: '2026-02-01', To: '2026-01-01' });
    expect(backwards.statusCode).toBe(400);
    // Ten years at most, both ends counted: 2016-12-01 to 2026-11-30 is ten years, a day earlier is more.
    const ten = await report(hr, 'movements', { Format: 'csv', From: '2016-12-01', To: '2026-11-30' });
    expect(ten.statusCode).toBe(200);
    for (const From of ['2016-11-30', '2016-11-25']) {
      const over = await report(hr, 'movements', { Format: 'csv', From, To: '2026-11-30' });
      expect(over.statusCode, From).toBe(400);
      expect(over.json().errors).toEqual([{ Code: 'To', Description: 'The range can be at most ten years' }]);
    }
  });

  it('birthdays: by month, one month when asked', async () => {
    await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(`UPDATE employees SET birth_date = '1990-02-14' WHERE employee_number = 'DM-0001'`),
    );
    const rows = csvRows((await report(hr, 'birthdays', { Format: 'csv', Month: 2 })).body);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2]])).toContainEqual(['February', '14', 'DM-0001']);
    expect(rows.slice(1).every((r) => r[0] === 'February')).toBe(true);
    expect((await report(hr, 'birthdays', { Format: 'csv', Month: 13 })).statusCode).toBe(400);
  });

  it('government ids: MISSING marks the gaps; MissingOnly lists only incomplete records', async () => {
    const rows = csvRows((await report(hr, 'government-ids', { Format: 'csv', MissingOnly: true })).body);
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe('DM-0005');
    expect(rows[1]).toContain('MISSING');
    expect(rows[1]!.at(-1)).toBe('No');
  });

  it('per supervisor: each report with the supervisor', async () => {
    const rows = csvRows((await report(hr, 'per-supervisor', { Format: 'csv' })).body);
    expect(
      rows
        .slice(1)
        .filter((r) => r[0] === 'DM-0003')
        .map((r) => r[2]),
    ).toEqual(expect.arrayContaining(['DM-0004', 'DM-0005', 'DM-0006']));
  });

  it('prints every report as a PDF, page after page', async () => {
    for (const id of Object.keys(HR_REPORTS)) {
      const res = await report(hr, id, { Format: 'pdf', From: '2024-01-01', To: '2026-12-31' });
      expect(res.statusCode, id).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.headers['content-disposition']).toMatch(new RegExp(`filename="${id}-.*\\.pdf"`));
    }
    // 400 more employees: the master list runs onto further pages.
    await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date)
         SELECT tenant_id, company_id, 'BULK-' || n, 'Bulk', 'Employee ' || n, DATE '2025-01-01'
           FROM employees, generate_series(1, 400) n WHERE employee_number = 'DM-0001'`,
      ),
    );
    const big = await report(hr, 'master-list', { Format: 'pdf' });
    const pages = big.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(5);
  });

  it('numbers every page of a PDF at its foot, with no blank page after each', async () => {
    const one = pdfPages((await report(hr, 'headcount', { Format: 'pdf' })).rawPayload);
    expect(one.pages).toBe(1);
    expect(one.text).toContain('Headcount by department and status · page 1');
    // The 400 employees added above: the master list runs over several pages, each with its number.
    const many = pdfPages((await report(hr, 'master-list', { Format: 'pdf' })).rawPayload);
    expect(many.pages).toBeGreaterThan(5);
    const numbers = [...many.text.matchAll(/· page (\d+)/g)].map((m) => Number(m[1]));
    expect(numbers).toEqual(Array.from({ length: many.pages }, (_, i) => i + 1));
  });

  it("answers only the own company's rows and refuses an unknown report or format", async () => {
    const rows = csvRows((await report(logisticsHr, 'master-list', { Format: 'csv' })).body);
    expect(rows.slice(1).every((r) => r[0]!.startsWith('DL-'))).toBe(true);
    expect((await report(hr, 'salaries', { Format: 'csv' })).statusCode).toBe(400);
    expect((await report(hr, 'headcount', { Format: 'docx' })).statusCode).toBe(400);
    const payroll = await signIn(t.app, demo.payroll);
    expect((await report(payroll, 'headcount', { Format: 'csv' })).statusCode).toBe(403);
  });
});
