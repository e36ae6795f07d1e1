import { z } from 'zod';
import { calendarDate, requiredText, optionalFreeText } from './field-rules.js';
import { exportRequest, listRequest, listResponse, outputOnly, RowVersion } from './lists.js';
import { Money } from './money.js';
import { ValidationMessages as M } from './validation-messages.js';

/**
 * Issue 10 §1: employee payroll details. Rates are effective-dated (a raise is a new row, history kept), the pay
 * profile holds the flags a payroll run reads, recurring items are amounts per pay period, and a loan's balance
 * is its principal less the sum of its ledger (payments from finalised payrolls and manual adjustments).
 */

export const PayRateType = z.enum(['Monthly', 'Daily']);
export type PayRateType = z.infer<typeof PayRateType>;
export const PAYMENT_METHODS = ['Bank', 'Cash', 'Check'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** The payroll engine's de minimis kinds (packages/payroll DeMinimisKind; the server checks they agree). */
export const DE_MINIMIS_KINDS = [
  'monetizedVacationLeaveDays',
  'medicalAllowanceDependents',
  'riceSubsidy',
  'uniformAllowance',
  'medicalAssistance',
  'laundryAllowance',
  'achievementAward',
  'christmasGift',
  'cbaProductivityIncentive',
] as const;
export const DeMinimisKind = z.enum(DE_MINIMIS_KINDS, {
  error: `Choose one of the de minimis kinds: ${DE_MINIMIS_KINDS.join(', ')}`,
});
export type DeMinimisKind = z.infer<typeof DeMinimisKind>;
export const DE_MINIMIS_LABELS: Record<DeMinimisKind, string> = {
  monetizedVacationLeaveDays: 'Monetized unused vacation leave',
  medicalAllowanceDependents: 'Medical cash allowance to dependents',
  riceSubsidy: 'Rice subsidy',
  uniformAllowance: 'Uniform and clothing allowance',
  medicalAssistance: 'Actual medical assistance',
  laundryAllowance: 'Laundry allowance',
  achievementAward: 'Employee achievement award',
  christmasGift: 'Christmas gift',
  cbaProductivityIncentive: 'CBA / productivity incentive',
};

export const PayProfileMessages = {
  code: 'Use 1 to 20 capital letters, digits, - or _',
  hoursPerDay: 'Hours per day must be more than 0',
  effectiveTo: 'The end date cannot be before the start date',
  deMinimisOnEarning: 'Only an earning can be de minimis',
  amortization: 'The amortisation cannot be more than the principal',
  bankAccount: 'Use digits, spaces and dashes only',
  reservedCode: "This code is reserved for the payroll's own lines.",
} as const;

/**
 * The payroll engine's own line codes (packages/payroll ENGINE_LINE_CODES; the server's tests check they agree):
 * the documents sort payslip lines into the register's and the BIR forms' buckets by code (basic pay, overtime,
 * SSS, withholding tax, ...), so an earning or deduction of the user's with such a code was counted there.
 * Whole families by prefix (PREM_ORD, OT_RH, ...: one code per day type, and the documents match the prefix);
 * `_TAXABLE` ends the engine's line of an allowance's or benefit's taxable excess, `_EXCESS` that of a de minimis
 * allowance's excess. The compute's own lines too: SIL-CASH (a final pay's unused leave, which finalising takes off
 * the leave balance) and LEAVE-CONV... (a year-start cash conversion).
 */
export const RESERVED_PAY_CODES = [
  'BASIC',
  'LEAVE',
  'COLA',
  'ABSENT',
  'LATE',
  'UNDERTIME',
  'RATE_ADJ',
  'SSS',
  'PHIC',
  'HDMF',
  'WTAX',
  'SIL-CASH',
] as const;
export const RESERVED_PAY_CODE_PREFIXES = [
  'PREM_',
  'ND_',
  'OT_',
  'NDOT_',
  'HOL_',
  'HOLX_',
  'LEAVE-CONV',
  'LEAVE-CASH',
  'CARRY',
] as const;
/** Whether a user-defined pay code (any case) would pass for one of the payroll's own lines. */
export function isReservedPayCode(code: string): boolean {
  const c = code.trim().toUpperCase();
  return (
    (RESERVED_PAY_CODES as readonly string[]).includes(c) ||
    RESERVED_PAY_CODE_PREFIXES.some((p) => c.startsWith(p)) ||
    c.endsWith('_TAXABLE') ||
    c.endsWith('_EXCESS')
  );
}

const isoDate = calendarDate;
const text = (max: number) => optionalFreeText(max, { multiline: max >= 200 });
const CODE = /^[A-Z0-9_-]{1,20}$/;
/** An earning / deduction / loan type code, upper-cased (pay items, loan types and pay components share it). */
export const PayCode = z
  .string()
  .trim()
  .min(1, M.required)
  .transform((v) => v.toUpperCase())
  .pipe(
    z
      .string()
      .regex(CODE, PayProfileMessages.code)
      // One message a code: a malformed one gets the format's only.
      .refine((v) => !CODE.test(v) || !isReservedPayCode(v), PayProfileMessages.reservedCode),
  );

// ---------- The grid ----------

export const EMPLOYEE_PAY_FLAGS = [
  'NoRate',
  'NoBankAccount',
  'MissingTIN',
  'MissingSSS',
  'MissingPhilHealth',
  'MissingPagIbig',
] as const;
export type EmployeePayFlag = (typeof EMPLOYEE_PAY_FLAGS)[number];
export const EMPLOYEE_PAY_FLAG_LABELS: Record<EmployeePayFlag, string> = {
  NoRate: 'No rate',
  NoBankAccount: 'No bank account',
  MissingTIN: 'No TIN',
  MissingSSS: 'No SSS',
  MissingPhilHealth: 'No PhilHealth',
  MissingPagIbig: 'No Pag-IBIG',
};

export const EmployeePayRow = z.object({
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  FullName: z.string(),
  DepartmentName: z.string().nullable(),
  /** The rate in force today (history, else the 201 starting rate); null when there is none. */
  RateType: PayRateType.nullable(),
  Rate: z.string().nullable(),
  PaymentMethod,
  BankName: z.string().nullable(),
  IsMinimumWageEarner: z.boolean(),
  NoRate: z.boolean(),
  /** Paid by bank but without an account number. */
  NoBankAccount: z.boolean(),
  MissingTIN: z.boolean(),
  MissingSSS: z.boolean(),
  MissingPhilHealth: z.boolean(),
  MissingPagIbig: z.boolean(),
});
export type EmployeePayRow = z.infer<typeof EmployeePayRow>;

export const EMPLOYEE_PAY_SORTABLE = [
  'EmployeeNumber',
  'FullName',
  'DepartmentName',
  'Rate',
  'PaymentMethod',
] as const;
const payListFilters = {
  DepartmentId: z.uuid().optional(),
  /** Only employees with at least one missing-data flag. */
  MissingData: z.boolean().optional(),
  IncludeSeparated: z.boolean().optional(),
};
export const EmployeePayListRequest = listRequest(EMPLOYEE_PAY_SORTABLE, payListFilters);
export type EmployeePayListRequest = z.input<typeof EmployeePayListRequest>;
export const EmployeePayExportRequest = exportRequest(EMPLOYEE_PAY_SORTABLE, payListFilters);
export type EmployeePayExportRequest = z.input<typeof EmployeePayExportRequest>;
export const EmployeePayListResponse = listResponse(EmployeePayRow);

// ---------- Profile (GET / PUT) ----------

export const PayProfileFields = {
  IsMinimumWageEarner: z.boolean().default(false),
  PaymentMethod: PaymentMethod.default('Bank'),
  ExemptSss: z.boolean().default(false),
  ExemptPhilHealth: z.boolean().default(false),
  ExemptPagIbig: z.boolean().default(false),
  ExemptWithholdingTax: z.boolean().default(false),
  /** Overrides the company divisor for this employee; empty: the company's. */
  Divisor: z.number().int('Enter a whole number').min(1, M.min(1)).max(366, M.max(366)).nullable().optional(),
  BankName: text(100),
  BankAccountNumber: z
    .string()
    .trim()
    .max(30, M.maxLength(30))
    .regex(/^[0-9 -]*$/, PayProfileMessages.bankAccount)
    .nullable()
    .optional(),
};

const PayDetailsOutput = {
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  FullName: z.string(),
  DepartmentName: z.string().nullable(),
  HireDate: z.string().nullable(),
  Status: z.enum(['Active', 'Separated']),
  TIN: z.string().nullable(),
  SSSNumber: z.string().nullable(),
  PhilHealthNumber: z.string().nullable(),
  PagIbigNumber: z.string().nullable(),
  /** The rate in force today, or null. */
  CurrentRate: z
    .object({
      EffectiveFrom: z.string().nullable(),
      RateType: PayRateType,
      Rate: z.string(),
      HoursPerDay: z.string(),
      ColaPerDay: z.string(),
    })
    .nullable(),
  Flags: z.array(z.enum(EMPLOYEE_PAY_FLAGS)),
  UpdatedAt: z.string().nullable(),
};

export const EmployeePayDetails = z.object({
  ...PayDetailsOutput,
  IsMinimumWageEarner: z.boolean(),
  PaymentMethod,
  ExemptSss: z.boolean(),
  ExemptPhilHealth: z.boolean(),
  ExemptPagIbig: z.boolean(),
  ExemptWithholdingTax: z.boolean(),
  Divisor: z.number().int().nullable(),
  BankName: z.string().nullable(),
  BankAccountNumber: z.string().nullable(),
  /** The profile's version (1 until payroll first saves it). */
  RowVersion: z.number().int(),
});
export type EmployeePayDetails = z.infer<typeof EmployeePayDetails>;

export const UpdateEmployeePayDetailsRequest = z.strictObject({
  ...PayProfileFields,
  RowVersion,
  ...outputOnly(PayDetailsOutput),
});
export type UpdateEmployeePayDetailsRequest = z.input<typeof UpdateEmployeePayDetailsRequest>;

// ---------- Rates ----------

export const PayRateFields = {
  EffectiveFrom: isoDate,
  RateType: PayRateType,
  Rate: Money(),
  HoursPerDay: z
    .number(M.required)
    .gt(0, PayProfileMessages.hoursPerDay)
    .max(24, M.max(24))
    .refine((v) => Number.isInteger(v * 100), 'Use at most 2 decimals')
    .default(8),
  /** COLA per paid day (daily-rate employees under a wage order). */
  ColaPerDay: Money({ allowZero: true }).default('0.00'),
  Reason: text(200),
};
export const CreatePayRateRequest = z.strictObject(PayRateFields);
export type CreatePayRateRequest = z.input<typeof CreatePayRateRequest>;

export const PayRate = z.object({
  /** Null for the 201 starting rate (employees.rate_type / basic_rate), which is not a history row. */
  PayRateId: z.uuid().nullable(),
  EmployeeId: z.uuid(),
  EffectiveFrom: z.string().nullable(),
  RateType: PayRateType,
  Rate: z.string(),
  HoursPerDay: z.string(),
  ColaPerDay: z.string(),
  Reason: z.string().nullable(),
  /** In force today. */
  IsCurrent: z.boolean(),
  /** Takes effect after today, so it can still be deleted. */
  IsFuture: z.boolean(),
  IsStartingRate: z.boolean(),
  CreatedAt: z.string().nullable(),
});
export type PayRate = z.infer<typeof PayRate>;
export const PayRateListResponse = z.array(PayRate);

// ---------- Recurring items ----------

export const PayItemKind = z.enum(['Earning', 'Deduction']);
export type PayItemKind = z.infer<typeof PayItemKind>;

const payItemObject = z.strictObject({
  Kind: PayItemKind,
  Code: PayCode,
  Description: requiredText(100),
  /** Per pay period. */
  Amount: Money(),
  Taxable: z.boolean().default(true),
  DeMinimis: DeMinimisKind.nullable().optional(),
  EffectiveFrom: isoDate,
  EffectiveTo: isoDate.nullable().optional(),
});
const payItemRules = <T extends z.ZodType<z.output<typeof payItemObject>>>(schema: T) =>
  schema
    .refine((v) => !v.EffectiveTo || v.EffectiveTo >= v.EffectiveFrom, {
      path: ['EffectiveTo'],
      message: PayProfileMessages.effectiveTo,
    })
    .refine((v) => v.Kind === 'Earning' || !v.DeMinimis, {
      path: ['DeMinimis'],
      message: PayProfileMessages.deMinimisOnEarning,
    });

export const CreatePayItemRequest = payItemRules(payItemObject);
export type CreatePayItemRequest = z.input<typeof CreatePayItemRequest>;

export const PayItem = z.object({
  PayItemId: z.uuid(),
  EmployeeId: z.uuid(),
  Kind: PayItemKind,
  Code: z.string(),
  Description: z.string(),
  Amount: z.string(),
  Taxable: z.boolean(),
  DeMinimis: DeMinimisKind.nullable(),
  EffectiveFrom: z.string(),
  EffectiveTo: z.string().nullable(),
  RowVersion: z.number().int(),
  CreatedAt: z.string(),
});
export type PayItem = z.infer<typeof PayItem>;
export const PayItemListResponse = z.array(PayItem);

export const UpdatePayItemRequest = payItemRules(
  payItemObject.extend({
    RowVersion,
    ...outputOnly({ PayItemId: z.uuid(), EmployeeId: z.uuid(), CreatedAt: z.string() }),
  }),
);
export type UpdatePayItemRequest = z.input<typeof UpdatePayItemRequest>;

// ---------- Loans ----------

export const LOAN_STATUSES = ['Active', 'Paid', 'Cancelled'] as const;
export const LoanStatus = z.enum(LOAN_STATUSES);

const loanObject = z.strictObject({
  LoanTypeId: z.uuid(M.required),
  ReferenceNumber: text(50),
  Principal: Money(),
  /** Deducted from each regular payroll whose cut-off ends on or after the start date. */
  Amortization: Money(),
  StartDate: isoDate,
  Remarks: text(500),
});
const loanRules = <T extends z.ZodType<z.output<typeof loanObject>>>(schema: T) =>
  schema.refine((v) => moneyCents(v.Amortization) <= moneyCents(v.Principal), {
    path: ['Amortization'],
    message: PayProfileMessages.amortization,
  });
/** Exact comparison of two 2-decimal money strings as integer centavos (both at most 11 digits). */
function moneyCents(value: string): number {
  return Number(value.replace('.', ''));
}

export const CreateLoanRequest = loanRules(loanObject);
export type CreateLoanRequest = z.input<typeof CreateLoanRequest>;

export const LoanLedgerEntry = z.object({
  LoanLedgerEntryId: z.uuid(),
  EntryDate: z.string(),
  Kind: z.enum(['Payment', 'Adjustment']),
  /** Positive reduces the balance. */
  Amount: z.string(),
  PayrollPeriodId: z.uuid().nullable(),
  Remarks: z.string().nullable(),
  CreatedAt: z.string(),
});
export type LoanLedgerEntry = z.infer<typeof LoanLedgerEntry>;

const LoanOutput = {
  LoanId: z.uuid(),
  EmployeeId: z.uuid(),
  LoanTypeCode: z.string(),
  LoanTypeName: z.string(),
  Status: LoanStatus,
  /** Sum of the ledger. */
  TotalPaid: z.string(),
  /** Principal less the sum of the ledger. */
  Balance: z.string(),
  Ledger: z.array(LoanLedgerEntry),
  CreatedAt: z.string(),
};
export const Loan = z.object({
  ...LoanOutput,
  LoanTypeId: z.uuid(),
  ReferenceNumber: z.string().nullable(),
  Principal: z.string(),
  Amortization: z.string(),
  StartDate: z.string(),
  Remarks: z.string().nullable(),
  RowVersion: z.number().int(),
});
export type Loan = z.infer<typeof Loan>;
export const LoanListResponse = z.array(Loan);

export const UpdateLoanRequest = loanRules(loanObject.extend({ RowVersion, ...outputOnly(LoanOutput) }));
export type UpdateLoanRequest = z.input<typeof UpdateLoanRequest>;

export const CancelLoanRequest = z.strictObject({ RowVersion, Remarks: text(500) });
export type CancelLoanRequest = z.input<typeof CancelLoanRequest>;

/** A manual ledger entry: positive reduces the balance (a payment made outside payroll), negative adds back. */
export const LoanAdjustmentRequest = z.strictObject({
  EntryDate: isoDate,
  Amount: z.string().transform((value, ctx) => {
    const negative = value.trim().startsWith('-');
    const parsed = Money().safeParse(negative ? value.trim().slice(1) : value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
      return z.NEVER;
    }
    return negative ? `-${parsed.data}` : parsed.data;
  }),
  Remarks: requiredText(500, { multiline: true }),
});
export type LoanAdjustmentRequest = z.input<typeof LoanAdjustmentRequest>;

// ---------- Deductions carried from earlier payrolls ----------

/**
 * A deduction a finalised payslip could not take for want of pay, carried to the employee's next payroll: Open
 * until a finalised payslip takes it up (Taken: deducted in whole, or what did not fit carried again as a new
 * one) or payroll waives it. One a final pay could not take stays Open: a debt to collect outside payroll.
 */
export const CarriedDeduction = z.object({
  CarryoverId: z.uuid(),
  FromPeriodName: z.string(),
  FromPeriodKind: z.string(),
  FromPayDate: z.string(),
  Code: z.string(),
  Description: z.string(),
  Amount: z.string(),
  Status: z.enum(['Open', 'Taken', 'Waived']),
  TakenInPeriodName: z.string().nullable(),
  WaivedAt: z.string().nullable(),
  WaivedByName: z.string().nullable(),
  WaiveReason: z.string().nullable(),
});
export type CarriedDeduction = z.infer<typeof CarriedDeduction>;
export const CarriedDeductionListResponse = z.object({ Items: z.array(CarriedDeduction) });
export type CarriedDeductionListResponse = z.infer<typeof CarriedDeductionListResponse>;

export const WaiveCarriedDeductionRequest = z.strictObject({
  Reason: requiredText(500, { multiline: true }),
});
export type WaiveCarriedDeductionRequest = z.input<typeof WaiveCarriedDeductionRequest>;

// ---------- Compensation from a previous employer of the year (its BIR 2316) ----------

/** The amounts of a previous employer's 2316, as the form states them: [field, label]. */
export const PREVIOUS_EMPLOYER_AMOUNTS = [
  ['BasicSmw', 'Basic salary, minimum wage earner'],
  ['Holiday', 'Holiday pay (MWE)'],
  ['Overtime', 'Overtime pay (MWE)'],
  ['NightDiff', 'Night shift differential (MWE)'],
  ['Hazard', 'Hazard pay (MWE)'],
  ['Thirteenth', '13th month and other benefits'],
  ['DeMinimis', 'De minimis benefits'],
  ['Contributions', 'SSS, PhilHealth, Pag-IBIG, union dues'],
  ['Salaries', 'Salaries and other compensation'],
  ['TaxableBasic', 'Taxable basic salary'],
  ['TaxableThirteenth', 'Taxable 13th month and benefits'],
  ['TaxableSalaries', 'Taxable other compensation'],
  ['TaxWithheld', 'Tax withheld'],
] as const;
export type PreviousEmployerAmount = (typeof PREVIOUS_EMPLOYER_AMOUNTS)[number][0];

/** An amount of the 2316; left blank, nothing (0.00): most of its items are empty for most employees. */
const previousEmployerAmount = z
  .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? '0.00' : v), Money({ allowZero: true }))
  .default('0.00');
/** The yearly exclusion of 13th month pay and other benefits (NIRC Sec. 32(B)(7)(e) as amended by TRAIN). */
const BENEFITS_CEILING = '90000.00';
const previousEmployerShape = {
  EmployerName: requiredText(200),
  EmployerTIN: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^[\d\s-]+$/.test(v) && [9, 12, 14].includes(v.replace(/[\s-]/g, '').length)),
      'Enter the TIN as 000-000-000-000',
    )
    .nullable()
    .optional(),
  EmployerAddress: text(300),
  ...(Object.fromEntries(PREVIOUS_EMPLOYER_AMOUNTS.map(([key]) => [key, previousEmployerAmount])) as Record<
    PreviousEmployerAmount,
    typeof previousEmployerAmount
  >),
};
const PreviousEmployerOutput = {
  EmployeeId: z.uuid(),
  Year: z.number().int(),
  /** Items 21-ish of Part III: the non-taxable total, the taxable total (item 22), and gross (their sum). */
  NonTaxableTotal: z.string(),
  TaxableTotal: z.string(),
  Gross: z.string(),
  UpdatedAt: z.string(),
};
export const PreviousEmployerCompensation = z.object({
  ...previousEmployerShape,
  EmployerTIN: z.string().nullable(),
  EmployerAddress: z.string().nullable(),
  ...(Object.fromEntries(PREVIOUS_EMPLOYER_AMOUNTS.map(([key]) => [key, z.string()])) as Record<
    PreviousEmployerAmount,
    z.ZodString
  >),
  ...PreviousEmployerOutput,
  RowVersion: z.number().int(),
});
export type PreviousEmployerCompensation = z.infer<typeof PreviousEmployerCompensation>;
export const PreviousEmployerListResponse = z.object({ Items: z.array(PreviousEmployerCompensation) });
export type PreviousEmployerListResponse = z.infer<typeof PreviousEmployerListResponse>;
/** PUT body: a new year's figures (RowVersion 0 or left out) or the year's figures changed (its RowVersion). */
export const SavePreviousEmployerRequest = z
  .strictObject({
    ...previousEmployerShape,
    RowVersion: z.number().int().min(0).optional(),
    ...outputOnly(PreviousEmployerOutput),
  })
  .refine((r) => moneyCents(r.Thirteenth) <= moneyCents(BENEFITS_CEILING), {
    path: ['Thirteenth'],
    message: M.max(Number(BENEFITS_CEILING)),
  });
export type SavePreviousEmployerRequest = z.input<typeof SavePreviousEmployerRequest>;

// ---------- Loan types ----------

export const LOAN_AGENCIES = ['SSS', 'PagIbig', 'Company'] as const;
export const LoanAgency = z.enum(LOAN_AGENCIES);
export const LOAN_AGENCY_LABELS: Record<z.infer<typeof LoanAgency>, string> = {
  SSS: 'SSS',
  PagIbig: 'Pag-IBIG',
  Company: 'Company',
};

export const LoanTypeFields = {
  Code: PayCode,
  Name: requiredText(100),
  /** Which remittance report lists its payments. */
  Agency: LoanAgency.default('Company'),
  IsActive: z.boolean().default(true),
};
const LoanTypeOutput = { LoanTypeId: z.uuid(), LoanCount: z.number().int(), CreatedAt: z.string() };
export const LoanType = z.object({
  ...LoanTypeOutput,
  Code: z.string(),
  Name: z.string(),
  Agency: LoanAgency,
  IsActive: z.boolean(),
  RowVersion: z.number().int(),
});
export type LoanType = z.infer<typeof LoanType>;
export const CreateLoanTypeRequest = z.strictObject(LoanTypeFields);
export type CreateLoanTypeRequest = z.input<typeof CreateLoanTypeRequest>;
export const UpdateLoanTypeRequest = z.strictObject({
  ...LoanTypeFields,
  RowVersion,
  ...outputOnly(LoanTypeOutput),
});
export type UpdateLoanTypeRequest = z.input<typeof UpdateLoanTypeRequest>;
export const LOAN_TYPE_SORTABLE = ['Code', 'Name', 'Agency', 'IsActive'] as const;
export const LoanTypeListRequest = listRequest(LOAN_TYPE_SORTABLE, { IsActive: z.boolean().optional() });
export type LoanTypeListRequest = z.input<typeof LoanTypeListRequest>;
export const LoanTypeListResponse = listResponse(LoanType);
export const LoanTypeOption = z.object({
  LoanTypeId: z.uuid(),
  Code: z.string(),
  Name: z.string(),
  IsActive: z.boolean(),
});
export const LoanTypeOptionsResponse = z.array(LoanTypeOption);
export type LoanTypeOption = z.infer<typeof LoanTypeOption>;

// ---------- Bulk rate update ----------

export const RATE_IMPORT_COLUMNS = ['EmployeeNumber', 'EffectiveDate', 'RateType', 'Rate'] as const;
/** A synchronous request: the file is read, checked and written inside one request. */
export const RATE_IMPORT_MAX_ROWS = 5_000;
export const RATE_IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024;

export const RateImportRowError = z.object({
  Row: z.number().int(),
  Column: z.string().nullable(),
  Value: z.string().nullable(),
  Message: z.string(),
});
export type RateImportRowError = z.infer<typeof RateImportRowError>;
export const RateImportPreviewRow = z.object({
  Row: z.number().int(),
  EmployeeNumber: z.string(),
  EmployeeName: z.string().nullable(),
  EffectiveDate: z.string(),
  RateType: z.string(),
  Rate: z.string(),
  /** New: a rate to add; Unchanged: the same rate is already recorded for that date (added again: nothing). */
  Action: z.enum(['New', 'Unchanged', 'Error']),
});
export type RateImportPreviewRow = z.infer<typeof RateImportPreviewRow>;
export const RateImportResult = z.object({
  FileName: z.string(),
  TotalRows: z.number().int(),
  NewRows: z.number().int(),
  UnchangedRows: z.number().int(),
  ErrorRows: z.number().int(),
  Errors: z.array(RateImportRowError),
  Rows: z.array(RateImportPreviewRow),
  /** Whether the rates were written (commit without errors only). */
  Committed: z.boolean(),
});
export type RateImportResult = z.infer<typeof RateImportResult>;
