/**
 * Allowances, de minimis benefits and the yearly benefits bucket: a de minimis item is exempt up to the ceiling
 * in force (RR 11-2018 → RR 4-2025 → RR 29-2025; RMC 50-2018), its excess and every 13th-month pay or other
 * benefit go into the 90,000 bucket of NIRC Sec. 32(B)(7)(e) (as amended by TRAIN, RA 10963), and what exceeds
 * the ceiling is a taxable line (REFERENCE.md §4.3–§4.5). Other allowances are taxable and in the SSS and Pag-IBIG
 * bases unless marked otherwise.
 */
import { formatMoney, formatGrouped, mulDivHalfUp, parseMoney, parseMoneyOpt } from '../../money.js';
import {
  DE_MINIMIS_KINDS,
  pickBenefitsCeiling,
  pickDeMinimis,
  type DeMinimisKind,
  type PayrollTables,
} from '../../tables/index.js';
import { bool, oneOf } from '../../validate.js';
import { benefitsSplit } from '../benefits.js';
import { code, itemFields, items, moneyRec } from './inputs.js';
import type { Slip } from './slip.js';
import type { PayslipWork } from './terms.js';

export interface BenefitsResult {
  /** The period's allowances counted in the Pag-IBIG fund salary. */
  hdmfPeriod: number;
  /** The benefits bucket after this payslip (ytd.benefitsReceived + what this one added). */
  bucketUsed: number;
}

/** Allowance and benefit lines, in that order; the BenefitsResult goes into `w`. */
export function allowancesAndBenefits(
  w: PayslipWork,
  slip: Slip,
  inp: Record<string, unknown>,
  ytdIn: Record<string, unknown>,
  tables: PayrollTables,
): void {
  const { end, rNum, rDen } = w;
  const ceiling = pickBenefitsCeiling(tables, end, 'period.end', 'benefits ceiling').ceiling;
  const bucketStart = parseMoneyOpt(ytdIn.benefitsReceived, 'ytd.benefitsReceived');
  const bucket = { used: bucketStart };
  const hdmfPeriod = allowanceLines(slip, inp.allowances, ytdIn, tables, end, rNum, rDen, ceiling, bucket);
  const benefits = items(inp.benefits, 'benefits');
  for (let i = 0; i < benefits.length; i++) {
    const b = benefits[i]!;
    const F = itemFields('benefits', i);
    const c = code(b.code, F.code!);
    const description = b.description === undefined ? c : code(b.description, F.description!);
    toBucket(slip, c, description, parseMoney(b.amount, F.amount!), ceiling, bucket);
  }
  if (bucket.used > ceiling && bucket.used > bucketStart)
    slip.notes.push('benefits above the yearly ceiling are taxable');

  w.hdmfPeriod = hdmfPeriod;
  w.bucketUsed = bucket.used;
}

/** NIRC Sec. 32(B)(7)(e): into the yearly benefits bucket; what exceeds the ceiling is a taxable line. */
function toBucket(
  slip: Slip,
  c: string,
  description: string,
  amount: number,
  ceiling: number,
  bucket: { used: number },
) {
  const s = benefitsSplit(amount, ceiling, bucket.used);
  bucket.used += amount;
  if (s.exempt > 0) slip.earn(c, description, 1, 'item', formatMoney(s.exempt), s.exempt, false, false);
  if (s.taxable > 0) {
    const d = `${description} (above the ${formatGrouped(ceiling)} ceiling)`;
    slip.earn(`${c}_TAXABLE`, d, 1, 'item', formatMoney(s.taxable), s.taxable, true, false);
  }
}

/** Allowance lines; de minimis up to its ceiling is exempt, the excess joins the benefits bucket (RMC 50-2018).
 *  Returns the period's allowances counted in the Pag-IBIG fund salary. */
function allowanceLines(
  slip: Slip,
  value: unknown,
  ytdIn: Record<string, unknown>,
  tables: PayrollTables,
  end: string,
  rNum: number,
  rDen: number,
  ceiling: number,
  bucket: { used: number },
): number {
  const allowances = items(value, 'allowances');
  if (allowances.length === 0) return 0;
  let hdmf = 0;
  const dm = pickDeMinimis(tables, end, 'period.end', 'de minimis');
  const ytdDm = moneyRec(ytdIn.deMinimis, 'ytd.deMinimis');
  const mtdDm = moneyRec(ytdIn.deMinimisMonthToDate, 'ytd.deMinimisMonthToDate');
  // What this payslip's earlier lines already gave of each kind: the ceiling is the month's or the year's, shared
  // by every line of the kind, not one per line (RR 11-2018 as amended; REFERENCE.md §4.5).
  const here: Partial<Record<DeMinimisKind, number>> = {};
  for (let i = 0; i < allowances.length; i++) {
    const a = allowances[i]!;
    const F = itemFields('allowances', i);
    const c = code(a.code, F.code!);
    const description = a.description === undefined ? c : code(a.description, F.description!);
    const amount = parseMoney(a.amount, F.amount!);
    if (a.deMinimis !== undefined) {
      const kind = oneOf(a.deMinimis, F.deMinimis!, DE_MINIMIS_KINDS);
      const cl = dm.ceilings[kind];
      // Monetized leave ceiling is in days: days × daily rate.
      const cap = kind === 'monetizedVacationLeaveDays' ? mulDivHalfUp(rNum, cl.amount, 1, rDen) : cl.amount;
      const before = here[kind] ?? 0;
      here[kind] = before + amount;
      const used = ((cl.per === 'month' ? mtdDm[kind] : ytdDm[kind]) ?? 0) + before;
      const exempt = Math.min(amount, Math.max(0, cap - used));
      const inSss = bool(a.inSssBase, F.inSssBase!, false);
      if (bool(a.inPagibigBase, F.inPagibigBase!, false)) hdmf += amount;
      if (exempt > 0)
        slip.earn(c, `${description} (de minimis)`, 1, 'item', formatMoney(exempt), exempt, false, inSss);
      if (amount > exempt)
        toBucket(
          slip,
          `${c}_EXCESS`,
          `${description} above de minimis ceiling`,
          amount - exempt,
          ceiling,
          bucket,
        );
    } else {
      const taxable = bool(a.taxable, F.taxable!, true);
      if (bool(a.inPagibigBase, F.inPagibigBase!, true)) hdmf += amount;
      const inSss = bool(a.inSssBase, F.inSssBase!, true);
      slip.earn(c, description, 1, 'item', formatMoney(amount), amount, taxable, inSss);
    }
  }
  return hdmf;
}
