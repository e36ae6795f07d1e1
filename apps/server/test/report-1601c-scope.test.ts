/**
 * BIR 1601-C of one month through HTTP (PGlite by default, PostgreSQL on request), with payslips of other months
 * around it: its figures are those of the month's finalised payslips alone, summed here from the payslips the test
 * stores, whatever else the tenant holds. Around May 2025: April and June finalised with higher pay, a re-run of
 * May still open, an excluded May payslip, another company's May period; and refunds that item 26 (year-end refunds
 * of earlier months carried into this one) must not take: in an open March period, in an excluded April payslip
 * and in the other company's April period. The month's read and the carried-refund read (the earlier months' net
 * withholding) are scoped by company, by closed periods and by payslip status; this holds them to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payslip } from '@hrpay/payroll';
import type { Tx } from '../src/db/database.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { insertPeriod, semiMonthlySlip, type FixturePeriod } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let tenantId: string;
const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(tenantId, work);

const cents = (text: string) => Math.round(Number(text) * 100);
const money = (c: number) => (c / 100).toFixed(2);
/** The May 2025 payslips of its finalised periods: what the month's 1601-C is made of. */
const mayPaid: Payslip[] = [];

/** BIR 1601-C items (the XLSX) by item number, as amounts with two decimals; notes by their text. */
async function form1601c(year: number, month: number): Promise<Map<string, string>> {
  const res = await call(
    payroll,
    'GET',
    `/api/v1/payroll/reports/bir-1601c?Year=${year}&Month=${month}&Format=xlsx`,
  );
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const { default: excel } = await import('exceljs');
  const book = new excel.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const items = new Map<string, string>();
  book.worksheets[0]!.eachRow((row, n) => {
    if (n === 1) return;
    const item = String(row.getCell(1).value);
    const value = row.getCell(3).value;
    items.set(
      item === 'Note' ? String(row.getCell(2).value) : item,
      value === null || value === '' ? '' : Number(value).toFixed(2),
    );
  });
  return items;
}

/** A payslip with its tax withheld set (a negative figure: a year-end refund), as fixpay-bir1601c makes them. */
const withTax = (p: Payslip, withholdingTax: string): Payslip => ({ ...p, withholdingTax });

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  tenantId = payroll.tenantId;
  const logisticsPayroll = await signIn(t.app, demo.logisticsPayroll);
  const companyOf = async (email: string) =>
    (
      await asTenant((tx) =>
        tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE lower(email) = $1`, [email]),
      )
    )[0]!.company_id;
  const companyId = await companyOf(demo.payroll.email);
  const logisticsId = await companyOf(demo.logisticsPayroll.email);
  expect(logisticsPayroll.tenantId).toBe(tenantId);
  const employeesOf = async (company: string) =>
    (
      await asTenant((tx) =>
        tx.query<{ id: string }>(
          `SELECT id FROM employees WHERE company_id = $1 AND separation_date IS NULL ORDER BY employee_number LIMIT 3`,
          [company],
        ),
      )
    ).map((r) => r.id);
  const staff = await employeesOf(companyId);
  const [driver] = await employeesOf(logisticsId);
  expect(staff).toHaveLength(3);

  const half = (month: string, second: boolean) =>
    second
      ? ([`${month}-16`, `${month}-${month.endsWith('04') || month.endsWith('06') ? 30 : 31}`] as const)
      : ([`${month}-01`, `${month}-15`] as const);
  const period = (
    name: string,
    [start, end]: readonly [string, string],
    status: FixturePeriod['status'],
    payslips: FixturePeriod['payslips'],
    company = companyId,
  ) => insertPeriod(asTenant, tenantId, { companyId: company, name, start, end, status, payslips });

  // May 2025, the month reported: both cut-offs closed (one Finalised, one Paid), three employees at three rates,
  // the third held on the 1st cut-off (held pay is still compensation paid); an excluded payslip is not.
  const rates = ['30000.00', '45000.00', '25000.00'];
  for (const [i, second] of [false, true].entries()) {
    const [start, end] = half('2025-05', second);
    const slips = rates.map((rate) => semiMonthlySlip(start, end, rate));
    mayPaid.push(...slips);
    await period(`May 2025 cut-off ${i + 1}`, [start, end], second ? 'Paid' : 'Finalised', [
      ...slips.map((payslip, n) => ({
        employeeId: staff[n]!,
        payslip,
        status: !second && n === 2 ? ('Held' as const) : ('Included' as const),
      })),
    ]);
  }
  // An excluded May payslip (another employee's, at a high rate): no figure of the month.
  const [extra] = (
    await asTenant((tx) =>
      tx.query<{ id: string }>(
        `SELECT id FROM employees WHERE company_id = $1 AND NOT (id = ANY($2::uuid[])) LIMIT 1`,
        [companyId, staff],
      ),
    )
  ).map((r) => r.id);
  await period('May 2025 excluded', half('2025-05', false), 'Finalised', [
    {
      employeeId: extra!,
      payslip: semiMonthlySlip('2025-05-01', '2025-05-15', '90000.00'),
      status: 'Excluded',
    },
  ]);
  // A re-run of May's 2nd cut-off still open, and another company's May period.
  await period('May 2025 re-run', half('2025-05', true), 'Computed', [
    { employeeId: staff[0]!, payslip: semiMonthlySlip('2025-05-16', '2025-05-31', '99000.00') },
  ]);
  await period(
    'Logistics May 2025',
    half('2025-05', false),
    'Finalised',
    [{ employeeId: driver!, payslip: semiMonthlySlip('2025-05-01', '2025-05-15', '80000.00') }],
    logisticsId,
  );
  // The months around it, closed, at other rates (tax withheld, no refund): not this month's figures.
  for (const month of ['2025-04', '2025-06'])
    for (const second of [false, true]) {
      const [start, end] = half(month, second);
      await period(`${month} cut-off ${second ? 2 : 1}`, [start, end], 'Finalised', [
        ...staff.map((employeeId) => ({ employeeId, payslip: semiMonthlySlip(start, end, '60000.00') })),
      ]);
    }
  // Refunds before May that no 1601-C carries: an open March period's, an excluded April payslip's, and the other
  // company's April refund. Counted, they would show as item 26 credits in May.
  await period('March 2025 draft', half('2025-03', false), 'Computed', [
    { employeeId: staff[0]!, payslip: withTax(semiMonthlySlip('2025-03-01', '2025-03-15'), '-50000.00') },
  ]);
  await period('April 2025 excluded', half('2025-04', false), 'Finalised', [
    {
      employeeId: extra!,
      payslip: withTax(semiMonthlySlip('2025-04-01', '2025-04-15'), '-50000.00'),
      status: 'Excluded',
    },
  ]);
  await period(
    'Logistics April 2025',
    half('2025-04', false),
    'Finalised',
    [{ employeeId: driver!, payslip: withTax(semiMonthlySlip('2025-04-01', '2025-04-15'), '-50000.00') }],
    logisticsId,
  );
});
afterAll(() => t?.close());

describe("BIR 1601-C reads the month's finalised payslips only", () => {
  it("has the month's compensation, contributions and tax, nothing carried from other months", async () => {
    const items = await form1601c(2025, 5);
    const sum = (pick: (p: Payslip) => string) => mayPaid.reduce((s, p) => s + cents(pick(p)), 0);
    const gross = sum((p) => p.gross);
    const withheld = sum((p) => p.withholdingTax);
    const shares = sum((p) => p.employeeShares.total);
    expect(mayPaid).toHaveLength(6);
    expect(withheld).toBeGreaterThan(0);
    expect(items.get('14')).toBe(money(gross)); // total compensation
    expect(items.get('19')).toBe(money(shares)); // SSS, PhilHealth, Pag-IBIG employee shares
    expect(items.get('25')).toBe(money(withheld)); // taxes withheld
    // No refund of another month is credited: the open, excluded and other company's ones do not count.
    expect(items.get('26')).toBe('0.00');
    expect(items.get('27')).toBe(money(withheld));
    expect(items.get('36')).toBe(money(withheld));
    expect([...items.keys()].some((k) => k.startsWith('Item 26') || k.startsWith('Refunds still'))).toBe(
      false,
    );
  });

  it('is the same figures as the month alone, without the months around it', async () => {
    // June's report is made of June's payslips: the same check from the month after, against April's figures
    // (the same rates, the same tax) — the neighbours never leak into each other.
    const june = await form1601c(2025, 6);
    const april = await form1601c(2025, 4);
    for (const item of ['14', '19', '25', '27']) expect(june.get(item), item).toBe(april.get(item));
    expect(april.get('26')).toBe('0.00');
    expect(june.get('26')).toBe('0.00');
  });
});
