/**
 * BIR 1601-C through HTTP (PGlite by default, PostgreSQL on request), from finalised payslips of the engine
 * (payroll-fixtures) whose tax withheld is set to round figures:
 * - item 25, taxes withheld, is never negative: December's year-end refunds above December's withholding are
 *   credited against the following months' withholding (RR 2-98 as amended by RR 11-2018, the year-end
 *   adjustment, REFERENCE §4.7), in item 26 of their returns, until used up; the form notes what is carried;
 * - item 23, the taxable compensation of employees (not minimum wage earners) earning 250,000.00 or less in the
 *   year, from whom no tax was withheld, is computed from the payslips: the year-end adjustment's annual figure
 *   in December, the month's taxable compensation × 12 in a month without one.
 * Expected figures are worked by hand in the comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payslip } from '@hrpay/payroll';
import type { Tx } from '../src/db/database.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { insertPeriod, semiMonthlySlip } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let tenantId: string;
let companyId: string;
const ids: Record<string, string> = {};
const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(tenantId, work);

/** An engine payslip with its tax withheld (and year-end figures) set, as a period of that kind stores them. */
const slip = (
  start: string,
  end: string,
  rate: string,
  withholdingTax: string,
  annualTaxable?: string,
): Payslip => ({
  ...semiMonthlySlip(start, end, rate),
  withholdingTax,
  ...(annualTaxable
    ? {
        yearEnd: {
          annualTaxableCompensation: annualTaxable,
          annualTax: '0.00',
          withheldBefore: '0.00',
          adjustment: withholdingTax,
        },
      }
    : {}),
});

async function form(year: number, month: number): Promise<Map<string, string>> {
  const res = await call(payroll, 'GET', `/api/v1/payroll/reports/bir-1601c?Year=${year}&Month=${month}`);
  expect(res.statusCode, res.body).toBe(200);
  const { default: excel } = await import('exceljs');
  const book = new excel.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const items = new Map<string, string>();
  book.worksheets[0]!.eachRow((row, n) => {
    if (n === 1) return;
    const item = String(row.getCell(1).value);
    const value = row.getCell(3).value;
    const amount = value === null || value === '' ? '' : Number(value).toFixed(2);
    items.set(item === 'Note' ? String(row.getCell(2).value) : item, amount);
  });
  return items;
}

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  tenantId = payroll.tenantId;
  const [c] = await asTenant((tx) =>
    tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`),
  );
  companyId = c!.company_id;
  for (const [number, rate] of [
    ['TX-0001', 60000],
    ['TX-0002', 40000],
    ['TX-0003', 15000],
  ] as const) {
    const [e] = await asTenant((tx) =>
      tx.query<{ id: string }>(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, rate_type,
                basic_rate) VALUES ($1, $2, $3, 'Tax', $3, DATE '2025-01-06', 'Monthly', $4) RETURNING id`,
        [tenantId, companyId, number, rate],
      ),
    );
    ids[number] = e!.id;
  }
  const period = (name: string, start: string, end: string, payslips: [string, Payslip][]) =>
    insertPeriod(asTenant, tenantId, {
      companyId,
      name,
      start,
      end,
      status: 'Finalised',
      payslips: payslips.map(([n, payslip]) => ({ employeeId: ids[n]!, payslip })),
    });
  // December 2026: TX-0001 has 1,000.00 withheld on 1-15 December; on 16-31 December the year-end adjustment
  // refunds TX-0002 3,000.00 (annual taxable 300,000.00) and withholds nothing of TX-0003 (annual taxable
  // 170,000.00, under 250,000.00).
  await period('December 2026 1st cut-off', '2026-12-01', '2026-12-15', [
    ['TX-0001', slip('2026-12-01', '2026-12-15', '60000.00', '1000.00')],
  ]);
  await period('December 2026 2nd cut-off', '2026-12-16', '2026-12-31', [
    ['TX-0002', slip('2026-12-16', '2026-12-31', '40000.00', '-3000.00', '300000.00')],
    ['TX-0003', slip('2026-12-16', '2026-12-31', '15000.00', '0.00', '170000.00')],
  ]);
  // January and February 2027: TX-0001 has 1,500.00 withheld in each month's first cut-off; TX-0003 is paid in
  // February's, with nothing withheld.
  await period('January 2027 1st cut-off', '2027-01-01', '2027-01-15', [
    ['TX-0001', slip('2027-01-01', '2027-01-15', '60000.00', '1500.00')],
  ]);
  await period('February 2027 1st cut-off', '2027-02-01', '2027-02-15', [
    ['TX-0001', slip('2027-02-01', '2027-02-15', '60000.00', '1500.00')],
    ['TX-0003', slip('2027-02-01', '2027-02-15', '15000.00', '0.00')],
  ]);
  // Each month's 2nd cut-off is finalised with no one paid in it: a monthly report is made of a month whose
  // cut-offs are all finalised (fix-s19-reports), and these figures stay those of the 1st cut-offs.
  await period('January 2027 2nd cut-off', '2027-01-16', '2027-01-31', []);
  await period('February 2027 2nd cut-off', '2027-02-16', '2027-02-28', []);
});
afterAll(() => t?.close());

const CARRIED = "Refunds still to credit against the following months' withholding";
const ABOVE =
  "Year-end refunds paid this month above this month's withholding (item 25 is not negative): credited " +
  "against the following months' withholding (RR 2-98 as amended), in item 26 of their returns";
const CREDITED = "Item 26: year-end refunds of earlier months credited against this month's withholding";

describe('BIR 1601-C', () => {
  it('December: taxes withheld not negative, the excess refund carried forward; item 23 computed', async () => {
    const items = await form(2026, 12);
    /*
     * Withheld in December: 1,000.00 − 3,000.00 + 0.00 = −2,000.00 (before: item 25 −2,000.00 and items 27, 31 and
     * 36 −2,000.00 "over-remittance"). Item 25 = 0.00; the 2,000.00 of refunds above December's withholding is
     * credited against January's and later withholding. Items 26, 27, 31, 36: 0.00.
     */
    expect(items.get('25')).toBe('0.00');
    expect(items.get('26')).toBe('0.00');
    expect(items.get('27')).toBe('0.00');
    expect(items.get('31')).toBe('0.00');
    expect(items.get('36')).toBe('0.00');
    expect(items.get(ABOVE)).toBe('2000.00');
    expect(items.get(CARRIED)).toBe('2000.00');
    /*
     * Item 23: TX-0003 (annual taxable 170,000.00 ≤ 250,000.00, nothing withheld). Their 16-31 December taxable
     * compensation: monthly 15,000, half 7,500.00 (taxable) and a 1,000.00 rice subsidy (de minimis, exempt), less
     * the employee shares of the cut-off (a half of the month's, split "equal"): SSS 5% of the 15,000.00 credit =
     * 750.00 / 2 = 375.00; PhilHealth 5% of 15,000.00 = 750.00, the employee's half 375.00 / 2 = 187.50; Pag-IBIG
     * 2% of 10,000.00 (the fund salary ceiling) = 200.00 / 2 = 100.00. 7,500.00 − 662.50 = 6,837.50.
     * TX-0002 (annual 300,000.00) is over 250,000.00; TX-0001 had tax withheld. Item 24 = item 22 − 6,837.50.
     */
    expect(items.get('23')).toBe('6837.50');
    expect(Number(items.get('24'))).toBeCloseTo(Number(items.get('22')) - 6837.5, 2);
  });

  it('January: the carried refund is credited against its withholding in item 26', async () => {
    const items = await form(2027, 1);
    /*
     * Withheld 1,500.00 (item 25). Carried from December 2,000.00: item 26 = −min(2,000.00, 1,500.00) = −1,500.00;
     * item 27 = 1,500.00 − 1,500.00 = 0.00 = items 31 and 36; 2,000.00 − 1,500.00 = 500.00 still carried.
     * No item 23: TX-0001 had tax withheld.
     */
    expect(items.get('25')).toBe('1500.00');
    expect(items.get('26')).toBe('-1500.00');
    expect(items.get('27')).toBe('0.00');
    expect(items.get('36')).toBe('0.00');
    expect(items.get(CREDITED)).toBe('1500.00');
    expect(items.get(CARRIED)).toBe('500.00');
    expect(items.get('23')).toBe('0.00');
  });

  it('February: the rest of the refund, then tax due; item 23 on the month × 12', async () => {
    const items = await form(2027, 2);
    /*
     * Withheld 1,500.00; the 500.00 left is credited: item 26 −500.00, item 27 = 1,000.00 = items 31 and 36;
     * nothing carried further.
     * Item 23: TX-0003, nothing withheld, no year-end figure: 1-15 February taxable 6,837.50 (as in December),
     * × 12 = 82,050.00 ≤ 250,000.00: 6,837.50.
     */
    expect(items.get('25')).toBe('1500.00');
    expect(items.get('26')).toBe('-500.00');
    expect(items.get('27')).toBe('1000.00');
    expect(items.get('31')).toBe('1000.00');
    expect(items.get('36')).toBe('1000.00');
    expect(items.has(CARRIED)).toBe(false);
    expect(items.get('23')).toBe('6837.50');
  });
});
