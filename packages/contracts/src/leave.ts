import { z } from 'zod';
import { dateBetween, requiredText, optionalFreeText } from './field-rules.js';
import { exportRequest, listRequest, listResponse, outputOnly, RowVersion } from './lists.js';
import { ValidationMessages as M } from './validation-messages.js';

/** Issue 9 §2: leave types per company (Philippine statutory leaves seeded) and credits kept as a ledger. */

export const LEAVE_GRANT_RULES = ['Yearly', 'HireAnniversary', 'Monthly', 'None'] as const;
export const LeaveGrantRule = z.enum(LEAVE_GRANT_RULES);
export type LeaveGrantRule = z.infer<typeof LeaveGrantRule>;
export const LEAVE_GRANT_RULE_LABELS: Record<LeaveGrantRule, string> = {
  Yearly: 'Yearly on 1 January',
  HireAnniversary: 'Yearly on the hire anniversary',
  Monthly: 'Monthly accrual',
  None: 'No credits (per event)',
};

const days = (max: number, min = 0) =>
  z
    .number(M.required)
    .min(min, M.min(min))
    .max(max, M.max(max))
    .refine((v) => Number.isInteger(v * 2), 'Use whole or half days');

export const LeaveTypeFields = {
  Code: requiredText(10),
  Name: requiredText(100),
  IsPaid: z.boolean().default(true),
  /** Filing needs enough credits; event leaves (maternity, leave without pay) do not. */
  NeedsBalance: z.boolean().default(true),
  GrantRule: LeaveGrantRule.default('Yearly'),
  /** Days granted a year (a monthly accrual grants a twelfth each month). */
  AnnualDays: days(366).default(0),
  /** A new hire's first grant is pro-rated by the months left in the year. */
  ProrateNewHires: z.boolean().default(false),
  MinServiceMonths: z.number().int(M.required).min(0, M.min(0)).max(600, M.max(600)).default(0),
  /** Days carried into the next year; the rest expire at the first grant of the year. Empty: no cap. */
  CarryOverCap: days(366).nullable().optional(),
  ConvertibleToCash: z.boolean().default(false),
  /** At least half a day (the database's bound): a cap of 0 would refuse every request; leave it empty for none. */
  MaxDaysPerRequest: days(366, 0.5).nullable().optional(),
  HalfDayAllowed: z.boolean().default(true),
  /** A request counts every calendar day it covers, rest days and holidays too (maternity leave's 105 days,
   *  RA 11210; the special leave for women's two months, RA 9710), not only the working days. */
  CountsCalendarDays: z.boolean().default(false),
  /** The balance may go below zero (an advance on next year's credits). */
  AllowNegative: z.boolean().default(false),
  /** Only employees of this gender may file it; empty: everyone. */
  Gender: z.enum(['Male', 'Female']).nullable().optional(),
  LegalBasis: optionalFreeText(300, { multiline: true }),
  /** Only employees of these employment statuses may file it and earn it; empty: every status. */
  EmploymentStatusIds: z.array(z.uuid()).max(50).default([]),
  IsActive: z.boolean().default(true),
};

const LeaveTypeOutput = {
  LeaveTypeId: z.uuid(),
  CompanyId: z.uuid(),
  /** Requests filed against the type. */
  RequestCount: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
};

export const LeaveType = z.object({
  ...LeaveTypeOutput,
  Code: z.string(),
  Name: z.string(),
  IsPaid: z.boolean(),
  NeedsBalance: z.boolean(),
  GrantRule: LeaveGrantRule,
  AnnualDays: z.number(),
  ProrateNewHires: z.boolean(),
  MinServiceMonths: z.number().int(),
  CarryOverCap: z.number().nullable(),
  ConvertibleToCash: z.boolean(),
  MaxDaysPerRequest: z.number().nullable(),
  HalfDayAllowed: z.boolean(),
  CountsCalendarDays: z.boolean(),
  AllowNegative: z.boolean(),
  Gender: z.enum(['Male', 'Female']).nullable(),
  LegalBasis: z.string().nullable(),
  EmploymentStatusIds: z.array(z.uuid()),
  IsActive: z.boolean(),
  RowVersion: z.number().int(),
});
export type LeaveType = z.infer<typeof LeaveType>;

export const CreateLeaveTypeRequest = z.strictObject(LeaveTypeFields);
export type CreateLeaveTypeRequest = z.input<typeof CreateLeaveTypeRequest>;
export const UpdateLeaveTypeRequest = z.strictObject({
  ...LeaveTypeFields,
  RowVersion,
  ...outputOnly(LeaveTypeOutput),
});
export type UpdateLeaveTypeRequest = z.input<typeof UpdateLeaveTypeRequest>;

export const LEAVE_TYPE_SORTABLE = ['Name', 'Code', 'GrantRule', 'AnnualDays', 'IsActive'] as const;
export const LeaveTypeListRequest = listRequest(LEAVE_TYPE_SORTABLE, { IsActive: z.boolean().optional() });
export type LeaveTypeListRequest = z.input<typeof LeaveTypeListRequest>;
/** `POST /api/v1/leave-types/export`: the list's search, status filter and sort, as CSV or XLSX. */
export const LeaveTypeExportRequest = exportRequest(LEAVE_TYPE_SORTABLE, {
  IsActive: z.boolean().optional(),
});
export const LeaveTypeListResponse = listResponse(LeaveType);

export const LeaveTypeOption = z.object({
  LeaveTypeId: z.uuid(),
  Code: z.string(),
  Name: z.string(),
  NeedsBalance: z.boolean(),
  HalfDayAllowed: z.boolean(),
});
export type LeaveTypeOption = z.infer<typeof LeaveTypeOption>;
export const LeaveTypeOptionsResponse = z.array(LeaveTypeOption);
/**
 * `All=true`: every active type of the company (a list's filter, where an approver looks at other people's
 * requests); otherwise a portal user gets the types they may file themself.
 */
export const LeaveTypeOptionsQuery = z.object({
  All: z.enum(['true', 'false'], 'All must be true or false').optional(),
});

export const LEAVE_LEDGER_KINDS = [
  'Grant',
  'Accrual',
  'Use',
  'Reversal',
  'Adjustment',
  'Expiry',
  'CashConversion',
] as const;
export const LeaveLedgerKind = z.enum(LEAVE_LEDGER_KINDS);

/** One balance: the ledger's sum, with what pending requests already hold of it. */
export const LeaveBalance = z.object({
  LeaveTypeId: z.uuid(),
  LeaveTypeCode: z.string(),
  LeaveTypeName: z.string(),
  NeedsBalance: z.boolean(),
  /** Granted and accrued this year, adjustments included. */
  Earned: z.number(),
  Used: z.number(),
  Balance: z.number(),
  /** Days of pending requests: the balance left to file against is Balance - Pending. */
  Pending: z.number(),
  Available: z.number(),
});
export type LeaveBalance = z.infer<typeof LeaveBalance>;

export const LeaveLedgerEntry = z.object({
  EntryId: z.uuid(),
  LeaveTypeId: z.uuid(),
  LeaveTypeName: z.string(),
  EntryDate: z.string(),
  Kind: LeaveLedgerKind,
  Days: z.number(),
  Reason: z.string().nullable(),
  RequestId: z.uuid().nullable(),
  /** The dates of the leave request a Use or Reversal is for (YYYY-MM-DD), else null. */
  RequestDateFrom: z.string().nullable(),
  RequestDateTo: z.string().nullable(),
  CreatedByName: z.string().nullable(),
  CreatedAt: z.string(),
});
export type LeaveLedgerEntry = z.infer<typeof LeaveLedgerEntry>;

export const EmployeeLeaveCredits = z.object({
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  EmployeeName: z.string(),
  Balances: z.array(LeaveBalance),
  Entries: z.array(LeaveLedgerEntry),
});
export type EmployeeLeaveCredits = z.infer<typeof EmployeeLeaveCredits>;

/** One row of the HR credits grid: an employee and a leave type that keeps a balance. */
export const LeaveCreditRow = LeaveBalance.extend({
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  EmployeeName: z.string(),
  DepartmentName: z.string().nullable(),
});
export type LeaveCreditRow = z.infer<typeof LeaveCreditRow>;
export const LEAVE_CREDIT_SORTABLE = ['EmployeeName', 'EmployeeNumber', 'LeaveTypeName', 'Balance'] as const;
export const LeaveCreditListRequest = listRequest(LEAVE_CREDIT_SORTABLE, {
  DepartmentId: z.uuid().optional(),
  LeaveTypeId: z.uuid().optional(),
});
export type LeaveCreditListRequest = z.input<typeof LeaveCreditListRequest>;
export const LeaveCreditListResponse = listResponse(LeaveCreditRow);

export const LeaveAdjustmentRequest = z.strictObject({
  EmployeeId: z.uuid(M.required),
  LeaveTypeId: z.uuid(M.required),
  /** Days to add (positive) or take away (negative); monthly accruals make quarter days, so two decimals. */
  Days: z
    .number(M.required)
    .min(-366, M.min(-366))
    .max(366, M.max(366))
    .refine((v) => v !== 0, 'Enter the days to add or take away')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, 'Use at most two decimals'),
  Reason: requiredText(300, { multiline: true }),
});
export type LeaveAdjustmentRequest = z.input<typeof LeaveAdjustmentRequest>;

export const LeaveAccrualRunRequest = z.strictObject({
  /** Grants and accruals due up to this date (default today in Manila). */
  // A date after today is refused by the run itself.
  AsOf: dateBetween(2000, 2199).optional(),
});
export const LeaveAccrualRunResponse = z.object({
  AsOf: z.string(),
  EntriesCreated: z.number().int(),
  DaysGranted: z.number(),
  Message: z.string(),
});
export type LeaveAccrualRunResponse = z.infer<typeof LeaveAccrualRunResponse>;
