/**
 * Every calendar date of a contract is a day in the years an HR or payroll record can have: PostgreSQL has no
 * year 0 (a "0000-01-01" had reached it and answered 500) and a year 9999 is a typing slip, not a date to keep.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployeePayRow, LoanType } from '@hrpay/contracts';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let payroll: Session;
let hr: Session;
let employeeId: string;
let loanTypeId: string;
const call = caller(() => t.app);
const DETAILS = '/api/v1/employee-payroll-details';

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  hr = await signIn(t.app, demo.hr);
  const list = (await call(payroll, 'POST', `${DETAILS}/list`, { SortBy: 'EmployeeNumber' })).json();
  employeeId = (list.Items as EmployeePayRow[]).find((r) => r.EmployeeNumber === 'DM-0001')!.EmployeeId;
  const types = (await call(payroll, 'POST', '/api/v1/loan-types/list', {})).json().Items as LoanType[];
  loanTypeId = types[0]!.LoanTypeId;
});
afterAll(() => t?.close());

/** The field errors of a 400 problem-details answer, as `Field: message`. */
function fieldErrors(res: {
  statusCode: number;
  body: string;
  json(): { errors?: { Description: string }[] };
}) {
  expect(res.statusCode, res.body).toBe(400);
  return (res.json().errors ?? []).map((e) => e.Description);
}

describe('calendar dates outside the years a record can have', () => {
  it.each(['0000-01-01', '0001-01-01', '1899-12-31', '9999-12-31'])(
    'are field errors, not database errors: %s',
    async (date) => {
      const message = 'Enter a date from 1900 to 2199';
      const item = await call(payroll, 'POST', `${DETAILS}/${employeeId}/items`, {
        Kind: 'Earning',
        Code: 'BONUSX',
        Description: 'Bonus',
        Amount: '100.00',
        EffectiveFrom: date,
      });
      expect(fieldErrors(item)).toEqual([`EffectiveFrom: ${message}`]);
      const loan = await call(payroll, 'POST', `${DETAILS}/${employeeId}/loans`, {
        LoanTypeId: loanTypeId,
        Principal: '1000.00',
        Amortization: '100.00',
        StartDate: date,
      });
      expect(fieldErrors(loan)).toEqual([`StartDate: ${message}`]);
      const period = await call(payroll, 'POST', '/api/v1/payroll-periods', {
        Kind: 'Regular',
        Frequency: 'SemiMonthly',
        Name: `Bounds ${date}`,
        CutoffStart: date,
        CutoffEnd: '2090-01-15',
        PayDate: '2090-01-20',
      });
      expect(fieldErrors(period)).toContain(`CutoffStart: ${message}`);
      const dayTypes = await call(hr, 'GET', `/api/v1/holidays/day-types?From=${date}&To=${date}`);
      expect(fieldErrors(dayTypes)).toEqual([`From: ${message}`, `To: ${message}`]);
    },
  );

  it('still take the first and last day of the years they allow', async () => {
    const dayTypes = await call(hr, 'GET', '/api/v1/holidays/day-types?From=1900-01-01&To=1900-01-02');
    expect(dayTypes.statusCode, dayTypes.body).toBe(200);
    const item = await call(payroll, 'POST', `${DETAILS}/${employeeId}/items`, {
      Kind: 'Earning',
      Code: 'BONUSY',
      Description: 'Bonus',
      Amount: '100.00',
      EffectiveFrom: '2026-01-01',
      EffectiveTo: '2199-12-31',
    });
    expect(item.statusCode, item.body).toBe(201);
  });
});
