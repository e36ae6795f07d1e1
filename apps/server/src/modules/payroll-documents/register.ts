/**
 * The payroll register: one row per payslip with its earnings, deductions and employer shares in buckets, as
 * columns for lib/export's CSV / XLSX / PDF writers, and exact column totals.
 */
import { formatIsoDate } from '@hrpay/contracts';
import type { Payslip } from '@hrpay/payroll';
import type { ExportColumn, FileFormat } from '../../lib/export.js';
import { deductionBucket, earningBucket } from './lines.js';
import { cents, fullName, money, moneyDisplay } from './money.js';
import type { DocPayslip } from './types.js';

/** The register's amount columns, in order. */
export const REGISTER_AMOUNTS = [
  ['basicPay', 'Basic pay'],
  ['attendance', 'Absences / tardiness'],
  ['premiumPay', 'Overtime / holiday / night'],
  ['allowances', 'Allowances and other earnings'],
  ['gross', 'Gross pay'],
  ['sssEmployee', 'SSS EE'],
  ['philhealthEmployee', 'PhilHealth EE'],
  ['pagibigEmployee', 'Pag-IBIG EE'],
  ['withholdingTax', 'Withholding tax'],
  ['otherDeductions', 'Loans / other deductions'],
  ['totalDeductions', 'Total deductions'],
  ['netPay', 'Net pay'],
  ['sssEmployer', 'SSS ER'],
  ['sssEC', 'SSS EC'],
  ['philhealthEmployer', 'PhilHealth ER'],
  ['pagibigEmployer', 'Pag-IBIG ER'],
] as const;

export type RegisterAmount = (typeof REGISTER_AMOUNTS)[number][0];
const EMPLOYER_SHARES = new Set<RegisterAmount>([
  'sssEmployer',
  'sssEC',
  'philhealthEmployer',
  'pagibigEmployer',
]);
export type RegisterTotals = Record<RegisterAmount, string>;

// Columns call `value` once per cell; bucketing a payslip once per row is enough.
const cache = new WeakMap<Payslip, Record<RegisterAmount, number>>();

/** A payslip's amounts in centavos by register column. Gross and deductions are the payslip's own totals; the
 *  buckets are its lines, so the buckets add up to them. */
export function registerAmounts(p: Payslip): Record<RegisterAmount, number> {
  const hit = cache.get(p);
  if (hit) return hit;
  const a: Record<RegisterAmount, number> = Object.fromEntries(
    REGISTER_AMOUNTS.map(([k]) => [k, 0]),
  ) as Record<RegisterAmount, number>;
  const earningKey = {
    basic: 'basicPay',
    attendance: 'attendance',
    premium: 'premiumPay',
    other: 'allowances',
  } as const;
  const deductionKey = {
    sss: 'sssEmployee',
    philhealth: 'philhealthEmployee',
    pagibig: 'pagibigEmployee',
    tax: 'withholdingTax',
    other: 'otherDeductions',
  } as const;
  for (const l of p.lines) {
    const key =
      l.kind === 'earning' ? earningKey[earningBucket(l.code)] : deductionKey[deductionBucket(l.code)];
    a[key] += cents(l.amount);
  }
  a.gross = cents(p.gross);
  a.totalDeductions = cents(p.deductions);
  a.netPay = cents(p.netPay);
  a.sssEmployer = cents(p.employerShares.sss);
  a.sssEC = cents(p.employerShares.sssEC);
  a.philhealthEmployer = cents(p.employerShares.philhealth);
  a.pagibigEmployer = cents(p.employerShares.pagibig);
  cache.set(p, a);
  return a;
}

/**
 * Register columns. Amounts are numbers for XLSX (a spreadsheet sums them; the number is the exact decimal text
 * read once, never added), exact 2-decimal text for CSV ("1000.00": the `money` columns, which the reports' CSV
 * writer writes as they are, a negative "-1379.31" included) and "1,234.50" text for PDF.
 */
export function registerColumns(
  format: FileFormat = 'xlsx',
): ExportColumn<DocPayslip & { held?: boolean; releasedOn?: string | null }>[] {
  const amount =
    format === 'pdf'
      ? (centavos: number) => moneyDisplay(centavos)
      : format === 'csv'
        ? (centavos: number) => money(centavos)
        : (centavos: number) => Number(money(centavos));
  return [
    { header: 'Employee no.', value: (r) => r.employee.employeeNumber, width: 14, pdfWidth: 1.2 },
    { header: 'Name', value: (r) => fullName(r.employee), width: 30, pdfWidth: 2.4 },
    { header: 'Department', value: (r) => r.employee.departmentName, width: 18, pdfWidth: 1.4 },
    ...REGISTER_AMOUNTS.map(([key, header]): ExportColumn<DocPayslip> => ({
      header,
      value: (r) => amount(registerAmounts(r.payslip)[key]),
      width: Math.max(12, header.length + 2),
      money: true,
      // On paper the employee's figures only, so each amount has room for its digits: the employer's shares are
      // in the spreadsheet and the remittance reports.
      pdfWidth: EMPLOYER_SHARES.has(key) ? 0 : undefined,
    })),
    // A held payslip stays in the register and its totals, but is paid later, outside the bank file (and says
    // the day its pay was released, by its own bank file); every other one is released for payment (in the bank
    // file), said in words rather than left blank.
    {
      header: 'Pay status',
      value: (r) =>
        r.held ? (r.releasedOn ? `Held; released ${formatIsoDate(r.releasedOn)}` : 'Held') : 'Released',
      width: 24,
      pdfWidth: 1.4,
    },
  ];
}

/** Exact totals of every amount column ("1234.50"). */
export function registerTotals(entries: DocPayslip[]): RegisterTotals {
  const sums = Object.fromEntries(REGISTER_AMOUNTS.map(([k]) => [k, 0])) as Record<RegisterAmount, number>;
  for (const { payslip } of entries) {
    const a = registerAmounts(payslip);
    for (const [k] of REGISTER_AMOUNTS) sums[k] += a[k];
  }
  return Object.fromEntries(REGISTER_AMOUNTS.map(([k]) => [k, money(sums[k])])) as RegisterTotals;
}
