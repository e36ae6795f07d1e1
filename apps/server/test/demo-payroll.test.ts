import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCutoffs, seedDemoPayroll } from '../src/tenants/demo-payroll.js';
import { caller, createTestApp, tenantOf, type TestApp } from './helpers.js';

// The demo's payroll history: a newcomer signing in as Payroll can make last month's remittance reports at once.

describe('demoCutoffs', () => {
  it('finalises from the 1st of last month up to the last cut-off ended before today', () => {
    expect(demoCutoffs('2026-12-01')).toEqual({
      finalised: [
        { start: '2026-11-01', end: '2026-11-15' },
        { start: '2026-11-16', end: '2026-11-30' },
      ],
      current: { start: '2026-12-01', end: '2026-12-15' },
    });
    expect(demoCutoffs('2026-12-20').finalised.map((c) => c.start)).toEqual([
      '2026-11-01',
      '2026-11-16',
      '2026-12-01',
    ]);
    expect(demoCutoffs('2027-01-15')).toEqual({
      finalised: [
        { start: '2026-12-01', end: '2026-12-15' },
        { start: '2026-12-16', end: '2026-12-31' },
      ],
      current: { start: '2027-01-01', end: '2027-01-15' },
    });
    expect(demoCutoffs('2028-03-16').finalised).toEqual([
      { start: '2028-02-01', end: '2028-02-15' },
      { start: '2028-02-16', end: '2028-02-29' },
      { start: '2028-03-01', end: '2028-03-15' },
    ]);
  });
});

describe('demo payroll history', () => {
  let t: TestApp;
  const call = caller(() => t.app);

  beforeAll(async () => {
    t = await createTestApp();
    const tenantId = await tenantOf(t.app, 'payroll');
    const [who] = await t.db.withTenant(tenantId, (tx) =>
      tx.query<{ company_id: string; id: string }>(
        `SELECT company_id, id FROM users WHERE email = 'payroll@demo.hrpay.test'`,
      ),
    );
    await seedDemoPayroll(
      t.db,
      { tenantId, companyId: who!.company_id, actingUserId: who!.id },
      '2026-12-01',
    );
  }, 120_000);
  afterAll(() => t?.close());

  it('leaves last month complete: both cut-offs finalised, the paid one marked paid', async () => {
    const list = await call('payroll', 'POST', '/api/v1/payroll-periods/list', {
      PageSize: 10,
      SortBy: 'CutoffStart',
      SortDirection: 'asc',
    });
    expect(list.statusCode, list.body).toBe(200);
    const periods = list.json().Items as { CutoffStart: string; Status: string; PayDate: string }[];
    expect(periods.map((p) => [p.CutoffStart, p.Status])).toEqual([
      ['2026-11-01', 'Paid'],
      ['2026-11-16', 'Finalised'],
    ]);
  });

  it("makes November's SSS R-3 and BIR 1601-C", async () => {
    const r3 = await call('payroll', 'GET', '/api/v1/payroll/reports/sss?Year=2026&Month=11');
    expect(r3.statusCode, r3.body.slice(0, 300)).toBe(200);
    expect(r3.body.split('\r\n').filter(Boolean).length).toBeGreaterThan(2);
    const bir = await call('payroll', 'GET', '/api/v1/payroll/reports/bir-1601c?Year=2026&Month=11');
    expect(bir.statusCode, bir.body.slice(0, 300)).toBe(200);
  });
});
