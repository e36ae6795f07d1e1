/**
 * Printable payslips: one A4 page per payslip (a long payslip continues on the next page), with every line's
 * quantity, unit, rate and amount, the totals, the year-to-date tax figures and, optionally, the employer shares.
 * pdfkit is loaded on demand, as in lib/pdf-table.ts.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { formatDateRange, formatIsoDate } from '@hrpay/contracts';
import type { PayslipLine } from '@hrpay/payroll';
import { cents, fullName, moneyDisplay } from './money.js';
import type { DocCompany, DocPayslip } from './types.js';

export interface PayslipPdfOptions {
  footer?: string;
  /** Printed under a signature line ("Prepared by" / "Certified correct"). */
  signatory?: string;
  /** Encrypts the file (AES-256, PDF 1.7 ext. 3): the employee needs this password to open it. */
  userPassword?: string;
  showEmployerShares?: boolean;
  /** Default true; tests turn it off to read the text back. */
  compress?: boolean;
}

/** Off-cycle runs say what they are on the slip. */
const KIND_LABEL: Record<DocPayslip['period']['kind'], string | null> = {
  Regular: null,
  ThirteenthMonth: '13th month pay',
  FinalPay: 'Final pay',
  Adjustment: 'Adjustment',
};

const MARGIN = 40;
const FONT = 9;
/** Description, quantity, unit, rate, amount: shares of the printable width. */
const COLS = [0.46, 0.1, 0.1, 0.16, 0.18];

export async function writePayslipsPdf(
  out: Writable,
  company: DocCompany,
  entries: DocPayslip[],
  opts: PayslipPdfOptions = {},
): Promise<void> {
  const { default: PDFDocument } = await import('pdfkit'); // loaded on demand: payslips are printed rarely
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    compress: opts.compress ?? true,
    ...(opts.userPassword
      ? {
          userPassword: opts.userPassword,
          // An unknown owner password: an empty one would let readers open the file without the user password.
          ownerPassword: randomBytes(24).toString('base64'),
          permissions: { printing: 'highResolution' as const, copying: true },
          pdfVersion: '1.7ext3' as const,
        }
      : {}),
  });
  const done = once(out, 'finish');
  doc.pipe(out);
  doc.info.Title = `Payslips — ${company.name}`;
  doc.info.Producer = 'HRPAY';

  const width = () => doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN - 30;
  const widths = () => COLS.map((share) => share * width());

  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT);
    const w = widths();
    const height = Math.max(...cells.map((t, i) => doc.heightOfString(t || ' ', { width: w[i]! - 4 }))) + 3;
    if (doc.y + height > bottom()) {
      doc.addPage();
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT);
    }
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((text, i) => {
      doc.text(text, x + 2, y, { width: w[i]! - 4, align: i === 0 || i === 2 ? 'left' : 'right' });
      x += w[i]!;
    });
    doc.x = MARGIN;
    doc.y = y + height;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width(), doc.y)
      .lineWidth(0.4)
      .strokeColor('#999')
      .stroke();
    doc.y += 3;
  };
  const line = (l: PayslipLine) => {
    const quantity = formatQuantity(l.quantity);
    const rate = lineRate(quantity, l.rate, l.amount);
    row([l.description, quantity, l.unit, rate, moneyDisplay(cents(l.amount))]);
    return rate.endsWith(ROUNDED_MARK);
  };
  const pair = (label: string, amount: string, bold = false) =>
    row([label, '', '', '', moneyDisplay(cents(amount))], bold);

  for (const { employee: e, period, payslip: p } of entries) {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(13).text(company.name);
    doc.font('Helvetica').fontSize(FONT).fillColor('#444');
    if (company.address) doc.text(company.address);
    if (company.tin) doc.text(`TIN ${company.tin}${company.branchCode ? `-${company.branchCode}` : ''}`);
    doc.fillColor('#000').moveDown(0.6);
    const kind = KIND_LABEL[period.kind];
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(`Payslip — ${period.name}${kind ? ` (${kind})` : ''}`);
    doc.font('Helvetica').fontSize(FONT);
    // Dates as the web payslip and the employee read them ("Nov 16–30, 2026"), not ISO.
    doc.text(
      `Period ${formatDateRange(period.start, period.end)} · Pay date ${formatIsoDate(period.payDate)}`,
    );
    doc.moveDown(0.4);
    doc.text(`Employee no. ${e.employeeNumber}`);
    doc.font('Helvetica-Bold').text(fullName(e));
    doc.font('Helvetica');
    const where = [e.departmentName, e.positionName].filter(Boolean).join(' · ');
    if (where) doc.text(where);
    doc.moveDown(0.6);

    row(['Earnings', 'Qty', 'Unit', 'Rate', 'Amount'], true);
    rule();
    let rounded = false;
    for (const l of p.lines) if (l.kind === 'earning') rounded = line(l) || rounded;
    pair('Gross pay', p.gross, true);
    if (rounded) {
      doc.font('Helvetica').fontSize(7).fillColor('#444');
      doc.text(ROUNDED_NOTE, MARGIN + 2, doc.y, { width: width() - 4 });
      doc.fillColor('#000').fontSize(FONT);
      doc.x = MARGIN;
    }
    doc.moveDown(0.4);
    row(['Deductions', '', '', '', 'Amount'], true);
    rule();
    for (const l of p.lines)
      if (l.kind === 'deduction') row([l.description, '', '', '', moneyDisplay(cents(l.amount))]);
    pair('Total deductions', p.deductions, true);
    doc.moveDown(0.4);
    rule();
    pair('NET PAY', p.netPay, true);
    rule();

    if (p.deferred.length) {
      doc.moveDown(0.4);
      // Only a loan's balance carries what was not deducted to a later payroll; a one-off deduction does not:
      // the payslip says what happened, not a promise.
      row(['Not deducted this period (not enough pay)', '', '', '', ''], true);
      for (const d of p.deferred) pair(d.description, d.deferred);
    }
    doc.moveDown(0.4);
    row(['Year to date', '', '', '', ''], true);
    pair('Taxable compensation', p.ytd.taxableCompensation);
    pair('Tax withheld', p.ytd.withholdingTax);
    if (opts.showEmployerShares) {
      doc.moveDown(0.4);
      row(['Employer contributions (not deducted from pay)', '', '', '', ''], true);
      pair('SSS', p.employerShares.sss);
      pair('SSS EC', p.employerShares.sssEC);
      pair('PhilHealth', p.employerShares.philhealth);
      pair('Pag-IBIG', p.employerShares.pagibig);
    }
    if (opts.signatory) {
      doc.moveDown(2);
      doc.text('______________________________', MARGIN);
      doc.text(opts.signatory, MARGIN);
    }
    if (opts.footer) {
      doc
        .fontSize(7)
        .fillColor('#666')
        .text(opts.footer, MARGIN, doc.page.height - MARGIN - 10, { width: width(), lineBreak: false });
      doc.fillColor('#000').fontSize(FONT);
    }
  }
  if (entries.length === 0) doc.addPage().font('Helvetica-Oblique').text('No payslips.');
  doc.end();
  await done;
}

/** Hours with up to 2 decimals ("7.5"), whole counts as they are. */
function formatQuantity(q: number): string {
  return Number.isInteger(q) ? String(q) : q.toFixed(2).replace(/0$/, '');
}

/** Marks a rate the reader cannot multiply back to the amount (ROUNDED_NOTE explains it under the earnings). */
const ROUNDED_MARK = '*';
const ROUNDED_NOTE =
  '* Rate rounded to the centavo for display. The amount is worked from the exact rate and time and rounded ' +
  'once, so quantity × the rate shown can differ from it by a few centavos.';

/**
 * The rate printed beside a line's quantity (as printed, `formatQuantity`) and amount, so that a reader who
 * multiplies them finds the amount. The engine's rates are exact decimal strings of any precision, negative for
 * attendance deductions: an hour of a 25,000 monthly salary is "-143.678161", its night differential
 * "14.367816". Printed to 2 decimals, a half rounded away from zero, thousands separated ("-143.68"), as the web
 * payslip shows them, when quantity × that rate rounds to the amount; otherwise with the fewest more decimals,
 * up to the engine's own, that do (83.6 hours of night differential at "16.954023" make 1,417.36: "16.95402",
 * since 83.6 × 16.95 = 1,417.02). When no rendering does (the quantity shown is itself rounded, 20 minutes =
 * "0.33" hour, or the amount was capped), the 2-decimal rate is marked ROUNDED_MARK. A rate that is not a number
 * (an adjustment line has none) is printed as it is.
 */
export function lineRate(quantity: string, rate: string, amount: string): string {
  const r = decimal(rate);
  if (!r) return rate;
  const q = decimal(quantity);
  const target = BigInt(cents(amount));
  for (let places = 2; places <= Math.max(2, r.scale); places++) {
    const shown = rescale(r.units, r.scale, places);
    // quantity × rate at scale q.scale + places, rounded to centavos.
    if (q && rescale(q.units * shown, q.scale + places, 2) === target) return rateText(shown, places);
  }
  return rateText(rescale(r.units, r.scale, 2), 2) + ROUNDED_MARK;
}

/** "-143.678161" → units −143678161 at scale 6; null unless a plain decimal number. */
function decimal(text: string): { units: bigint; scale: number } | null {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return null;
  const [, sign, whole, frac = ''] = m;
  const units = BigInt(whole! + frac);
  return { units: sign ? -units : units, scale: frac.length };
}

/** `units` at `from` decimals, to `to` decimals: a half rounded away from zero. */
function rescale(units: bigint, from: number, to: number): bigint {
  if (to >= from) return units * 10n ** BigInt(to - from);
  const div = 10n ** BigInt(from - to);
  const abs = units < 0n ? -units : units;
  const rounded = (abs * 2n + div) / (2n * div);
  return units < 0n ? -rounded : rounded;
}

/** Units at `places` decimals as text with thousands separators: "-143.68", "16.95402", "12,500.00". */
function rateText(units: bigint, places: number): string {
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${whole}.${digits.slice(digits.length - places)}`;
}
