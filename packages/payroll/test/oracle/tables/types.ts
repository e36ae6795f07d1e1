/**
 * Shapes of the statutory tables. Tables are plain JSON-friendly data (money as "1234.50", rates as decimal
 * strings) with the date they take effect, so payroll settings can store, edit and pass them back in.
 */
import type { Money } from '../money.js';

export type PayFrequency = 'daily' | 'weekly' | 'semi-monthly' | 'monthly';

export type DayType =
  | 'ordinary'
  | 'special_non_working'
  | 'special_working'
  | 'regular_holiday'
  | 'double_regular_holiday'
  | 'double_special_non_working';

export const DAY_TYPES: readonly DayType[] = [
  'ordinary',
  'special_non_working',
  'special_working',
  'regular_holiday',
  'double_regular_holiday',
  'double_special_non_working',
];

interface Effective {
  /** First day (YYYY-MM-DD) the table applies to. */
  effectiveFrom: string;
  /** Where the figures come from. */
  source: string;
}

export interface SssTable extends Effective {
  minMsc: Money;
  maxMsc: Money;
  /** Bracket width; MSC = step × floor((compensation + step/2) / step). */
  mscStep: Money;
  /** Regular SS part of the MSC stops here; the rest is the Mandatory Provident Fund (MPF) part. */
  regularSsCap: Money;
  employeeRate: string;
  employerRate: string;
  /** EC is `ecLow` below this MSC and `ecHigh` from it. */
  ecThreshold: Money;
  ecLow: Money;
  ecHigh: Money;
}

export interface PhilhealthTable extends Effective {
  rate: string;
  floor: Money;
  ceiling: Money;
}

export interface PagibigTable extends Effective {
  /** Fund salary at or below this uses the low employee rate. */
  lowThreshold: Money;
  employeeRateLow: string;
  employeeRateHigh: string;
  employerRate: string;
  maxFundSalary: Money;
}

/** tax = fixed + rate × (compensation − over). */
export interface TaxBracket {
  over: Money;
  fixed: Money;
  rate: string;
}

export interface WithholdingTable extends Effective {
  /** Brackets in ascending order per pay frequency (bracket 1 first). */
  periods: Record<PayFrequency, TaxBracket[]>;
}

export interface AnnualTaxTable extends Effective {
  brackets: TaxBracket[];
}

export interface BenefitsCeilingTable extends Effective {
  /** Combined exclusion for 13th-month pay and other benefits per year. */
  ceiling: Money;
}

export type DeMinimisKind =
  | 'monetizedVacationLeaveDays'
  | 'medicalAllowanceDependents'
  | 'riceSubsidy'
  | 'uniformAllowance'
  | 'medicalAssistance'
  | 'laundryAllowance'
  | 'achievementAward'
  | 'christmasGift'
  | 'cbaProductivityIncentive';

export interface DeMinimisCeiling {
  /** Money ceiling, or a number of days for monetized leave. */
  amount: string;
  per: 'month' | 'year' | 'semester';
}

export interface DeMinimisTable extends Effective {
  ceilings: Record<DeMinimisKind, DeMinimisCeiling>;
  /** Meal allowance for overtime / night shift, as a share of the regional basic minimum wage. */
  overtimeMealShareOfMinimumWage: string;
}

export interface HolidayCalendar {
  year: number;
  source: string;
  regularHolidays: string[];
  specialNonWorkingDays: string[];
  specialWorkingDays: string[];
}

export interface DayPremium {
  /** Multiplier of the daily rate for the first 8 hours worked. */
  worked: string;
  /** Overtime factor applied on top of `worked` (1.25 or 1.30). */
  overtime: string;
  /** Multiplier paid when not worked and entitled (regular holidays), else "0". */
  unworked: string;
}

export interface PremiumTable extends Effective {
  /** Key: day type, or day type + "_rest_day". */
  days: Record<string, DayPremium>;
  /** Night shift differential as a share of the hourly rate on that hour (10:00 p.m. – 6:00 a.m.). */
  nightDifferential: string;
}

export interface PayrollTables {
  sss: SssTable[];
  philhealth: PhilhealthTable[];
  pagibig: PagibigTable[];
  withholding: WithholdingTable[];
  annualIncomeTax: AnnualTaxTable[];
  benefitsCeiling: BenefitsCeilingTable[];
  deMinimis: DeMinimisTable[];
  holidays: HolidayCalendar[];
  premiums: PremiumTable[];
}
