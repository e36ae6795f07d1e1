import { z } from 'zod';
import { REQUEST_KINDS } from './constants.js';
import { listRequest, listResponse, RowVersion, SortDirection } from './lists.js';
import { workDate, requiredText, optionalFreeText } from './field-rules.js';
import { ValidationMessages as M } from './validation-messages.js';

/**
 * Issue 9 §3: leave, overtime and undertime requests. One life for all three: Pending -> Approved / Rejected by
 * the reviewer, Pending -> Cancelled by the filer, Approved -> Cancelled by HR only.
 */
export const RequestKind = z.enum(REQUEST_KINDS);
export type RequestKind = z.infer<typeof RequestKind>;

export const REQUEST_STATUSES = ['Pending', 'Approved', 'Rejected', 'Cancelled'] as const;
export const RequestStatus = z.enum(REQUEST_STATUSES);
export type RequestStatus = z.infer<typeof RequestStatus>;

const isoDate = workDate;
/** A time of day: an empty one is missing (spec §5), any other text that is no HH:mm says the format. */
const time = z
  .string(M.required)
  .refine((v) => v !== '', { message: M.required, abort: true })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:mm (24-hour)');
const reason = requiredText(500, { multiline: true });
/** HR files on an employee's behalf; a portal user always files for themself (the field is ignored for them). */
const onBehalfOf = { EmployeeId: z.uuid().nullable().optional() };

export const LeaveRequestFields = {
  ...onBehalfOf,
  LeaveTypeId: z.uuid(M.required),
  DateFrom: isoDate,
  DateTo: isoDate,
  /** A half day is one day's morning or afternoon: DateFrom = DateTo. */
  HalfDay: z.boolean().default(false),
  Reason: reason,
};
/**
 * The last date a leave, overtime or undertime request can be for, given today's date (Manila): the end of next
 * year. A leave typed for 2062 instead of 2026 would otherwise hold the balance for decades.
 */
export const lastRequestDate = (today: string) => `${Number(today.slice(0, 4)) + 1}-12-31`;

export const CreateLeaveRequest = z
  .strictObject(LeaveRequestFields)
  .refine((r) => r.DateTo >= r.DateFrom, {
    path: ['DateTo'],
    message: 'The last day cannot be before the first',
  })
  .refine((r) => !r.HalfDay || r.DateFrom === r.DateTo, {
    path: ['HalfDay'],
    message: 'A half day covers a single date',
  });
export type CreateLeaveRequest = z.input<typeof CreateLeaveRequest>;

export const CreateOvertimeRequest = z
  .strictObject({
    ...onBehalfOf,
    Date: isoDate,
    /** An end time before the start time is on the next day. */
    StartTime: time,
    EndTime: time,
    Reason: reason,
  })
  // Equal times would be a whole day of overtime (the end read as the next day's): a slip, not a request.
  .refine((r) => r.StartTime !== r.EndTime, {
    path: ['EndTime'],
    message: 'End time must differ from start time',
  });
export type CreateOvertimeRequest = z.input<typeof CreateOvertimeRequest>;

export const CreateUndertimeRequest = z.strictObject({
  ...onBehalfOf,
  Date: isoDate,
  /** When the employee leaves, before the shift's end. */
  TimeLeaving: time,
  Reason: reason,
});
export type CreateUndertimeRequest = z.input<typeof CreateUndertimeRequest>;

export const TimeRequest = z.object({
  RequestId: z.uuid(),
  Kind: RequestKind,
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  EmployeeName: z.string(),
  DepartmentName: z.string().nullable(),
  Status: RequestStatus,
  Reason: z.string(),
  /** The reviewer's remarks (approval or rejection). */
  Remarks: z.string().nullable(),
  DateFrom: z.string(),
  DateTo: z.string(),
  // Leave
  LeaveTypeId: z.uuid().nullable(),
  LeaveTypeName: z.string().nullable(),
  HalfDay: z.boolean(),
  Days: z.number().nullable(),
  // Overtime (start, end) and undertime (StartTime = time leaving, EndTime = the shift's end), Manila time
  StartTime: z.string().nullable(),
  EndTime: z.string().nullable(),
  Minutes: z.number().int().nullable(),
  /** Who reviews it: the approver's name, or "HR". */
  ReviewerName: z.string(),
  FiledByName: z.string(),
  FiledAt: z.string(),
  /** Who approved or rejected it, and when: kept when an approved request is cancelled afterwards. */
  DecidedByName: z.string().nullable(),
  DecidedAt: z.string().nullable(),
  /** Who cancelled it, when, and why (null until cancelled). */
  CancelledByName: z.string().nullable(),
  CancelledAt: z.string().nullable(),
  CancelRemarks: z.string().nullable(),
  /**
   * A pending leave request read by its reviewer (GET by id only, not in lists), of a type that keeps a balance:
   * the employee's balance of the type and the days pending requests hold, this one included. Null otherwise.
   */
  LeaveBalance: z.object({ Balance: z.number(), Pending: z.number() }).nullable().optional(),
  /** What the signed-in user may do with it now. */
  CanReview: z.boolean(),
  CanCancel: z.boolean(),
  RowVersion: z.number().int(),
});
export type TimeRequest = z.infer<typeof TimeRequest>;

/** Mine: my own requests; Review: waiting for (or decided by) me as approver; Company: HR's view of all. */
export const RequestScope = z.enum(['Mine', 'Review', 'Company']);
export type RequestScope = z.infer<typeof RequestScope>;
export const REQUEST_SORTABLE = ['FiledAt', 'DateFrom', 'EmployeeName', 'Status'] as const;
/**
 * Latest filed first unless asked otherwise. As on every list, SortDirection alone applies to the default sort
 * (here FiledAt): `{ SortDirection: 'asc' }` is oldest first. (It had been ignored without SortBy.)
 */
export const TimeRequestListRequest = listRequest(REQUEST_SORTABLE, {
  Scope: RequestScope.default('Mine'),
  Status: RequestStatus.optional(),
  LeaveTypeId: z.uuid().optional(),
  DepartmentId: z.uuid().optional(),
  EmployeeId: z.uuid().optional(),
  DateFrom: isoDate.optional(),
  DateTo: isoDate.optional(),
})
  .extend({ SortDirection: SortDirection.optional() })
  .overwrite((r) => (r.SortBy || !r.SortDirection ? r : { ...r, SortBy: 'FiledAt' as const }));
export type TimeRequestListRequest = z.input<typeof TimeRequestListRequest>;
export const TimeRequestListResponse = listResponse(TimeRequest);

export const ReviewRequest = z.strictObject({
  RowVersion,
  Remarks: optionalFreeText(500, { multiline: true }),
});
export type ReviewRequest = z.input<typeof ReviewRequest>;
/** A rejection says why. */
export const RejectRequest = z.strictObject({
  RowVersion,
  Remarks: requiredText(500, { multiline: true }),
});

/** A UT request with the day it concerns: the schedule and the punches (issue 9 §3, /portal/ut-requests/:id/details). */
export const UndertimeDetails = z.object({
  Request: TimeRequest,
  Schedule: z
    .object({ ShiftName: z.string(), TimeIn: z.string(), TimeOut: z.string(), IsRestDay: z.boolean() })
    .nullable(),
  Punches: z.array(z.object({ Time: z.string(), Direction: z.string(), Source: z.string() })),
});
export type UndertimeDetails = z.infer<typeof UndertimeDetails>;

export const PendingRequestCounts = z.object({
  Leave: z.number().int(),
  Overtime: z.number().int(),
  Undertime: z.number().int(),
});

/** The portal dashboard's day (issue 9 §4): today's schedule and punches, and the company's next holidays. */
export const PortalToday = z.object({
  Date: z.string(),
  Schedule: z.object({ ShiftName: z.string(), TimeIn: z.string(), TimeOut: z.string() }).nullable(),
  IsRestDay: z.boolean(),
  /** Today's holiday(s), when today is one. */
  HolidayName: z.string().nullable(),
  Punches: z.array(z.object({ Time: z.string(), Direction: z.string(), Source: z.string() })),
  UpcomingHolidays: z.array(z.object({ Date: z.string(), Name: z.string(), Type: z.string() })),
});
export type PortalToday = z.infer<typeof PortalToday>;
