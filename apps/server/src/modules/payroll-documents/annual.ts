/**
 * Yearly BIR figures per employee — the BIR Form 2316 certificate (September 2021 ENCS) — and the 1604-C
 * alphalist DAT file built from them (OUTPUTS-research.md §2–§3). The 2316 compensation split comes from
 * compensation.ts, so 2316, 1601-C and 1604-C agree.
 */
import { annualIncomeTax } from '@hrpay/payroll';
import {
  addPayslip,
  emptyItems,
  ITEMS,
  nonTaxableTotal,
  taxableTotal,
  type ClassifyOptions,
  type CompensationItem,
} from './compensation.js';
import { cents, mmddyyyy, money } from './money.js';
import type { DocCompany, DocEmployee, DocPayslip, GeneratedFile } from './types.js';

export class AnnualFileError extends Error {}

/** Compensation from an employer earlier in the year (2316 Part III, 1604-C D1 13–23 / D2 13–26). */
export interface PreviousEmployer {
  tin: string | null;
  name: string | null;
  address: string | null;
  gross: string;
  basicSmw: string;
  holiday: string;
  overtime: string;
  nightDiff: string;
  hazard: string;
  thirteenth: string;
  deMinimis: string;
  contributions: string;
  salaries: string;
  nonTaxTotal: string;
  taxableBasic: string;
  taxableThirteenth: string;
  taxableSalaries: string;
  /** Item 22. */
  taxableTotal: string;
  /** Item 25B. */
  taxWithheld: string;
}

/** Statutory minimum wage of an MWE (2316 items 9–10; 1604-C D2 30–33). */
export interface MinimumWage {
  perDay: string;
  perMonth: string;
  perYear: string;
  /** Days per year (313, 261, …). */
  factor: number;
}

/** One employee's 2316 for one year. Amounts are decimal strings, so the integrator may also fill it. */
export interface Certificate2316 {
  employee: DocEmployee;
  year: number;
  /** Item 2: employment within the year, ISO dates. */
  from: string;
  to: string;
  minimumWage: MinimumWage | null;
  /** Items 29–51 (44 and 51 hold their A/B lines together). */
  items: Record<CompensationItem, string>;
  previous: PreviousEmployer | null;
  /** Item 24: tax due on item 23 by the annual table. */
  taxDue: string;
  /** Item 25A: withheld by this employer in the year, year-end adjustment included. */
  presentWithheld: string;
  /** Withheld on payslips ending January to November (1604-C D1 41 / D2 50). */
  presentWithheldJanNov: string;
  /** Item 27: 5% PERA tax credit. */
  peraCredit: string;
}

export interface CertificateOptions extends ClassifyOptions {
  previous?: (employee: DocEmployee) => PreviousEmployer | null;
  minimumWage?: (employee: DocEmployee) => MinimumWage | null;
}

/**
 * Every employee's 2316 for `year` from the payslips whose period ends in that year (the engine's year-to-date
 * rule), ordered by name. Tax due is recomputed from the annual table (engine `annualIncomeTax`).
 */
export function certificates2316(
  entries: DocPayslip[],
  year: number,
  opts: CertificateOptions = {},
): Certificate2316[] {
  const byEmployee = new Map<string, DocPayslip[]>();
  for (const e of entries) {
    if (e.payslip.period.end.slice(0, 4) !== String(year)) continue;
    const list = byEmployee.get(e.employee.employeeId) ?? [];
    list.push(e);
    byEmployee.set(e.employee.employeeId, list);
  }
  const out: Certificate2316[] = [];
  for (const list of byEmployee.values()) {
    list.sort((a, b) => a.payslip.period.end.localeCompare(b.payslip.period.end));
    const employee = list.at(-1)!.employee;
    const items = emptyItems();
    let withheld = 0;
    let janNov = 0;
    for (const e of list) {
      addPayslip(items, e, opts);
      const w = cents(e.payslip.withholdingTax);
      withheld += w;
      if (e.payslip.period.end.slice(5, 7) !== '12') janNov += w;
    }
    const previous = opts.previous?.(employee) ?? null;
    const taxable = Math.max(0, taxableTotal(items) + (previous ? cents(previous.taxableTotal) : 0));
    const taxDue = annualIncomeTax({ taxYear: year, annualTaxableIncome: money(taxable) }).incomeTax;
    const first = `${year}-01-01`;
    const last = `${year}-12-31`;
    const sep = employee.separationDate;
    out.push({
      employee,
      year,
      from: employee.hireDate > first ? employee.hireDate : first,
      to: sep && sep < last ? sep : last,
      minimumWage: employee.isMinimumWageEarner ? (opts.minimumWage?.(employee) ?? null) : null,
      items: Object.fromEntries(ITEMS.map((i) => [i, money(items[i])])) as Certificate2316['items'],
      previous,
      taxDue,
      presentWithheld: money(withheld),
      presentWithheldJanNov: money(janNov),
      peraCredit: '0.00',
    });
  }
  return out.sort(byName);
}

const byName = (a: { employee: DocEmployee }, b: { employee: DocEmployee }) =>
  a.employee.lastName.localeCompare(b.employee.lastName) ||
  a.employee.firstName.localeCompare(b.employee.firstName);

export type SummaryItem =
  '19' | '20' | '21' | '22' | '23' | '24' | '25A' | '25B' | '26' | '27' | '28' | '38' | '52';

/** 2316 Part IV-A and the two detail totals, by the form's formulas (research §2, Odoo-PH `_calculate_summary_data`). */
export function certificateSummary(c: Certificate2316): Record<SummaryItem, string> {
  const items = Object.fromEntries(ITEMS.map((i) => [i, cents(c.items[i])])) as Record<
    CompensationItem,
    number
  >;
  const s: Record<string, number> = {};
  s['38'] = nonTaxableTotal(items);
  s['52'] = taxableTotal(items);
  s['19'] = s['38'] + s['52'];
  s['20'] = s['38'];
  s['21'] = s['19'] - s['20'];
  s['22'] = c.previous ? cents(c.previous.taxableTotal) : 0;
  s['23'] = s['21'] + s['22'];
  s['24'] = cents(c.taxDue);
  s['25A'] = cents(c.presentWithheld);
  s['25B'] = c.previous ? cents(c.previous.taxWithheld) : 0;
  s['26'] = s['25A'] + s['25B'];
  s['27'] = cents(c.peraCredit);
  s['28'] = s['26'] + s['27'];
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, money(v)])) as Record<SummaryItem, string>;
}

// ---------------------------------------------------------------- 1604-C alphalist DAT

export interface AlphalistEntry {
  certificate: Certificate2316;
  /** Region of assignment as text: NCR, CAR, I … XIII, IV-A, IV-B, ARMM (research §3.6 field 12 [S+]). */
  region: string;
  /** Default FILIPINO (the BIR-validated fixture). */
  nationality?: string;
  /** R regular, C casual, CP contractual / project, S seasonal, P probationary, AL apprentice / learner [S]. */
  employmentStatus: 'R' | 'C' | 'CP' | 'S' | 'P' | 'AL';
  /** NA not separated (default when not separated in the year), T terminated, TR transferred, R resigned /
   *  retired, D death [S]. */
  separationReason?: 'NA' | 'T' | 'TR' | 'R' | 'D';
  substitutedFiling: boolean;
}

/** An amount cell (centavos) or a text cell of a DAT record. */
type DatCell = number | string;

/**
 * BIR 1604-C alphalist DAT (Alphalist Data Entry & Validation Module v7.x file structure, RMC 25-2024 Annex A;
 * file name per Annex B): `H1604C`, the D1 rows (non-MWE, 49 fields) then `C1`, the D2 rows (MWE, 59 fields) then
 * `C2`; comma-separated, CRLF after every record, names in double quotes, amounts with 2 decimals, dates
 * MM/DD/YYYY, sequence restarting per schedule in last-name order. Field order from OUTPUTS-research.md §3.5–3.8
 * (the BIR-validated fixture idx:70855739470, Odoo-PH l10n_ph_hr_payroll 1604-C, TS-1604C and JS-1604C agree).
 * Unverified there and so here: the code lists (region, status, reason) and an empty middle name, written `""`.
 * `total` is the tax this employer withheld (sum of 2316 item 25A).
 */
export function alphalist1604c(company: DocCompany, year: number, entries: AlphalistEntry[]): GeneratedFile {
  const { tin, branch } = splitTin(company.tin, 'employer');
  const companyBranch = company.branchCode ? digitsOf(company.branchCode, 4, 'employer branch code') : branch;
  const period = `12/31/${year}`;
  const head = (schedule: string) => [schedule, '1604C', tin, companyBranch, period];
  const d1 = entries
    .filter((e) => !e.certificate.employee.isMinimumWageEarner)
    .sort((a, b) => byName(a.certificate, b.certificate));
  const d2 = entries
    .filter((e) => e.certificate.employee.isMinimumWageEarner)
    .sort((a, b) => byName(a.certificate, b.certificate));
  const records: DatCell[][] = [['H1604C', tin, companyBranch, period]];
  const schedule = (
    name: 'D1' | 'D2',
    rows: AlphalistEntry[],
    build: (e: AlphalistEntry) => DatCell[],
    summed: [number, number][],
  ) => {
    if (!rows.length) return;
    const details: DatCell[][] = rows.map((e, i) => [...head(name), String(i + 1), ...build(e)]);
    records.push(...details);
    // Control record: the column sums of the amount fields (1-based field numbers).
    const control: DatCell[] = head(`C${name[1]}`);
    for (const [from, to] of summed)
      for (let f = from; f <= to; f++) control.push(details.reduce((s, d) => s + (d[f - 1] as number), 0));
    records.push(control);
  };
  schedule('D1', d1, d1Fields, [
    [13, 23],
    [26, 44],
    [49, 49],
  ]);
  schedule('D2', d2, d2Fields, [
    [13, 26],
    [29, 32],
    [34, 53],
    [58, 59],
  ]);
  const withheld = entries.reduce((s, e) => s + cents(e.certificate.presentWithheld), 0);
  const text = records.map((r) => `${r.map(datCell).join(',')}\r\n`).join('');
  if (/[^\x20-\x7e\r\n]/.test(text)) throw new AnnualFileError('The alphalist must be plain ASCII');
  return {
    fileName: `${tin}${companyBranch}1231${year}1604C.DAT`,
    bytes: Buffer.from(text, 'ascii'),
    count: entries.length,
    total: money(withheld),
  };
}

const datCell = (cell: DatCell) => (typeof cell === 'number' ? money(cell) : cell);

/** Fields 7–12 and 13 onward of D1 (49 fields in all). */
function d1Fields(e: AlphalistEntry): DatCell[] {
  const { c, s, p, tax } = figures(e);
  return [
    ...who(e),
    p.gross, p.basicSmw, p.thirteenth, p.deMinimis, p.contributions, p.salaries, p.nonTaxTotal,
    p.taxableBasic, p.taxableThirteenth, p.taxableSalaries, p.taxableTotal,
    mmddyyyy(c.from), mmddyyyy(c.to),
    s['19'], c['29'], c['34'], c['35'], c['36'], c['37'], s['38'],
    c['39'], c['48'], s['52'] - c['48'] - c['39'], s['21'],
    s['23'], s['23'], s['24'], s['25B'], tax.janNov, tax.december, tax.over, s['26'],
    ...codes(e), s['27'],
  ]; // prettier-ignore
}

/** Fields 7–12 and 13 onward of D2 (59 fields in all). */
function d2Fields(e: AlphalistEntry): DatCell[] {
  const { c, s, p, tax } = figures(e);
  const w = e.certificate.minimumWage;
  const wage = (v: string | undefined) => (v === undefined ? 0 : cents(v));
  return [
    ...who(e),
    p.gross, p.basicSmw, p.holiday, p.overtime, p.nightDiff, p.hazard, p.thirteenth, p.deMinimis,
    p.contributions, p.salaries, p.nonTaxTotal, p.taxableThirteenth, p.taxableSalaries, p.taxableTotal,
    mmddyyyy(c.from), mmddyyyy(c.to),
    s['19'], wage(w?.perDay), wage(w?.perMonth), wage(w?.perYear), String(w?.factor ?? 0),
    c['30'], c['31'], c['32'], c['33'], c['34'], c['35'], c['36'], c['37'], s['38'],
    c['48'], s['52'] - c['48'], s['21'],
    s['23'], s['23'], s['24'], s['25B'], tax.janNov, tax.december, tax.over, s['26'],
    ...codes(e), s['27'], c['29'],
  ]; // prettier-ignore
}

/** The certificate in centavos: items (c, plus from / to), summary (s), previous employer (p), tax split. */
function figures(e: AlphalistEntry) {
  const cert = e.certificate;
  const summary = certificateSummary(cert);
  const s = Object.fromEntries(Object.entries(summary).map(([k, v]) => [k, cents(v)])) as Record<
    SummaryItem,
    number
  >;
  const c = {
    ...(Object.fromEntries(ITEMS.map((i) => [i, cents(cert.items[i])])) as Record<CompensationItem, number>),
    from: cert.from,
    to: cert.to,
  };
  const prev = cert.previous;
  const pv = (k: keyof PreviousEmployer) => (prev ? cents(prev[k] ?? '0.00') : 0);
  const p = {
    gross: pv('gross'), basicSmw: pv('basicSmw'), holiday: pv('holiday'), overtime: pv('overtime'),
    nightDiff: pv('nightDiff'), hazard: pv('hazard'), thirteenth: pv('thirteenth'), deMinimis: pv('deMinimis'),
    contributions: pv('contributions'), salaries: pv('salaries'), nonTaxTotal: pv('nonTaxTotal'),
    taxableBasic: pv('taxableBasic'), taxableThirteenth: pv('taxableThirteenth'),
    taxableSalaries: pv('taxableSalaries'), taxableTotal: pv('taxableTotal'),
  }; // prettier-ignore
  // Fields 41–43 (D2 50–52): Jan–Nov withholding, then December's catch-up or refund against the tax due.
  const janNov = cents(cert.presentWithheldJanNov);
  const rest = s['24'] - s['25B'] - janNov;
  return { c, s, p, tax: { janNov, december: Math.max(rest, 0), over: Math.max(-rest, 0) } };
}

function who(e: AlphalistEntry): DatCell[] {
  const emp = e.certificate.employee;
  const { tin, branch } = splitTin(emp.tin, `employee ${emp.employeeNumber}`);
  return [tin, branch, name(emp.lastName), name(emp.firstName), name(emp.middleName ?? ''), e.region];
}

function codes(e: AlphalistEntry): DatCell[] {
  const separated = e.certificate.to < `${e.certificate.year}-12-31`;
  const reason = e.separationReason ?? (separated ? undefined : 'NA');
  if (!reason)
    throw new AnnualFileError(`Separation reason needed for ${e.certificate.employee.employeeNumber}`);
  return [
    (e.nationality ?? 'FILIPINO').toUpperCase(),
    e.employmentStatus,
    reason,
    e.substitutedFiling ? 'Y' : 'N',
  ];
}

/** Quoted, upper-case ASCII, at most 30 characters, without the characters the legacy Technical Annex A forbids
 *  (comma, apostrophe, quote, colon, period). */
function name(text: string): string {
  const clean = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[,'":.]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, 30);
  return `"${clean}"`;
}

function digitsOf(value: string, width: number, field: string): string {
  const d = value.replace(/\D/g, '');
  if (d.length !== width) throw new AnnualFileError(`The ${field} must have ${width} digits`);
  return d;
}

/** "123-456-789-000" → TIN 123456789, branch 0000 (9 digits alone mean the head office). */
function splitTin(value: string | null, who: string): { tin: string; branch: string } {
  const d = (value ?? '').replace(/\D/g, '');
  if (d.length !== 9 && d.length !== 12 && d.length !== 13)
    throw new AnnualFileError(`The TIN of the ${who} must have 9 digits (plus a branch code)`);
  return { tin: d.slice(0, 9), branch: d.length > 9 ? d.slice(9).padStart(4, '0') : '0000' };
}
