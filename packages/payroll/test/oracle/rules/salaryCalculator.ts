/** A regular period for a monthly-paid employee with no attendance exceptions — a thin wrapper on computePayslip. */
import { daysInMonth, parseDate } from '../dates.js';
import type { Money } from '../money.js';
import type { PayrollTables } from '../tables/index.js';
import { bool, obj, oneOf } from '../validate.js';
import { computePayslip, type ContributionSplit, type TaxMethod } from './payslip.js';

export interface SalaryCalculatorInput {
  monthlyBasicSalary: Money;
  payFrequency: 'monthly' | 'semi-monthly';
  isMinimumWageEarner?: boolean;
  contributionSplit?: ContributionSplit;
  taxMethod?: TaxMethod;
  /** Semi-monthly cut-off (default 1). */
  cutoff?: 1 | 2;
  /** Taxable allowances for the period (default none). */
  taxableAllowances?: Money;
  asOf: string;
  tables?: Partial<PayrollTables>;
}

export interface SalaryCalculatorResult {
  grossPay: Money;
  sssEmployee: Money;
  philhealthEmployee: Money;
  pagibigEmployee: Money;
  taxableCompensation: Money;
  withholdingTax: Money;
  netPay: Money;
  sssEmployer: Money;
  philhealthEmployer: Money;
  pagibigEmployer: Money;
}

export function salaryCalculator(input: SalaryCalculatorInput): SalaryCalculatorResult {
  const i = obj(input, 'input');
  const asOf = parseDate(i.asOf, 'asOf');
  const frequency = oneOf(i.payFrequency, 'payFrequency', ['monthly', 'semi-monthly'] as const);
  const cutoff = i.cutoff === undefined ? 1 : oneOf(String(i.cutoff), 'cutoff', ['1', '2']) === '1' ? 1 : 2;
  const ym = asOf.slice(0, 7);
  const last = String(daysInMonth(Number(ym.slice(0, 4)), Number(ym.slice(5, 7))));
  const [start, end] =
    frequency === 'monthly'
      ? [`${ym}-01`, `${ym}-${last}`]
      : cutoff === 1
        ? [`${ym}-01`, `${ym}-15`]
        : [`${ym}-16`, `${ym}-${last}`];
  const p = computePayslip({
    period: { start, end, frequency, cutoff, lastPayrollOfYear: false },
    profile: {
      rateType: 'monthly',
      rate: input.monthlyBasicSalary,
      isMinimumWageEarner: bool(i.isMinimumWageEarner, 'isMinimumWageEarner', false),
    },
    allowances:
      input.taxableAllowances === undefined ? [] : [{ code: 'ALLOW', amount: input.taxableAllowances }],
    settings: {
      ...(input.contributionSplit === undefined ? {} : { contributionSplit: input.contributionSplit }),
      ...(input.taxMethod === undefined ? {} : { taxMethod: input.taxMethod }),
    },
    ...(input.tables === undefined ? {} : { tables: input.tables }),
  });
  return {
    grossPay: p.gross,
    sssEmployee: p.employeeShares.sss,
    philhealthEmployee: p.employeeShares.philhealth,
    pagibigEmployee: p.employeeShares.pagibig,
    taxableCompensation: p.taxableBase,
    withholdingTax: p.withholdingTax,
    netPay: p.netPay,
    sssEmployer: p.employerShares.sss,
    philhealthEmployer: p.employerShares.philhealth,
    pagibigEmployer: p.employerShares.pagibig,
  };
}
