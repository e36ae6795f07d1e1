import { z } from 'zod';
import { optionalQueryId, workDate } from './field-rules.js';
import { ValidationMessages as M } from './validation-messages.js';

/**
 * Payroll reports of /payroll/reports (issue 10 §5): each is generated from finalised (or paid) periods only.
 * `scope` says what a report covers: one period, the periods whose cut-off ends in a month or a year (with one
 * employee or all), or nothing (as of today).
 */
export type PayrollReportScope = 'period' | 'month' | 'year' | 'year-employee' | 'none';

export const PAYROLL_REPORT_FORMATS = ['xlsx', 'pdf', 'csv', 'txt', 'dat'] as const;
export type PayrollReportFormat = (typeof PAYROLL_REPORT_FORMATS)[number];

/** Bank credit file layouts: a generic CSV for any bank, and the BPI and BDO text layouts. */
export const PAYROLL_BANKS = ['generic', 'bpi', 'bdo'] as const;
export const PayrollBank = z.enum(PAYROLL_BANKS, 'Bank must be generic, bpi or bdo');
export type PayrollBank = z.infer<typeof PayrollBank>;

/** Regions of assignment as the BIR alphalist writes them. */
export const BIR_REGIONS = [
  'NCR',
  'CAR',
  'I',
  'II',
  'III',
  'IV-A',
  'IV-B',
  'V',
  'VI',
  'VII',
  'VIII',
  'IX',
  'X',
  'XI',
  'XII',
  'XIII',
  'ARMM',
] as const;

interface CatalogueEntry {
  title: string;
  description: string;
  scope: PayrollReportScope;
  formats: readonly PayrollReportFormat[];
  /** Where the layout stands: confirmed against the agency's validator, or its fields as CSV / XLSX. */
  layout: string;
}

/** The reports in the order the page lists them; the key is the path under /api/v1/payroll/reports/. */
export const PAYROLL_REPORTS = {
  register: {
    title: 'Payroll register',
    description:
      'Every payslip of a finalised period: earnings, deductions, net pay and employer shares, with totals.',
    scope: 'period',
    formats: ['xlsx', 'pdf', 'csv'],
    layout: 'HRPAY register',
  },
  'bank-file': {
    title: 'Bank payroll credit file',
    description:
      'Net pay of bank-paid employees of a finalised period; held payslips are left out, and paid by the file of the day their pay is released. A BPI or BDO file holds only the employees whose bank is BPI or BDO.',
    scope: 'period',
    formats: ['csv', 'txt'],
    layout: 'Generic CSV; BPI and BDO text layouts from third-party programs (test-upload first)',
  },
  sss: {
    title: 'SSS contributions (R-3)',
    description: 'Employee and employer SSS shares and EC of a month: the R-3 file or its fields as CSV.',
    scope: 'month',
    formats: ['txt', 'csv'],
    layout: 'Legacy R-3 fixed-width file (NR3001DK.txt), unconfirmed; CSV of the same fields',
  },
  philhealth: {
    title: 'PhilHealth remittance (RF-1)',
    description: 'Employee and employer PhilHealth shares of a month, in the RF-1 columns.',
    scope: 'month',
    formats: ['csv'],
    layout: 'RF-1 fields as CSV (the EPRS template is not public)',
  },
  pagibig: {
    title: 'Pag-IBIG contributions (MCRF)',
    description: 'Employee and employer Pag-IBIG shares of a month, in the MCRF columns.',
    scope: 'month',
    formats: ['csv'],
    layout: 'MCRF fields as CSV',
  },
  'loan-remittance': {
    title: 'SSS and Pag-IBIG loan remittance',
    description:
      'Loan amortizations deducted in a month’s finalised payroll, for the SSS or Pag-IBIG loan list.',
    scope: 'month',
    formats: ['xlsx', 'csv'],
    layout: 'Loan list fields as CSV / XLSX (the agencies’ loan upload files are not built)',
  },
  'bir-1601c': {
    title: 'BIR 1601-C',
    description: 'The monthly remittance return’s figures, items 14 to 36.',
    scope: 'month',
    formats: ['xlsx', 'pdf'],
    layout: 'Form items with their numbers, for entry in eBIRForms',
  },
  'bir-2316': {
    title: 'BIR 2316',
    description: 'Certificate of compensation payment and tax withheld, per employee for a year.',
    scope: 'year-employee',
    formats: ['pdf'],
    layout: 'Form items (RMC 34-2022), not the BIR’s printed layout',
  },
  'alphalist-1604c': {
    title: 'BIR 1604-C alphalist',
    description: 'The annual alphalist of employees in the BIR data-entry (DAT) file layout.',
    scope: 'year',
    formats: ['dat'],
    layout: 'DAT reproduced byte for byte from a validated file; code lists unconfirmed',
  },
  'thirteenth-month': {
    title: '13th month pay',
    description: 'Per employee for a year: basic pay earned and 13th month pay paid.',
    scope: 'year',
    formats: ['xlsx', 'csv'],
    layout: 'HRPAY report',
  },
  'loan-balances': {
    title: 'Loan balances',
    description:
      'Every active loan, and those paid off this month, after every finalised payroll: principal, paid and balance.',
    scope: 'none',
    formats: ['xlsx', 'csv'],
    layout: 'HRPAY report',
  },
  'year-to-date': {
    title: 'Year-to-date per employee',
    description: 'Gross, taxable compensation, tax withheld and contributions of each employee for a year.',
    scope: 'year',
    formats: ['xlsx', 'csv'],
    layout: 'HRPAY report',
  },
} as const satisfies Record<string, CatalogueEntry>;
export type PayrollReportKey = keyof typeof PAYROLL_REPORTS;

/** `GET /api/v1/payroll/reports/catalogue`. */
export const PayrollReportCatalogue = z.object({
  Items: z.array(
    z.object({
      Key: z.string(),
      Title: z.string(),
      Description: z.string(),
      Scope: z.enum(['period', 'month', 'year', 'year-employee', 'none']),
      Formats: z.array(z.enum(PAYROLL_REPORT_FORMATS)),
      Layout: z.string(),
    }),
  ),
});
export type PayrollReportCatalogue = z.infer<typeof PayrollReportCatalogue>;

// ---------------------------------------------------------------- query strings

const Year = z.coerce
  .number('Year must be a number')
  .int('Year must be a whole number')
  .min(2000, M.min(2000))
  .max(2100, M.max(2100));
const Month = z.coerce
  .number('Month must be a number')
  .int('Month must be a whole number')
  .min(1, M.min(1))
  .max(12, M.max(12));
const PayrollPeriodId = z.uuid('PayrollPeriodId must be the id of a payroll period');
const formatOf = <const F extends readonly [PayrollReportFormat, ...PayrollReportFormat[]]>(formats: F) =>
  z.enum(formats, `Format must be ${formats.join(', ').replace(/, ([^,]*)$/, ' or $1')}`);

export const PayrollRegisterReportQuery = z.object({
  PayrollPeriodId,
  Format: formatOf(['xlsx', 'pdf', 'csv']).default('xlsx'),
});
export type PayrollRegisterReportQuery = z.input<typeof PayrollRegisterReportQuery>;

/** BPI and BDO need the company's enrolment with the bank: its company code and funding account. */
export const BankFileQuery = z
  .object({
    PayrollPeriodId,
    Bank: PayrollBank.default('generic'),
    CompanyCode: z.string().trim().max(10, M.maxLength(10)).optional(),
    CompanyAccount: z
      .string()
      .trim()
      .regex(/^[\d -]{10,14}$/, 'CompanyAccount must be the 10- or 12-digit funding account')
      .optional(),
    Batch: z.coerce
      .number('Batch must be a number')
      .int('Batch must be a whole number')
      .min(1, M.min(1))
      .max(99, M.max(99))
      .default(1),
    /**
     * The file of the period's held pay released on this day (payslip Release), credited on it; without it, the
     * period's own file, held pay left out.
     */
    ReleasedOn: workDate.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.Bank === 'generic') return;
    for (const key of ['CompanyCode', 'CompanyAccount'] as const)
      if (!q[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required for the ${q.Bank.toUpperCase()} file (from the bank's payroll enrolment)`,
        });
  });
export type BankFileQuery = z.input<typeof BankFileQuery>;

export const SssReportQuery = z.object({ Year, Month, Format: formatOf(['txt', 'csv']).default('txt') });
export type SssReportQuery = z.input<typeof SssReportQuery>;
export const MonthCsvQuery = z.object({ Year, Month, Format: formatOf(['csv']).default('csv') });
export type MonthCsvQuery = z.input<typeof MonthCsvQuery>;
/** Which agency's loans a loan remittance lists. */
export const RemittedLoanAgency = z.enum(['SSS', 'PagIbig'], 'Agency must be SSS or PagIbig');
export const LoanRemittanceQuery = z.object({
  Year,
  Month,
  Agency: RemittedLoanAgency.default('SSS'),
  Format: formatOf(['xlsx', 'csv']).default('xlsx'),
});
export type LoanRemittanceQuery = z.input<typeof LoanRemittanceQuery>;
export const Bir1601cQuery = z.object({ Year, Month, Format: formatOf(['xlsx', 'pdf']).default('xlsx') });
export type Bir1601cQuery = z.input<typeof Bir1601cQuery>;
export const Bir2316Query = z.object({
  Year,
  EmployeeId: optionalQueryId('EmployeeId must be the id of an employee'),
  Format: formatOf(['pdf']).default('pdf'),
});
export type Bir2316Query = z.input<typeof Bir2316Query>;
/** The certificate of final pay of one employee's payslip in a finalised final-pay period (not in the catalogue:
 *  it is downloaded from that payslip). */
export const FinalPayCertificateQuery = z.object({
  PayrollPeriodId,
  EmployeeId: z.uuid('EmployeeId must be the id of an employee'),
});
export type FinalPayCertificateQuery = z.input<typeof FinalPayCertificateQuery>;
export const AlphalistQuery = z.object({
  Year,
  Region: z.enum(BIR_REGIONS, `Region must be one of ${BIR_REGIONS.join(', ')}`).default('NCR'),
  Format: formatOf(['dat']).default('dat'),
});
export type AlphalistQuery = z.input<typeof AlphalistQuery>;
export const YearSheetQuery = z.object({ Year, Format: formatOf(['xlsx', 'csv']).default('xlsx') });
export type YearSheetQuery = z.input<typeof YearSheetQuery>;
export const LoanBalancesQuery = z.object({ Format: formatOf(['xlsx', 'csv']).default('xlsx') });
export type LoanBalancesQuery = z.input<typeof LoanBalancesQuery>;
