/**
 * Sorts payslip amounts into the compensation items of BIR Form 2316 (September 2021 ENCS, items 29–51), the
 * split that BIR 1601-C (items 15–22) and the 1604-C alphalist reuse (OUTPUTS-research.md §1–§3; item numbers
 * [C] from RMC 34-2022 Annex A). One place, so the three forms always agree.
 *
 * Mandatory employee contributions (item 36) are part of gross pay, so they are carved out of the basic pay they
 * were deducted from: the taxable basic salary (item 39) of other employees, as the engine's taxable base does
 * (payroll rules/payslip/withholding.ts), and the statutory minimum wage (item 29) of minimum wage earners. That
 * keeps item 19 (gross compensation) equal to the payslips' gross pay. [G] Odoo-PH reports the MWE's item 29
 * before contributions; confirm with the BIR validation module.
 */
import type { PayslipLine } from '@hrpay/payroll';
import { earningBucket, isDeMinimis, isDeMinimisExcess, premiumKind } from './lines.js';
import { cents } from './money.js';
import type { DocPayslip } from './types.js';

/** 2316 item numbers of the compensation detail (44 and 51 hold their A/B lines together). */
export const ITEMS = [
  '29', '30', '31', '32', '33', '34', '35', '36', '37',
  '39', '40', '41', '42', '43', '44', '45', '46', '47', '48', '49', '50', '51',
] as const; // prettier-ignore
export type CompensationItem = (typeof ITEMS)[number];
export type CompensationCentavos = Record<CompensationItem, number>;

/** The taxable detail lines of 2316 Part IV-B an allowance can have of its own (44 "Others" is the rest). */
export type TaxableDetailItem = '40' | '41' | '43' | '45' | '46' | '47' | '49';

export interface ClassifyOptions {
  /** Benefit codes of NIRC Sec. 32(B)(7)(e) (13th month, bonuses): their exempt part is item 34, not 37.
   *  Every line of a ThirteenthMonth period counts as a benefit too, and so do the codes the payslip's stored
   *  result lists as its benefits (`benefitCodes`, payroll-periods compute). */
  benefitCodes?: readonly string[];
  /** Taxable allowance codes reported on their own 2316 line (40 representation, 41 transportation, 43 fixed
   *  housing, 45 commission, 46 profit sharing, 47 fees, 49 hazard pay), before the known codes and names of
   *  `taxableDetailItem`; others go to 44 "Others". */
  taxableItemByCode?: Readonly<Record<string, TaxableDetailItem>>;
}

export const DEFAULT_BENEFIT_CODES = ['13TH', '13TH_MONTH', 'THIRTEENTH_MONTH', 'BONUS', 'XMAS_BONUS'];

export const emptyItems = (): CompensationCentavos =>
  Object.fromEntries(ITEMS.map((i) => [i, 0])) as CompensationCentavos;

/** Adds one payslip's amounts, in centavos, to `into`. */
export function addPayslip(into: CompensationCentavos, entry: DocPayslip, opts: ClassifyOptions = {}): void {
  const { payslip: p, employee, period } = entry;
  const mwe = employee.isMinimumWageEarner;
  const benefitCodes = new Set([...(opts.benefitCodes ?? DEFAULT_BENEFIT_CODES), ...ownBenefitCodes(p)]);
  const isBenefit = (l: PayslipLine) =>
    period.kind === 'ThirteenthMonth' || benefitCodes.has(l.code.replace(/_TAXABLE$/, ''));
  let taxableEarnings = 0;
  let exemptBasic = 0; // this payslip's part of item 29 (basic pay less absences of MWEs, exempt basic pay)
  for (const l of p.lines) {
    if (l.kind !== 'earning') continue;
    const amount = cents(l.amount);
    const item = l.taxable ? taxableItem(l, isBenefit(l), opts) : exemptItem(l, mwe, isBenefit(l));
    into[item] += amount;
    if (l.taxable) taxableEarnings += amount;
    if (item === '29') exemptBasic += amount;
  }
  // Contributions are carved only out of pay this payslip had: the taxable pay first (the engine exempts them
  // from taxable pay down to zero, withholding.ts), then the exempt basic pay of item 29 (an MWE's statutory
  // minimum wage: first for an MWE). A share due on a payslip without that pay (no basic pay: deferred, not taken
  // out of any compensation) is not compensation, so neither item 36 nor item 29 moves for it: no item goes
  // negative and item 19 stays the payslips' gross pay.
  let left = cents(p.employeeShares.total);
  const carve = (item: '29' | '39', available: number) => {
    const taken = Math.min(left, Math.max(0, available));
    into[item] -= taken;
    into['36'] += taken;
    left -= taken;
  };
  if (mwe) {
    carve('29', exemptBasic);
    carve('39', taxableEarnings);
  } else {
    carve('39', taxableEarnings);
    carve('29', exemptBasic);
  }
}

/** The codes the compute filed as 13th month and other benefits on this payslip (its stored result's
 *  `benefitCodes`: a benefit-class adjustment, a recurring earning marked not taxable and not de minimis), whose
 *  own codes no list can guess. */
function ownBenefitCodes(p: DocPayslip['payslip']): string[] {
  const codes = (p as { benefitCodes?: unknown }).benefitCodes;
  return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === 'string') : [];
}

function exemptItem(l: PayslipLine, mwe: boolean, benefit: boolean): CompensationItem {
  if (isDeMinimis(l)) return '35';
  // A de minimis benefit's excess over its ceiling, exempt inside the 90,000 bucket (RMC 50-2018), is reported
  // with the 13th month and other benefits it shares the bucket with: 2316 item 34, 1601-C item 17, alphalist
  // D1 field 28 / D2 field 38 (not 37 "salaries and other forms of compensation").
  if (benefit || isDeMinimisExcess(l)) return '34';
  const bucket = earningBucket(l.code);
  if (bucket === 'basic' || bucket === 'attendance') return '29';
  if (bucket === 'premium' && mwe) {
    const kind = premiumKind(l.code);
    return kind === 'overtime' ? '31' : kind === 'night' ? '32' : '30';
  }
  return '37';
}

function taxableItem(l: PayslipLine, benefit: boolean, opts: ClassifyOptions): CompensationItem {
  if (benefit || l.code.endsWith('_TAXABLE')) return '48'; // the part above the 90,000 ceiling
  const mapped = opts.taxableItemByCode?.[l.code];
  if (mapped) return mapped;
  const bucket = earningBucket(l.code);
  if (bucket === 'basic' || bucket === 'attendance') return '39';
  if (l.code === 'COLA') return '42';
  if (bucket === 'premium') return premiumKind(l.code) === 'overtime' ? '50' : '51';
  return taxableDetailItem(l.code, l.description) ?? '44';
}

const of = (item: TaxableDetailItem, ...codes: string[]): [string, TaxableDetailItem][] =>
  codes.map((c) => [c, item]);
/** Known allowance codes, compared upper-case without separators ("TRANSPO", "Transpo-Allow"), and their line. */
const DETAIL_BY_CODE: ReadonlyMap<string, TaxableDetailItem> = new Map([
  ...of('40', 'REP', 'REPR', 'REPALLOW', 'REPRESENTATION', 'REPRESENTATIONALLOWANCE'),
  ...of('41', 'TRANSPO', 'TRANSP', 'TRANSPORT', 'TRANSPORTATION', 'TRANSPOALLOW', 'TRANSPORTALLOW'),
  ...of('41', 'TRANSPORTATIONALLOWANCE', 'TRANSPORTALLOWANCE', 'TRANSPOALLOWANCE'),
  ...of('43', 'HOUSING', 'HOUSINGALLOW', 'HOUSINGALLOWANCE', 'FIXEDHOUSING', 'FIXEDHOUSINGALLOWANCE'),
  ...of('45', 'COMM', 'COMMS', 'COMMISSION', 'COMMISSIONS', 'SALESCOMM', 'SALESCOMMISSION'),
  ...of('46', 'PROFITSHARE', 'PROFITSHARING', 'PROFSHARE'),
  ...of('47', 'FEE', 'FEES', 'DIRFEE', 'DIRFEES', 'DIRECTORSFEE', 'DIRECTORSFEES'),
  ...of('49', 'HAZARD', 'HAZARDPAY', 'HAZ', 'HAZPAY'),
]);
/** Then the words of the line's description (the pay item's or adjustment's name), first match wins:
 *  "Representation and transportation allowance" (RATA) is representation. */
const DETAIL_BY_NAME: readonly [RegExp, TaxableDetailItem][] = [
  [/\brepresentation\b/i, '40'],
  [/\btranspo(rt|rtation)?\b/i, '41'],
  [/\bhousing\b/i, '43'],
  [/\bcommissions?\b/i, '45'],
  [/\bprofit[\s-]*shar(e|es|ing)\b/i, '46'],
  [/\bdirector'?s'?\s+fees?\b/i, '47'],
  [/\bhazard\b/i, '49'],
];

/**
 * The 2316 taxable detail line (items 40, 41, 43, 45–47, 49; OUTPUTS-research §2) of a taxable allowance, from
 * its code or, failing that, its description; null for item 44 "Others". Pay components, recurring items and
 * adjustments have no field naming their 2316 line, so the common codes and names are recognised here. Only
 * the detail moves: items 52 and 21 (and 1601-C, alphalist) are the same whatever the line.
 */
export function taxableDetailItem(code: string, description: string): TaxableDetailItem | null {
  const byCode = DETAIL_BY_CODE.get(code.toUpperCase().replace(/[^A-Z0-9]/g, ''));
  if (byCode) return byCode;
  for (const [words, item] of DETAIL_BY_NAME) if (words.test(description)) return item;
  return null;
}

/** Item 38: total non-taxable / exempt (29..37). */
export const nonTaxableTotal = (c: CompensationCentavos): number =>
  ITEMS.filter((i) => Number(i) <= 37).reduce((s, i) => s + c[i], 0);
/** Item 52: total taxable (39..51). */
export const taxableTotal = (c: CompensationCentavos): number =>
  ITEMS.filter((i) => Number(i) >= 39).reduce((s, i) => s + c[i], 0);
