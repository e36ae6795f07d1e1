/**
 * An employee hired during the year brings the previous employer's 2316: payroll records its figures on the
 * employee's payroll details, the year-end adjustment (here a final pay's) annualises them with this employer's
 * own (RR 2-98 as amended), and this employer's 2316 shows them in Part III. Before, a mid-year hire's year-end
 * tax ignored the first employer's compensation and withholding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../e2e/tests/pdf-text.js';
import type { Tx } from '../src/db/database.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi } from './payroll-api.js';
import { insertMonthlyEmployee } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let companyId: string;
let hire: string;
const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(payroll.tenantId, work);
const { computedPeriod, compute, payslipOf, get, finalise } = payrollApi(
  () => t,
  () => payroll,
);
const url = () => `/api/v1/employee-payroll-details/${hire}/previous-employers`;
const cents = (m: string) => Math.round(Number(m) * 100);
const FIRST_EMPLOYER = {
  EmployerName: 'Acme Trading Corp.',
  EmployerTIN: '111-222-333-000',
  EmployerAddress: 'Makati City',
  Thirteenth: '20000.00',
  DeMinimis: '3000.00',
  Contributions: '9000.00',
  TaxableBasic: '300000.00',
  TaxWithheld: '25000.00',
};

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  await asTenant(async (tx) => {
    const [c] = await tx.query<{ company_id: string }>(
      `SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`,
    );
    companyId = c!.company_id;
    // Hired 1 July 2026 from Acme; leaves 14 August 2026.
    hire = await insertMonthlyEmployee(tx, payroll.tenantId, companyId, {
      number: 'PE-0001',
      firstName: 'Paolo',
      lastName: 'Prevemp',
      hire: '2026-07-01',
      separation: '2026-08-14',
      rate: 40000,
      account: '001299990401',
      worked: ['2026-08-01', '2026-08-14'],
    });
  });
});
afterAll(() => t?.close());

describe("a previous employer's compensation of the year", () => {
  it('is recorded per year with its totals, changed only at its row version, and refused when malformed', async () => {
    const created = await call(payroll, 'PUT', `${url()}/2026`, FIRST_EMPLOYER);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      Year: 2026,
      EmployerName: 'Acme Trading Corp.',
      TaxableBasic: '300000.00',
      Holiday: '0.00',
      NonTaxableTotal: '32000.00',
      TaxableTotal: '300000.00',
      Gross: '332000.00',
      RowVersion: 1,
    });
    // A second "new" record of the year, or a stale version, is a 409; the GET body goes back as it is.
    expect((await call(payroll, 'PUT', `${url()}/2026`, FIRST_EMPLOYER)).statusCode).toBe(409);
    const [record] = (await call(payroll, 'GET', url())).json().Items;
    const back = await call(payroll, 'PUT', `${url()}/2026`, {
      ...record,
      EmployerAddress: 'Makati City, Metro Manila',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ EmployerAddress: 'Makati City, Metro Manila', RowVersion: 2 });
    expect((await call(payroll, 'PUT', `${url()}/2026`, { ...record })).statusCode).toBe(409);

    const bad = await call(payroll, 'PUT', `${url()}/2025`, {
      EmployerName: '',
      EmployerTIN: '12',
      TaxWithheld: '-5.00',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { Code: string }) => e.Code)
        .sort(),
    ).toEqual(['EmployerName', 'EmployerTIN', 'TaxWithheld']);
    expect((await call(payroll, 'PUT', `${url()}/2025`, { ...record })).statusCode).toBe(400); // Year 2026's body
    expect((await call(payroll, 'PUT', `${url()}/1999`, FIRST_EMPLOYER)).statusCode).toBe(400);
    // Above the 90,000 ceiling is taxable; a TIN may be written with spaces.
    const over = await call(payroll, 'PUT', `${url()}/2025`, { ...FIRST_EMPLOYER, Thirteenth: '95000.00' });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.map((e: { Code: string }) => e.Code)).toEqual(['Thirteenth']);
    const spaced = await call(payroll, 'PUT', `${url()}/2025`, {
      ...FIRST_EMPLOYER,
      EmployerTIN: '111 222 333 000',
      Holiday: '',
    });
    expect(spaced.statusCode, spaced.body).toBe(200);
    expect(spaced.json().Holiday).toBe('0.00'); // a blank amount is nothing
    expect((await call(payroll, 'DELETE', `${url()}/2025`)).statusCode).toBe(200);
    // Another company's payroll and HR cannot read or write it.
    expect((await call('logisticsPayroll', 'GET', url())).statusCode).toBe(404);
    expect((await call('hr', 'PUT', `${url()}/2025`, FIRST_EMPLOYER)).statusCode).toBe(403);
    const audit = await asTenant((tx) =>
      tx.query(
        `SELECT action FROM audit_log WHERE entity = 'employee-previous-employer' AND entity_id = $1`,
        [hire],
      ),
    );
    expect(audit).toHaveLength(4);
  });

  it("is annualised in the year-end adjustment with this employer's own, and shown on the 2316", async () => {
    // The final pay computed with and without the first employer's figures: the year-end adjustment adds its
    // taxable compensation and the tax it withheld, nothing else.
    const id = await computedPeriod({
      Kind: 'FinalPay',
      Name: 'Final pay PE-0001',
      CutoffStart: '2026-08-01',
      CutoffEnd: '2026-08-15',
      PayDate: '2026-08-31',
      EmployeeIds: [hire],
    });
    const withFirst = (await payslipOf(id, hire)).Result as {
      yearEnd: Record<'annualTaxableCompensation' | 'withheldBefore', string>;
    };
    const removed = await call(payroll, 'DELETE', `${url()}/2026`);
    expect(removed.statusCode, removed.body).toBe(200);
    // Changing the figures sends the computed period back to compute.
    expect(await get(id)).toMatchObject({ NeedsRecompute: true });
    await compute(id);
    const without = (await payslipOf(id, hire)).Result as {
      yearEnd: Record<'annualTaxableCompensation' | 'withheldBefore', string>;
    };
    expect(
      cents(withFirst.yearEnd.annualTaxableCompensation) - cents(without.yearEnd.annualTaxableCompensation),
    ).toBe(30_000_000);
    expect(cents(withFirst.yearEnd.withheldBefore) - cents(without.yearEnd.withheldBefore)).toBe(2_500_000);
    expect((await call(payroll, 'DELETE', `${url()}/2026`)).statusCode).toBe(404);

    expect((await call(payroll, 'PUT', `${url()}/2026`, FIRST_EMPLOYER)).statusCode).toBe(200);
    const slip = await (async () => {
      await compute(id);
      return payslipOf(id, hire);
    })();
    const result = slip.Result as {
      yearEnd: Record<string, string>;
      ytd: Record<string, string>;
      previousEmployer?: Record<string, string>;
    };
    expect(result.yearEnd).toEqual(withFirst.yearEnd);
    // The payslip's own year to date is this employer's, as every other payslip's; the first employer's apart.
    expect(result.previousEmployer).toEqual({ taxable: '300000.00', withheld: '25000.00' });
    expect(cents(result.ytd.taxableCompensation!)).toBe(
      cents(result.yearEnd.annualTaxableCompensation!) - 30_000_000,
    );
    await finalise(id, 'previous-employer-final-pay');
    // The year-end adjustment is final: the figures no longer change.
    const late = await call(payroll, 'PUT', `${url()}/2026`, { ...FIRST_EMPLOYER, RowVersion: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toContain(
      'The year-end tax adjustment of 2026 was made in the payroll period',
    );
    const pdf = await call(payroll, 'GET', `/api/v1/payroll/reports/bir-2316?Year=2026&EmployeeId=${hire}`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Acme Trading Corp.');
    expect(text).toContain('300,000.00');
    expect(text).toContain('25,000.00');
  });
});
