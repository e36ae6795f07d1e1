/**
 * Certificate of final pay (issue 10 §3; DOLE Labor Advisory No. 06-2020: final pay within 30 days of separation,
 * with a certificate of employment on request): one A4 page per final-pay payslip with the employee, the company,
 * the separation date, the final pay period and each component of the final pay, from the stored payslip's own
 * lines, then the certification and signature block. Same pdfkit style as the payslip and 2316 generators.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { PayslipLine } from '@hrpay/payroll';
import { deductionBucket, earningBucket } from './lines.js';
import { cents, fullName, money, moneyDisplay } from './money.js';
import type { DocCompany, DocPayslip } from './types.js';

/** The engine lines compute.ts adds to a final pay besides the last salary. */
export const THIRTEENTH_CODE = '13TH';
export const SIL_CASH_CODE = 'SIL-CASH';
/** A final pay's cash of the unused days of another leave type convertible to cash (-2, -3... for more types). */
export const LEAVE_CASH_CODE = 'LEAVE-CASH';

/** A final-pay payslip and the codes of its deduction lines that settle loans (the payslip's `loans`). */
export interface DocFinalPay extends DocPayslip {
  loanCodes: string[];
}

export interface FinalPayCertificatePdfOptions {
  /** Who certifies the figures (application settings' payslip signatory), under the signature line. */
  signatory?: string;
  /** Default true; tests turn it off to read the text back. */
  compress?: boolean;
}

interface Section {
  lines: PayslipLine[];
  total: string;
}

/** The final pay sorted into the certificate's sections; every line lands in exactly one, so the earning
 *  sections add up to the gross final pay and the deduction sections to the total deductions. */
export interface FinalPayComponents {
  /** The salary of the last days worked: basic pay (with the floor of a partial pay period), attendance
   *  deductions, premiums, COLA and a rate-change adjustment. */
  lastSalary: Section;
  /** Recurring allowances (a rice subsidy, a transportation allowance) and other earnings and benefits of the
   *  last pay period: paid with the final pay, not salary. */
  allowances: Section;
  thirteenthMonth: Section;
  silConversion: Section;
  loansSettled: Section;
  /** SSS, PhilHealth, Pag-IBIG and withholding tax. */
  statutory: Section;
  otherDeductions: Section;
  gross: string;
  deductions: string;
  netPay: string;
}

const section = (lines: PayslipLine[]): Section => ({
  lines,
  total: money(lines.reduce((s, l) => s + cents(l.amount), 0)),
});

/** The engine's own pay lines of the days worked (earnings.ts, rate-changes.ts); a user's pay item never takes
 *  one of these codes (engine ENGINE_LINE_CODES). */
const salary = (code: string) => earningBucket(code) !== 'other' || code === 'COLA' || code === 'RATE_ADJ';

export function finalPayComponents(entry: DocFinalPay): FinalPayComponents {
  const { payslip: p } = entry;
  const loans = new Set(entry.loanCodes);
  const earnings = p.lines.filter((l) => l.kind === 'earning');
  const deductions = p.lines.filter((l) => l.kind === 'deduction');
  // With their excess lines (13TH_TAXABLE, SIL-CASH_EXCESS) and a year-start leave conversion paid with it.
  const thirteenth = (code: string) => code === THIRTEENTH_CODE || code.startsWith(`${THIRTEENTH_CODE}_`);
  const leaveCash = (code: string) =>
    code === SIL_CASH_CODE ||
    code.startsWith(`${SIL_CASH_CODE}_`) ||
    code.startsWith(LEAVE_CASH_CODE) ||
    code.startsWith('LEAVE-CONV');
  const rest = earnings.filter((l) => !thirteenth(l.code) && !leaveCash(l.code));
  return {
    lastSalary: section(rest.filter((l) => salary(l.code))),
    allowances: section(rest.filter((l) => !salary(l.code))),
    thirteenthMonth: section(earnings.filter((l) => thirteenth(l.code))),
    silConversion: section(earnings.filter((l) => leaveCash(l.code))),
    loansSettled: section(deductions.filter((l) => loans.has(l.code))),
    statutory: section(deductions.filter((l) => !loans.has(l.code) && deductionBucket(l.code) !== 'other')),
    otherDeductions: section(
      deductions.filter((l) => !loans.has(l.code) && deductionBucket(l.code) === 'other'),
    ),
    gross: p.gross,
    deductions: p.deductions,
    netPay: p.netPay,
  };
}

const MARGIN = 48;
const FONT = 9;

export async function writeFinalPayCertificatePdf(
  out: Writable,
  company: DocCompany,
  entries: DocFinalPay[],
  opts: FinalPayCertificatePdfOptions = {},
): Promise<void> {
  const { default: PDFDocument } = await import('pdfkit'); // loaded on demand, as in lib/pdf-table.ts
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    compress: opts.compress ?? true,
  });
  const done = once(out, 'finish');
  doc.pipe(out);
  doc.info.Title = `Certificate of final pay — ${company.name}`;
  doc.info.Producer = 'HRPAY';
  const width = () => doc.page.width - MARGIN * 2;
  const amount = (m: string) => moneyDisplay(cents(m));

  /** Label and amount on one line; `indent` for the lines under a heading. */
  const row = (label: string, value: string, { bold = false, indent = 0 } = {}) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT);
    const y = doc.y;
    doc.text(label, MARGIN + indent, y, { width: width() - 130 - indent });
    const after = doc.y;
    doc.text(value, MARGIN + width() - 120, y, { width: 120, align: 'right' });
    doc.x = MARGIN;
    doc.y = Math.max(after, doc.y) + 1;
  };
  const heading = (text: string) => {
    doc.moveDown(0.5);
    row(text, '', { bold: true });
  };
  /** A section's lines, then its subtotal; "None" when the final pay has no such component. */
  const part = (title: string, s: Section, subtotal: string) => {
    heading(title);
    if (s.lines.length === 0) row('None', amount('0.00'), { indent: 12 });
    for (const l of s.lines) row(l.description, amount(l.amount), { indent: 12 });
    if (s.lines.length > 1) row(subtotal, amount(s.total), { bold: true, indent: 12 });
  };
  const field = (label: string, value: string) => row(`${label}: ${value}`, '');

  for (const entry of entries) {
    const { employee: e, period } = entry;
    const c = finalPayComponents(entry);
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(13).text(company.name);
    doc.font('Helvetica').fontSize(FONT).fillColor('#444');
    if (company.address) doc.text(company.address);
    if (company.tin) doc.text(`TIN ${company.tin}${company.branchCode ? `-${company.branchCode}` : ''}`);
    doc.fillColor('#000').moveDown(1);
    doc.font('Helvetica-Bold').fontSize(14).text('CERTIFICATE OF FINAL PAY', { align: 'center' });
    doc.moveDown(1);

    field('Employee', `${fullName(e)} (employee no. ${e.employeeNumber})`);
    const where = [e.positionName, e.departmentName].filter(Boolean).join(', ');
    if (where) field('Position', where);
    field('TIN', e.tin ?? '—');
    field('Date hired', e.hireDate || '—');
    field('Date of separation', e.separationDate ?? '—');
    field('Final pay period', `${period.name}, ${period.start} to ${period.end}`);
    field('Pay date', period.payDate);

    part('Last salary', c.lastSalary, 'Total last salary');
    if (c.allowances.lines.length)
      part('Allowances and other benefits', c.allowances, 'Total allowances and other benefits');
    part('Pro-rated 13th month pay', c.thirteenthMonth, 'Total 13th month pay');
    // SIL alone, as the law requires; or with the company's other leave types convertible to cash.
    const leaveConverted = c.silConversion.lines.every((l) => l.code.startsWith(SIL_CASH_CODE))
      ? 'unused service incentive leave'
      : 'unused leave';
    part(`Cash conversion of ${leaveConverted}`, c.silConversion, 'Total leave conversion');
    doc.moveDown(0.3);
    row('GROSS FINAL PAY', amount(c.gross), { bold: true });
    part('Loans settled', c.loansSettled, 'Total loans settled');
    part('Taxes and contributions withheld', c.statutory, 'Total withheld');
    if (c.otherDeductions.lines.length) part('Other deductions', c.otherDeductions, 'Total other deductions');
    doc.moveDown(0.3);
    row('TOTAL DEDUCTIONS', amount(c.deductions), { bold: true });
    doc.moveDown(0.3);
    row('NET FINAL PAY', amount(c.netPay), { bold: true });

    doc.moveDown(1.5);
    doc
      .font('Helvetica')
      .fontSize(FONT)
      .text(
        `This is to certify that ${fullName(e)}, employed by ${company.name} from ${e.hireDate || '—'} to ` +
          `${e.separationDate ?? '—'}, is paid a net final pay of PHP ${amount(c.netPay)} on ${period.payDate}: ` +
          `the last salary, ${c.allowances.lines.length ? 'the allowances and other benefits, ' : ''}the ` +
          `pro-rated 13th month pay and the cash conversion of ${leaveConverted}, less the loans ` +
          'settled and the taxes and contributions withheld, as computed in the payroll named above.',
        MARGIN,
        doc.y,
        { width: width() },
      );

    doc.moveDown(3);
    const y = doc.y;
    doc.text('______________________________', MARGIN, y);
    doc.text(opts.signatory ?? 'Authorised signatory', MARGIN, doc.y);
    doc.text('Certified correct', MARGIN, doc.y);
    doc.text('______________________________', MARGIN + width() / 2, y);
    doc.text(`Received by ${fullName(e)}`, MARGIN + width() / 2, y + doc.currentLineHeight(true));
    doc.text('Date received', MARGIN + width() / 2, doc.y);
  }
  if (entries.length === 0) doc.addPage().font('Helvetica-Oblique').text('No final pay.');
  doc.end();
  await done;
}
