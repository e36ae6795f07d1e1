/** Lookups, "Leave types": the list exports its search, status filter and sort as CSV or XLSX, HR of its company. */
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

const exportOf = (s: { headers: Record<string, string> }, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/leave-types/export', headers: s.headers, payload: body });
const lines = (body: string) =>
  body
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');

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

    const res = await exportOf(hr, { Format: 'csv' });
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
    const theirs = lines((await exportOf(logisticsHr, { Format: 'csv' })).body);
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

    const all = lines((await exportOf(hr, { Format: 'csv', Search: 'Export Check Retired' })).body);
    expect(all).toEqual([
      'Name,Code,Credits,Days a year,Most days a request,Paid,Status',
      'Export Check Retired Leave,XPOLD,Yearly on 1 January,2,,Yes,Inactive',
    ]);
    const active = lines((await exportOf(hr, { Format: 'csv', IsActive: true })).body).slice(1);
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((r) => r.endsWith(',Active'))).toBe(true);
    const inactive = lines((await exportOf(hr, { Format: 'csv', IsActive: false })).body).slice(1);
    expect(inactive.some((r) => r.startsWith('Export Check Retired Leave,'))).toBe(true);
    expect(inactive.every((r) => r.endsWith(',Inactive'))).toBe(true);
  });

  it('writes XLSX by default', async () => {
    const res = await exportOf(hr, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="leave-types-[\d-]+\.xlsx"/);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('is for HR only, as the list is', async () => {
    for (const user of [demo.admin, demo.payroll, demo.employee]) {
      const res = await exportOf(await signIn(t.app, user), { Format: 'csv' });
      expect(res.statusCode, user.email).toBe(403);
    }
    expect((await exportOf({ headers: {} }, { Format: 'csv' })).statusCode).toBe(401);
    const paged = await exportOf(hr, { Format: 'csv', Page: 1 });
    expect(paged.statusCode).toBe(400);
  });
});
