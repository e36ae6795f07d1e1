/** @hrpay/payroll — Philippine payroll rules as pure functions over effective-dated tables. */
export { PayrollInputError } from './errors.js';
export { isLastPayrollOfYear } from './dates.js';
export type { Money } from './money.js';
/** Exact money parsing / formatting in integer centavos, for consumers that total payslip amounts. */
export { parseMoney, formatMoney } from './money.js';
export { sss, philhealth, pagibig } from './rules/contributions.js';
export type { SssInput, PhilhealthInput, PagibigInput } from './rules/contributions.js';
export { withholdingTax, annualIncomeTax } from './rules/tax.js';
export type { WithholdingTaxInput, AnnualIncomeTaxInput } from './rules/tax.js';
export { thirteenthMonthPay, benefitsExemption, deMinimisCeiling } from './rules/benefits.js';
export type { BenefitsExemptionInput } from './rules/benefits.js';
export { monthlyEquivalentRate, dailyRateFromMonthly, tardinessDeduction } from './rules/rates.js';
export { dayPay } from './rules/dayPay.js';
export type { DayPayInput, DayPayResult } from './rules/dayPay.js';
export { nationalHolidays } from './rules/holidays.js';
export { salaryCalculator } from './rules/salaryCalculator.js';
export type { SalaryCalculatorInput, SalaryCalculatorResult } from './rules/salaryCalculator.js';
export { computePayslip } from './rules/payslip.js';
export { ENGINE_LINE_CODES } from './rules/payslip/earnings.js';
export type {
  Allowance,
  Benefit,
  CompanySettings,
  ContributionSplit,
  PayslipFrequency,
  WeeklyContributions,
  DayAttendance,
  DeferredDeduction,
  MonthToDate,
  OtherDeduction,
  PayProfile,
  RateChange,
  Payslip,
  PayslipInput,
  PayslipLine,
  TaxMethod,
  YearToDate,
} from './rules/payslip.js';
export { DEFAULT_TABLES } from './tables/index.js';
export type * from './tables/types.js';
