/** Issue 10 §2: payroll settings (general tab) and the engine's statutory tables, for Payroll of one company. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TABLES } from '@hrpay/payroll';
import { ProblemTypes, type PayrollGeneralSettings } from '@hrpay/contracts';
import { caller, createTestApp, demo, errorCodes, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let payroll: Session;
let logisticsPayroll: Session;
let hr: Session;
const call = caller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  logisticsPayroll = await signIn(t.app, demo.logisticsPayroll);
  hr = await signIn(t.app, demo.hr);
});
afterAll(() => t?.close());

describe('payroll settings', () => {
  it("start from the engine's defaults with the company's pay frequency", async () => {
    const res = await call(payroll, 'GET', '/api/v1/payroll/settings/general');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      CompanyName: 'Demo Manufacturing Inc.',
      PayFrequency: 'SemiMonthly',
      Divisor: 261,
      ContributionSplit: 'equal',
      TaxMethod: 'per-period',
      WeeklyContributions: 'last-week',
      MinimumNetPay: '0.00',
      FirstCutoffEndDay: 15,
      PayDateLagDays: 5,
    });
    expect((await call(hr, 'GET', '/api/v1/payroll/settings/general')).statusCode).toBe(403);
  });

  it('take their own GET body back with edits, exact money, audited; stale and bad values refused', async () => {
    const read = (
      await call(payroll, 'GET', '/api/v1/payroll/settings/general')
    ).json() as PayrollGeneralSettings;
    const res = await call(payroll, 'PUT', '/api/v1/payroll/settings/general', {
      ...read,
      Divisor: 313,
      ContributionSplit: 'second-cutoff',
      MinimumNetPay: '₱1,500.5',
      PayDateLagDays: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      Divisor: 313,
      ContributionSplit: 'second-cutoff',
      MinimumNetPay: '1500.50',
    });
    // The other company keeps its own.
    expect((await call(logisticsPayroll, 'GET', '/api/v1/payroll/settings/general')).json().Divisor).toBe(
      261,
    );
    const stale = await call(payroll, 'PUT', '/api/v1/payroll/settings/general', read);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().type).toBe(ProblemTypes.staleRowVersion);
    const fresh = res.json();
    const bad = await call(payroll, 'PUT', '/api/v1/payroll/settings/general', {
      ...fresh,
      Divisor: 0,
      MinimumNetPay: '12.345',
      FirstCutoffEndDay: 31,
      TaxMethod: 'guess',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorCodes(bad).sort()).toEqual(['Divisor', 'FirstCutoffEndDay', 'MinimumNetPay', 'TaxMethod']);
    const audit = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(`SELECT 1 FROM audit_log WHERE entity = 'payroll-settings'`),
    );
    expect(audit).toHaveLength(1);
  });

  it("keep the company's BPI and BDO enrolment for the bank files: the account as digits, empty as none", async () => {
    const read = (
      await call(logisticsPayroll, 'GET', '/api/v1/payroll/settings/general')
    ).json() as PayrollGeneralSettings;
    expect(read).toMatchObject({
      BpiCompanyCode: null,
      BpiCompanyAccount: null,
      BdoCompanyCode: null,
      BdoCompanyAccount: null,
    });
    const bad = await call(logisticsPayroll, 'PUT', '/api/v1/payroll/settings/general', {
      ...read,
      BdoCompanyCode: 'A CODE TOO LONG',
      BdoCompanyAccount: '12345',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorCodes(bad).sort()).toEqual(['BdoCompanyAccount', 'BdoCompanyCode']);
    const res = await call(logisticsPayroll, 'PUT', '/api/v1/payroll/settings/general', {
      ...read,
      BpiCompanyCode: '',
      BdoCompanyCode: ' LOGI1 ',
      BdoCompanyAccount: '0012-3456-7890',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = (await call(logisticsPayroll, 'GET', '/api/v1/payroll/settings/general')).json();
    expect(saved).toMatchObject({
      BpiCompanyCode: null,
      BdoCompanyCode: 'LOGI1',
      BdoCompanyAccount: '001234567890',
    });
    // Its own GET body goes back unchanged.
    const again = await call(logisticsPayroll, 'PUT', '/api/v1/payroll/settings/general', saved);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().BdoCompanyAccount).toBe('001234567890');
  });

  it("shows the engine's statutory tables read-only, with their sources", async () => {
    const res = await call(payroll, 'GET', '/api/v1/payroll/settings/statutory-tables');
    expect(res.statusCode).toBe(200);
    const tables = res.json();
    expect(tables.Sss).toHaveLength(DEFAULT_TABLES.sss.length);
    // Newest first: the latest SSS schedule is the one in force.
    expect(tables.Sss[0].effectiveFrom).toBe(DEFAULT_TABLES.sss.at(-1)!.effectiveFrom);
    // The company has added no editions of its own (payroll-settings-tables.test.ts covers those).
    const { Added, ...engine } = tables;
    expect(Added).toEqual([]);
    for (const list of Object.values(engine) as { source: string; effectiveFrom: string }[][]) {
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((row) => row.source && row.effectiveFrom)).toBe(true);
    }
  });
});
