/**
 * Input and output shapes of computePayslip (re-exported unchanged from the package index). The rules they feed:
 * Labor Code Arts. 83–94 (attendance pay), SSS / PhilHealth / Pag-IBIG circulars (contributions), NIRC Sec. 32(B)
 * and RR 11-2018 (tax, benefits, de minimis) — see docs/REFERENCE.md.
 */
import type { Money } from '../../money.js';
import type { DayType, DeMinimisKind, PayrollTables } from '../../tables/index.js';
import type { DayTypeAlias } from '../dayPay.js';

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
  /** Monthly salary or daily rate: the rate in force on the period's first day. */
  rate: Money;
  /** Raises (or cuts) that take effect inside the period, in date order: from `from` on, each day is paid at
   *  `rate` (same rate type). Days before keep the earlier rate; see README "Rate changes inside a period". */
  rateChanges?: RateChange[];
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

export interface RateChange {
  /** First day paid at `rate`: after the period's start, on or before its end. */
  from: string;
  rate: Money;
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
  /** A workday of the period before the employee's hire date or after the separation date (a monthly salary's
   *  pay period around a mid-period hire or separation): unpaid like an absence (`absent` is implied), but on a
   *  line of its own, "Days outside employment" (code ABSENT), not "Unpaid absence": the employee was not absent. */
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
