/** SSS, PhilHealth and Pag-IBIG monthly contributions. All amounts in centavos. */
import { parseMonth } from '../dates.js';
import { formatMoney, mulDivHalfUp, parseMoney, RATE_SCALE, type Money } from '../money.js';
import {
  compilePagibig,
  compilePhilhealth,
  compileSss,
  pick,
  resolveTables,
  type CompiledPagibig,
  type CompiledPhilhealth,
  type CompiledSss,
  type PayrollTables,
} from '../tables/index.js';
import { obj } from '../validate.js';

export interface SssShares {
  msc: number;
  mscRegularSS: number;
  mscMPF: number;
  employeeSS: number;
  employeeMPF: number;
  employeeTotal: number;
  employerSS: number;
  employerMPF: number;
  employerEC: number;
  employerTotal: number;
  total: number;
}

/** RA 11199 / SSS Circular 2024-006: MSC = clamp(step × floor((comp + step/2) / step)); SS part ≤ cap, rest MPF. */
export function sssCore(compensation: number, t: CompiledSss): SssShares {
  const half = t.step / 2;
  let msc = Math.floor((Math.max(compensation, 0) + half) / t.step) * t.step;
  if (msc < t.minMsc) msc = t.minMsc;
  if (msc > t.maxMsc) msc = t.maxMsc;
  const reg = msc < t.regularSsCap ? msc : t.regularSsCap;
  const mpf = msc - reg;
  const eeSS = mulDivHalfUp(reg, t.eeRate, 1, RATE_SCALE);
  const eeMPF = mulDivHalfUp(mpf, t.eeRate, 1, RATE_SCALE);
  const erSS = mulDivHalfUp(reg, t.erRate, 1, RATE_SCALE);
  const erMPF = mulDivHalfUp(mpf, t.erRate, 1, RATE_SCALE);
  const ec = msc < t.ecThreshold ? t.ecLow : t.ecHigh; // EC is employer-only
  return {
    msc,
    mscRegularSS: reg,
    mscMPF: mpf,
    employeeSS: eeSS,
    employeeMPF: eeMPF,
    employeeTotal: eeSS + eeMPF,
    employerSS: erSS,
    employerMPF: erMPF,
    employerEC: ec,
    employerTotal: erSS + erMPF + ec,
    total: eeSS + eeMPF + erSS + erMPF + ec,
  };
}

export interface PhilhealthShares {
  premiumBase: number;
  totalPremium: number;
  employeeShare: number;
  employerShare: number;
}

/** PhilHealth: premium = round(clamp(MBS) × rate); ER = round(premium / 2); the odd centavo comes off the EE
 *  share (Advisory 2018-0003, carried forward). */
export function philhealthCore(mbs: number, t: CompiledPhilhealth): PhilhealthShares {
  const base = mbs < t.floor ? t.floor : mbs > t.ceiling ? t.ceiling : mbs;
  const premium = mulDivHalfUp(base, t.rate, 1, RATE_SCALE);
  const er = mulDivHalfUp(premium, 1, 1, 2);
  return { premiumBase: base, totalPremium: premium, employeeShare: premium - er, employerShare: er };
}

export interface PagibigShares {
  fundSalaryBase: number;
  employee: number;
  employer: number;
  total: number;
}

/** HDMF Circular 460: EE 1% (≤ 1,500) or 2%, ER 2%, on fund salary capped at the MFS; half-up to the centavo. */
export function pagibigCore(fundSalary: number, t: CompiledPagibig): PagibigShares {
  const base = fundSalary > t.maxFundSalary ? t.maxFundSalary : fundSalary;
  const eeRate = fundSalary <= t.lowThreshold ? t.eeLow : t.eeHigh;
  const ee = mulDivHalfUp(base, eeRate, 1, RATE_SCALE);
  const er = mulDivHalfUp(base, t.er, 1, RATE_SCALE);
  return { fundSalaryBase: base, employee: ee, employer: er, total: ee + er };
}

const fmtAll = <T extends object>(o: T): { [K in keyof T]: Money } => {
  const out = {} as Record<string, Money>;
  for (const [k, v] of Object.entries(o)) out[k] = formatMoney(v as number);
  return out as { [K in keyof T]: Money };
};

export interface SssInput {
  monthlyCompensation: Money;
  applicableMonth: string;
  tables?: Partial<PayrollTables>;
}
export function sss(input: SssInput): { [K in keyof SssShares]: Money } {
  const i = obj(input, 'input');
  const date = parseMonth(i.applicableMonth, 'applicableMonth');
  const comp = parseMoney(i.monthlyCompensation, 'monthlyCompensation');
  const t = pick(compileSss(resolveTables(input.tables)), date, 'applicableMonth', 'SSS');
  return fmtAll(sssCore(comp, t));
}

export interface PhilhealthInput {
  monthlyBasicSalary: Money;
  applicableMonth: string;
  tables?: Partial<PayrollTables>;
}
export function philhealth(input: PhilhealthInput): { [K in keyof PhilhealthShares]: Money } {
  const i = obj(input, 'input');
  const date = parseMonth(i.applicableMonth, 'applicableMonth');
  const mbs = parseMoney(i.monthlyBasicSalary, 'monthlyBasicSalary');
  const t = pick(compilePhilhealth(resolveTables(input.tables)), date, 'applicableMonth', 'PhilHealth');
  return fmtAll(philhealthCore(mbs, t));
}

export interface PagibigInput {
  monthlyFundSalary: Money;
  applicableMonth: string;
  tables?: Partial<PayrollTables>;
}
export function pagibig(input: PagibigInput): { [K in keyof PagibigShares]: Money } {
  const i = obj(input, 'input');
  const date = parseMonth(i.applicableMonth, 'applicableMonth');
  const fs = parseMoney(i.monthlyFundSalary, 'monthlyFundSalary');
  const t = pick(compilePagibig(resolveTables(input.tables)), date, 'applicableMonth', 'Pag-IBIG');
  return fmtAll(pagibigCore(fs, t));
}
