/**
 * computePayslip: one employee, one pay period. Integer centavos throughout; each line is rounded half-up once
 * from its exact fraction (REFERENCE.md §8.4 option (a)); totals are sums of the rounded lines.
 */
import { parseDate, previousDate } from '../dates.js';
import { PayrollInputError } from '../errors.js';
import {
  divHalfUp,
  formatMoney,
  formatGrouped,
  mulDivHalfUp,
  parseMoney,
  parseMoneyOpt,
  RATE_SCALE,
  type Money,
} from '../money.js';
import {
  compileAnnual,
  compileBenefitsCeiling,
  compileDeMinimis,
  compileHolidays,
  compilePagibig,
  compilePhilhealth,
  compilePremiums,
  compileSss,
  compileWithholding,
  DAY_KEYS,
  DE_MINIMIS_KINDS,
  pick,
  resolveTables,
  type CompiledHolidays,
  type DayType,
  type DeMinimisKind,
  type PayrollTables,
} from '../tables/index.js';
import { bool, factor, hoursPerDay, minutes, obj, oneOf } from '../validate.js';
import { benefitsSplit } from './benefits.js';
import { pagibigCore, philhealthCore, sssCore } from './contributions.js';
import { colaFactor, dayKeyIndex, hours, parseDayType, type DayTypeAlias } from './dayPay.js';
import { dayTypeIn } from './holidays.js';
import { annualTaxCore, withholdingCore } from './tax.js';

// ---------------------------------------------------------------- input types

export type ContributionSplit = 'equal' | 'first-cutoff' | 'second-cutoff' | 'month-to-date';
export type TaxMethod = 'per-period' | 'annualised';

export interface CompanySettings {
  /** Days-per-year factor for monthly ↔ daily conversion (DOLE Handbook Ch. 1 E). Default 261. */
  divisor?: number;
  /** How monthly SSS/PhilHealth/Pag-IBIG are split across semi-monthly cut-offs. Default "equal". */
  contributionSplit?: ContributionSplit;
  /** Default "per-period" (RR 11-2018 Annex E table for the pay frequency), trued up at year end. */
  taxMethod?: TaxMethod;
  /** Take-home pay that loans and other deductions may not eat into. Default "0.00". */
  minimumNetPay?: Money;
}

export interface PayProfile {
  rateType: 'monthly' | 'daily';
  /** Monthly salary or daily rate. */
  rate: Money;
  /** Overrides settings.divisor for this employee. */
  divisor?: number;
  /** Normal hours per day (Art. 83). Default 8. */
  hoursPerDay?: number;
  /** COLA per paid day (daily-rate employees; monthly-paid put COLA in allowances). */
  colaPerDay?: Money;
  isMinimumWageEarner?: boolean;
  /** Whether the monthly salary also pays rest days (default: divisor ≥ 365). */
  restDaysPaidInSalary?: boolean;
  statutory?: { sss?: boolean; philhealth?: boolean; pagibig?: boolean; withholdingTax?: boolean };
}

export interface DayAttendance {
  date: string;
  /** Default: from the national holiday calendar in the tables. */
  dayType?: DayType | DayTypeAlias;
  restDay?: boolean;
  /** Normal hours actually worked (≤ hoursPerDay), night hours included. */
  regularHours?: number;
  /** Part of regularHours between 10 p.m. and 6 a.m. */
  nightHours?: number;
  overtimeHours?: number;
  /** Part of overtimeHours between 10 p.m. and 6 a.m. */
  overtimeNightHours?: number;
  lateMinutes?: number;
  undertimeMinutes?: number;
  /** Unpaid absence on a scheduled workday. */
  absent?: boolean;
  /** Amendment 2026-11-30: a workday outside employment, an absence on its own line. */
  outsideEmployment?: boolean;
  /** A full day of paid leave. */
  paidLeave?: boolean;
  /** Art. 94 day-before check; derived from the attendance when omitted. */
  presentOrPaidLeaveDayBefore?: boolean;
}

export interface Allowance {
  code: string;
  description?: string;
  amount: Money;
  /** Default true; ignored for de minimis items. */
  taxable?: boolean;
  /** Marks a de minimis benefit: exempt up to its ceiling, excess into the 90,000 bucket (RMC 50-2018). */
  deMinimis?: DeMinimisKind;
  /** Counts as SSS compensation (default: true unless de minimis). */
  inSssBase?: boolean;
  /** Counts as Pag-IBIG fund salary (default: true unless de minimis). */
  inPagibigBase?: boolean;
}

/** 13th-month pay, bonuses and other benefits of NIRC Sec. 32(B)(7)(e). */
export interface Benefit {
  code: string;
  description?: string;
  amount: Money;
}

export interface OtherDeduction {
  code: string;
  description?: string;
  amount: Money;
  /** Deduct what fits and defer the rest (default false: the whole item is deferred). */
  allowPartial?: boolean;
}

export interface YearToDate {
  /** Taxable compensation of earlier payrolls this year. */
  taxableCompensation?: Money;
  withholdingTax?: Money;
  /** 13th-month, other benefits and de minimis excess already counted against the 90,000 ceiling. */
  benefitsReceived?: Money;
  basicSalaryEarned?: Money;
  /** De minimis received earlier in the year (annual ceilings) … */
  deMinimis?: Partial<Record<DeMinimisKind, Money>>;
  /** … and earlier in the same month (monthly ceilings). */
  deMinimisMonthToDate?: Partial<Record<DeMinimisKind, Money>>;
}

/** The first cut-off of the same month, for the "second-cutoff" and "month-to-date" splits. */
export interface MonthToDate {
  sssCompensation?: Money;
  /** Allowances counted in the Pag-IBIG fund salary on the first cut-off. */
  pagibigAllowances?: Money;
  sssEmployeeSS?: Money;
  sssEmployeeMPF?: Money;
  sssEmployer?: Money;
  sssEC?: Money;
  philhealthEmployee?: Money;
  philhealthEmployer?: Money;
  pagibigEmployee?: Money;
  pagibigEmployer?: Money;
}

export interface PayslipInput {
  employeeId?: string;
  period: {
    start: string;
    end: string;
    frequency: 'semi-monthly' | 'monthly';
    /** Semi-monthly cut-off; default 1 when the period starts on or before the 15th. */
    cutoff?: 1 | 2;
    /** Default: true when the period ends on 31 December. */
    lastPayrollOfYear?: boolean;
  };
  profile: PayProfile;
  attendance?: DayAttendance[];
  allowances?: Allowance[];
  benefits?: Benefit[];
  deductions?: OtherDeduction[];
  ytd?: YearToDate;
  monthToDate?: MonthToDate;
  settings?: CompanySettings;
  tables?: Partial<PayrollTables>;
}

// ---------------------------------------------------------------- output types

export interface PayslipLine {
  code: string;
  description: string;
  kind: 'earning' | 'deduction';
  quantity: number;
  unit: 'hour' | 'day' | 'period' | 'item';
  rate: string;
  amount: Money;
  taxable: boolean;
}

export interface DeferredDeduction {
  code: string;
  description: string;
  amount: Money;
  deducted: Money;
  deferred: Money;
}

export interface Payslip {
  employeeId?: string;
  period: { start: string; end: string; frequency: 'semi-monthly' | 'monthly'; cutoff: 1 | 2 };
  lines: PayslipLine[];
  gross: Money;
  deductions: Money;
  netPay: Money;
  taxableBase: Money;
  withholdingTax: Money;
  employeeShares: { sss: Money; sssMpf: Money; philhealth: Money; pagibig: Money; total: Money };
  employerShares: { sss: Money; sssEC: Money; philhealth: Money; pagibig: Money; total: Money };
  /** Monthly amounts the contributions were computed on. */
  contributionBases: { sssCompensation: Money; philhealthBasicSalary: Money; pagibigFundSalary: Money };
  deferred: DeferredDeduction[];
  yearEnd?: { annualTaxableCompensation: Money; annualTax: Money; withheldBefore: Money; adjustment: Money };
  /** Year-to-date figures after this payslip, to feed the next one. */
  ytd: {
    taxableCompensation: Money;
    withholdingTax: Money;
    benefitsReceived: Money;
    basicSalaryEarned: Money;
  };
  settingsUsed: { divisor: number; contributionSplit: ContributionSplit; taxMethod: TaxMethod };
  notes: string[];
}

// ---------------------------------------------------------------- helpers

const ABBR = DAY_KEYS.map((k) =>
  k
    .replace('double_regular_holiday', 'DRH')
    .replace('regular_holiday', 'RH')
    .replace('double_special_non_working', 'DSH')
    .replace('special_non_working', 'SH')
    .replace('special_working', 'SW')
    .replace('ordinary', 'ORD')
    .replace('_rest_day', 'RD'),
);
const LABEL = [
  'ordinary day',
  'rest day',
  'special non-working day',
  'special non-working day on rest day',
  'special working day',
  'special working day on rest day',
  'regular holiday',
  'regular holiday on rest day',
  'double regular holiday',
  'double regular holiday on rest day',
  'double special day',
  'double special day on rest day',
];
// Line codes and descriptions per (day type, rest day), built once.
const PREM_CODE = ABBR.map((a) => `PREM_${a}`);
const PREM_DESC = LABEL.map((l) => `Pay for hours worked, ${l}`);
const PREMX_DESC = LABEL.map((l) => `Premium above the monthly salary, ${l}`);
const ND_CODE = ABBR.map((a) => `ND_${a}`);
const ND_DESC = LABEL.map((l) => `Night differential, ${l}`);
const OT_CODE = ABBR.map((a) => `OT_${a}`);
const OT_DESC = LABEL.map((l) => `Overtime, ${l}`);
const NDOT_CODE = ABBR.map((a) => `NDOT_${a}`);
const NDOT_DESC = LABEL.map((l) => `Night differential on overtime, ${l}`);
const HOL_CODE = ABBR.map((a) => `HOL_${a}`);
const HOL_DESC = LABEL.map((l) => `Holiday pay, ${l} not worked`);
const HOLX_CODE = ABBR.map((a) => `HOLX_${a}`);
const HOLX_DESC = LABEL.map((l) => `Unpaid ${l} (absent on the workday before, Art. 94)`);

/** Rate for display: exact fraction of centavos → pesos with up to 6 decimals (no floats). */
export function rateText(num: number, den: number): string {
  const micro = mulDivHalfUp(num, 10_000, 1, den); // in 1e-6 pesos
  const neg = micro < 0;
  const a = neg ? -micro : micro;
  const whole = Math.floor(a / 1_000_000);
  let frac = a - whole * 1_000_000;
  let digits = 6;
  while (digits > 2 && frac % 10 === 0) {
    frac /= 10;
    digits--;
  }
  let f = String(frac);
  while (f.length < digits) f = '0' + f;
  return (neg ? '-' : '') + whole + '.' + f;
}

const moneyRec = (rec: unknown, field: string): Partial<Record<DeMinimisKind, number>> => {
  if (rec === undefined) return {};
  const r = obj(rec, field);
  const out: Partial<Record<DeMinimisKind, number>> = {};
  for (const [k, v] of Object.entries(r)) {
    if (!DE_MINIMIS_KINDS.includes(k as DeMinimisKind))
      throw new PayrollInputError(`${field}.${k}`, 'unknown kind');
    out[k as DeMinimisKind] = parseMoney(v, `${field}.${k}`);
  }
  return out;
};

function list(value: unknown, field: string): Record<string, unknown>[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new PayrollInputError(field, 'must be an array');
  return value.map((v, i) => obj(v, `${field}[${i}]`));
}

function code(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new PayrollInputError(field, 'must be a non-empty string');
  return value;
}

interface ParsedDay {
  date: string;
  field: string;
  type: DayType;
  rest: boolean;
  key: number;
  regular: number;
  night: number;
  overtime: number;
  overtimeNight: number;
  worked: boolean;
  late: number;
  undertime: number;
  absent: boolean;
  /** Amendment 2026-11-30. */
  outside: boolean;
  paidLeave: boolean;
  dayBefore: boolean | undefined;
}

const SPLITS: readonly ContributionSplit[] = ['equal', 'first-cutoff', 'second-cutoff', 'month-to-date'];
const TAX_METHODS: readonly TaxMethod[] = ['per-period', 'annualised'];

/** Art. 94: present or on paid leave on the workday immediately before (skipping rest days and unworked
 *  holidays). Days with no attendance entry count as present; unknown before the period start → present. */
function entitledToHoliday(days: ParsedDay[], d: ParsedDay, hol: CompiledHolidays, start: string): boolean {
  if (d.dayBefore !== undefined) return d.dayBefore;
  let date = previousDate(d.date);
  for (let guard = 0; guard < 31 && date >= start; guard++, date = previousDate(date)) {
    let e: ParsedDay | undefined;
    for (const x of days) if (x.date === date) e = x;
    if (e) {
      if (e.worked || e.paidLeave) return true;
      if (e.absent) return false;
      continue; // rest day / unworked holiday: look further back
    }
    const t = dayTypeIn(hol, date, d.field);
    if (t === 'ordinary' || t === 'special_working') return true;
  }
  return true;
}

/** Field names per attendance index, built once (error paths only read them). */
const FIELD_NAMES: { [k: string]: string }[] = [];
function fieldNames(i: number) {
  let f = FIELD_NAMES[i];
  if (!f) {
    const p = `attendance[${i}]`;
    f = { '': p, '.': p + '.' };
    for (const k of [
      'date',
      'dayType',
      'restDay',
      'absent',
      'outsideEmployment',
      'paidLeave',
      'lateMinutes',
      'undertimeMinutes',
      'regularHours',
      'presentOrPaidLeaveDayBefore',
    ]) {
      f[k] = `${p}.${k}`;
    }
    FIELD_NAMES[i] = f;
  }
  return f as Record<string, string>;
}

function parseDays(
  att: unknown,
  start: string,
  end: string,
  hpd: number,
  hol: CompiledHolidays,
): ParsedDay[] {
  if (att === undefined) return [];
  if (!Array.isArray(att)) throw new PayrollInputError('attendance', 'must be an array');
  const out: ParsedDay[] = [];
  // The period lies in one month: check its year has a calendar once, then look dates up directly.
  const calendarYear = hol.years.has(Number(start.slice(0, 4)));
  let seen = 0; // bit per day of month, for duplicates
  for (let i = 0; i < att.length; i++) {
    const F = fieldNames(i);
    const a = obj(att[i], F['']!);
    const date = parseDate(a.date, F.date!);
    if (date < start || date > end) throw new PayrollInputError(F.date!, `${date} is outside the period`);
    const bit = 1 << ((date.charCodeAt(8) - 48) * 10 + date.charCodeAt(9) - 49); // day 1…31 → bit 0…30
    if (seen & bit) throw new PayrollInputError(F.date!, `${date} appears twice`);
    seen |= bit;
    const type =
      a.dayType !== undefined
        ? parseDayType(a.dayType, F.dayType!)
        : calendarYear
          ? (hol.byDate.get(date) ?? 'ordinary')
          : dayTypeIn(hol, date, F.dayType!);
    const rest = bool(a.restDay, F.restDay!, false);
    // Named reads (not a loop over field names): these run for every attendance day.
    const P = F['.']!;
    const regular = hours(a.regularHours, P, 'regularHours', hpd);
    const night = hours(a.nightHours, P, 'nightHours', 24);
    const overtime = hours(a.overtimeHours, P, 'overtimeHours', 24);
    const overtimeNight = hours(a.overtimeNightHours, P, 'overtimeNightHours', 24);
    if (night > regular) throw new PayrollInputError(P + 'nightHours', 'cannot exceed regularHours');
    if (overtimeNight > overtime) {
      throw new PayrollInputError(P + 'overtimeNightHours', 'cannot exceed overtimeHours');
    }
    if (regular + overtime > 24 * 60) {
      throw new PayrollInputError(P + 'overtimeHours', 'regular plus overtime exceeds 24 hours');
    }
    const worked = regular + overtime > 0;
    // Amendment 2026-11-30: a day outside employment is an absence for every rule; only its line differs.
    const outside = bool(a.outsideEmployment, F.outsideEmployment!, false);
    const absent = bool(a.absent, F.absent!, false) || outside;
    const paidLeave = bool(a.paidLeave, F.paidLeave!, false);
    if (absent && paidLeave)
      throw new PayrollInputError(F.paidLeave!, 'a day cannot be both absent and paid leave');
    if ((absent || paidLeave) && worked) {
      throw new PayrollInputError(F.regularHours!, 'hours given on an absence or leave day');
    }
    const late = a.lateMinutes === 0 ? 0 : minutes(a.lateMinutes, F.lateMinutes!);
    const undertime = a.undertimeMinutes === 0 ? 0 : minutes(a.undertimeMinutes, F.undertimeMinutes!);
    if ((late || undertime) && !worked) {
      throw new PayrollInputError(F.lateMinutes!, 'late/undertime on a day not worked');
    }
    const dayBefore =
      a.presentOrPaidLeaveDayBefore === undefined
        ? undefined
        : bool(a.presentOrPaidLeaveDayBefore, F.presentOrPaidLeaveDayBefore!, true);
    out.push({
      date,
      field: F['']!,
      type,
      rest,
      key: dayKeyIndex(type, rest),
      regular,
      night,
      overtime,
      overtimeNight,
      worked,
      late,
      undertime,
      absent,
      outside,
      paidLeave,
      dayBefore,
    });
  }
  return out;
}

/** Accumulates lines and the running totals that feed contributions and tax. */
class Slip {
  lines: PayslipLine[] = [];
  gross = 0;
  taxableEarnings = 0;
  sssComp = 0;
  deducted = 0;
  deferred: DeferredDeduction[] = [];
  notes: string[] = [];

  earn(
    c: string,
    description: string,
    quantity: number,
    unit: PayslipLine['unit'],
    rate: string,
    amount: number,
    taxable: boolean,
    inSss: boolean,
  ) {
    this.lines.push({
      code: c,
      description,
      kind: 'earning',
      quantity,
      unit,
      rate,
      amount: formatMoney(amount),
      taxable,
    });
    this.gross += amount;
    if (taxable) this.taxableEarnings += amount;
    if (inSss) this.sssComp += amount;
  }

  /** Takes a deduction if it fits above `minNet`; otherwise defers all of it (or the rest, when partial). */
  deduct(c: string, description: string, amount: number, partial: boolean, minNet: number): number {
    const available = this.gross - minNet - this.deducted;
    let take = amount;
    if (amount > 0 && amount > available) {
      take = partial ? Math.max(0, available) : 0;
      this.deferred.push({
        code: c,
        description,
        amount: formatMoney(amount),
        deducted: formatMoney(take),
        deferred: formatMoney(amount - take),
      });
    }
    if (take !== 0) {
      const m = formatMoney(take);
      this.lines.push({
        code: c,
        description,
        kind: 'deduction',
        quantity: 1,
        unit: 'period',
        rate: m,
        amount: m,
        taxable: false,
      });
      this.deducted += take;
    }
    return take;
  }
}

// Scratch accumulators, reset per call (the engine is synchronous, so one set is enough).
const N_KEYS = DAY_KEYS.length;
const regMin = new Float64Array(N_KEYS);
const regU = new Float64Array(N_KEYS);
const ndMin = new Float64Array(N_KEYS);
const ndU = new Float64Array(N_KEYS);
const otMin = new Float64Array(N_KEYS);
const otU = new Float64Array(N_KEYS);
const ndotMin = new Float64Array(N_KEYS);
const ndotU = new Float64Array(N_KEYS);
const holDays = new Float64Array(N_KEYS);
const forfeitDays = new Float64Array(N_KEYS);

// ---------------------------------------------------------------- main

export function computePayslip(input: PayslipInput): Payslip {
  const inp = obj(input, 'input');
  const tables = resolveTables(input.tables);
  const slip = new Slip();

  // ---- period
  const per = obj(inp.period, 'period');
  const start = parseDate(per.start, 'period.start');
  const end = parseDate(per.end, 'period.end');
  if (end < start) throw new PayrollInputError('period.end', 'is before period.start');
  if (start.slice(0, 7) !== end.slice(0, 7)) {
    throw new PayrollInputError('period.end', 'must be in the same month as start');
  }
  const frequency = oneOf(per.frequency, 'period.frequency', FREQS);
  const year = Number(start.slice(0, 4));
  const month = Number(start.slice(5, 7));
  let cutoff: 1 | 2 = 1;
  if (frequency === 'semi-monthly') {
    if (per.cutoff === undefined) cutoff = Number(start.slice(8, 10)) <= 15 ? 1 : 2;
    else if (per.cutoff === 1 || per.cutoff === 2) cutoff = per.cutoff;
    else throw new PayrollInputError('period.cutoff', 'must be 1 or 2');
  }
  const periodsPerMonth = frequency === 'semi-monthly' ? 2 : 1;
  const lastOfYear = bool(per.lastPayrollOfYear, 'period.lastPayrollOfYear', end.slice(5) === '12-31');

  // ---- settings and profile
  const set = inp.settings === undefined ? EMPTY : obj(inp.settings, 'settings');
  const prof = obj(inp.profile, 'profile');
  const monthly = oneOf(prof.rateType, 'profile.rateType', RATE_TYPES) === 'monthly';
  const rateCents = parseMoney(prof.rate, 'profile.rate');
  const divisor = factor(prof.divisor, 'profile.divisor', factor(set.divisor, 'settings.divisor', 261));
  const split = oneOf(set.contributionSplit, 'settings.contributionSplit', SPLITS, 'equal');
  const taxMethod = oneOf(set.taxMethod, 'settings.taxMethod', TAX_METHODS, 'per-period');
  const minNet = parseMoneyOpt(set.minimumNetPay, 'settings.minimumNetPay');
  const hpd = hoursPerDay(prof.hoursPerDay, 'profile.hoursPerDay');
  const cola = parseMoneyOpt(prof.colaPerDay, 'profile.colaPerDay');
  if (cola > 0 && monthly)
    throw new PayrollInputError('profile.colaPerDay', 'monthly-paid COLA goes in allowances');
  const mwe = bool(prof.isMinimumWageEarner, 'profile.isMinimumWageEarner', false);
  const restCovered = bool(prof.restDaysPaidInSalary, 'profile.restDaysPaidInSalary', divisor >= 365);
  const stat = prof.statutory === undefined ? EMPTY : obj(prof.statutory, 'profile.statutory');
  const doSss = bool(stat.sss, 'profile.statutory.sss', true);
  const doPhic = bool(stat.philhealth, 'profile.statutory.philhealth', true);
  const doHdmf = bool(stat.pagibig, 'profile.statutory.pagibig', true);
  const doTax = bool(stat.withholdingTax, 'profile.statutory.withholdingTax', true);

  // Day rate as an exact fraction rNum/rDen centavos: monthly × 12 / divisor stays unrounded (LATE-01 method).
  const rNum = monthly ? rateCents * 12 : rateCents;
  const rDen = monthly ? divisor : 1;
  const fullDay = hpd * 60;
  const hourDen = rDen * fullDay * RATE_SCALE; // for Σ minutes × multiplier
  const dayDen = rDen * RATE_SCALE; // for Σ days × multiplier
  const premiums = pick(compilePremiums(tables), end, 'period.end', 'premium pay');
  const dayTaxable = !mwe; // RR 11-2018: an MWE's minimum wage, holiday, OT and night differential are exempt

  // ---- attendance → per (day type, rest day) sums of minutes × multiplier
  const hol = compileHolidays(tables);
  const days = parseDays(inp.attendance, start, end, hpd, hol);
  regMin.fill(0);
  regU.fill(0);
  ndMin.fill(0);
  ndU.fill(0);
  otMin.fill(0);
  otU.fill(0);
  ndotMin.fill(0);
  ndotU.fill(0);
  holDays.fill(0);
  forfeitDays.fill(0);
  let leaveDays = 0;
  let absentDays = 0;
  let outsideDays = 0; // amendment 2026-11-30
  let lateMin = 0;
  let undertimeMin = 0;
  let colaU = 0; // Σ minutes × COLA factor
  for (const d of days) {
    const k = d.key;
    const pd = premiums.list[k]!;
    const salaryCovers = monthly && (!d.rest || restCovered);
    if (d.worked) {
      const h = d;
      regMin[k]! += h.regular;
      // A monthly salary already pays 100% of a covered day: only the premium above it is added (REFERENCE §8.2).
      regU[k]! += h.regular * (pd.worked - (salaryCovers ? RATE_SCALE : 0));
      ndMin[k]! += h.night;
      ndU[k]! += h.night * (pd.night - pd.worked);
      otMin[k]! += h.overtime;
      otU[k]! += h.overtime * pd.overtime;
      ndotMin[k]! += h.overtimeNight;
      ndotU[k]! += h.overtimeNight * (pd.nightOvertime - pd.overtime);
      if (cola) colaU += Math.min(h.regular, fullDay) * colaFactor(d.type, true, pd);
      // Art. 88 no work, no pay: lateness/undertime is deducted where the salary pays a whole day; premium days
      // and daily-rate pay are already computed on the hours actually worked.
      if (salaryCovers && !d.rest && (d.type === 'ordinary' || d.type === 'special_working')) {
        lateMin += d.late;
        undertimeMin += d.undertime;
      }
    } else if (pd.unworked > 0) {
      // Unworked regular holiday (also when marked absent or on leave that day): Art. 94 day-before rule.
      const ok = entitledToHoliday(days, d, hol, start);
      if (!monthly && ok) {
        holDays[k]! += 1;
        if (cola) colaU += fullDay * pd.unworked;
      } else if (monthly && !ok) forfeitDays[k]! += 1;
    } else if (d.paidLeave) {
      if (!monthly && !d.rest) {
        leaveDays++;
        if (cola) colaU += fullDay * RATE_SCALE;
      }
    } else if (d.absent && !d.rest && (d.type === 'ordinary' || d.type === 'special_working')) {
      if (d.outside) outsideDays++;
      else absentDays++;
    }
  }

  // ---- earning lines
  let basicEarned = 0; // basic salary for 13th-month purposes (no premiums, OT, ND, COLA)
  if (monthly) {
    const basic = divHalfUp(rateCents, periodsPerMonth);
    slip.earn('BASIC', 'Basic salary', 1, 'period', formatMoney(basic), basic, dayTaxable, true);
    // Attendance deductions reduce the period's basic pay, never below zero.
    const att: AttCtx = { slip, room: basic, rNum, taxable: dayTaxable };
    // Amendment 2026-11-30: the days outside employment on their own line, before the absences.
    if (outsideDays)
      attDed(
        att,
        'ABSENT',
        'Days outside employment',
        outsideDays,
        'day',
        outsideDays,
        rDen,
        rateText(rNum, rDen),
      );
    if (absentDays)
      attDed(att, 'ABSENT', 'Unpaid absence', absentDays, 'day', absentDays, rDen, rateText(rNum, rDen));
    for (let k = 0; k < N_KEYS; k++) {
      const n = forfeitDays[k]!;
      if (n === 0) continue;
      const mult = premiums.list[k]!.unworked;
      attDed(att, HOLX_CODE[k]!, HOLX_DESC[k]!, n, 'day', n * mult, dayDen, rateText(rNum * mult, dayDen));
    }
    // Per-minute rate unrounded: monthly × 12 / divisor / hoursPerDay / 60 × minutes, rounded once.
    const hourRate = lateMin || undertimeMin ? rateText(rNum, rDen * hpd) : '';
    if (lateMin) attDed(att, 'LATE', 'Tardiness', lateMin / 60, 'hour', lateMin, rDen * fullDay, hourRate);
    if (undertimeMin)
      attDed(
        att,
        'UNDERTIME',
        'Undertime',
        undertimeMin / 60,
        'hour',
        undertimeMin,
        rDen * fullDay,
        hourRate,
      );
    basicEarned += att.room;
  }
  for (let k = 0; k < N_KEYS; k++) {
    const rm = regMin[k]!;
    if (rm > 0) {
      if (!monthly) basicEarned += mulDivHalfUp(rNum, rm, 1, rDen * fullDay);
      const u = regU[k]!;
      if (u !== 0) {
        const isBasic = !monthly && k === 0;
        slip.earn(
          isBasic ? 'BASIC' : PREM_CODE[k]!,
          isBasic ? 'Basic pay (hours worked)' : monthly ? PREMX_DESC[k]! : PREM_DESC[k]!,
          rm / 60,
          'hour',
          rateText(rNum * (u / rm), hourDen / 60),
          mulDivHalfUp(rNum, u, 1, hourDen),
          dayTaxable,
          true,
        );
      }
    }
    hourLine(slip, ND_CODE[k]!, ND_DESC[k]!, ndMin[k]!, ndU[k]!, rNum, hourDen, dayTaxable);
    hourLine(slip, OT_CODE[k]!, OT_DESC[k]!, otMin[k]!, otU[k]!, rNum, hourDen, dayTaxable);
    hourLine(slip, NDOT_CODE[k]!, NDOT_DESC[k]!, ndotMin[k]!, ndotU[k]!, rNum, hourDen, dayTaxable);
    if (holDays[k]! > 0) {
      const mult = premiums.list[k]!.unworked;
      const amt = mulDivHalfUp(rNum, holDays[k]! * mult, 1, dayDen);
      slip.earn(
        HOL_CODE[k]!,
        HOL_DESC[k]!,
        holDays[k]!,
        'day',
        rateText(rNum * mult, dayDen),
        amt,
        dayTaxable,
        true,
      );
    }
  }
  if (leaveDays > 0) {
    const amt = mulDivHalfUp(rNum, leaveDays, 1, rDen);
    basicEarned += amt;
    slip.earn('LEAVE', 'Paid leave', leaveDays, 'day', rateText(rNum, rDen), amt, dayTaxable, true);
  }
  if (colaU > 0) {
    const amt = mulDivHalfUp(cola, colaU, 1, fullDay * RATE_SCALE);
    const qty = colaU / (fullDay * RATE_SCALE);
    slip.earn('COLA', 'Cost-of-living allowance', qty, 'day', formatMoney(cola), amt, dayTaxable, true);
  }

  // ---- allowances, de minimis and the 90,000 benefits bucket
  const ytdIn = inp.ytd === undefined ? EMPTY : obj(inp.ytd, 'ytd');
  const ceiling = pick(compileBenefitsCeiling(tables), end, 'period.end', 'benefits ceiling').ceiling;
  const bucketStart = parseMoneyOpt(ytdIn.benefitsReceived, 'ytd.benefitsReceived');
  const bucket = { used: bucketStart };
  const hdmfPeriod = allowanceLines(slip, inp.allowances, ytdIn, tables, end, rNum, rDen, ceiling, bucket);
  list(inp.benefits, 'benefits').forEach((b, i) => {
    const f = `benefits[${i}]`;
    const c = code(b.code, `${f}.code`);
    const description = b.description === undefined ? c : code(b.description, `${f}.description`);
    toBucket(slip, c, description, parseMoney(b.amount, `${f}.amount`), ceiling, bucket);
  });
  if (bucket.used > ceiling && bucket.used > bucketStart)
    slip.notes.push('benefits above the yearly ceiling are taxable');

  // ---- contributions: monthly tables, split across cut-offs per settings.contributionSplit (REFERENCE §8.5)
  const monthStart = start.slice(0, 8) + '01';
  const mtd = inp.monthToDate === undefined ? undefined : obj(inp.monthToDate, 'monthToDate');
  const actualMonth =
    frequency === 'monthly' || (cutoff === 2 && (split === 'second-cutoff' || split === 'month-to-date'));
  if (actualMonth && frequency === 'semi-monthly' && mtd === undefined) {
    throw new PayrollInputError('monthToDate', `is required for the ${split} split on the second cut-off`);
  }
  // PhilHealth: monthly basic salary; daily-paid use the EEMR (daily × factor / 12), Circular 2018-0001.
  const mbs = monthly ? rateCents : mulDivHalfUp(rateCents, divisor, 1, 12);
  const sssComp = slip.sssComp;
  const sssMonthly = Math.max(
    0,
    frequency === 'monthly'
      ? sssComp
      : actualMonth
        ? mtdMoney(mtd, 'sssCompensation') + sssComp
        : sssComp * 2,
  );
  const hdmfMonthly =
    mbs +
    (frequency === 'monthly'
      ? hdmfPeriod
      : actualMonth
        ? mtdMoney(mtd, 'pagibigAllowances') + hdmfPeriod
        : hdmfPeriod * 2);
  const s = sssCore(sssMonthly, pick(compileSss(tables), monthStart, 'period.start', 'SSS'));
  const ph = philhealthCore(mbs, pick(compilePhilhealth(tables), monthStart, 'period.start', 'PhilHealth'));
  const pg = pagibigCore(hdmfMonthly, pick(compilePagibig(tables), monthStart, 'period.start', 'Pag-IBIG'));
  const sh: ShareCtx = { frequency, split, cutoff, mtd };
  // Amendment of 2026-11-29 (README): a month without compensation has no contribution.
  const paid = sssMonthly > 0;

  const sssEeSS = share(sh, doSss && paid, s.employeeSS, 'sssEmployeeSS');
  const sssEeMpf = share(sh, doSss && paid, s.employeeMPF, 'sssEmployeeMPF');
  const sssEe = sssEeSS + sssEeMpf;
  const sssEr = share(sh, doSss && paid, s.employerSS + s.employerMPF, 'sssEmployer');
  const sssEc = share(sh, doSss && paid, s.employerEC, 'sssEC');
  const phEe = share(sh, doPhic && paid, ph.employeeShare, 'philhealthEmployee');
  const phEr = share(sh, doPhic && paid, ph.employerShare, 'philhealthEmployer');
  const pgEe = share(sh, doHdmf && paid, pg.employee, 'pagibigEmployee');
  const pgEr = share(sh, doHdmf && paid, pg.employer, 'pagibigEmployer');

  // ---- withholding tax (NIRC Sec. 32(B)(7)(f): mandatory EE contributions excluded; MWE pay exempt)
  const taxableBase = Math.max(0, slip.taxableEarnings - (mwe ? 0 : sssEe + phEe + pgEe));
  const ytdTaxable = parseMoneyOpt(ytdIn.taxableCompensation, 'ytd.taxableCompensation');
  const ytdWithheld = parseMoneyOpt(ytdIn.withholdingTax, 'ytd.withholdingTax');
  let wtax = 0;
  let yearEnd: Payslip['yearEnd'];
  if (doTax) {
    if (lastOfYear) {
      // RR 2-98 as amended by RR 11-2018: annualise on the last payroll; a negative adjustment is a refund.
      const annualT = pick(compileAnnual(tables), `${year}-12-31`, 'period.end', 'annual income tax');
      const annualTaxable = ytdTaxable + taxableBase;
      const annual = annualTaxCore(annualT.brackets, annualTaxable).tax;
      wtax = annual - ytdWithheld;
      yearEnd = {
        annualTaxableCompensation: formatMoney(annualTaxable),
        annualTax: formatMoney(annual),
        withheldBefore: formatMoney(ytdWithheld),
        adjustment: formatMoney(wtax),
      };
    } else if (taxMethod === 'per-period') {
      const wt = pick(compileWithholding(tables), end, 'period.end', 'BIR withholding');
      wtax = withholdingCore(wt.periods[frequency], taxableBase).tax;
    } else {
      // Cumulative: project the year from the year-to-date average; withhold the tax due so far less withheld.
      const annualT = pick(compileAnnual(tables), `${year}-12-31`, 'period.end', 'annual income tax');
      const ppy = 12 * periodsPerMonth;
      const idx = (month - 1) * periodsPerMonth + cutoff;
      const projected = mulDivHalfUp(ytdTaxable + taxableBase, ppy, 1, idx);
      const toDate = mulDivHalfUp(annualTaxCore(annualT.brackets, projected).tax, idx, 1, ppy);
      wtax = Math.max(0, toDate - ytdWithheld);
    }
  }

  // ---- deductions in priority order; what does not fit above minimumNetPay is deferred, never netted negative
  if (sssEe) {
    const d = `SSS employee share (regular SS ${formatGrouped(sssEeSS)}, MPF ${formatGrouped(sssEeMpf)})`;
    slip.deduct('SSS', d, sssEe, false, minNet);
  }
  if (phEe) slip.deduct('PHIC', 'PhilHealth employee share', phEe, false, minNet);
  if (pgEe) slip.deduct('HDMF', 'Pag-IBIG employee share', pgEe, false, minNet);
  let withheld = 0;
  if (wtax) {
    const d =
      wtax < 0
        ? 'Year-end tax refund'
        : lastOfYear
          ? 'Withholding tax (year-end adjustment)'
          : 'Withholding tax';
    withheld = slip.deduct('WTAX', d, wtax, false, minNet);
  }
  const other = inp.deductions;
  if (other !== undefined) {
    list(other, 'deductions').forEach((d, i) => {
      const f = `deductions[${i}]`;
      const c = code(d.code, `${f}.code`);
      const description = d.description === undefined ? c : code(d.description, `${f}.description`);
      const amount = parseMoney(d.amount, `${f}.amount`);
      slip.deduct(c, description, amount, bool(d.allowPartial, `${f}.allowPartial`, false), minNet);
    });
  }

  const f = formatMoney;
  const ytdBasic = parseMoneyOpt(ytdIn.basicSalaryEarned, 'ytd.basicSalaryEarned');
  const out: Payslip = {
    period: { start, end, frequency, cutoff },
    lines: slip.lines,
    gross: f(slip.gross),
    deductions: f(slip.deducted),
    netPay: f(slip.gross - slip.deducted),
    taxableBase: f(taxableBase),
    withholdingTax: f(withheld),
    employeeShares: {
      sss: f(sssEe),
      sssMpf: f(sssEeMpf),
      philhealth: f(phEe),
      pagibig: f(pgEe),
      total: f(sssEe + phEe + pgEe),
    },
    employerShares: {
      sss: f(sssEr),
      sssEC: f(sssEc),
      philhealth: f(phEr),
      pagibig: f(pgEr),
      total: f(sssEr + sssEc + phEr + pgEr),
    },
    contributionBases: {
      sssCompensation: f(sssMonthly),
      philhealthBasicSalary: f(mbs),
      pagibigFundSalary: f(hdmfMonthly),
    },
    deferred: slip.deferred,
    ytd: {
      taxableCompensation: f(ytdTaxable + taxableBase),
      withholdingTax: f(ytdWithheld + withheld),
      benefitsReceived: f(bucket.used),
      basicSalaryEarned: f(ytdBasic + basicEarned),
    },
    settingsUsed: { divisor, contributionSplit: split, taxMethod },
    notes: slip.notes,
  };
  if (typeof inp.employeeId === 'string') out.employeeId = inp.employeeId;
  if (yearEnd) out.yearEnd = yearEnd;
  return out;
}

const EMPTY: Record<string, unknown> = Object.freeze({});

function mtdMoney(mtd: Record<string, unknown> | undefined, k: string): number {
  return mtd === undefined ? 0 : parseMoneyOpt(mtd[k], `monthToDate.${k}`);
}

interface ShareCtx {
  frequency: 'semi-monthly' | 'monthly';
  split: ContributionSplit;
  cutoff: 1 | 2;
  mtd: Record<string, unknown> | undefined;
}

/** This period's part of a monthly contribution under the company's split (REFERENCE §8.5). */
function share(c: ShareCtx, on: boolean, full: number, mtdKey: string): number {
  if (!on) return 0;
  if (c.frequency === 'monthly') return full;
  switch (c.split) {
    case 'equal': // half on each cut-off; the odd centavo on the first
      return c.cutoff === 1 ? divHalfUp(full, 2) : full - divHalfUp(full, 2);
    case 'first-cutoff':
      return c.cutoff === 1 ? full : 0;
    case 'second-cutoff':
      return c.cutoff === 2 ? full : 0;
    case 'month-to-date': // half on a projection first, then the month's actual amount less what was taken
      return c.cutoff === 1 ? divHalfUp(full, 2) : full - mtdMoney(c.mtd, mtdKey);
  }
}
const FREQS = ['semi-monthly', 'monthly'] as const;
const RATE_TYPES = ['monthly', 'daily'] as const;

interface AttCtx {
  slip: Slip;
  room: number;
  rNum: number;
  taxable: boolean;
}

/** Attendance deduction (negative earning); together they may not exceed the period's basic pay. */
function attDed(
  a: AttCtx,
  c: string,
  description: string,
  qty: number,
  unit: PayslipLine['unit'],
  units: number,
  den: number,
  rate: string,
) {
  let amt = mulDivHalfUp(a.rNum, units, 1, den);
  if (amt > a.room) {
    a.slip.notes.push(`${c} capped at the remaining basic pay`);
    amt = a.room;
  }
  a.room -= amt;
  a.slip.earn(c, description, qty, unit, '-' + rate, -amt, a.taxable, true);
}

function hourLine(
  slip: Slip,
  c: string,
  description: string,
  mins: number,
  units: number,
  rNum: number,
  hourDen: number,
  taxable: boolean,
) {
  if (units <= 0) return;
  const rate = rateText(rNum * (units / mins), hourDen / 60);
  slip.earn(c, description, mins / 60, 'hour', rate, mulDivHalfUp(rNum, units, 1, hourDen), taxable, true);
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
  const allowances = list(value, 'allowances');
  if (allowances.length === 0) return 0;
  let hdmf = 0;
  const dm = pick(compileDeMinimis(tables), end, 'period.end', 'de minimis');
  const ytdDm = moneyRec(ytdIn.deMinimis, 'ytd.deMinimis');
  const mtdDm = moneyRec(ytdIn.deMinimisMonthToDate, 'ytd.deMinimisMonthToDate');
  // Amendment 2026-11-30: the ceiling is shared with the payslip's earlier lines of the same kind.
  const here: Partial<Record<DeMinimisKind, number>> = {};
  allowances.forEach((a, i) => {
    const f = `allowances[${i}]`;
    const c = code(a.code, `${f}.code`);
    const description = a.description === undefined ? c : code(a.description, `${f}.description`);
    const amount = parseMoney(a.amount, `${f}.amount`);
    if (a.deMinimis !== undefined) {
      const kind = oneOf(a.deMinimis, `${f}.deMinimis`, DE_MINIMIS_KINDS);
      const cl = dm.ceilings[kind];
      // Monetized leave ceiling is in days: days × daily rate.
      const cap = kind === 'monetizedVacationLeaveDays' ? mulDivHalfUp(rNum, cl.amount, 1, rDen) : cl.amount;
      const before = here[kind] ?? 0;
      here[kind] = before + amount;
      const used = ((cl.per === 'month' ? mtdDm[kind] : ytdDm[kind]) ?? 0) + before;
      const exempt = Math.min(amount, Math.max(0, cap - used));
      const inSss = bool(a.inSssBase, `${f}.inSssBase`, false);
      if (bool(a.inPagibigBase, `${f}.inPagibigBase`, false)) hdmf += amount;
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
      const taxable = bool(a.taxable, `${f}.taxable`, true);
      if (bool(a.inPagibigBase, `${f}.inPagibigBase`, true)) hdmf += amount;
      const inSss = bool(a.inSssBase, `${f}.inSssBase`, true);
      slip.earn(c, description, 1, 'item', formatMoney(amount), amount, taxable, inSss);
    }
  });
  return hdmf;
}
