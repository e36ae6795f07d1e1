/**
 * The year-end tax adjustment (RR 2-98 as amended by RR 11-2018, REFERENCE §4.7: "before paying the last
 * compensation of the year") belongs to the year's last regular payroll, not to a 13th-month run paid before it
 * on 23 December (PD 851: by 24 December), whose cut-off 1 January - 31 December merely ends on the 31st.
 * Through HTTP on payslips the compute job made (PGlite by default, PostgreSQL on request):
 * - the 13th month computed before the second December cut-off carries no tax line when it is within the
 *   90,000 ceiling (it had refunded the year's tax on the year to 15 December);
 * - the second December cut-off counts that 13th month in its year to date (its cut-off ends after the
 *   16-31 December one starts, yet it was paid first), so the year-end adjustment is made once, there;
 * - a 13th-month run computed after the year's last regular payroll is finalised is the last payroll, and
 *   annualises (here to a 0.00 adjustment: nothing left to true up).
 * Expected figures are worked by hand in the comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payslip } from '@hrpay/payroll';
import type { Tx } from '../src/db/database.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi, PERIODS } from './payroll-api.js';
import { insertPeriod, semiMonthlySlip } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let tenantId: string;
let companyId: string;
let employeeId: string;
const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(tenantId, work);
const { compute, payslipOf, finalise } = payrollApi(
  () => t,
  () => payroll,
);

async function period(body: object): Promise<string> {
  const created = await call(payroll, 'POST', PERIODS, body);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().Id as string;
  expect(await compute(id)).toMatchObject({ Status: 'Computed', JobStatus: 'Done' });
  return id;
}

interface YearEnd {
  annualTaxableCompensation: string;
  annualTax: string;
  withheldBefore: string;
  adjustment: string;
}
const yearEndOf = (slip: { Result: Record<string, unknown> | null }) =>
  slip.Result!.yearEnd as YearEnd | undefined;

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  tenantId = payroll.tenantId;
  const [c] = await asTenant((tx) =>
    tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`),
  );
  companyId = c!.company_id;
  // Yna: monthly 20,000 since 2025, her government ids on file.
  const [e] = await asTenant((tx) =>
    tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, rate_type,
              basic_rate, tin, sss_number, philhealth_number, pagibig_number, birth_date)
       VALUES ($1, $2, 'YE-0001', 'Yna', 'Yearend', DATE '2025-01-06', 'Monthly', 20000, '123-456-789',
               '34-7000001-1', '12-700000001-1', '1234-7000-0001', DATE '1990-05-01') RETURNING id`,
      [tenantId, companyId],
    ),
  );
  employeeId = e!.id;
  /*
   * Her year to 15 December, as one finalised payslip of the first December cut-off (the figures the year to
   * date adds up): basic salary earned 230,000.00, taxable compensation 200,000.00, tax withheld 1,000.00 (the
   * per-period table withheld on a few larger cut-offs). 200,000 is under the 250,000 of the annual table's 0%
   * bracket, so the year's tax is 0.00 and the 1,000.00 is due back to her in the year-end adjustment.
   */
  const slip = semiMonthlySlip('2026-12-01', '2026-12-15', '20000.00');
  const yearToDate = {
    ...slip,
    taxableBase: '200000.00',
    withholdingTax: '1000.00',
    thisPeriod: { basicSalaryEarned: '230000.00', benefitsReceived: '0.00' },
  } as Payslip;
  await insertPeriod(asTenant, tenantId, {
    companyId,
    name: 'December 2026 1st cut-off',
    start: '2026-12-01',
    end: '2026-12-15',
    status: 'Finalised',
    payslips: [{ employeeId, payslip: yearToDate }],
  });
});
afterAll(() => t?.close());

describe('the year-end tax adjustment', () => {
  let thirteenth: string;

  it('is not made by a 13th-month run paid before the last payroll of the year', async () => {
    thirteenth = await period({
      Kind: 'ThirteenthMonth',
      Name: '13th month pay 2026',
      CutoffStart: '2026-01-01',
      CutoffEnd: '2026-12-31',
      PayDate: '2026-12-23',
    });
    const slip = await payslipOf(thirteenth, employeeId);
    /*
     * PD 851: one twelfth of the basic salary earned in the year so far: 230,000.00 / 12 = 19,166.67 (19,166.666…
     * rounded). Within the 90,000 ceiling of benefits (NIRC Sec. 32(B)(7)(e)): exempt, taxable base 0.00, and the
     * semi-monthly table withholds nothing on 0.00. No year-end adjustment here: the refund of 1,000.00 waits for
     * the year's last payroll (before the fix: "Year-end tax refund" -1,000.00 and net pay 20,166.67, worked out on
     * the year to 15 December).
     */
    expect(slip.Lines.map((l) => [l.Code, l.Amount])).toEqual([['13TH', '19166.67']]);
    expect(slip.WithholdingTax).toBe('0.00');
    expect(slip.NetPay).toBe('19166.67');
    expect(yearEndOf(slip)).toBeUndefined();
    await finalise(thirteenth, 'fixpay-13th');
  });

  it('is made once, on the second December cut-off, counting the 13th month paid before it', async () => {
    const december2 = await period({
      Kind: 'Regular',
      Name: 'December 2026 2nd cut-off',
      CutoffStart: '2026-12-16',
      CutoffEnd: '2026-12-31',
      PayDate: '2027-01-05',
    });
    const slip = await payslipOf(december2, employeeId);
    const ytd = slip.Result!.ytd as Record<string, string>;
    /*
     * The year to date before this payslip: the 1-15 December payslip (taxable 200,000.00, withheld 1,000.00,
     * benefits 0.00) and the 13th month paid on 23 December (taxable 0.00, withheld 0.00, benefits 19,166.67),
     * whose cut-off ends on 31 December, after this one starts. The benefits received this year are then
     * 19,166.67 (before the fix: 0.00, as if no 13th month had been paid: the 90,000 ceiling would have been
     * offered again in full).
     * Year end: annual taxable 200,000.00 + this cut-off's taxable base stays under 250,000 (10,000 basic less
     * shares), annual tax 0.00; withheld before 1,000.00 + 0.00 = 1,000.00; adjustment 0.00 − 1,000.00 = −1,000.00,
     * the one refund of the year (before the fix the 13th month refunded it too, its −1,000.00 was not in this
     * year to date, and it was refunded twice).
     */
    expect(ytd.benefitsReceived).toBe('19166.67');
    const end = yearEndOf(slip)!;
    expect(end).toMatchObject({ annualTax: '0.00', withheldBefore: '1000.00', adjustment: '-1000.00' });
    expect(Number(end.annualTaxableCompensation)).toBeGreaterThan(200000);
    expect(Number(end.annualTaxableCompensation)).toBeLessThan(250000);
    expect(slip.WithholdingTax).toBe('-1000.00');
    expect(slip.Lines.find((l) => l.Code === 'WTAX')).toMatchObject({
      Amount: '-1000.00',
      Description: 'Year-end tax refund',
    });
    await finalise(december2, 'fixpay-dec-2');
  });

  it('is made by a 13th-month run after the last payroll of the year', async () => {
    const balance = await period({
      Kind: 'ThirteenthMonth',
      Name: '13th month pay 2026 balance',
      CutoffStart: '2026-01-01',
      CutoffEnd: '2026-12-31',
      PayDate: '2026-12-24',
    });
    const slip = await payslipOf(balance, employeeId);
    /*
     * Basic salary earned: 230,000.00 + 10,000.00 (16-31 December, a monthly 20,000 salary's half) = 240,000.00;
     * its twelfth 20,000.00 less the 19,166.67 already paid = 833.33. The year's last regular payroll is
     * finalised, so this run is the last payroll and annualises: annual tax 0.00, withheld before 1,000.00 + 0.00
     * − 1,000.00 = 0.00, adjustment 0.00 (no tax line).
     */
    expect(slip.Lines.map((l) => [l.Code, l.Amount])).toEqual([['13TH', '833.33']]);
    expect(yearEndOf(slip)).toMatchObject({ annualTax: '0.00', withheldBefore: '0.00', adjustment: '0.00' });
  });
});
