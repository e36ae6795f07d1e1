/** Monthly ↔ daily conversion (EEMR factors) and tardiness. DOLE Handbook 2023 Ch. 1 E; Labor Code Art. 83, 88. */
import { formatMoney, mulDivHalfUp, parseMoney, type Money } from '../money.js';
import { factor, hoursPerDay, minutes, obj } from '../validate.js';

/** A pay rate as an exact fraction: `num / den` centavos per day (monthly × 12 / factor stays unrounded). */
export interface DayRate {
  num: number;
  den: number;
}

export const dailyFromMonthly = (monthly: number, f: number): DayRate => ({ num: monthly * 12, den: f });

export function monthlyEquivalentRate(input: { dailyRate: Money; factor: number }): {
  monthlyEquivalent: Money;
} {
  const i = obj(input, 'input');
  const daily = parseMoney(i.dailyRate, 'dailyRate');
  const f = factor(i.factor, 'factor');
  // EEMR = daily × factor / 12
  return { monthlyEquivalent: formatMoney(mulDivHalfUp(daily, f, 1, 12)) };
}

export function dailyRateFromMonthly(input: { monthlySalary: Money; factor: number; hoursPerDay?: number }): {
  dailyRate: Money;
  hourlyRate: Money;
} {
  const i = obj(input, 'input');
  const monthly = parseMoney(i.monthlySalary, 'monthlySalary');
  const f = factor(i.factor, 'factor');
  const hpd = hoursPerDay(i.hoursPerDay, 'hoursPerDay');
  // daily = monthly × 12 / factor; hourly = daily / 8 (Art. 83). Each rounded once for display only.
  return {
    dailyRate: formatMoney(mulDivHalfUp(monthly, 12, 1, f)),
    hourlyRate: formatMoney(mulDivHalfUp(monthly, 12, 1, f * hpd)),
  };
}

/** Per-minute rate kept unrounded: deduction = rate × minutes / (hoursPerDay × 60), rounded once at the end. */
export const timeDeduction = (r: DayRate, mins: number, hpd: number) =>
  mulDivHalfUp(r.num, mins, 1, r.den * hpd * 60);

export function tardinessDeduction(input: {
  monthlySalary?: Money;
  dailyRate?: Money;
  factor?: number;
  hoursPerDay?: number;
  minutesLate: number;
}): { deduction: Money } {
  const i = obj(input, 'input');
  const hpd = hoursPerDay(i.hoursPerDay, 'hoursPerDay');
  const mins = minutes(i.minutesLate, 'minutesLate');
  const rate: DayRate =
    i.dailyRate !== undefined
      ? { num: parseMoney(i.dailyRate, 'dailyRate'), den: 1 }
      : dailyFromMonthly(parseMoney(i.monthlySalary, 'monthlySalary'), factor(i.factor, 'factor'));
  return { deduction: formatMoney(timeDeduction(rate, mins, hpd)) };
}
