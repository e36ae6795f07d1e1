/** Issue 8 §0: every HR list page exports its filter as CSV or XLSX, own company only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let hr: Session;
let logisticsHr: Session;

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  logisticsHr = await signIn(t.app, demo.logisticsHr);
});
afterAll(() => t?.close());

const exportOf = (s: Session, resource: string, body: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${resource}/export`, headers: s.headers, payload: body });
const lines = (body: string) =>
  body
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');

describe('list exports', () => {
  it.each([
    ['departments', 'Name,Code,Parent department,Head,Headcount,Status', 'Production', 'People'],
    ['shifts', 'Name,Time in,Time out,', 'Night Shift,22:00,07:00 (next day)', null],
    ['positions', 'Name,Employees,Status', 'Machine Operator,2,Active', 'Driver'],
    ['employment-statuses', 'Name,Employees,Status', 'Regular,', null],
    ['work-locations', 'Name,Employees,Status', 'Head Office,', null],
  ])('%s: the filter on screen as CSV, own company only', async (resource, header, mine, theirs) => {
    const res = await exportOf(hr, resource, { Format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`filename="${resource}-`));
    const rows = lines(res.body);
    expect(rows[0]).toContain(header);
    expect(rows.some((r) => r.includes(mine))).toBe(true);
    if (theirs) expect(rows.some((r) => r.includes(theirs))).toBe(false);
    const searched = lines((await exportOf(hr, resource, { Format: 'csv', Search: 'zzz-nothing' })).body);
    expect(searched).toHaveLength(1);
    const xlsx = await exportOf(logisticsHr, resource, { Format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('holidays: the year and type on screen', async () => {
    const rows = lines((await exportOf(hr, 'holidays', { Format: 'csv', Year: 2026, Type: 'Regular' })).body);
    expect(rows[0]).toBe('Date,Name,Type,Applies to,Proclaimed date,Double holiday,Draft');
    expect(rows).toHaveLength(1 + 12);
    expect(rows.slice(1).every((r) => r.startsWith('2026-') && r.includes('Regular holiday'))).toBe(true);
  });

  it('shifts: work hours as the list shows them (7.83 for 9 hours less a 70-minute break)', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shifts',
      headers: hr.headers,
      payload: {
        Name: 'Export Check Shift',
        TimeIn: '08:00',
        TimeOut: '17:00',
        BreakMinutes: 70,
        RestDays: [0],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const rows = lines((await exportOf(hr, 'shifts', { Format: 'csv', Search: 'Export Check' })).body);
    const hours = rows[0]!.split(',').indexOf('Work hours');
    expect(rows[1]!.split(',')[hours]).toBe('7.83');
  });

  it('employee payroll details: the rate is a number in the spreadsheet, to the centavo', async () => {
    const payroll = await signIn(t.app, demo.payroll);
    const res = await exportOf(payroll, 'employee-payroll-details', { Format: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    const { default: excel } = await import('exceljs');
    const book = new excel.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).indexOf('Rate');
    const rates = [];
    for (let r = 2; r <= sheet.rowCount; r++) rates.push(sheet.getRow(r).getCell(header).value);
    expect(rates.length).toBeGreaterThan(0);
    expect(rates.filter((rate) => rate !== null).every((rate) => typeof rate === 'number')).toBe(true);
    // The same figures as the CSV's exact text.
    const csv = lines((await exportOf(payroll, 'employee-payroll-details', { Format: 'csv' })).body);
    const column = csv[0]!.split(',').indexOf('Rate');
    expect(sheet.getRow(2).getCell(header).numFmt).toBe('#,##0.00');
    expect(rates.map((rate) => (rate === null ? '' : (rate as number).toFixed(2)))).toEqual(
      csv.slice(1).map((row) => row.split(',')[column]),
    );
  });

  it('neutralises a text that would start a formula in XLSX as in CSV', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/positions',
      headers: hr.headers,
      payload: { Name: '=HYPERLINK("http://evil.example","click")' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const res = await exportOf(hr, 'positions', { Format: 'xlsx', Search: 'HYPERLINK' });
    const { default: excel } = await import('exceljs');
    const book = new excel.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cell = book.worksheets[0]!.getRow(2).getCell(1);
    expect(cell.type).toBe(excel.ValueType.String);
    expect(cell.value).toBe(`'=HYPERLINK("http://evil.example","click")`);
    const csv = lines((await exportOf(hr, 'positions', { Format: 'csv', Search: 'HYPERLINK' })).body);
    expect(csv[1]).toMatch(/^"'=HYPERLINK/);
  });

  it('refuses paging, unknown filters and formats', async () => {
    expect((await exportOf(hr, 'departments', { Page: 1 })).statusCode).toBe(400);
    expect((await exportOf(hr, 'shifts', { Format: 'pdf' })).statusCode).toBe(400);
    const payroll = await signIn(t.app, demo.payroll);
    expect((await exportOf(payroll, 'positions', { Format: 'csv' })).statusCode).toBe(403);
  });
});

describe('Admin list exports', () => {
  it('exports companies and users of the tenant as the filter on screen', async () => {
    const admin = await signIn(t.app, demo.admin);
    const companies = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies/export',
      headers: admin.headers,
      payload: { Format: 'csv' },
    });
    expect(companies.statusCode).toBe(200);
    const rows = lines(companies.body);
    expect(rows[0]).toMatch(/^Name,Registered name,TIN,/);
    expect(rows.some((r) => r.startsWith('Demo Logistics Corp.'))).toBe(true);
    // Pay frequency and user type as the screens name them, not the API's enum values.
    expect(rows.find((r) => r.startsWith('Demo Manufacturing Inc.'))).toContain(',Semi-monthly,');
    expect(rows.some((r) => r.includes('Other Tenant'))).toBe(false);
    const users = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/export/all',
      headers: admin.headers,
      payload: { Format: 'csv', Search: 'logistics' },
    });
    expect(users.statusCode, users.body).toBe(200);
    const userRows = lines(users.body);
    expect(userRows[0]).toBe('Full name,E-mail,User type,Company,Employee,Approver,Password set,Status');
    expect(
      userRows
        .slice(1)
        .map((r) => r.split(',')[1])
        .sort(),
    ).toEqual(['hr@logistics.demo.hrpay.test', 'payroll@logistics.demo.hrpay.test']);
    expect(userRows.find((r) => r.includes('hr@logistics'))!.split(',')[2]).toBe('HR');
    // Another tenant's Admin asking for this tenant's company: 404.
    const [company] = await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM companies LIMIT 1`),
    );
    const other = await signIn(t.app, demo.otherAdmin);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/export/${company!.id}`,
      headers: other.headers,
      payload: { Format: 'csv' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

// Lookups, "Leave types": the list exports its search, status filter and sort, HR of its company only.
describe('leave types export', () => {
  it('writes the list as CSV, days as numbers, own company only', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leave-types',
      headers: hr.headers,
      payload: {
        Code: 'XPBL',
        Name: 'Export Check Bereavement Leave',
        NeedsBalance: false,
        MaxDaysPerRequest: 3,
      },
    });
    expect(made.statusCode, made.body).toBe(201);

    const res = await exportOf(hr, 'leave-types', { Format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/filename="leave-types-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = lines(res.body);
    expect(rows[0]).toBe('Name,Code,Credits,Days a year,Most days a request,Paid,Status');
    expect(rows).toContain('Export Check Bereavement Leave,XPBL,Yearly on 1 January,,3,Yes,Active');
    expect(rows.some((r) => r.startsWith('Service Incentive Leave,SIL,'))).toBe(true);
    // Sorted by name, as the list opens.
    const names = rows.slice(1).map((r) => r.split(',')[0]!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    // The other company's HR has its own types, not this one.
    const theirs = lines((await exportOf(logisticsHr, 'leave-types', { Format: 'csv' })).body);
    expect(theirs.length).toBeGreaterThan(1);
    expect(theirs.some((r) => r.includes('Export Check'))).toBe(false);
  });

  it('follows the search and the status filter on screen', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leave-types',
      headers: hr.headers,
      payload: { Code: 'XPOLD', Name: 'Export Check Retired Leave', AnnualDays: 2, IsActive: false },
    });
    expect(made.statusCode, made.body).toBe(201);

    const all = lines(
      (await exportOf(hr, 'leave-types', { Format: 'csv', Search: 'Export Check Retired' })).body,
    );
    expect(all).toEqual([
      'Name,Code,Credits,Days a year,Most days a request,Paid,Status',
      'Export Check Retired Leave,XPOLD,Yearly on 1 January,2,,Yes,Inactive',
    ]);
    const active = lines((await exportOf(hr, 'leave-types', { Format: 'csv', IsActive: true })).body).slice(
      1,
    );
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((r) => r.endsWith(',Active'))).toBe(true);
    const inactive = lines(
      (await exportOf(hr, 'leave-types', { Format: 'csv', IsActive: false })).body,
    ).slice(1);
    expect(inactive.some((r) => r.startsWith('Export Check Retired Leave,'))).toBe(true);
    expect(inactive.every((r) => r.endsWith(',Inactive'))).toBe(true);
  });

  it('writes XLSX by default', async () => {
    const res = await exportOf(hr, 'leave-types', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="leave-types-[\d-]+\.xlsx"/);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('is for HR only, as the list is', async () => {
    for (const user of [demo.admin, demo.payroll, demo.employee]) {
      const res = await exportOf(await signIn(t.app, user), 'leave-types', { Format: 'csv' });
      expect(res.statusCode, user.email).toBe(403);
    }
    expect((await exportOf({ headers: {} } as Session, 'leave-types', { Format: 'csv' })).statusCode).toBe(
      401,
    );
    const paged = await exportOf(hr, 'leave-types', { Format: 'csv', Page: 1 });
    expect(paged.statusCode).toBe(400);
  });
});
