import { z } from 'zod';
import { HolidayDayType } from './holidays.js';
import { ImportRowError } from './employee-import.js';
import { listRequest, listResponse, outputOnly, RowVersion, SortDirection } from './lists.js';
import { withoutControlCharacters, workDate } from './field-rules.js';
import { ValidationMessages as M } from './validation-messages.js';

/** Issue 9 §1: time logs (punches), their import from biometric terminals, and the daily attendance. */

export const PUNCH_DIRECTIONS = ['In', 'Out', 'Unknown'] as const;
export const PunchDirection = z.enum(PUNCH_DIRECTIONS);
export type PunchDirection = z.infer<typeof PunchDirection>;
export const PUNCH_SOURCES = ['Manual', 'Import', 'Device'] as const;
export const PunchSource = z.enum(PUNCH_SOURCES);
export type PunchSource = z.infer<typeof PunchSource>;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** A `YYYY-MM-DD HH:mm[:ss]` (or with `T`) text that names a real calendar date. */
export function isLocalDateTime(value: string): boolean {
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 2000 && y <= 2100 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A date and time on the Philippine clock (Asia/Manila, UTC+8 all year), as HR reads it off the terminal. */
export const ManilaDateTime = z
  .string()
  .trim()
  .min(1, M.required)
  .refine(isLocalDateTime, 'Enter a date and time as YYYY-MM-DD HH:mm');

const isoDate = workDate;
/** Why a punch is added, corrected or deleted: a required field (spec §5). */
export const TimeLogReason = withoutControlCharacters(
  z
    // A device's punch has no reason (null in its GET body): the same message as an empty one.
    .string({
      error: (issue) => (issue.input === null || issue.input === undefined ? M.required : undefined),
    })
    .trim()
    .normalize('NFC')
    .min(1, M.required),
  { multiline: true },
).max(500, M.maxLength(500));

/** The editable fields of a punch. Every change needs a reason; it is kept on the punch and in the audit. */
export const TimeLogFields = {
  EmployeeId: z.uuid(M.required),
  PunchedAt: ManilaDateTime,
  Direction: PunchDirection.default('Unknown'),
  Reason: TimeLogReason,
};

export const TimeLog = z.object({
  TimeLogId: z.uuid(),
  CompanyId: z.uuid(),
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  EmployeeName: z.string(),
  DepartmentName: z.string().nullable(),
  /** Manila local time, `YYYY-MM-DDTHH:mm:ss`. */
  PunchedAt: z.string(),
  Direction: PunchDirection,
  Source: PunchSource,
  Reason: z.string().nullable(),
  RowVersion: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type TimeLog = z.infer<typeof TimeLog>;

export const CreateTimeLogRequest = z.strictObject(TimeLogFields);
export type CreateTimeLogRequest = z.input<typeof CreateTimeLogRequest>;
export const UpdateTimeLogRequest = z.strictObject({
  ...TimeLogFields,
  RowVersion,
  ...outputOnly({
    TimeLogId: z.uuid(),
    CompanyId: z.uuid(),
    EmployeeNumber: z.string(),
    EmployeeName: z.string(),
    DepartmentName: z.string().nullable(),
    Source: PunchSource,
    CreatedAt: z.string(),
    UpdatedAt: z.string(),
  }),
});
export type UpdateTimeLogRequest = z.input<typeof UpdateTimeLogRequest>;
/** A delete says why (kept in the audit), and may carry the RowVersion read, so a changed punch is not lost. */
export const DeleteTimeLogRequest = z.strictObject({
  Reason: TimeLogReason,
  RowVersion: RowVersion.optional(),
});
export type DeleteTimeLogRequest = z.input<typeof DeleteTimeLogRequest>;

const dateRangeFilters = { DateFrom: isoDate.optional(), DateTo: isoDate.optional() };
export const TIMELOG_SORTABLE = [
  'PunchedAt',
  'EmployeeName',
  'EmployeeNumber',
  'Direction',
  'Source',
] as const;
/**
 * Newest punch first unless asked otherwise. As on every list, SortDirection alone applies to the default sort
 * (here PunchedAt): `{ SortDirection: 'asc' }` is oldest first. (It had been ignored without SortBy.)
 */
export const TimeLogListRequest = listRequest(TIMELOG_SORTABLE, {
  EmployeeId: z.uuid().optional(),
  DepartmentId: z.uuid().optional(),
  Source: PunchSource.optional(),
  ...dateRangeFilters,
})
  .extend({ SortDirection: SortDirection.optional() })
  .overwrite((r) => (r.SortBy || !r.SortDirection ? r : { ...r, SortBy: 'PunchedAt' as const }));
export type TimeLogListRequest = z.input<typeof TimeLogListRequest>;
export const TimeLogListResponse = listResponse(TimeLog);

// ---- Import of punch files --------------------------------------------------------------------------------

/**
 * A punch import is a background job (decision 0008): up to 3,500,000 punches (a quarter of 100,000 employees
 * punching twice a day is about 3 million lines, 100 MB), read and checked in batches, never all in memory.
 */
export const PUNCH_IMPORT_MAX_FILE_BYTES = 128 * 1024 * 1024;
export const PUNCH_IMPORT_MAX_ROWS = 3_500_000;

export const PunchFileFormat = z.enum(['Csv', 'ZkTeco']);
export const PunchImportStatus = z.enum([
  'Queued',
  'Validating',
  /** Checked without errors: waiting for HR to commit it. */
  'Ready',
  /** Checked with errors: nothing can be committed; fix the file and upload it again. */
  'Invalid',
  'Committing',
  'Committed',
  'Failed',
  'Discarded',
]);
export type PunchImportStatus = z.infer<typeof PunchImportStatus>;
export const PunchImport = z.object({
  ImportId: z.uuid(),
  FileName: z.string(),
  FileSize: z.number().int(),
  /** Null until the file is read. */
  Format: PunchFileFormat.nullable(),
  Status: PunchImportStatus,
  /** 0-100 while the job works (validation, then commit). */
  Progress: z.number().int(),
  Message: z.string().nullable(),
  TotalRows: z.number().int(),
  ValidRows: z.number().int(),
  /** Valid rows that are already on file (or repeated in the file): a commit leaves them as they are. */
  DuplicateRows: z.number().int(),
  /** Valid rows a commit would add. */
  NewRows: z.number().int(),
  /** Every row error of the file is counted; the first 200 are listed. */
  ErrorCount: z.number().int(),
  Errors: z.array(ImportRowError),
  /** The first 20 valid rows, as they would be stored. */
  Sample: z.array(
    z.object({
      Row: z.number().int(),
      EmployeeNumber: z.string(),
      EmployeeName: z.string(),
      PunchedAt: z.string(),
      Direction: PunchDirection,
    }),
  ),
  /** Once committed: punches added, and valid rows that were already on file. */
  Added: z.number().int().nullable(),
  Duplicates: z.number().int().nullable(),
  CreatedAt: z.string(),
  CommittedAt: z.string().nullable(),
});
export type PunchImport = z.infer<typeof PunchImport>;

// ---- Daily attendance -------------------------------------------------------------------------------------

export const ATTENDANCE_MAX_DAYS = 31;
/** NoWorkInShift: punches on a working day, none of them inside the shift's paid time; the day counts as absent. */
export const AttendanceAnomaly = z.enum(['MissingIn', 'MissingOut', 'SinglePunch', 'NoWorkInShift']);
export type AttendanceAnomaly = z.infer<typeof AttendanceAnomaly>;

export const AttendanceRequest = z
  .strictObject({
    DateFrom: isoDate,
    DateTo: isoDate,
    EmployeeId: z.uuid().optional(),
    DepartmentId: z.uuid().optional(),
    OnlyAnomalies: z.boolean().optional(),
    /** Employee: each employee's days in a row; Date: each day's employees together. */
    OrderBy: z.enum(['Employee', 'Date']).default('Employee'),
    Page: z.number().int().min(1).default(1),
    PageSize: z.number().int().min(1).max(500).default(50),
  })
  .refine((v) => v.DateTo >= v.DateFrom, { message: 'DateTo must be on or after DateFrom', path: ['DateTo'] })
  .refine((v) => (Date.parse(v.DateTo) - Date.parse(v.DateFrom)) / 86_400_000 < ATTENDANCE_MAX_DAYS, {
    message: `At most ${ATTENDANCE_MAX_DAYS} days at a time`,
    path: ['DateTo'],
  });
export type AttendanceRequest = z.input<typeof AttendanceRequest>;

/** One employee's day. Minutes are whole minutes; hours are the same figures to two decimals for payroll. */
export const AttendanceDay = z.object({
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  EmployeeName: z.string(),
  DepartmentName: z.string().nullable(),
  Date: z.string(),
  ShiftName: z.string().nullable(),
  /** The payroll package's day type (`dayPay`), with RestDay for the rest-day combinations. */
  DayType: HolidayDayType,
  RestDay: z.boolean(),
  HolidayNames: z.array(z.string()),
  /** Manila local time `YYYY-MM-DDTHH:mm`, or null. */
  FirstIn: z.string().nullable(),
  LastOut: z.string().nullable(),
  PunchCount: z.number().int(),
  WorkedMinutes: z.number().int(),
  LateMinutes: z.number().int(),
  UndertimeMinutes: z.number().int(),
  NightDiffMinutes: z.number().int(),
  OvertimeMinutes: z.number().int(),
  PayableOvertimeMinutes: z.number().int(),
  WorkedHours: z.number(),
  NightDiffHours: z.number(),
  OvertimeHours: z.number(),
  PayableOvertimeHours: z.number(),
  Absent: z.boolean(),
  OnLeave: z.boolean(),
  Anomalies: z.array(AttendanceAnomaly),
  /**
   * The day's shift (without a shift: the day) has not ended yet: absence, undertime and a missing out are not
   * judged until it has, and "Store for payroll" leaves the day out.
   */
  NotOver: z.boolean(),
  /**
   * Employed: a day of the employment. NotYetHired (before the hire date) or Separated (after the separation
   * date): nothing is expected, the day is not judged, and the store leaves it out.
   */
  Employment: z.enum(['Employed', 'NotYetHired', 'Separated']),
});
export type AttendanceDay = z.infer<typeof AttendanceDay>;
export const AttendanceResponse = listResponse(AttendanceDay);

/**
 * Issue 9 §5: stores the daily attendance of every active employee of the company over a range (at most 31 days)
 * in `attendance_days`, replacing what was stored for those employees and days; payroll reads the stored rows.
 */
export const StoreAttendanceRequest = z
  .strictObject({ DateFrom: isoDate, DateTo: isoDate })
  .refine((v) => v.DateTo >= v.DateFrom, { message: 'DateTo must be on or after DateFrom', path: ['DateTo'] })
  .refine((v) => (Date.parse(v.DateTo) - Date.parse(v.DateFrom)) / 86_400_000 < ATTENDANCE_MAX_DAYS, {
    message: `At most ${ATTENDANCE_MAX_DAYS} days at a time`,
    path: ['DateTo'],
  });
export type StoreAttendanceRequest = z.infer<typeof StoreAttendanceRequest>;

export const StoreAttendanceResult = z.object({
  DateFrom: z.string(),
  DateTo: z.string(),
  /** Active employees whose days were stored. */
  Employees: z.number().int(),
  /** Employee-days stored (employees x days). */
  Days: z.number().int(),
  /** Stored days with an anomaly (a missing in or out, a single punch). */
  Anomalies: z.number().int(),
  /** Days of the range left out because their shift had not ended yet (store them again once it has). */
  DaysNotOver: z.number().int(),
  /** Days of the range a finalised payroll period paid: kept as they were stored (they can no longer change). */
  DaysFinalised: z.number().int(),
  /** The finalised periods those days belong to, by name. */
  FinalisedPeriods: z.array(z.string()),
  ComputedAt: z.string(),
});
export type StoreAttendanceResult = z.infer<typeof StoreAttendanceResult>;
