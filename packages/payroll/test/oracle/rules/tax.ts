/** BIR withholding tax (per-period tables) and annual income tax. Centavos. */
import { parseDate, parseYear } from '../dates.js';
import { formatMoney, mulDivHalfUp, parseMoney, RATE_SCALE, type Money } from '../money.js';
import {
  compileAnnual,
  compileWithholding,
  pick,
  resolveTables,
  type CompiledBracket,
  type PayFrequency,
  type PayrollTables,
} from '../tables/index.js';
import { obj, oneOf } from '../validate.js';

export const PAY_FREQUENCIES: readonly PayFrequency[] = ['daily', 'weekly', 'semi-monthly', 'monthly'];

/**
 * tax = fixed + round_half_up(rate × (x − over)). Brackets from index `inclusiveFrom` start AT their "over"
 * amount; lower ones start just above it (RR 11-2018 Annex E prints "20,833 and below" / "33,333 – 66,666";
 * the schedule is continuous, so this only decides the reported bracket number — REFERENCE.md §4.1, §8.8).
 */
export function bracketTax(
  list: CompiledBracket[],
  x: number,
  inclusiveFrom: number,
): { bracket: number; tax: number } {
  for (let i = list.length - 1; i >= 1; i--) {
    const b = list[i]!;
    if (i >= inclusiveFrom ? x >= b.over : x > b.over) {
      return { bracket: i + 1, tax: b.fixed + mulDivHalfUp(b.rate, x - b.over, 1, RATE_SCALE) };
    }
  }
  return { bracket: 1, tax: 0 };
}

/** RR 11-2018 Annex E: bracket 2 starts above its floor, brackets 3+ at their floor. */
export const withholdingCore = (list: CompiledBracket[], x: number) => bracketTax(list, x, 2);
/** NIRC Sec. 24(A)(2)(a): every bracket is "over X". */
export const annualTaxCore = (list: CompiledBracket[], x: number) => bracketTax(list, x, Infinity);

export interface WithholdingTaxInput {
  period: PayFrequency;
  taxableCompensation: Money;
  asOf: string;
  tables?: Partial<PayrollTables>;
}
export function withholdingTax(input: WithholdingTaxInput): { bracket: number; withholdingTax: Money } {
  const i = obj(input, 'input');
  const period = oneOf(i.period, 'period', PAY_FREQUENCIES);
  const x = parseMoney(i.taxableCompensation, 'taxableCompensation');
  const date = parseDate(i.asOf, 'asOf');
  const t = pick(compileWithholding(resolveTables(input.tables)), date, 'asOf', 'BIR withholding');
  const r = withholdingCore(t.periods[period], x);
  return { bracket: r.bracket, withholdingTax: formatMoney(r.tax) };
}

export interface AnnualIncomeTaxInput {
  annualTaxableIncome: Money;
  taxYear: number;
  tables?: Partial<PayrollTables>;
}
export function annualIncomeTax(input: AnnualIncomeTaxInput): { bracket: number; incomeTax: Money } {
  const i = obj(input, 'input');
  const year = parseYear(i.taxYear, 'taxYear');
  const x = parseMoney(i.annualTaxableIncome, 'annualTaxableIncome');
  const t = pick(compileAnnual(resolveTables(input.tables)), `${year}-12-31`, 'taxYear', 'annual income tax');
  const r = annualTaxCore(t.brackets, x);
  return { bracket: r.bracket, incomeTax: formatMoney(r.tax) };
}
