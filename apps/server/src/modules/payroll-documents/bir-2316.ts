/**
 * BIR Form 2316 (September 2021 ENCS) as a PDF, one page per certificate: the item numbers and labels of RMC
 * 34-2022 Annex A (OUTPUTS-research.md §2), filled from a Certificate2316 (annual.ts). It carries the form's
 * content, not the BIR's printed layout; the employee and employer still sign it (RMC 29-2024).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { certificateSummary, type Certificate2316 } from './annual.js';
import { cents, fullName, mmddyyyy, moneyDisplay } from './money.js';
import type { DocCompany } from './types.js';

export interface Bir2316PdfOptions {
  /** Present employer's authorised agent, printed under the signature line. */
  signatory?: string;
  /** Default true; tests turn it off to read the text back. */
  compress?: boolean;
}

const MARGIN = 36;
const FONT = 8;

/** Labels of items 29–52 (Part IV-B). */
const DETAIL: [string, string][] = [
  ['29', 'Basic salary / statutory minimum wage (MWE)'],
  ['30', 'Holiday pay (MWE)'],
  ['31', 'Overtime pay (MWE)'],
  ['32', 'Night shift differential (MWE)'],
  ['33', 'Hazard pay (MWE)'],
  ['34', '13th month pay and other benefits (max. 90,000)'],
  ['35', 'De minimis benefits'],
  ['36', 'SSS, GSIS, PHIC & Pag-IBIG contributions and union dues (employee share)'],
  ['37', 'Salaries and other forms of compensation'],
  ['38', 'Total non-taxable / exempt compensation'],
  ['39', 'Basic salary'],
  ['40', 'Representation'],
  ['41', 'Transportation'],
  ['42', 'Cost of living allowance (COLA)'],
  ['43', 'Fixed housing allowance'],
  ['44', 'Others'],
  ['45', 'Commission'],
  ['46', 'Profit sharing'],
  ['47', "Fees including director's fees"],
  ['48', 'Taxable 13th month benefits'],
  ['49', 'Hazard pay'],
  ['50', 'Overtime pay'],
  ['51', 'Others'],
  ['52', 'Total taxable compensation'],
];

/** "Dela Cruz_131885220000_12312014.pdf": RR 2-2015 naming of the copies sent to the BIR (surname, 12-digit TIN
 *  with branch, end of the taxable period; research §2). */
export function bir2316FileName(c: Certificate2316): string {
  const tin = (c.employee.tin ?? '').replace(/\D/g, '').padEnd(12, '0').slice(0, 12);
  return `${c.employee.lastName}_${tin}_${mmddyyyy(c.to).replaceAll('/', '')}.pdf`;
}

export async function writeBir2316Pdf(
  out: Writable,
  company: DocCompany,
  certificates: Certificate2316[],
  opts: Bir2316PdfOptions = {},
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
  doc.info.Title = `BIR Form 2316 — ${company.name}`;
  doc.info.Producer = 'HRPAY';
  const width = () => doc.page.width - MARGIN * 2;

  const heading = (text: string) => {
    doc
      .moveDown(0.5)
      .font('Helvetica-Bold')
      .fontSize(FONT + 1)
      .text(text, MARGIN);
    doc.font('Helvetica').fontSize(FONT);
  };
  /** Item number, label, value on one line. */
  const item = (no: string, label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT);
    doc.text(no, MARGIN, y, { width: 28 });
    doc.text(label, MARGIN + 30, y, { width: width() - 140 });
    const after = doc.y;
    doc.text(value, MARGIN + width() - 105, y, { width: 105, align: 'right' });
    doc.y = Math.max(after, doc.y) + 1;
  };
  const amount = (m: string) => moneyDisplay(cents(m));

  for (const c of certificates) {
    const e = c.employee;
    const s = certificateSummary(c);
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(11).text('BIR Form No. 2316', { continued: false });
    doc
      .font('Helvetica')
      .fontSize(FONT + 1)
      .text('Certificate of Compensation Payment / Tax Withheld (September 2021 ENCS)');
    item('1', 'For the year', String(c.year));
    item('2', 'For the period', `${mmddyyyy(c.from).slice(0, 5)} to ${mmddyyyy(c.to).slice(0, 5)}`);

    heading('Part I — Employee information');
    item('3', 'TIN', e.tin ?? '');
    item('4', "Employee's name (last, first, middle)", fullName(e));
    item('7', 'Date of birth', e.birthDate ? mmddyyyy(e.birthDate) : '');
    if (c.minimumWage) {
      item('9', 'Statutory minimum wage rate per day', amount(c.minimumWage.perDay));
      item('10', 'Statutory minimum wage rate per month', amount(c.minimumWage.perMonth));
    }
    item('11', 'Minimum wage earner (MWE) exempt from withholding tax', e.isMinimumWageEarner ? 'Yes' : 'No');

    heading('Part II — Present employer');
    item('12', 'TIN', `${company.tin ?? ''}${company.branchCode ? `-${company.branchCode}` : ''}`);
    item('13', "Employer's name", company.name);
    item('14', 'Registered address', company.address ?? '');
    item('15', 'Type of employer', 'Main employer');

    if (c.previous) {
      heading('Part III — Previous employer');
      item('16', 'TIN', c.previous.tin ?? '');
      item('17', "Employer's name", c.previous.name ?? '');
      item('18', 'Registered address', c.previous.address ?? '');
    }

    heading('Part IV-A — Summary');
    item('19', 'Gross compensation income from present employer', amount(s['19']));
    item('20', 'Less: total non-taxable / exempt compensation', amount(s['20']));
    item('21', 'Taxable compensation income from present employer', amount(s['21']));
    item('22', 'Add: taxable compensation income from previous employer', amount(s['22']));
    item('23', 'Gross taxable compensation income', amount(s['23']), true);
    item('24', 'Tax due', amount(s['24']), true);
    item('25A', 'Amount of taxes withheld — present employer', amount(s['25A']));
    item('25B', 'Amount of taxes withheld — previous employer', amount(s['25B']));
    item('26', 'Total amount of taxes withheld as adjusted', amount(s['26']));
    item('27', '5% tax credit (PERA Act of 2008)', amount(s['27']));
    item('28', 'Total taxes withheld', amount(s['28']), true);

    heading('Part IV-B — Details of compensation income and tax withheld from present employer');
    for (const [no, label] of DETAIL) {
      const value = no === '38' || no === '52' ? s[no] : c.items[no as keyof Certificate2316['items']];
      item(no, label, amount(value), no === '38' || no === '52');
    }

    doc.moveDown(1.2);
    const y = doc.y;
    doc.text('______________________________', MARGIN, y);
    doc.text(opts.signatory ?? 'Present employer / authorised agent', MARGIN, doc.y);
    doc.text('______________________________', MARGIN + width() / 2, y);
    doc.text('Employee', MARGIN + width() / 2, y + doc.currentLineHeight(true));
  }
  if (certificates.length === 0) doc.addPage().font('Helvetica-Oblique').text('No certificates.');
  doc.end();
  await done;
}
