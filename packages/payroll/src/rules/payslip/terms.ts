/**
 * The period and the terms of pay of one payslip: which period (semi-monthly cut-off, weekly week ending in its
 * month, last payroll of the year — RR 2-98 / RR 11-2018 year-end adjustment, REFERENCE.md §4.7), the company
 * settings with their defaults (divisor: DOLE Handbook Ch. 1 E, REFERENCE §8.1; contribution split §8.5; tax
 * method §8.6) and the employee's pay profile, including the unrounded day rate (monthly × 12 / divisor,
 * REFERENCE §5.5). Read and validated in a fixed order, so the first bad field is the one reported.
 */
import { dayOf, isLastWeekOfMonth, monthOf, parseDate, yearOf } from '../../dates.js';
import { PayrollInputError } from '../../errors.js';
import { parseMoney, parseMoneyOpt } from '../../money.js';
import { bool, factor, hoursPerDay, obj, oneOf } from '../../validate.js';
import {
  daysBetween,
  EMPTY,
  FREQS,
  RATE_TYPES,
  SPLITS,
  TAX_METHODS,
  WEEKLY_CONTRIBUTIONS,
  workdays,
} from './inputs.js';
import type { BenefitsResult } from './allowances.js';
import type { Contributions } from './contributions.js';
import type { ContributionSplit, PayslipFrequency, TaxMethod, WeeklyContributions } from './types.js';
import type { Withholding } from './withholding.js';

export interface RateSegment {
  from: string;
  cents: number;
}

export interface PayTerms {
  start: string;
  end: string;
  /** Year and month of the period's end: a weekly period belongs to them. */
  year: number;
  month: number;
  weekly: boolean;
  frequency: PayslipFrequency;
  cutoff: 1 | 2;
  periodsPerMonth: number;
  /** Weekly: the last week ending in its month. */
  lastWeek: boolean;
  lastOfYear: boolean;
  /** The first day of the month of the period's end (the contribution tables' date). */
  monthStart: string;
  monthly: boolean;
  rateCents: number;
  divisor: number;
  split: ContributionSplit;
  taxMethod: TaxMethod;
  weeklyMode: WeeklyContributions | undefined;
  minNet: number;
  hpd: number;
  /** COLA per day, centavos. */
  cola: number;
  mwe: boolean;
  restCovered: boolean;
  /** profile.rateChanges, validated: the period's rates in date order, the first from the period start. The
   *  terms' rate (rateCents, rNum) is the last one, in force on the period's end. Undefined: one rate. */
  rateSegments: RateSegment[] | undefined;
  /** Weekly, monthly-paid: the days the salary pays in a week. */
  weekDays: number;
  doSss: boolean;
  doPhic: boolean;
  doHdmf: boolean;
  doTax: boolean;
  /** Day rate as an exact fraction rNum / rDen centavos: monthly × 12 / divisor stays unrounded (LATE-01). */
  rNum: number;
  rDen: number;
}

/**
 * The per-call workspace handed from step to step: the terms, then what each step found (allowances.ts,
 * contributions.ts, withholding.ts fill their part). Made by readTerms for one payslip, results zeroed, one
 * object rather than one per step.
 */
export interface PayslipWork extends PayTerms, BenefitsResult, Contributions, Withholding {}

// A one-slot pool, as for the attendance tally (attendance.ts): the workspace is some 50 fields, made for every
// payslip it (with its boxed numbers) was ~30% of the scavenges of a bench pass. readTerms writes every field of it before any step reads
// one, so nothing of one payslip reaches the next; a call that throws leaves it out and the next makes a new one.
let spareWork: PayslipWork | undefined;

function newWork(): PayslipWork {
  return {
    start: '',
    end: '',
    year: 0,
    month: 0,
    weekly: false,
    frequency: 'semi-monthly',
    cutoff: 1,
    periodsPerMonth: 0,
    lastWeek: false,
    lastOfYear: false,
    monthStart: '',
    monthly: false,
    rateCents: 0,
    divisor: 0,
    split: 'equal',
    taxMethod: 'per-period',
    weeklyMode: undefined,
    minNet: 0,
    hpd: 0,
    cola: 0,
    mwe: false,
    restCovered: false,
    rateSegments: undefined,
    weekDays: 0,
    doSss: false,
    doPhic: false,
    doHdmf: false,
    doTax: false,
    rNum: 0,
    rDen: 0,
    hdmfPeriod: 0,
    bucketUsed: 0,
    sssMonthly: 0,
    mbs: 0,
    hdmfMonthly: 0,
    sssEeSS: 0,
    sssEeMpf: 0,
    sssEe: 0,
    sssEr: 0,
    sssEc: 0,
    phEe: 0,
    phEr: 0,
    pgEe: 0,
    pgEr: 0,
    taxableBase: 0,
    ytdTaxable: 0,
    ytdWithheld: 0,
    wtax: 0,
    yearEnd: undefined,
  };
}

/** Hands the workspace back once the payslip is built (it must not be read after). */
export function giveBackWork(w: PayslipWork): void {
  w.rateSegments = undefined;
  w.yearEnd = undefined;
  spareWork = w;
}

export function readTerms(inp: Record<string, unknown>): PayslipWork {
  // ---- period
  const per = obj(inp.period, 'period');
  const pt = readPeriod(per);
  const { start, end, year, month, weekly, frequency, cutoff, periodsPerMonth, lastWeek, lastOfYear } = pt;

  // ---- settings and profile
  const set = inp.settings === undefined ? EMPTY : obj(inp.settings, 'settings');
  const prof = obj(inp.profile, 'profile');
  const monthly = oneOf(prof.rateType, 'profile.rateType', RATE_TYPES) === 'monthly';
  const rateSegments = readRateChanges(prof, start, end);
  const rateCents = rateSegments
    ? rateSegments[rateSegments.length - 1]!.cents
    : parseMoney(prof.rate, 'profile.rate');
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

  // The workspace of the last call, reused (see takeWork): every field is written here.
  const w = spareWork ?? newWork();
  spareWork = undefined;
  w.start = start;
  w.end = end;
  w.year = year;
  w.month = month;
  w.weekly = weekly;
  w.frequency = frequency;
  w.cutoff = cutoff;
  w.periodsPerMonth = periodsPerMonth;
  w.lastWeek = lastWeek;
  w.lastOfYear = lastOfYear;
  w.monthStart = pt.monthStart;
  w.monthly = monthly;
  w.rateCents = rateCents;
  w.divisor = divisor;
  w.split = split;
  w.taxMethod = taxMethod;
  w.weeklyMode = weeklyMode;
  w.minNet = minNet;
  w.hpd = hpd;
  w.cola = cola;
  w.mwe = mwe;
  w.restCovered = restCovered;
  w.rateSegments = rateSegments;
  w.weekDays = weekDays;
  w.doSss = doSss;
  w.doPhic = doPhic;
  w.doHdmf = doHdmf;
  w.doTax = doTax;
  w.rNum = monthly ? rateCents * 12 : rateCents;
  w.rDen = monthly ? divisor : 1;
  w.hdmfPeriod = 0;
  w.bucketUsed = 0;
  w.sssMonthly = 0;
  w.mbs = 0;
  w.hdmfMonthly = 0;
  w.sssEeSS = 0;
  w.sssEeMpf = 0;
  w.sssEe = 0;
  w.sssEr = 0;
  w.sssEc = 0;
  w.phEe = 0;
  w.phEr = 0;
  w.pgEe = 0;
  w.pgEr = 0;
  w.taxableBase = 0;
  w.ytdTaxable = 0;
  w.ytdWithheld = 0;
  w.wtax = 0;
  w.yearEnd = undefined;
  return w;
}

/** The period part of the terms: a pure function of the period's six fields, all primitives. */
interface PeriodTerms {
  start: string;
  end: string;
  year: number;
  month: number;
  weekly: boolean;
  frequency: PayslipFrequency;
  cutoff: 1 | 2;
  periodsPerMonth: number;
  lastWeek: boolean;
  lastOfYear: boolean;
  /** The first day of the period's month (of its end): the contribution tables' date. */
  monthStart: string;
}

// The last period read and its fields: a payroll run gives every employee the same period (in equal objects, not
// always the same one), so the checks run once per run. Keyed by the six field values the result depends on
// (primitives compared with ===, so a key never matches a different period); a period that fails is not kept.
let lastStart: unknown;
let lastEnd: unknown;
let lastFrequency: unknown;
let lastCutoff: unknown;
let lastLastWeek: unknown;
let lastLastOfYear: unknown;
let lastPeriod: PeriodTerms | undefined;

function readPeriod(per: Record<string, unknown>): PeriodTerms {
  if (
    lastPeriod !== undefined &&
    per.start === lastStart &&
    per.end === lastEnd &&
    per.frequency === lastFrequency &&
    per.cutoff === lastCutoff &&
    per.lastWeekOfMonth === lastLastWeek &&
    per.lastPayrollOfYear === lastLastOfYear
  )
    return lastPeriod;
  const pt = periodTerms(per);
  lastStart = per.start;
  lastEnd = per.end;
  lastFrequency = per.frequency;
  lastCutoff = per.cutoff;
  lastLastWeek = per.lastWeekOfMonth;
  lastLastOfYear = per.lastPayrollOfYear;
  lastPeriod = pt;
  return pt;
}

function periodTerms(per: Record<string, unknown>): PeriodTerms {
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
  const lastWeek = weekly && bool(per.lastWeekOfMonth, 'period.lastWeekOfMonth', isLastWeekOfMonth(end));
  const lastOfYear = bool(
    per.lastPayrollOfYear,
    'period.lastPayrollOfYear',
    // REFERENCE §4.7: the year-end adjustment is made on the last payroll of the year.
    month === 12 && (weekly ? lastWeek : dayOf(end) === 31),
  );
  const monthStart = end.slice(0, 8) + '01';
  return {
    start,
    end,
    year,
    month,
    weekly,
    frequency,
    cutoff,
    periodsPerMonth,
    lastWeek,
    lastOfYear,
    monthStart,
  };
}

/** The day rate of a rate as the exact fraction rNum / rDen centavos (monthly × 12 / divisor, unrounded). */
export function dayRate(
  monthly: boolean,
  rateCents: number,
  divisor: number,
): { rNum: number; rDen: number } {
  return { rNum: monthly ? rateCents * 12 : rateCents, rDen: monthly ? divisor : 1 };
}

/** profile.rate and profile.rateChanges as the period's rates in date order; undefined when the rate is one. */
function readRateChanges(
  prof: Record<string, unknown>,
  start: string,
  end: string,
): RateSegment[] | undefined {
  if (prof.rateChanges === undefined) return undefined;
  if (!Array.isArray(prof.rateChanges) || prof.rateChanges.length > 31)
    throw new PayrollInputError('profile.rateChanges', 'must be an array of at most 31 changes');
  const first = parseMoney(prof.rate, 'profile.rate');
  if (prof.rateChanges.length === 0) return undefined;
  const segments: RateSegment[] = [{ from: start, cents: first }];
  prof.rateChanges.forEach((value, i) => {
    const field = `profile.rateChanges[${i}]`;
    const change = obj(value, field);
    const from = parseDate(change.from, `${field}.from`);
    const previous = segments[segments.length - 1]!.from;
    if (from <= previous || from > end)
      throw new PayrollInputError(
        `${field}.from`,
        i === 0
          ? 'must be after period.start and on or before period.end'
          : 'must be after the change before it and on or before period.end',
      );
    const cents = parseMoney(change.rate, `${field}.rate`);
    if (cents <= 0) throw new PayrollInputError(`${field}.rate`, 'must be more than 0.00');
    segments.push({ from, cents });
  });
  return segments;
}
