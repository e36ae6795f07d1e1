/**
 * Sweep item 2 (sweephostile): a user-defined pay code (recurring pay item, period adjustment, pay component, loan
 * type) must not be one of the payroll engine's own line codes. The documents sort payslip lines by code, so a
 * WTAX deduction item was counted as withholding tax in the register (939.57 against the payslip's 924.57).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReservedPayCode, PayProfileMessages, type PayComponent, type PayItem } from '@hrpay/contracts';
import { ENGINE_LINE_CODES } from '@hrpay/payroll';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let payroll: Session;
let juan: string;

const call = caller(() => t.app);
const RESERVED = `Code: ${PayProfileMessages.reservedCode}`;
const ITEMS = (employeeId: string) => `/api/v1/employee-payroll-details/${employeeId}/items`;

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  const [e] = await t.db.withTenant(payroll.tenantId, (tx) =>
    tx.query<{ id: string }>(`SELECT id FROM employees WHERE employee_number = 'DM-0004'`),
  );
  juan = e!.id;
});
afterAll(() => t?.close());

/** A 400 whose only error is the reserved-code message on Code. */
function refused(res: { statusCode: number; body: string; json(): { errors?: unknown[] } }) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().errors).toEqual([{ Code: 'Code', Description: RESERVED }]);
}

describe("the payroll's own line codes", () => {
  it('are every one reserved by the contracts (the engine and the contracts agree)', () => {
    expect(ENGINE_LINE_CODES.length).toBeGreaterThan(70);
    expect(ENGINE_LINE_CODES.filter((c) => !isReservedPayCode(c))).toEqual([]);
    expect(ENGINE_LINE_CODES.filter((c) => !isReservedPayCode(c.toLowerCase()))).toEqual([]);
    // The company's own codes stay free, the demo's loan types among them.
    for (const c of ['RICE', 'TRANSPO', 'SSS-SAL', 'HDMF-MPL', 'OTHER', 'HOLIDAY-BONUS', '13TH', 'BONUS'])
      expect(isReservedPayCode(c), c).toBe(false);
  });

  it('are refused as the code of a recurring pay item, in any case, added or edited', async () => {
    const body = { Kind: 'Deduction', Description: 'hostile', Amount: '10.00', EffectiveFrom: '2026-01-01' };
    for (const Code of [
      'WTAX',
      'wtax',
      ' Sss ',
      'BASIC',
      'OT_ORD',
      'NDOT_RHRD',
      'PREM_SH',
      'HOLX_RH',
      'RICE_TAXABLE',
      'RICE_EXCESS',
      'sil-cash',
      'LEAVE-CONV-2026',
    ])
      refused(await call(payroll, 'POST', ITEMS(juan), { ...body, Code }));
    refused(await call(payroll, 'POST', ITEMS(juan), { ...body, Kind: 'Earning', Code: 'OT_MEAL' }));
    const ok = await call(payroll, 'POST', ITEMS(juan), { ...body, Code: 'CANTEEN' });
    expect(ok.statusCode, ok.body).toBe(201);
    const item = ok.json() as PayItem;
    refused(await call(payroll, 'PUT', `${ITEMS(juan)}/${item.PayItemId}`, { ...item, Code: 'phic' }));
    const items = (await call(payroll, 'GET', ITEMS(juan))).json() as PayItem[];
    expect(items.filter((i) => isReservedPayCode(i.Code))).toEqual([]);
  });

  it('are refused as the code of a pay component, every engine code of them', async () => {
    for (const Code of ENGINE_LINE_CODES) {
      const res = await call(payroll, 'POST', '/api/v1/pay-components', {
        Code,
        Name: `X ${Code}`,
        Kind: 'Earning',
      });
      refused(res);
    }
    const ok = await call(payroll, 'POST', '/api/v1/pay-components', {
      Code: 'GAS',
      Name: 'Gas allowance',
      Kind: 'Earning',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const component = ok.json() as PayComponent;
    refused(
      await call(payroll, 'PUT', `/api/v1/pay-components/${component.PayComponentId}`, {
        ...component,
        Code: 'COLA',
      }),
    );
  });

  it('are refused as the code of a loan type', async () => {
    for (const Code of ['SSS', 'HDMF', 'wtax', 'LATE'])
      refused(
        await call(payroll, 'POST', '/api/v1/loan-types', { Code, Name: `Loan ${Code}`, Agency: 'Company' }),
      );
    const ok = await call(payroll, 'POST', '/api/v1/loan-types', {
      Code: 'SSS-EMG',
      Name: 'SSS Emergency',
      Agency: 'SSS',
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('are refused as the code of a period adjustment', async () => {
    const period = await call(payroll, 'POST', '/api/v1/payroll-periods', {
      Kind: 'Regular',
      Name: 'January 2027 1st cut-off',
      CutoffStart: '2027-01-01',
      CutoffEnd: '2027-01-15',
      PayDate: '2027-01-20',
    });
    expect(period.statusCode, period.body).toBe(201);
    const url = `/api/v1/payroll-periods/${period.json().Id}/adjustments`;
    const body = { EmployeeId: juan, Kind: 'Deduction', Description: 'x', Amount: '5.00', Reason: 'x' };
    for (const Code of ['WTAX', 'wtax', 'SSS', 'HOL_RH', 'BASIC'])
      refused(await call(payroll, 'POST', url, { ...body, Code }));
    const ok = await call(payroll, 'POST', url, { ...body, Code: 'SHORTAGE' });
    expect(ok.statusCode, ok.body).toBe(201);
    const list = (await call(payroll, 'GET', url)).json() as { Items: { Code: string }[] };
    expect(list.Items.map((a) => a.Code)).toEqual(['SHORTAGE']);
  });
});
