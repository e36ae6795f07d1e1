import { DE_MINIMIS_LABELS, HOLIDAY_TYPE_LABELS } from '@hrpay/contracts';

/**
 * The premium table's day types (packages/payroll DayType, and each "_rest_day"), as a Philippine payroll officer
 * names them: the holiday types as HR files them (HOLIDAY_TYPE_LABELS), DOLE's "double holiday" for two regular
 * holidays on one date.
 */
const DAY_LABELS: Record<string, string> = {
  ordinary: 'Ordinary day',
  ordinary_rest_day: 'Rest day',
  special_working: HOLIDAY_TYPE_LABELS.SpecialWorking,
  special_working_rest_day: `${HOLIDAY_TYPE_LABELS.SpecialWorking} on a rest day`,
  special_non_working: HOLIDAY_TYPE_LABELS.SpecialNonWorking,
  special_non_working_rest_day: `${HOLIDAY_TYPE_LABELS.SpecialNonWorking} on a rest day`,
  double_special_non_working: `Double ${HOLIDAY_TYPE_LABELS.SpecialNonWorking.toLowerCase()}`,
  double_special_non_working_rest_day: `Double ${HOLIDAY_TYPE_LABELS.SpecialNonWorking.toLowerCase()} on a rest day`,
  regular_holiday: HOLIDAY_TYPE_LABELS.Regular,
  regular_holiday_rest_day: `${HOLIDAY_TYPE_LABELS.Regular} on a rest day`,
  double_regular_holiday: 'Double holiday',
  double_regular_holiday_rest_day: 'Double holiday on a rest day',
};

/** A premium's parts: the multiplier for the first 8 hours worked, the overtime factor, and the unworked pay. */
const PREMIUM_PART_LABELS: Record<string, string> = {
  worked: 'Worked',
  overtime: 'Overtime',
  unworked: 'Not worked',
};

/** Every field (and group) of the engine's statutory tables, by its own name. */
const LABELS: Record<string, string> = {
  // SSS
  minMsc: 'Minimum MSC',
  maxMsc: 'Maximum MSC',
  mscStep: 'MSC increment',
  regularSsCap: 'Regular SS ceiling (MPF above)',
  employeeRate: 'Employee share',
  employerRate: 'Employer share',
  ecThreshold: 'EC threshold (MSC)',
  ecLow: 'EC, MSC below threshold',
  ecHigh: 'EC, MSC at or above threshold',
  // PhilHealth
  rate: 'Rate',
  floor: 'Salary floor',
  ceiling: 'Salary ceiling',
  // Pag-IBIG
  lowThreshold: 'Lower-share threshold',
  employeeRateLow: 'Employee share, up to threshold',
  employeeRateHigh: 'Employee share, above threshold',
  maxFundSalary: 'Maximum fund salary',
  // BIR tax tables: a bracket's tax is the fixed tax plus the rate on the excess over its floor.
  periods: 'Pay frequency',
  daily: 'Daily',
  weekly: 'Weekly',
  'semi-monthly': 'Semi-monthly',
  monthly: 'Monthly',
  brackets: 'Brackets',
  over: 'Over',
  fixed: 'Fixed tax',
  // De minimis benefits (their names as pay components show them) and their ceilings
  ceilings: 'Benefit',
  ...DE_MINIMIS_LABELS,
  monetizedVacationLeaveDays: `${DE_MINIMIS_LABELS.monetizedVacationLeaveDays} (days)`,
  amount: 'Ceiling',
  per: 'Per',
  overtimeMealShareOfMinimumWage: 'OT / night shift meal allowance (share of minimum wage)',
  // Holiday, rest day and overtime premiums
  days: 'Day',
  ...DAY_LABELS,
  ...PREMIUM_PART_LABELS,
  value: 'Value',
  nightDifferential: 'Night differential',
};

/**
 * A field of one table that reads differently from the same name elsewhere: PhilHealth's "rate" is its premium
 * rate, the benefits table's "ceiling" the yearly exclusion.
 */
const TABLE_LABELS: Record<string, Record<string, string>> = {
  PhilHealth: { rate: 'Premium rate' },
  BenefitsCeiling: { ceiling: 'Yearly exclusion ceiling' },
};

/** A name the tables do not have yet, as words: "employeeRateLow" -> "Employee rate low". */
const words = (key: string) => {
  const text = key
    .replace(/[_-]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * A statutory table field's label ("employeeRateLow" -> "Employee share, up to threshold"), in `table` (a
 * StatutoryRowKind) when it reads differently there. A premium figure "day.part" is "<day>: <part>"
 * ("regular_holiday.worked" -> "Regular holiday: worked").
 */
export function label(key: string, table?: string): string {
  const own = (table && TABLE_LABELS[table]?.[key]) ?? LABELS[key];
  if (own) return own;
  const dot = key.indexOf('.');
  if (dot > 0) {
    const part = key.slice(dot + 1);
    return `${label(key.slice(0, dot), table)}: ${label(part, table).toLowerCase()}`;
  }
  return words(key);
}
