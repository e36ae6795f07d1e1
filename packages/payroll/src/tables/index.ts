/**
 * Default statutory tables, caller overrides, and the compiled (integer) forms the rules use.
 * Compilation happens once per table list (cached by object identity), so passing the same `tables` object to
 * many payslips costs one compile.
 */
import { parseDate } from '../dates.js';
import { PayrollInputError } from '../errors.js';
import { parseMoney, parseRate, RATE_SCALE } from '../money.js';
import { ANNUAL_TAX_TABLES, BENEFITS_CEILING_TABLES, WITHHOLDING_TABLES } from './bir.js';
import { DE_MINIMIS_TABLES } from './deminimis.js';
import { HOLIDAY_CALENDARS } from './holidays.js';
import { PAGIBIG_TABLES } from './pagibig.js';
import { PHILHEALTH_TABLES } from './philhealth.js';
import { PREMIUM_TABLES } from './premiums.js';
import { SSS_TABLES } from './sss.js';
import {
  DAY_TYPES,
  type DeMinimisKind,
  type DeMinimisTable,
  type HolidayCalendar,
  type PayFrequency,
  type PayrollTables,
  type TaxBracket,
} from './types.js';

export * from './types.js';

export const DEFAULT_TABLES: PayrollTables = {
  sss: SSS_TABLES,
  philhealth: PHILHEALTH_TABLES,
  pagibig: PAGIBIG_TABLES,
  withholding: WITHHOLDING_TABLES,
  annualIncomeTax: ANNUAL_TAX_TABLES,
  benefitsCeiling: BENEFITS_CEILING_TABLES,
  deMinimis: DE_MINIMIS_TABLES,
  holidays: HOLIDAY_CALENDARS,
  premiums: PREMIUM_TABLES,
};

/** Caller tables replace the defaults kind by kind. */
export function resolveTables(tables: Partial<PayrollTables> | undefined): PayrollTables {
  if (tables === undefined) return DEFAULT_TABLES;
  if (typeof tables !== 'object' || tables === null)
    throw new PayrollInputError('tables', 'must be an object');
  return { ...DEFAULT_TABLES, ...tables };
}

// ---------- compiled forms (centavos; rates over RATE_SCALE) ----------

export interface CompiledSss {
  effectiveFrom: string;
  minMsc: number;
  maxMsc: number;
  step: number;
  regularSsCap: number;
  eeRate: number;
  erRate: number;
  ecThreshold: number;
  ecLow: number;
  ecHigh: number;
}
export interface CompiledPhilhealth {
  effectiveFrom: string;
  rate: number;
  floor: number;
  ceiling: number;
}
export interface CompiledPagibig {
  effectiveFrom: string;
  lowThreshold: number;
  eeLow: number;
  eeHigh: number;
  er: number;
  maxFundSalary: number;
}
export interface CompiledBracket {
  over: number;
  fixed: number;
  rate: number;
}
export interface CompiledWithholding {
  effectiveFrom: string;
  periods: Record<PayFrequency, CompiledBracket[]>;
}
export interface CompiledAnnual {
  effectiveFrom: string;
  brackets: CompiledBracket[];
}
export interface CompiledCeiling {
  effectiveFrom: string;
  ceiling: number;
}
export interface CompiledDeMinimis {
  effectiveFrom: string;
  /** Centavos per month / semester / year; days for monetized leave. */
  ceilings: Record<DeMinimisKind, { amount: number; per: 'month' | 'year' | 'semester' }>;
}
/** Multipliers over RATE_SCALE for one (day type, rest day) combination. */
export interface CompiledDay {
  worked: number;
  overtime: number;
  unworked: number;
  night: number;
  nightOvertime: number;
}
export interface CompiledPremiums {
  effectiveFrom: string;
  days: Map<string, CompiledDay>;
  /** Same entries indexed like DAY_KEYS, for the hot path. */
  list: CompiledDay[];
}

/** Every (day type, rest day) combination; index = 2 × DAY_TYPES index + (rest day ? 1 : 0). */
export const DAY_KEYS: string[] = DAY_TYPES.flatMap((d) => [d, `${d}_rest_day`]);
export interface CompiledHolidays {
  byDate: Map<string, 'regular_holiday' | 'special_non_working' | 'special_working'>;
  years: Set<number>;
  /** DAY_TYPES index per day of month (1–31) by year × 100 + month, filled on first use (see monthDayTypes). */
  months: Map<number, Uint8Array>;
}

interface HasEffective {
  effectiveFrom: string;
}

const cache = new WeakMap<object, unknown>();

function compileList<T extends HasEffective, C extends HasEffective>(
  list: T[],
  field: string,
  one: (t: T, f: string) => C,
): C[] {
  const hit = cache.get(list);
  if (hit) return hit as C[];
  if (!Array.isArray(list) || list.length === 0)
    throw new PayrollInputError(field, 'must be a non-empty array');
  const out = list
    .map((t, i) => {
      const f = `${field}[${i}]`;
      parseDate(t.effectiveFrom, `${f}.effectiveFrom`);
      return one(t, f);
    })
    .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : 0));
  cache.set(list, out);
  return out;
}

/** The table in force on `date`; a date before the first table is an error, never a guess. */
export function pick<C extends HasEffective>(list: C[], date: string, field: string, kind: string): C {
  let found: C | undefined;
  for (const t of list) {
    if (t.effectiveFrom <= date) found = t;
    else break;
  }
  if (!found) {
    const first = list[0]?.effectiveFrom ?? 'n/a';
    throw new PayrollInputError(field, `${date} is before the first ${kind} table (effective ${first})`);
  }
  return found;
}

/**
 * pick(compile(tables), date) that remembers its last answer, keyed by the raw table list and the date: a payroll
 * run asks the same question for every employee. A miss runs (and fails) exactly like the plain call.
 */
function lastPicked<C extends HasEffective>(
  listOf: (t: PayrollTables) => unknown,
  compile: (t: PayrollTables) => C[],
): (t: PayrollTables, date: string, field: string, kind: string) => C {
  let lastList: unknown;
  let lastDate = '';
  let last: C | undefined;
  return (t, date, field, kind) => {
    const list = listOf(t);
    if (list === lastList && date === lastDate) return last!;
    const found = pick(compile(t), date, field, kind);
    lastList = list;
    lastDate = date;
    last = found;
    return found;
  };
}

const brackets = (list: TaxBracket[], f: string): CompiledBracket[] => {
  if (!Array.isArray(list) || list.length === 0) throw new PayrollInputError(f, 'needs brackets');
  return list.map((x, i) => ({
    over: parseMoney(x.over, `${f}[${i}].over`),
    fixed: parseMoney(x.fixed, `${f}[${i}].fixed`),
    rate: parseRate(x.rate, `${f}[${i}].rate`),
  }));
};

export const compileSss = (t: PayrollTables) =>
  compileList(t.sss, 'tables.sss', (x, f) => ({
    effectiveFrom: x.effectiveFrom,
    minMsc: parseMoney(x.minMsc, `${f}.minMsc`),
    maxMsc: parseMoney(x.maxMsc, `${f}.maxMsc`),
    step: parseMoney(x.mscStep, `${f}.mscStep`),
    regularSsCap: parseMoney(x.regularSsCap, `${f}.regularSsCap`),
    eeRate: parseRate(x.employeeRate, `${f}.employeeRate`),
    erRate: parseRate(x.employerRate, `${f}.employerRate`),
    ecThreshold: parseMoney(x.ecThreshold, `${f}.ecThreshold`),
    ecLow: parseMoney(x.ecLow, `${f}.ecLow`),
    ecHigh: parseMoney(x.ecHigh, `${f}.ecHigh`),
  }));

export const compilePhilhealth = (t: PayrollTables) =>
  compileList(t.philhealth, 'tables.philhealth', (x, f) => ({
    effectiveFrom: x.effectiveFrom,
    rate: parseRate(x.rate, `${f}.rate`),
    floor: parseMoney(x.floor, `${f}.floor`),
    ceiling: parseMoney(x.ceiling, `${f}.ceiling`),
  }));

export const compilePagibig = (t: PayrollTables) =>
  compileList(t.pagibig, 'tables.pagibig', (x, f) => ({
    effectiveFrom: x.effectiveFrom,
    lowThreshold: parseMoney(x.lowThreshold, `${f}.lowThreshold`),
    eeLow: parseRate(x.employeeRateLow, `${f}.employeeRateLow`),
    eeHigh: parseRate(x.employeeRateHigh, `${f}.employeeRateHigh`),
    er: parseRate(x.employerRate, `${f}.employerRate`),
    maxFundSalary: parseMoney(x.maxFundSalary, `${f}.maxFundSalary`),
  }));

const FREQUENCIES: PayFrequency[] = ['daily', 'weekly', 'semi-monthly', 'monthly'];

export const compileWithholding = (t: PayrollTables) =>
  compileList(t.withholding, 'tables.withholding', (x, f) => {
    const periods = {} as Record<PayFrequency, CompiledBracket[]>;
    for (const p of FREQUENCIES) periods[p] = brackets(x.periods?.[p], `${f}.periods.${p}`);
    return { effectiveFrom: x.effectiveFrom, periods };
  });

export const compileAnnual = (t: PayrollTables) =>
  compileList(t.annualIncomeTax, 'tables.annualIncomeTax', (x, f) => ({
    effectiveFrom: x.effectiveFrom,
    brackets: brackets(x.brackets, `${f}.brackets`),
  }));

export const compileBenefitsCeiling = (t: PayrollTables) =>
  compileList(t.benefitsCeiling, 'tables.benefitsCeiling', (x, f) => ({
    effectiveFrom: x.effectiveFrom,
    ceiling: parseMoney(x.ceiling, `${f}.ceiling`),
  }));

export const DE_MINIMIS_KINDS: DeMinimisKind[] = [
  'monetizedVacationLeaveDays',
  'medicalAllowanceDependents',
  'riceSubsidy',
  'uniformAllowance',
  'medicalAssistance',
  'laundryAllowance',
  'achievementAward',
  'christmasGift',
  'cbaProductivityIncentive',
];

export const compileDeMinimis = (t: PayrollTables) =>
  compileList(t.deMinimis, 'tables.deMinimis', (x: DeMinimisTable, f) => {
    const ceilings = {} as CompiledDeMinimis['ceilings'];
    for (const k of DE_MINIMIS_KINDS) {
      const c = x.ceilings?.[k];
      if (!c) throw new PayrollInputError(`${f}.ceilings.${k}`, 'missing');
      ceilings[k] = {
        amount:
          k === 'monetizedVacationLeaveDays'
            ? parseRate(c.amount, `${f}.ceilings.${k}.amount`, 1)
            : parseMoney(c.amount, `${f}.ceilings.${k}.amount`),
        per: c.per,
      };
    }
    return { effectiveFrom: x.effectiveFrom, ceilings };
  });

const mulScaled = (a: number, b: number, f: string): number => {
  const p = a * b;
  if (p % RATE_SCALE !== 0) throw new PayrollInputError(f, 'multiplier product needs more than 4 decimals');
  return p / RATE_SCALE;
};

export const compilePremiums = (t: PayrollTables) =>
  compileList(t.premiums, 'tables.premiums', (x, f) => {
    const nd = parseRate(x.nightDifferential, `${f}.nightDifferential`);
    const days = new Map<string, CompiledDay>();
    for (const dt of DAY_TYPES) {
      for (const key of [dt, `${dt}_rest_day`]) {
        const d = x.days?.[key];
        if (!d) throw new PayrollInputError(`${f}.days.${key}`, 'missing');
        const worked = parseRate(d.worked, `${f}.days.${key}.worked`);
        const overtime = mulScaled(worked, parseRate(d.overtime, `${f}.days.${key}.overtime`), f);
        days.set(key, {
          worked,
          overtime,
          unworked: parseRate(d.unworked, `${f}.days.${key}.unworked`),
          night: worked + mulScaled(worked, nd, f),
          nightOvertime: overtime + mulScaled(overtime, nd, f),
        });
      }
    }
    return { effectiveFrom: x.effectiveFrom, days, list: DAY_KEYS.map((k) => days.get(k)!) };
  });

export const pickSss = lastPicked((t) => t.sss, compileSss);
export const pickPhilhealth = lastPicked((t) => t.philhealth, compilePhilhealth);
export const pickPagibig = lastPicked((t) => t.pagibig, compilePagibig);
export const pickWithholding = lastPicked((t) => t.withholding, compileWithholding);
export const pickAnnual = lastPicked((t) => t.annualIncomeTax, compileAnnual);
export const pickBenefitsCeiling = lastPicked((t) => t.benefitsCeiling, compileBenefitsCeiling);
export const pickDeMinimis = lastPicked((t) => t.deMinimis, compileDeMinimis);
export const pickPremiums = lastPicked((t) => t.premiums, compilePremiums);

export function compileHolidays(t: PayrollTables): CompiledHolidays {
  const list: HolidayCalendar[] = t.holidays;
  const hit = cache.get(list);
  if (hit) return hit as CompiledHolidays;
  if (!Array.isArray(list)) throw new PayrollInputError('tables.holidays', 'must be an array');
  const byDate: CompiledHolidays['byDate'] = new Map();
  const years = new Set<number>();
  list.forEach((cal, i) => {
    const f = `tables.holidays[${i}]`;
    years.add(cal.year);
    const add = (
      dates: string[],
      type: 'regular_holiday' | 'special_non_working' | 'special_working',
      k: string,
    ) => dates.forEach((d, j) => byDate.set(parseDate(d, `${f}.${k}[${j}]`), type));
    add(cal.specialWorkingDays, 'special_working', 'specialWorkingDays');
    add(cal.specialNonWorkingDays, 'special_non_working', 'specialNonWorkingDays');
    add(cal.regularHolidays, 'regular_holiday', 'regularHolidays');
  });
  const out = { byDate, years, months: new Map() };
  cache.set(list, out);
  return out;
}
