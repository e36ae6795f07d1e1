/** Issue 10 §2: /application-settings, the company's options that the rest of the app reads. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type ApplicationSettings } from '@hrpay/contracts';
import { caller, createTestApp, errorCodes, tenantOf, type TestApp } from './helpers.js';

let t: TestApp;
const call = caller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('application settings', () => {
  it('start from the defaults for every company and are read by every user type', async () => {
    const res = await call('payroll', 'GET', '/api/v1/application-settings');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      CompanyName: 'Demo Manufacturing Inc.',
      TimeFormat: '24h',
      PayslipPasswordProtected: false,
      PayslipFooter: null,
      RowVersion: 1,
    });
    for (const s of ['hr', 'employee'] as const) {
      expect((await call(s, 'GET', '/api/v1/application-settings')).json().TimeFormat).toBe('24h');
    }
  });

  it('are kept by Payroll: GET body back with edits, audited, stale version refused', async () => {
    const read = (await call('payroll', 'GET', '/api/v1/application-settings')).json() as ApplicationSettings;
    const res = await call('payroll', 'PUT', '/api/v1/application-settings', {
      ...read,
      TimeFormat: '12h',
      PayslipSignatoryName: '  Jose Reyes ',
      PayslipSignatoryTitle: 'Payroll Specialist',
      PayslipFooter: 'This payslip is confidential.',
      PayslipPasswordProtected: true,
      MailSenderName: 'Demo Manufacturing Payroll',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      TimeFormat: '12h',
      PayslipSignatoryName: 'Jose Reyes',
      PayslipPasswordProtected: true,
      RowVersion: 2,
    });
    // Everyone of the company now reads the 12-hour clock; the other company keeps its own.
    expect((await call('hr', 'GET', '/api/v1/application-settings')).json().TimeFormat).toBe('12h');
    expect((await call('logisticsPayroll', 'GET', '/api/v1/application-settings')).json()).toMatchObject({
      CompanyName: 'Demo Logistics Corp.',
      TimeFormat: '24h',
    });
    const stale = await call('payroll', 'PUT', '/api/v1/application-settings', {
      ...read,
      TimeFormat: '24h',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().type).toBe(ProblemTypes.staleRowVersion);
    const audit = await t.db.withTenant(await tenantOf(t.app, 'payroll'), (tx) =>
      tx.query<{ after: { TimeFormat: string } }>(
        `SELECT after FROM audit_log WHERE entity = 'application-settings'`,
      ),
    );
    expect(audit.map((a) => a.after.TimeFormat)).toEqual(['12h']);
  });

  it("refuse another company's settings body (a GET of one company PUT as another), saving nothing", async () => {
    for (const [url, field] of [
      ['/api/v1/application-settings', 'PayslipFooter'],
      ['/api/v1/payroll/settings/general', 'MinimumNetPay'],
    ] as const) {
      const demoBody = (await call('payroll', 'GET', url)).json();
      const own = (await call('logisticsPayroll', 'GET', url)).json();
      const res = await call('logisticsPayroll', 'PUT', url, { ...demoBody, RowVersion: own.RowVersion });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorCodes(res)).toEqual(['CompanyId']);
      expect((await call('logisticsPayroll', 'GET', url)).json()).toEqual(own);
      // Its own body goes back as before.
      const back = await call('logisticsPayroll', 'PUT', url, { ...own, [field]: own[field] });
      expect(back.statusCode, back.body).toBe(200);
    }
  });

  it('refuse bad values and other user types', async () => {
    const read = (await call('payroll', 'GET', '/api/v1/application-settings')).json();
    const bad = await call('payroll', 'PUT', '/api/v1/application-settings', {
      ...read,
      TimeFormat: 'am/pm',
      PayslipFooter: 'x'.repeat(501),
    });
    expect(bad.statusCode).toBe(400);
    expect(errorCodes(bad).sort()).toEqual(['PayslipFooter', 'TimeFormat']);
    const unknown = await call('payroll', 'PUT', '/api/v1/application-settings', { ...read, Theme: 'dark' });
    expect(unknown.statusCode).toBe(400);
    expect((await call('hr', 'PUT', '/api/v1/application-settings', read)).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/v1/application-settings')).statusCode).toBe(401);
  });
});
