/**
 * computePayslip: one employee, one pay period. Integer centavos throughout; each line is rounded half-up once
 * from its exact fraction (REFERENCE.md §8.4 option (a)); totals are sums of the rounded lines.
 */
import { dayOf, daysInMonth, monthOf, parseDate, yearOf } from '../dates.js';
import { PayrollInputError } from '../errors.js';
import {
  divHalfUp,
  formatMoney,
  formatRate,
  mulDivHalfUp,
  parseMoney,
  parseMoneyOpt,
  RATE_SCALE,
  type Money,
} from '../money.js';
import {
  compileHolidays,
  DAY_KEYS,
  DAY_TYPES,
  DE_MINIMIS_KINDS,
  pickAnnual,
  pickBenefitsCeiling,
  pickDeMinimis,
  pickPagibig,
  pickPhilhealth,
  pickPremiums,
  pickSss,
  pickWithholding,
  resolveTables,
  type CompiledDay,
  type CompiledHolidays,
  type DayType,
  type DeMinimisKind,
  type PayrollTables,
} from '../tables/index.js';
import { bool, factor, hoursPerDay, minutes, obj, oneOf } from '../validate.js';
import { benefitsSplit } from './benefits.js';
import { pagibigCore, philhealthCore, sssCore } from './contributions.js';
import { colaFactor, hours, parseDayType, type DayTypeAlias } from './dayPay.js';
import { dayTypeIn, monthDayTypes } from './holidays.js';
import { annualTaxCore, withholdingCore } from './tax.js';

// ---------------------------------------------------------------- input types

export type ContributionSplit = 'equal' | 'first-cutoff' | 'second-cutoff' | 'month-to-date';
export type TaxMethod = 'per-period' | 'annualised';
/** When a weekly payroll deducts the monthly contributions (REFERENCE §8.5, applied to weekly pay). */
export type WeeklyContributions = 'last-week' | 'month-to-date';
export type PayslipFrequency = 'weekly' | 'semi-monthly' | 'monthly';

export interface CompanySettings {
  /** Days-per-year factor for monthly ↔ daily conversion (DOLE Handbook Ch. 1 E). Default 261. */
  divisor?: number;
  /** How monthly SSS/PhilHealth/Pag-IBIG are split across semi-monthly cut-offs. Default "equal". */
  contributionSplit?: ContributionSplit;
  /** Default "per-period" (RR 11-2018 Annex E table for the pay frequency), trued up at year end. */
  taxMethod?: TaxMethod;
  /** Weekly payrolls: "last-week" (default) deducts the month's contributions in the last week ending in the
   *  month, on the month's actual compensation; "month-to-date" deducts, every week, the contributions on the
   *  month-to-date compensation less what earlier weeks took. */
  weeklyContributions?: WeeklyContributions;
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
  /** Days a monthly salary pays per week on a weekly payroll (default: 7 when rest days are paid in the salary,
   *  else divisor / 52 rounded: 261 → 5, 313 → 6). */
  workdaysPerWeek?: number;
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

/** The first cut-off of the same month, for the "second-cutoff" and "month-to-date" splits; on a weekly payroll,
 *  the earlier weeks ending in the same month. */
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
    frequency: PayslipFrequency;
    /** Semi-monthly cut-off; default 1 when the period starts on or before the 15th. */
    cutoff?: 1 | 2;
    /** Weekly: whether this is the last week ending in its month; default: the next week ends in another month. */
    lastWeekOfMonth?: boolean;
    /** Default: true when the period ends on 31 December (weekly: the last week ending in December). */
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
  /** A weekly period belongs to the month and year of its end date; it reports cutoff 1 and lastWeekOfMonth. */
  period: {
    start: string;
    end: string;
    frequency: PayslipFrequency;
    cutoff: 1 | 2;
    lastWeekOfMonth?: boolean;
  };
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
  /** weeklyContributions only on a weekly payslip. */
  settingsUsed: {
    divisor: number;
    contributionSplit: ContributionSplit;
    taxMethod: TaxMethod;
    weeklyContributions?: WeeklyContributions;
  };
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

const NO_AMOUNTS: Partial<Record<DeMinimisKind, number>> = Object.freeze({});
const moneyRec = (rec: unknown, field: string): Partial<Record<DeMinimisKind, number>> => {
  if (rec === undefined) return NO_AMOUNTS;
  const r = obj(rec, field);
  const out: Partial<Record<DeMinimisKind, number>> = {};
  for (const [k, v] of Object.entries(r)) {
    if (!DE_MINIMIS_KINDS.includes(k as DeMinimisKind))
      throw new PayrollInputError(`${field}.${k}`, 'unknown kind');
    out[k as DeMinimisKind] = parseMoney(v, `${field}.${k}`);
  }
  return out;
};

/** Keys of list items that a check may name in an error. */
const ITEM_KEYS = {
  attendance: [
    'date',
    'dayType',
    'restDay',
    'absent',
    'paidLeave',
    'lateMinutes',
    'undertimeMinutes',
    'regularHours',
    'presentOrPaidLeaveDayBefore',
  ],
  allowances: ['code', 'description', 'amount', 'deMinimis', 'taxable', 'inSssBase', 'inPagibigBase'],
  benefits: ['code', 'description', 'amount'],
  deductions: ['code', 'description', 'amount', 'allowPartial'],
} as const;
type ItemList = keyof typeof ITEM_KEYS;
const ITEM_FIELDS: Record<ItemList, Record<string, string>[]> = {
  attendance: [],
  allowances: [],
  benefits: [],
  deductions: [],
};

/** Field names of item i of a list ("attendance[3].date"; key "" is the item, "." the prefix), built once per
 *  index: every check is handed its field name, and only a failing one reads it. */
function itemFields(list: ItemList, i: number): Record<string, string> {
  const byIndex = ITEM_FIELDS[list];
  let f = byIndex[i];
  if (!f) {
    const p = `${list}[${i}]`;
    f = { '': p, '.': p + '.' };
    for (const k of ITEM_KEYS[list]) f[k] = `${p}.${k}`;
    byIndex[i] = f;
  }
  return f;
}

const NO_ITEMS: Record<string, unknown>[] = [];

/** An optional list of objects, every item checked before any is read. */
function items(value: unknown, list: ItemList): Record<string, unknown>[] {
  if (value === undefined) return NO_ITEMS;
  if (!Array.isArray(value)) throw new PayrollInputError(list, 'must be an array');
  for (let i = 0; i < value.length; i++) obj(value[i], itemFields(list, i)['']!);
  return value as Record<string, unknown>[];
}

function code(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new PayrollInputError(field, 'must be a non-empty string');
  return value;
}

const SPLITS: readonly ContributionSplit[] = ['equal', 'first-cutoff', 'second-cutoff', 'month-to-date'];
const TAX_METHODS: readonly TaxMethod[] = ['per-period', 'annualised'];
const WEEKLY_CONTRIBUTIONS: readonly WeeklyContributions[] = ['last-week', 'month-to-date'];

// ---------------------------------------------------------------- attendance

/** DAY_TYPES index of each day type (the per-day path works with indices, not strings). */
const TYPE_INDEX = Object.fromEntries(DAY_TYPES.map((t, i) => [t, i])) as Record<DayType, number>;
const ORDINARY = TYPE_INDEX.ordinary;
const SPECIAL_WORKING = TYPE_INDEX.special_working;
const N_KEYS = DAY_KEYS.length;

/** A date inside the period. When the period lies in one month, a 10-character string between start and end that
 *  ends in two digits is a real date; anything else (and every date of a week across two months) goes to the full
 *  check, which names the fault. */
function periodDate(v: unknown, field: string, start: string, end: string, oneMonth: boolean): string {
  if (oneMonth && typeof v === 'string' && v.length === 10 && v >= start && v <= end) {
    const d1 = v.charCodeAt(8) - 48;
    const d2 = v.charCodeAt(9) - 48;
    if (d1 >= 0 && d1 <= 9 && d2 >= 0 && d2 <= 9) return v;
  }
  const date = parseDate(v, field);
  if (date < start || date > end) throw new PayrollInputError(field, `${date} is outside the period`);
  return date;
}

/**
 * What the attendance adds up to for one payslip: per (day type, rest day) key, minutes and minutes × multiplier
 * (over RATE_SCALE), plus day counts. One module-level instance, reset per call: the engine is synchronous, and
 * a payslip then allocates nothing per attendance day.
 */
class AttendanceTally {
  // Ten sums per key in one buffer, so a reset is one fill. Every sum is an integer below 31 days × 1,440 minutes
  // × the largest multiplier (~3e9), far inside 2^53, so the doubles hold them exactly.
  private readonly buf = new Float64Array(10 * N_KEYS);
  readonly regMin = this.buf.subarray(0, N_KEYS);
  readonly regU = this.buf.subarray(N_KEYS, 2 * N_KEYS);
  readonly ndMin = this.buf.subarray(2 * N_KEYS, 3 * N_KEYS);
  readonly ndU = this.buf.subarray(3 * N_KEYS, 4 * N_KEYS);
  readonly otMin = this.buf.subarray(4 * N_KEYS, 5 * N_KEYS);
  readonly otU = this.buf.subarray(5 * N_KEYS, 6 * N_KEYS);
  readonly ndotMin = this.buf.subarray(6 * N_KEYS, 7 * N_KEYS);
  readonly ndotU = this.buf.subarray(7 * N_KEYS, 8 * N_KEYS);
  readonly holDays = this.buf.subarray(8 * N_KEYS, 9 * N_KEYS);
  readonly forfeitDays = this.buf.subarray(9 * N_KEYS, 10 * N_KEYS);
  leaveDays = 0;
  absentDays = 0;
  lateMin = 0;
  undertimeMin = 0;
  /** Σ minutes × COLA factor. */
  colaU = 0;

  reset() {
    this.buf.fill(0);
    this.leaveDays = this.absentDays = this.lateMin = this.undertimeMin = this.colaU = 0;
  }
}
const tally = new AttendanceTally();

// Per day of the period (its day of month; a weekly period's days in the next month continue the count, 32–37):
// whether it has an entry and what happened, for the Art. 94 look-back.
const SEEN = 1;
const WORKED = 2;
const LEAVE = 4;
const ABSENT = 8;
const dayFlags = new Uint8Array(40);
// Unworked holidays wait for the Art. 94 check until every entry is read (entries may come in any order).
const pendingIndex = new Uint8Array(31);
const pendingDay = new Uint8Array(31);
const pendingKey = new Uint8Array(31);
const pendingBefore = new Int8Array(31); // presentOrPaidLeaveDayBefore: -1 not given, 0 false, 1 true

/** Art. 94: present or on paid leave on the workday immediately before (skipping rest days and unworked
 *  holidays). Days with no attendance entry count as present; unknown before the period start → present.
 *  `ord` is the day's index in dayFlags; above `dim` (days in the start month) it is a day of the end month. */
function presentDayBefore(
  ord: number,
  startDom: number,
  dim: number,
  types: Uint8Array | undefined,
  typesEnd: Uint8Array | undefined,
  hol: CompiledHolidays,
  start: string,
  end: string,
  field: string,
): boolean {
  for (let x = ord - 1; x >= startDom; x--) {
    const f = dayFlags[x]!;
    if (f) {
      if (f & (WORKED | LEAVE)) return true;
      if (f & ABSENT) return false;
      continue; // rest day / unworked holiday: look further back
    }
    const next = x > dim;
    const d = next ? x - dim : x;
    const ty = next ? typesEnd : types;
    const t = ty
      ? ty[d]!
      : TYPE_INDEX[dayTypeIn(hol, (next ? end : start).slice(0, 8) + (d < 10 ? '0' : '') + d, field)];
    if (t === ORDINARY || t === SPECIAL_WORKING) return true;
  }
  return true;
}

/** Validates the attendance (one pass, named reads, no per-day allocation) and fills `tally`. */
function tallyAttendance(
  att: unknown,
  start: string,
  end: string,
  hpd: number,
  hol: CompiledHolidays,
  premiums: CompiledDay[],
  monthly: boolean,
  restCovered: boolean,
  cola: boolean,
): AttendanceTally {
  const t = tally;
  t.reset();
  if (att === undefined) return t;
  if (!Array.isArray(att)) throw new PayrollInputError('attendance', 'must be an array');
  // Day types by day of month (undefined when the year has no calendar); a weekly period may end in the next month.
  const types = monthDayTypes(hol, start);
  const startDom = dayOf(start);
  const oneMonth = monthOf(start) === monthOf(end);
  const typesEnd = oneMonth ? types : monthDayTypes(hol, end);
  const dim = oneMonth ? 31 : daysInMonth(yearOf(start), monthOf(start));
  const fullDay = hpd * 60;
  dayFlags.fill(0);
  let pending = 0;
  const names = ITEM_FIELDS.attendance;
  for (let i = 0; i < att.length; i++) {
    const F = names[i] ?? itemFields('attendance', i);
    const a = obj(att[i], F['']!);
    const date = periodDate(a.date, F.date!, start, end, oneMonth);
    const dom = dayOf(date);
    const inEndMonth = dom < startDom; // only on a week across two months
    const ord = inEndMonth ? dom + dim : dom;
    if (dayFlags[ord]) throw new PayrollInputError(F.date!, `${date} appears twice`);
    dayFlags[ord] = SEEN;
    const ty = inEndMonth ? typesEnd : types;
    const type =
      a.dayType !== undefined
        ? TYPE_INDEX[parseDayType(a.dayType, F.dayType!)]
        : ty
          ? ty[dom]!
          : TYPE_INDEX[dayTypeIn(hol, date, F.dayType!)];
    const rest = bool(a.restDay, F.restDay!, false);
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
    const absent = bool(a.absent, F.absent!, false);
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
    const before =
      a.presentOrPaidLeaveDayBefore === undefined
        ? -1
        : bool(a.presentOrPaidLeaveDayBefore, F.presentOrPaidLeaveDayBefore!, true)
          ? 1
          : 0;
    dayFlags[ord] = SEEN | (worked ? WORKED : 0) | (paidLeave ? LEAVE : 0) | (absent ? ABSENT : 0);

    const k = type * 2 + (rest ? 1 : 0); // DAY_KEYS index
    const pd = premiums[k]!;
    const salaryCovers = monthly && (!rest || restCovered);
    if (worked) {
      t.regMin[k]! += regular;
      // A monthly salary already pays 100% of a covered day: only the premium above it is added (REFERENCE §8.2).
      t.regU[k]! += regular * (pd.worked - (salaryCovers ? RATE_SCALE : 0));
      t.ndMin[k]! += night;
      t.ndU[k]! += night * (pd.night - pd.worked);
      t.otMin[k]! += overtime;
      t.otU[k]! += overtime * pd.overtime;
      t.ndotMin[k]! += overtimeNight;
      t.ndotU[k]! += overtimeNight * (pd.nightOvertime - pd.overtime);
      if (cola) t.colaU += Math.min(regular, fullDay) * colaFactor(DAY_TYPES[type]!, true, pd);
      // Art. 88 no work, no pay: lateness/undertime is deducted where the salary pays a whole day; premium days
      // and daily-rate pay are already computed on the hours actually worked.
      if (salaryCovers && !rest && (type === ORDINARY || type === SPECIAL_WORKING)) {
        t.lateMin += late;
        t.undertimeMin += undertime;
      }
    } else if (pd.unworked > 0) {
      // Unworked regular holiday (also when marked absent or on leave that day): Art. 94 day-before rule, below.
      pendingIndex[pending] = i;
      pendingDay[pending] = ord;
      pendingKey[pending] = k;
      pendingBefore[pending] = before;
      pending++;
    } else if (paidLeave) {
      if (!monthly && !rest) {
        t.leaveDays++;
        if (cola) t.colaU += fullDay * RATE_SCALE;
      }
    } else if (absent && !rest && (type === ORDINARY || type === SPECIAL_WORKING)) {
      t.absentDays++;
    }
  }
  for (let j = 0; j < pending; j++) {
    const k = pendingKey[j]!;
    const before = pendingBefore[j]!;
    const ok =
      before >= 0
        ? before === 1
        : presentDayBefore(
            pendingDay[j]!,
            startDom,
            dim,
            types,
            typesEnd,
            hol,
            start,
            end,
            itemFields('attendance', pendingIndex[j]!)['']!,
          );
    if (!monthly && ok) {
      t.holDays[k]! += 1;
      if (cola) t.colaU += fullDay * premiums[k]!.unworked;
    } else if (monthly && !ok) t.forfeitDays[k]! += 1;
  }
  return t;
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
  // A period belongs to the month and year of its end (only a weekly period may start in the month before).
  const year = yearOf(end);
  const month = monthOf(end);
  const weekly = per.frequency === 'weekly';
  if (weekly) {
    if (daysBetween(start, end) !== 6)
      throw new PayrollInputError('period.end', 'a weekly period must span exactly 7 days');
  } else if (yearOf(start) !== year || monthOf(start) !== month) {
    throw new PayrollInputError('period.end', 'must be in the same month as start');
  }
  const frequency = oneOf(per.frequency, 'period.frequency', FREQS);
  let cutoff: 1 | 2 = 1;
  if (frequency === 'semi-monthly') {
    if (per.cutoff === undefined) cutoff = dayOf(start) <= 15 ? 1 : 2;
    else if (per.cutoff === 1 || per.cutoff === 2) cutoff = per.cutoff;
    else throw new PayrollInputError('period.cutoff', 'must be 1 or 2');
  }
  const periodsPerMonth = frequency === 'semi-monthly' ? 2 : 1;
  // Weekly: the last week ending in the month is the one whose next week ends in another month.
  const lastWeek =
    weekly && bool(per.lastWeekOfMonth, 'period.lastWeekOfMonth', dayOf(end) + 7 > daysInMonth(year, month));
  const lastOfYear = bool(
    per.lastPayrollOfYear,
    'period.lastPayrollOfYear',
    // REFERENCE §4.7: the year-end adjustment is made on the last payroll of the year.
    month === 12 && (weekly ? lastWeek : dayOf(end) === 31),
  );

  // ---- settings and profile
  const set = inp.settings === undefined ? EMPTY : obj(inp.settings, 'settings');
  const prof = obj(inp.profile, 'profile');
  const monthly = oneOf(prof.rateType, 'profile.rateType', RATE_TYPES) === 'monthly';
  const rateCents = parseMoney(prof.rate, 'profile.rate');
  const divisor = factor(prof.divisor, 'profile.divisor', factor(set.divisor, 'settings.divisor', 261));
  const split = oneOf(set.contributionSplit, 'settings.contributionSplit', SPLITS, 'equal');
  const taxMethod = oneOf(set.taxMethod, 'settings.taxMethod', TAX_METHODS, 'per-period');
  const weeklyMode = weekly
    ? oneOf(set.weeklyContributions, 'settings.weeklyContributions', WEEKLY_CONTRIBUTIONS, 'last-week')
    : undefined;
  const minNet = parseMoneyOpt(set.minimumNetPay, 'settings.minimumNetPay');
  const hpd = hoursPerDay(prof.hoursPerDay, 'profile.hoursPerDay');
  const cola = parseMoneyOpt(prof.colaPerDay, 'profile.colaPerDay');
  if (cola > 0 && monthly)
    throw new PayrollInputError('profile.colaPerDay', 'monthly-paid COLA goes in allowances');
  const mwe = bool(prof.isMinimumWageEarner, 'profile.isMinimumWageEarner', false);
  const restCovered = bool(prof.restDaysPaidInSalary, 'profile.restDaysPaidInSalary', divisor >= 365);
  // Weekly pay of a monthly salary: daily rate × the days it pays in a week, not monthly × 12 / 52 (REFERENCE
  // §5.5 / §8.1: the factor is the days a year the salary pays, 261 = 5-day week, 313 = 6-day, 365 = every day).
  const weekDays =
    weekly && monthly
      ? workdays(prof.workdaysPerWeek, restCovered ? 7 : Math.min(7, Math.round(divisor / 52)))
      : 0;
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
  const premiums = pickPremiums(tables, end, 'period.end', 'premium pay');
  const dayTaxable = !mwe; // RR 11-2018: an MWE's minimum wage, holiday, OT and night differential are exempt

  // ---- attendance → per (day type, rest day) sums of minutes × multiplier
  const hol = compileHolidays(tables);
  const t = tallyAttendance(
    inp.attendance,
    start,
    end,
    hpd,
    hol,
    premiums.list,
    monthly,
    restCovered,
    cola !== 0,
  );
  const { regMin, regU, ndMin, ndU, otMin, otU, ndotMin, ndotU, holDays, forfeitDays } = t;
  const { leaveDays, absentDays, lateMin, undertimeMin, colaU } = t;

  // ---- earning lines
  let basicEarned = 0; // basic salary for 13th-month purposes (no premiums, OT, ND, COLA)
  if (monthly) {
    // Weekly: the unrounded daily rate × the days the salary pays in a week, rounded once.
    const basic = weekly ? mulDivHalfUp(rNum, weekDays, 1, rDen) : divHalfUp(rateCents, periodsPerMonth);
    if (weekly) {
      const d = 'Basic salary (daily rate × days)';
      slip.earn('BASIC', d, weekDays, 'day', formatRate(rNum, rDen), basic, dayTaxable, true);
    } else slip.earn('BASIC', 'Basic salary', 1, 'period', formatMoney(basic), basic, dayTaxable, true);
    // Attendance deductions reduce the period's basic pay, never below zero.
    const att: AttCtx = { slip, room: basic, rNum, taxable: dayTaxable };
    if (absentDays)
      attDed(att, 'ABSENT', 'Unpaid absence', absentDays, 'day', absentDays, rDen, formatRate(rNum, rDen));
    for (let k = 0; k < N_KEYS; k++) {
      const n = forfeitDays[k]!;
      if (n === 0) continue;
      const mult = premiums.list[k]!.unworked;
      attDed(att, HOLX_CODE[k]!, HOLX_DESC[k]!, n, 'day', n * mult, dayDen, formatRate(rNum * mult, dayDen));
    }
    // Per-minute rate unrounded: monthly × 12 / divisor / hoursPerDay / 60 × minutes, rounded once.
    const hourRate = lateMin || undertimeMin ? formatRate(rNum, rDen * hpd) : '';
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
          formatRate(rNum * (u / rm), hourDen / 60),
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
        formatRate(rNum * mult, dayDen),
        amt,
        dayTaxable,
        true,
      );
    }
  }
  if (leaveDays > 0) {
    const amt = mulDivHalfUp(rNum, leaveDays, 1, rDen);
    basicEarned += amt;
    slip.earn('LEAVE', 'Paid leave', leaveDays, 'day', formatRate(rNum, rDen), amt, dayTaxable, true);
  }
  if (colaU > 0) {
    const amt = mulDivHalfUp(cola, colaU, 1, fullDay * RATE_SCALE);
    const qty = colaU / (fullDay * RATE_SCALE);
    slip.earn('COLA', 'Cost-of-living allowance', qty, 'day', formatMoney(cola), amt, dayTaxable, true);
  }

  // ---- allowances, de minimis and the 90,000 benefits bucket
  const ytdIn = inp.ytd === undefined ? EMPTY : obj(inp.ytd, 'ytd');
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

  // ---- contributions: monthly tables, split across cut-offs per settings.contributionSplit (REFERENCE §8.5);
  // weekly payrolls always work on the month to date (earlier weeks ending in the month + this week).
  const monthStart = end.slice(0, 8) + '01';
  const mtd = inp.monthToDate === undefined ? undefined : obj(inp.monthToDate, 'monthToDate');
  const actualMonth =
    frequency === 'monthly' ||
    weekly ||
    (cutoff === 2 && (split === 'second-cutoff' || split === 'month-to-date'));
  if (actualMonth && frequency === 'semi-monthly' && mtd === undefined) {
    throw new PayrollInputError('monthToDate', `is required for the ${split} split on the second cut-off`);
  }
  if (lastWeek && mtd === undefined) {
    throw new PayrollInputError('monthToDate', 'is required on the last weekly payroll of the month');
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
  const s = sssCore(sssMonthly, pickSss(tables, monthStart, 'period.start', 'SSS'));
  const ph = philhealthCore(mbs, pickPhilhealth(tables, monthStart, 'period.start', 'PhilHealth'));
  const pg = pagibigCore(hdmfMonthly, pickPagibig(tables, monthStart, 'period.start', 'Pag-IBIG'));
  // Weekly: due on the last week of the month ("last-week") or every week ("month-to-date").
  const sh: ShareCtx = { frequency, split, cutoff, mtd, due: lastWeek || weeklyMode === 'month-to-date' };

  const sssEeSS = share(sh, doSss, s.employeeSS, 'sssEmployeeSS');
  const sssEeMpf = share(sh, doSss, s.employeeMPF, 'sssEmployeeMPF');
  const sssEe = sssEeSS + sssEeMpf;
  const sssEr = share(sh, doSss, s.employerSS + s.employerMPF, 'sssEmployer');
  const sssEc = share(sh, doSss, s.employerEC, 'sssEC');
  const phEe = share(sh, doPhic, ph.employeeShare, 'philhealthEmployee');
  const phEr = share(sh, doPhic, ph.employerShare, 'philhealthEmployer');
  const pgEe = share(sh, doHdmf, pg.employee, 'pagibigEmployee');
  const pgEr = share(sh, doHdmf, pg.employer, 'pagibigEmployer');

  // ---- withholding tax (NIRC Sec. 32(B)(7)(f): mandatory EE contributions excluded; MWE pay exempt)
  const taxableBase = Math.max(0, slip.taxableEarnings - (mwe ? 0 : sssEe + phEe + pgEe));
  const ytdTaxable = parseMoneyOpt(ytdIn.taxableCompensation, 'ytd.taxableCompensation');
  const ytdWithheld = parseMoneyOpt(ytdIn.withholdingTax, 'ytd.withholdingTax');
  let wtax = 0;
  let yearEnd: Payslip['yearEnd'];
  if (doTax) {
    if (lastOfYear) {
      // RR 2-98 as amended by RR 11-2018: annualise on the last payroll; a negative adjustment is a refund.
      const annualT = pickAnnual(tables, `${year}-12-31`, 'period.end', 'annual income tax');
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
      const wt = pickWithholding(tables, end, 'period.end', 'BIR withholding');
      wtax = withholdingCore(wt.periods[frequency], taxableBase).tax;
    } else {
      // Cumulative: project the year from the year-to-date average; withhold the tax due so far less withheld.
      const annualT = pickAnnual(tables, `${year}-12-31`, 'period.end', 'annual income tax');
      // Weekly: idx = this week's number among the weeks ending in the year, ppy = how many end in it (52 or 53).
      const doy = weekly ? daysBetween(`${year}-01-01`, end) : 0;
      const idx = weekly ? Math.floor(doy / 7) + 1 : (month - 1) * periodsPerMonth + cutoff;
      const ppy = weekly ? idx + Math.floor(daysBetween(end, `${year}-12-31`) / 7) : 12 * periodsPerMonth;
      const projected = mulDivHalfUp(ytdTaxable + taxableBase, ppy, 1, idx);
      const toDate = mulDivHalfUp(annualTaxCore(annualT.brackets, projected).tax, idx, 1, ppy);
      wtax = Math.max(0, toDate - ytdWithheld);
    }
  }

  // ---- deductions in priority order; what does not fit above minimumNetPay is deferred, never netted negative
  if (sssEe) {
    const d = `SSS employee share (regular SS ${formatMoney(sssEeSS)}, MPF ${formatMoney(sssEeMpf)})`;
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
  const other = items(inp.deductions, 'deductions');
  for (let i = 0; i < other.length; i++) {
    const d = other[i]!;
    const F = itemFields('deductions', i);
    const c = code(d.code, F.code!);
    const description = d.description === undefined ? c : code(d.description, F.description!);
    const amount = parseMoney(d.amount, F.amount!);
    slip.deduct(c, description, amount, bool(d.allowPartial, F.allowPartial!, false), minNet);
  }

  const f = formatMoney;
  const ytdBasic = parseMoneyOpt(ytdIn.basicSalaryEarned, 'ytd.basicSalaryEarned');
  const out: Payslip = {
    period: weekly
      ? { start, end, frequency, cutoff, lastWeekOfMonth: lastWeek }
      : { start, end, frequency, cutoff },
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
    settingsUsed: weeklyMode
      ? { divisor, contributionSplit: split, taxMethod, weeklyContributions: weeklyMode }
      : { divisor, contributionSplit: split, taxMethod },
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
  frequency: PayslipFrequency;
  split: ContributionSplit;
  cutoff: 1 | 2;
  mtd: Record<string, unknown> | undefined;
  /** Weekly: whether this week deducts the contributions. */
  due: boolean;
}

/** This period's part of a monthly contribution under the company's split (REFERENCE §8.5). */
function share(c: ShareCtx, on: boolean, full: number, mtdKey: string): number {
  if (!on) return 0;
  if (c.frequency === 'monthly') return full;
  // Weekly, on the month-to-date basis of the "month-to-date" split (REFERENCE §8.5 (C)/(D); SSS, PhilHealth and
  // Pag-IBIG are monthly amounts on the month's compensation, §8.7): the month's amount on the compensation so far
  // less what earlier weeks of the month took (nothing under "last-week"), so the month remits the table amount.
  if (c.frequency === 'weekly') return c.due ? full - mtdMoney(c.mtd, mtdKey) : 0;
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
const FREQS = ['semi-monthly', 'monthly', 'weekly'] as const;

/** Whole days from date a to date b (YYYY-MM-DD, validated). */
function daysBetween(a: string, b: string): number {
  const t = (d: string) => Date.UTC(yearOf(d), monthOf(d) - 1, dayOf(d));
  return (t(b) - t(a)) / 86_400_000;
}

function workdays(value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 7)
    throw new PayrollInputError('profile.workdaysPerWeek', 'must be a whole number of days from 1 to 7');
  return value;
}
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
  const rate = formatRate(rNum * (units / mins), hourDen / 60);
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
    const d = `${description} (above the ${formatMoney(ceiling)} ceiling)`;
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
      const used = (cl.per === 'month' ? mtdDm[kind] : ytdDm[kind]) ?? 0;
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
