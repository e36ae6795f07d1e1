/** 13th-month pay, the 90,000 benefits exclusion and de minimis ceilings. Centavos. */
import { parseDate, parseYear } from '../dates.js';
import { PayrollInputError } from '../errors.js';
import { formatMoney, mulDivHalfUp, parseMoney, parseMoneyOpt, type Money } from '../money.js';
import {
  compileBenefitsCeiling,
  compileDeMinimis,
  DE_MINIMIS_KINDS,
  pick,
  resolveTables,
  type DeMinimisKind,
  type PayrollTables,
} from '../tables/index.js';
import { obj } from '../validate.js';

/** PD 851 / Revised Guidelines 1987: total basic salary earned in the calendar year ÷ 12, half-up. */
export const thirteenthMonthCore = (basicEarned: number) => mulDivHalfUp(basicEarned, 1, 1, 12);

export function thirteenthMonthPay(input: { totalBasicSalaryEarned: Money }): { thirteenthMonthPay: Money } {
  const i = obj(input, 'input');
  const basic = parseMoney(i.totalBasicSalaryEarned, 'totalBasicSalaryEarned');
  return { thirteenthMonthPay: formatMoney(thirteenthMonthCore(basic)) };
}

/**
 * NIRC Sec. 32(B)(7)(e): 13th-month and other benefits (plus de minimis excess, RMC 50-2018) are excluded up to a
 * combined ceiling per year; `alreadyUsed` is what earlier payrolls of the year already put in the bucket.
 */
export function benefitsSplit(
  amount: number,
  ceiling: number,
  alreadyUsed: number,
): { exempt: number; taxable: number } {
  const room = Math.max(0, ceiling - alreadyUsed);
  const exempt = Math.min(amount, room);
  return { exempt, taxable: amount - exempt };
}

export interface BenefitsExemptionInput {
  thirteenthMonthAndOtherBenefits: Money;
  year: number;
  /** Benefits already counted against the ceiling earlier in the year (default 0). */
  alreadyReceived?: Money;
  tables?: Partial<PayrollTables>;
}
export function benefitsExemption(input: BenefitsExemptionInput): {
  exempt: Money;
  taxable: Money;
  ceiling: Money;
} {
  const i = obj(input, 'input');
  const year = parseYear(i.year, 'year');
  const amount = parseMoney(i.thirteenthMonthAndOtherBenefits, 'thirteenthMonthAndOtherBenefits');
  const used = parseMoneyOpt(i.alreadyReceived, 'alreadyReceived');
  const t = pick(
    compileBenefitsCeiling(resolveTables(input.tables)),
    `${year}-12-31`,
    'year',
    'benefits ceiling',
  );
  const r = benefitsSplit(amount, t.ceiling, used);
  return { exempt: formatMoney(r.exempt), taxable: formatMoney(r.taxable), ceiling: formatMoney(t.ceiling) };
}

/**
 * De minimis ceiling for one benefit on a date (RR 11-2018 → RR 4-2025 → RR 29-2025 from 6 Jan 2026).
 * Returns the ceiling for its own period (month / semester / year); monetized leave is in days.
 */
export function deMinimisCeiling(input: {
  kind: DeMinimisKind;
  asOf: string;
  tables?: Partial<PayrollTables>;
}): {
  kind: DeMinimisKind;
  ceiling: string;
  per: 'month' | 'year' | 'semester';
} {
  const i = obj(input, 'input');
  if (!DE_MINIMIS_KINDS.includes(i.kind as DeMinimisKind)) {
    throw new PayrollInputError('kind', `unknown de minimis kind ${JSON.stringify(i.kind)}`);
  }
  const kind = i.kind as DeMinimisKind;
  const date = parseDate(i.asOf, 'asOf');
  const t = pick(compileDeMinimis(resolveTables(input.tables)), date, 'asOf', 'de minimis');
  const c = t.ceilings[kind];
  return {
    kind,
    ceiling: kind === 'monetizedVacationLeaveDays' ? String(c.amount) : formatMoney(c.amount),
    per: c.per,
  };
}
