import { z } from 'zod';
import { formatIsoDate } from './dates.js';
import { calendarDate, optionalQueryId, requiredText, optionalFreeText } from './field-rules.js';
import { listRequest, listResponse, outputOnly, RowVersion } from './lists.js';
import { Money } from './money.js';
import { DeMinimisKind } from './pay-profiles.js';
import { ValidationMessages as M } from './validation-messages.js';

/**
 * Issue 10 §3: payroll periods from compute to finalise. A period moves Draft -> Computed (recompute as often as
 * needed) -> Approved -> Finalised -> Paid; Approved -> Computed returns it for changes. Computing is a
 * background job whose progress is on the period (JobStatus, JobProgress of JobTotal). An adjustment added or
 * removed after a compute puts a Computed period back to Draft with NeedsRecompute (its payslips stay visible).
 * Money is a 2-decimal string of pesos throughout.
 */
export const PAYROLL_PERIOD_KINDS = ['Regular', 'ThirteenthMonth', 'FinalPay', 'Adjustment'] as const;
export const PayrollPeriodKind = z.enum(PAYROLL_PERIOD_KINDS);
export type PayrollPeriodKind = z.infer<typeof PayrollPeriodKind>;

export const PAYROLL_FREQUENCIES = ['SemiMonthly', 'Monthly', 'Weekly'] as const;
export const PayrollFrequency = z.enum(PAYROLL_FREQUENCIES);
export type PayrollFrequency = z.infer<typeof PayrollFrequency>;

export const PAYROLL_PERIOD_STATUSES = ['Draft', 'Computed', 'Approved', 'Finalised', 'Paid'] as const;
export const PayrollPeriodStatus = z.enum(PAYROLL_PERIOD_STATUSES);
export type PayrollPeriodStatus = z.infer<typeof PayrollPeriodStatus>;

export const PAYROLL_JOB_STATUSES = ['Queued', 'Running', 'Done', 'Failed'] as const;
export const PayrollJobStatus = z.enum(PAYROLL_JOB_STATUSES);
export type PayrollJobStatus = z.infer<typeof PayrollJobStatus>;

/** Why a computed period's payslips are out of date (PayrollPeriodDetail.StaleReason). */
export const PayrollPeriodStaleReason = z.enum(['attendance', 'holiday', 'punches', 'employment', 'request']);
export type PayrollPeriodStaleReason = z.infer<typeof PayrollPeriodStaleReason>;

/** Included: paid with the period; Held: computed, kept out of payment; Excluded: not paid (no lines counted). */
export const PAYSLIP_STATUSES = ['Included', 'Held', 'Excluded'] as const;
export const PayslipStatus = z.enum(PAYSLIP_STATUSES);
export type PayslipStatus = z.infer<typeof PayslipStatus>;

const isoDate = calendarDate;
const name = requiredText(100);
const remarks = optionalFreeText(500, { multiline: true });

// ---------------------------------------------------------------- list

export const PayrollPeriodListItem = z.object({
  Id: z.uuid(),
  CompanyId: z.uuid(),
  Name: z.string(),
  Kind: PayrollPeriodKind,
  Frequency: PayrollFrequency,
  CutoffStart: z.string(),
  CutoffEnd: z.string(),
  PayDate: z.string(),
  Status: PayrollPeriodStatus,
  /** An adjustment changed since the last compute: compute again before approving. */
  NeedsRecompute: z.boolean(),
  JobStatus: PayrollJobStatus.nullable(),
  JobProgress: z.number().int(),
  JobTotal: z.number().int(),
  /** Payslips of the last compute (Excluded ones included in the count, not in the sums). */
  EmployeeCount: z.number().int(),
  Gross: z.string(),
  Deductions: z.string(),
  Net: z.string(),
  WarningCount: z.number().int(),
  ReferencesPeriodId: z.uuid().nullable(),
  CreatedAt: z.string(),
  RowVersion: z.number().int(),
});
export type PayrollPeriodListItem = z.infer<typeof PayrollPeriodListItem>;

export const PAYROLL_PERIOD_SORTABLE = ['CutoffStart', 'PayDate', 'Name', 'Status', 'Kind'] as const;
export const PayrollPeriodListRequest = listRequest(PAYROLL_PERIOD_SORTABLE, {
  /** The company's periods (a PayrollUser's own company when omitted). */
  CompanyId: z.uuid().optional(),
  Kind: PayrollPeriodKind.optional(),
  Status: PayrollPeriodStatus.optional(),
  Year: z.number().int().min(2000, M.min(2000)).max(2100, M.max(2100)).optional(),
});
export type PayrollPeriodListRequest = z.input<typeof PayrollPeriodListRequest>;
export const PayrollPeriodListResponse = listResponse(PayrollPeriodListItem);
export type PayrollPeriodListResponse = z.infer<typeof PayrollPeriodListResponse>;

// ---------------------------------------------------------------- proposal

/** `GET /api/v1/payroll-periods/proposal?CompanyId=`: the next regular period after the last regular one. */
export const PayrollPeriodProposalQuery = z.object({ CompanyId: optionalQueryId() });
/** Labor Advisory 06-2020: the final pay is released within 30 days of the separation. */
export const FINAL_PAY_RELEASE_DAYS = 30;
/** The day a final pay is due by: the separation date plus FINAL_PAY_RELEASE_DAYS. */
export const finalPayDueDate = (separationDate: string) =>
  new Date(Date.parse(`${separationDate}T00:00:00Z`) + FINAL_PAY_RELEASE_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);

/** A separated employee no final pay period names yet. */
export const FinalPayDueItem = z.object({
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  FullName: z.string(),
  SeparationDate: z.string(),
});
export type FinalPayDueItem = z.infer<typeof FinalPayDueItem>;

export const PayrollPeriodProposal = z.object({
  CompanyId: z.uuid(),
  Kind: z.literal('Regular'),
  Name: z.string(),
  Frequency: PayrollFrequency,
  CutoffStart: z.string(),
  CutoffEnd: z.string(),
  PayDate: z.string(),
  /** The cut-off end of the company's last regular period (the proposal starts the day after); null: none yet. */
  LastRegularCutoffEnd: z.string().nullable(),
  /**
   * Separated employees no final pay period names yet, latest separation first (up to 50): the final pay the
   * company owes (Labor Advisory 06-2020: within 30 days of the separation).
   */
  FinalPayDue: z.array(FinalPayDueItem),
});
export type PayrollPeriodProposal = z.infer<typeof PayrollPeriodProposal>;

// ---------------------------------------------------------------- create / update

export const PayrollPeriodFields = {
  Name: name,
  CutoffStart: isoDate,
  CutoffEnd: isoDate,
  PayDate: isoDate,
  Remarks: remarks,
};

/** PD 851 (13th month pay law) and its rules: the 13th month pay is paid not later than 24 December of the year. */
export const thirteenthMonthDueDate = (cutoffEnd: string) => `${cutoffEnd.slice(0, 4)}-12-24`;
/** The refusal of a 13th month pay date past it, naming the date: one text for the API, the edit and the form. */
export const thirteenthMonthLate = (cutoffEnd: string) =>
  'The 13th month pay is due by Dec 24 of its year (PD 851); choose a pay date on or before ' +
  formatIsoDate(thirteenthMonthDueDate(cutoffEnd));
/** Refuses a 13th month pay date past Dec 24 of the cut-off's year, on PayDate. */
export const refuseLateThirteenthMonth = (
  r: { Kind?: string; CutoffEnd: string; PayDate: string },
  ctx: z.RefinementCtx,
) => {
  if (r.Kind === 'ThirteenthMonth' && r.PayDate > thirteenthMonthDueDate(r.CutoffEnd))
    ctx.addIssue({ code: 'custom', path: ['PayDate'], message: thirteenthMonthLate(r.CutoffEnd) });
};

/** A monthly payroll's cut-off is the longest regular one; a longer span is paid as several periods. */
export const MAX_REGULAR_CUTOFF_DAYS = 31;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * What is wrong with a cut-off for its kind, if anything: a regular one longer than a month (the engine pays one
 * month's rate at most, so a longer one computes nothing), a 13th month across two years (PD 851 counts the basic
 * pay of one calendar year). One text for the create (contract) and the edit (service, which knows the kind).
 */
export function cutoffOfKindProblem(
  kind: string | undefined,
  start: string,
  end: string,
): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end)) return undefined;
  if (kind === 'Regular' && dayNumber(end) - dayNumber(start) + 1 > MAX_REGULAR_CUTOFF_DAYS)
    return `A regular cut-off is at most ${MAX_REGULAR_CUTOFF_DAYS} days; pay a longer span as several periods`;
  if (kind === 'ThirteenthMonth' && start.slice(0, 4) !== end.slice(0, 4))
    return 'The 13th month pay covers one calendar year; end the cut-off in the year it starts';
  return undefined;
}

const datesInOrder = <T extends { CutoffStart: string; CutoffEnd: string; PayDate: string }>(r: T) =>
  r.CutoffEnd >= r.CutoffStart;

export const CreatePayrollPeriodRequest = z
  .strictObject({
    /** A PayrollUser's own company when omitted. */
    CompanyId: z.uuid().optional(),
    Kind: PayrollPeriodKind,
    /** The company's pay frequency when omitted. */
    Frequency: PayrollFrequency.optional(),
    ...PayrollPeriodFields,
    /** FinalPay: the separated employees it pays (at least one). */
    EmployeeIds: z.array(z.uuid()).max(1000).optional(),
    /** Adjustment: the finalised period it corrects. */
    ReferencesPeriodId: z.uuid().optional(),
    // The proposal (GET /proposal) can be sent back as it came: what it says about the last period and the final
    // pay due is ignored.
    ...outputOnly({
      LastRegularCutoffEnd: z.string().nullable(),
      FinalPayDue: PayrollPeriodProposal.shape.FinalPayDue,
    }),
  })
  .refine(datesInOrder, { path: ['CutoffEnd'], message: 'The cut-off cannot end before it starts' })
  .refine((r) => r.PayDate >= r.CutoffStart, {
    path: ['PayDate'],
    message: 'The pay date cannot be before the cut-off starts',
  })
  .superRefine(refuseLateThirteenthMonth)
  .superRefine((r, ctx) => {
    const problem = cutoffOfKindProblem(r.Kind, r.CutoffStart, r.CutoffEnd);
    if (problem) ctx.addIssue({ code: 'custom', path: ['CutoffEnd'], message: problem });
  })
  // A final pay's employees: a required list, non-empty (spec §5).
  .refine((r) => r.Kind !== 'FinalPay' || (r.EmployeeIds?.length ?? 0) > 0, {
    path: ['EmployeeIds'],
    message: M.required,
  })
  // Only a final pay is for chosen employees; other kinds pay everyone on the payroll (never silently ignored).
  .refine((r) => r.Kind === 'FinalPay' || !r.EmployeeIds?.length, {
    path: ['EmployeeIds'],
    message: 'Only a final pay names its employees; leave them out for this kind',
  })
  .refine((r) => r.Kind !== 'Adjustment' || r.ReferencesPeriodId !== undefined, {
    path: ['ReferencesPeriodId'],
    message: M.required,
  });
export type CreatePayrollPeriodRequest = z.input<typeof CreatePayrollPeriodRequest>;

/** Draft or Computed only; a change of dates drops the computed payslips' validity (NeedsRecompute). */
export const UpdatePayrollPeriodRequest = z
  .strictObject({
    ...PayrollPeriodFields,
    /** FinalPay only; null or omitted keeps the period's employees. */
    EmployeeIds: z.array(z.uuid()).max(1000).nullable().optional(),
    RowVersion,
    ...outputOnly({
      Id: z.uuid(),
      CompanyId: z.uuid(),
      Kind: PayrollPeriodKind,
      Frequency: PayrollFrequency,
      Status: PayrollPeriodStatus,
      NeedsRecompute: z.boolean(),
      JobStatus: PayrollJobStatus.nullable(),
      JobProgress: z.number().int(),
      JobTotal: z.number().int(),
      JobError: z.string().nullable(),
      EmployeeCount: z.number().int(),
      Gross: z.string(),
      Deductions: z.string(),
      Net: z.string(),
      WarningCount: z.number().int(),
      ReferencesPeriodId: z.uuid().nullable(),
      CreatedAt: z.string(),
      CompanyName: z.string(),
      ReferencesPeriodName: z.string().nullable(),
      ComputedAt: z.string().nullable(),
      ComputedByName: z.string().nullable(),
      ApprovedByName: z.string().nullable(),
      ApprovedAt: z.string().nullable(),
      FinalisedByName: z.string().nullable(),
      FinalisedAt: z.string().nullable(),
      PaidAt: z.string().nullable(),
      Totals: z.unknown(),
      WithoutAttendance: z.number().int(),
      HolidayYearsMissing: z.array(z.number().int()),
      StaleReason: PayrollPeriodStaleReason.nullable(),
      RequestsNotStored: z.number().int(),
      CanEdit: z.boolean(),
      CanCompute: z.boolean(),
      CanApprove: z.boolean(),
      AwaitsAnotherApprover: z.boolean(),
      CanReturnToDraft: z.boolean(),
      CanFinalise: z.boolean(),
      CanMarkPaid: z.boolean(),
    }),
  })
  .refine(datesInOrder, { path: ['CutoffEnd'], message: 'The cut-off cannot end before it starts' })
  .refine((r) => r.PayDate >= r.CutoffStart, {
    path: ['PayDate'],
    message: 'The pay date cannot be before the cut-off starts',
  });
export type UpdatePayrollPeriodRequest = z.input<typeof UpdatePayrollPeriodRequest>;

// ---------------------------------------------------------------- detail

/** Sums over the period's Included and Held payslips (Excluded ones are not paid). */
export const PayrollPeriodTotals = z.object({
  Employees: z.number().int(),
  Included: z.number().int(),
  Held: z.number().int(),
  Excluded: z.number().int(),
  WithWarnings: z.number().int(),
  Gross: z.string(),
  Deductions: z.string(),
  NetPay: z.string(),
  /** Net pay of the Included payslips only: what the bank file pays. */
  NetPayIncluded: z.string(),
  TaxableBase: z.string(),
  WithholdingTax: z.string(),
  EmployeeShares: z.object({
    Sss: z.string(),
    SssMpf: z.string(),
    PhilHealth: z.string(),
    PagIbig: z.string(),
    Total: z.string(),
  }),
  EmployerShares: z.object({
    Sss: z.string(),
    SssEc: z.string(),
    PhilHealth: z.string(),
    PagIbig: z.string(),
    Total: z.string(),
  }),
});
export type PayrollPeriodTotals = z.infer<typeof PayrollPeriodTotals>;

/**
 * The warning a Regular or FinalPay payslip carries when no attendance day of its employee is stored for the
 * cut-off (HR stores them on Time Logs › Attendance; payroll reads only stored days).
 */
export const NO_ATTENDANCE_WARNING = 'No attendance in the cut-off';

/**
 * How the warning of a Regular or FinalPay payslip begins when a leave, overtime or undertime request of its days
 * was approved, or cancelled, after those days' attendance was stored: the payslip pays the days without it, and
 * computing again does not change that (the attendance must be stored again first). A period with such a payslip
 * cannot be approved.
 */
export const REQUEST_NOT_STORED_WARNING = 'Attendance stored before a request changed';

export const PayrollPeriodDetail = PayrollPeriodListItem.extend({
  CompanyName: z.string(),
  ReferencesPeriodName: z.string().nullable(),
  /** FinalPay: the employees it pays. */
  EmployeeIds: z.array(z.uuid()).nullable(),
  Remarks: z.string().nullable(),
  JobError: z.string().nullable(),
  ComputedAt: z.string().nullable(),
  /** Who asked for the last compute (null before it was recorded). */
  ComputedByName: z.string().nullable(),
  ApprovedByName: z.string().nullable(),
  ApprovedAt: z.string().nullable(),
  FinalisedByName: z.string().nullable(),
  FinalisedAt: z.string().nullable(),
  PaidAt: z.string().nullable(),
  Totals: PayrollPeriodTotals,
  /** Included and Held payslips computed without any stored attendance day in the cut-off (NO_ATTENDANCE_WARNING). */
  WithoutAttendance: z.number().int(),
  /** Years of the cut-off with no company-wide regular holiday on file (that year's calendar is not loaded): its
   *  holidays would be paid as ordinary days. */
  HolidayYearsMissing: z.array(z.number().int()),
  /** Why the Computed or Approved period's payslips are out of date although the period itself did not change:
   *  'attendance' when HR stored attendance of its cut-off again after the compute, 'request' when a leave,
   *  overtime or undertime request of it was approved or cancelled after the compute (its attendance must be stored
   *  again, then the period computed), 'holiday' when a holiday on a date of its cut-off was added, moved, retyped
   *  or deleted after the compute or after that date's attendance was stored (the same way out), 'punches' when a
   *  punch of a day of its cut-off was added, changed or deleted (by hand or by a punch-file import) after that
   *  day's attendance was stored (the same way out). Null when they are not (NeedsRecompute is then the Draft's
   *  own). */
  StaleReason: PayrollPeriodStaleReason.nullable(),
  /** Included and Held payslips that pay days without a request decided after their attendance was stored
   *  (REQUEST_NOT_STORED_WARNING): the period cannot be approved until HR stores those days again and it is
   *  computed. */
  RequestsNotStored: z.number().int(),
  /** What the signed-in user may do with it now. */
  CanEdit: z.boolean(),
  CanCompute: z.boolean(),
  CanApprove: z.boolean(),
  /** Computed, but the company requires another user to approve it than the one (the signed-in user) who
   *  computed it (payroll settings' ApproverMustDiffer). */
  AwaitsAnotherApprover: z.boolean(),
  CanReturnToDraft: z.boolean(),
  CanFinalise: z.boolean(),
  CanMarkPaid: z.boolean(),
});
export type PayrollPeriodDetail = z.infer<typeof PayrollPeriodDetail>;

// ---------------------------------------------------------------- transitions

/** Compute, approve, return-to-draft, finalise, mark-paid: the RowVersion the page read. */
export const PayrollPeriodActionRequest = z.strictObject({
  RowVersion,
  Remarks: remarks,
});
export type PayrollPeriodActionRequest = z.input<typeof PayrollPeriodActionRequest>;

/** `POST /{id}/compute` answers 202 with the period (JobStatus Queued); poll `GET /{id}` for progress. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

// ---------------------------------------------------------------- payslips

export const PayslipListItem = z.object({
  Id: z.uuid(),
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  FullName: z.string(),
  DepartmentName: z.string().nullable(),
  Status: PayslipStatus,
  Gross: z.string(),
  Deductions: z.string(),
  NetPay: z.string(),
  WithholdingTax: z.string(),
  EmployeeShares: z.string(),
  EmployerShares: z.string(),
  Warnings: z.array(z.string()),
  /** A held payslip of a finalised period whose pay was released since: the day it goes to the bank. */
  ReleasedOn: z.string().nullable(),
});
export type PayslipListItem = z.infer<typeof PayslipListItem>;

export const PAYSLIP_SORTABLE = ['EmployeeNumber', 'FullName', 'DepartmentName', 'NetPay', 'Gross'] as const;
export const PayslipListRequest = listRequest(PAYSLIP_SORTABLE, {
  HasWarnings: z.boolean().optional(),
  Status: PayslipStatus.optional(),
  DepartmentId: z.uuid().optional(),
});
export type PayslipListRequest = z.input<typeof PayslipListRequest>;
export const PayslipListResponse = listResponse(PayslipListItem);
export type PayslipListResponse = z.infer<typeof PayslipListResponse>;

export const PayslipLineView = z.object({
  LineNo: z.number().int(),
  Code: z.string(),
  Description: z.string(),
  Kind: z.enum(['earning', 'deduction']),
  Quantity: z.number(),
  Unit: z.string(),
  Rate: z.string(),
  Amount: z.string(),
  Taxable: z.boolean(),
});
export type PayslipLineView = z.infer<typeof PayslipLineView>;

/**
 * How an earning adjustment is taxed and whether it is compensation for the contributions:
 * - Taxable: taxable compensation, in the SSS compensation and the Pag-IBIG fund salary (overtime, a salary
 *   correction, a taxable allowance).
 * - Benefit: 13th month pay and other benefits (bonuses, incentives, gifts in cash) of NIRC Sec. 32(B)(7)(e):
 *   exempt up to the year's combined 90,000, the excess taxable; not SSS compensation (REFERENCE §1.2, §4.3).
 * - DeMinimis: a de minimis benefit of one kind (DeMinimis), exempt up to that kind's ceiling, the excess into
 *   the 90,000 bucket; not SSS compensation (RR 11-2018 as amended by RR 29-2025; REFERENCE §4.5).
 * An older client sends only Taxable: true is Taxable; false is Benefit (the law exempts no other compensation
 * in full, so the 90,000 bucket is the exemption such an amount can have). Stored rows from before the class
 * answer the same way.
 */
export const ADJUSTMENT_TAX_CLASSES = ['Taxable', 'Benefit', 'DeMinimis'] as const;
export const AdjustmentTaxClass = z.enum(ADJUSTMENT_TAX_CLASSES, {
  error: `Choose one of the tax classes: ${ADJUSTMENT_TAX_CLASSES.join(', ')}`,
});
export type AdjustmentTaxClass = z.infer<typeof AdjustmentTaxClass>;
export const ADJUSTMENT_TAX_CLASS_LABELS: Record<AdjustmentTaxClass, string> = {
  Taxable: 'Taxable compensation',
  Benefit: '13th month and other benefits (₱90,000 exclusion)',
  DeMinimis: 'De minimis benefit (exempt up to its ceiling)',
};
export const AdjustmentMessages = {
  deMinimisKind: 'Choose the de minimis benefit',
  deMinimisOnlyForClass: 'A de minimis kind goes only with the tax class DeMinimis',
  earningOnly: 'Only an earning has a tax class',
  taxableConflict: 'Taxable must agree with the tax class (true only for Taxable)',
};

/** The tax class of an adjustment request: TaxClass, else the older Taxable flag (see ADJUSTMENT_TAX_CLASSES). */
export function adjustmentTaxClass(v: {
  Kind: 'Earning' | 'Deduction';
  Taxable?: boolean | undefined;
  TaxClass?: AdjustmentTaxClass | null | undefined;
}): AdjustmentTaxClass | null {
  if (v.Kind !== 'Earning') return null;
  return v.TaxClass ?? (v.Taxable === false ? 'Benefit' : 'Taxable');
}

export const PayrollAdjustment = z.object({
  Id: z.uuid(),
  PayrollPeriodId: z.uuid(),
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  FullName: z.string(),
  Kind: z.enum(['Earning', 'Deduction']),
  Code: z.string(),
  Description: z.string(),
  Amount: z.string(),
  /** Earnings: TaxClass === 'Taxable' (kept for older clients; a deduction answers true). */
  Taxable: z.boolean(),
  /** Earnings: how tax and contributions treat it (ADJUSTMENT_TAX_CLASSES); null for a deduction. */
  TaxClass: AdjustmentTaxClass.nullable(),
  /** TaxClass DeMinimis: which de minimis benefit (its ceiling applies); null otherwise. */
  DeMinimis: DeMinimisKind.nullable(),
  Reason: z.string(),
  CreatedByName: z.string().nullable(),
  CreatedAt: z.string(),
});
export type PayrollAdjustment = z.infer<typeof PayrollAdjustment>;

export const PayslipDetail = PayslipListItem.extend({
  PayrollPeriodId: z.uuid(),
  TaxableBase: z.string(),
  /** The engine's payslip without its lines: contribution shares and bases, deferred deductions, year-to-date. */
  Result: z.record(z.string(), z.unknown()).nullable(),
  Lines: z.array(PayslipLineView),
  Adjustments: z.array(PayrollAdjustment),
  ComputedAt: z.string(),
});
export type PayslipDetail = z.infer<typeof PayslipDetail>;

/** hold / include / exclude one employee's payslip (Draft or Computed periods; hold / include also Approved). */
export const PayslipStatusRequest = z.strictObject({
  Remarks: remarks,
});

// ---------------------------------------------------------------- adjustments

/** The adjustment's fields without the rules between them (adjustmentRules): a form omits EmployeeId. */
export const CreatePayrollAdjustmentFields = z.strictObject({
  EmployeeId: z.uuid(M.required),
  Kind: z.enum(['Earning', 'Deduction']),
  Code: z
    .string(M.required)
    .trim()
    .min(1, { message: M.required, abort: true })
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{1,20}$/, 'Use 1 to 20 letters, digits, - or _'),
  Description: requiredText(200),
  Amount: Money(),
  /** Earnings only, the older form of TaxClass: true is Taxable, false Benefit (default true). */
  Taxable: z.boolean().optional(),
  /** Earnings only: the tax class (default from Taxable); a deduction sends none (or null). */
  TaxClass: AdjustmentTaxClass.nullable().optional(),
  /** TaxClass DeMinimis only: the de minimis benefit. */
  DeMinimis: DeMinimisKind.nullable().optional(),
  Reason: requiredText(500, { multiline: true }),
});

type AdjustmentFields = Pick<
  z.output<typeof CreatePayrollAdjustmentFields>,
  'Kind' | 'Taxable' | 'TaxClass' | 'DeMinimis'
>;
/** The rules between the tax fields: a de minimis kind with (only) the class DeMinimis; Taxable agrees. */
export const adjustmentRules = <T extends z.ZodType<AdjustmentFields>>(schema: T) =>
  schema
    .refine((v) => v.Kind === 'Earning' || !v.TaxClass, {
      path: ['TaxClass'],
      message: AdjustmentMessages.earningOnly,
    })
    .refine((v) => adjustmentTaxClass(v) !== 'DeMinimis' || !!v.DeMinimis, {
      path: ['DeMinimis'],
      message: AdjustmentMessages.deMinimisKind,
    })
    .refine((v) => adjustmentTaxClass(v) === 'DeMinimis' || !v.DeMinimis, {
      path: ['DeMinimis'],
      message: AdjustmentMessages.deMinimisOnlyForClass,
    })
    .refine(
      (v) =>
        v.Kind !== 'Earning' ||
        !v.TaxClass ||
        v.Taxable === undefined ||
        v.Taxable === (v.TaxClass === 'Taxable'),
      { path: ['Taxable'], message: AdjustmentMessages.taxableConflict },
    );

export const CreatePayrollAdjustmentRequest = adjustmentRules(CreatePayrollAdjustmentFields);
export type CreatePayrollAdjustmentRequest = z.input<typeof CreatePayrollAdjustmentRequest>;

export const PayrollAdjustmentListResponse = z.object({ Items: z.array(PayrollAdjustment) });

// ---------------------------------------------------------------- register

export const PAYROLL_REGISTER_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export const PayrollRegisterQuery = z.object({ Format: z.enum(PAYROLL_REGISTER_FORMATS).default('xlsx') });
