import { z } from 'zod';
import { exportRequest, listRequest, listResponse, outputOnly, RowVersion, SearchText } from './lists.js';
import { PhIdMessages } from './ph-ids.js';
import { formatIsoDate } from './dates.js';
import { calendarDate, optionalQueryId, requiredText, withoutControlCharacters } from './field-rules.js';
import { EMAIL_PATTERN, ValidationMessages as M } from './validation-messages.js';

/** `GET /api/v1/employees/search?SearchText=&CompanyId=` (spec §7): the employee picker. */
export const EmployeeSearchQuery = z.object({
  SearchText: SearchText.optional(),
  CompanyId: optionalQueryId(),
});

export const EmployeeMatch = z.object({
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  FullName: z.string(),
  CompanyId: z.uuid(),
  /** False for a separated employee (still found: final pay and history need them; pickers mark them). */
  IsActive: z.boolean().optional(),
});
export type EmployeeMatch = z.infer<typeof EmployeeMatch>;

/** At most 20 matches, by last and first name. */
export const EmployeeSearchResult = z.array(EmployeeMatch);

/** `GET /api/v1/employees/options` (spec §7): the company's active employees, for pickers. */
export const EmployeeOptionsQuery = z.object({ CompanyId: optionalQueryId() });
export const EmployeeOption = z.object({
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  FullName: z.string(),
});
export const EmployeeOptionsResponse = z.array(EmployeeOption);
export type EmployeeOption = z.infer<typeof EmployeeOption>;

/** `GET /api/v1/employees/upcoming-birthdays?Days=` (spec §7): 1 to 366 days ahead, today included. */
export const UpcomingBirthdaysQuery = z.object({
  Days: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    z
      .number({ error: (issue) => (issue.input === undefined ? M.required : 'Days must be a whole number') })
      .int('Days must be a whole number')
      .min(1, M.min(1))
      .max(366, M.max(366)),
  ),
  /** The soonest this many (default 100, at most 1,000): a company of 100,000 has some 8,000 in a month. */
  Limit: z.coerce.number().int().min(1).max(1000).default(100),
  CompanyId: optionalQueryId(),
});
export const UpcomingBirthday = z.object({
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  FullName: z.string(),
  DepartmentName: z.string().nullable(),
  BirthDate: z.string(),
  /** The date the birthday is kept this time (Feb 29 birthdays on Feb 28 in common years). */
  NextBirthday: z.string(),
  /** 0 for today. */
  DaysUntil: z.number().int(),
  /** The age the employee turns. */
  Age: z.number().int(),
});
export const UpcomingBirthdaysResponse = z.array(UpcomingBirthday);
export type UpcomingBirthday = z.infer<typeof UpcomingBirthday>;

// ---------------------------------------------------------------------------------------------------------------
// The employee record (201 file), issue 8 §2. One set of field rules for the HR form, the API and the import.

/** Letters, digits and . _ / - (what payroll files and biometric terminals accept as an id). */
export const EMPLOYEE_NUMBER_PATTERN = /^[A-Za-z0-9._/-]+$/;
/** A Philippine mobile number as typed: 09XXXXXXXXX or +639XXXXXXXXX, spaces and dashes allowed. */
export const MOBILE_PATTERN = /^(?:\+?63|0)9\d{9}$/;
export const BANK_ACCOUNT_PATTERN = /^[0-9][0-9 -]*$/;
/** Labor Code Art. 137 as amended by RA 9231. */
export const MINIMUM_WORKING_AGE = 15;

/** Maximum lengths of the record's text fields (also the import template's hints). */
export const EMPLOYEE_MAX_LENGTH = {
  EmployeeNumber: 30,
  LastName: 100,
  FirstName: 100,
  MiddleName: 100,
  Suffix: 20,
  Nickname: 50,
  DeviceUserId: 30,
  BirthPlace: 200,
  Nationality: 50,
  Religion: 50,
  Email: 254,
  Address: 500,
  EmergencyContactName: 200,
  EmergencyContactRelationship: 50,
  Department: 100,
  Position: 100,
  EmploymentStatus: 50,
  Shift: 100,
  BankName: 100,
  BankAccountNumber: 30,
  SeparationRemarks: 1000,
} as const;

export const Gender = z.enum(['Male', 'Female']);
export const CivilStatus = z.enum(['Single', 'Married', 'Widowed', 'Separated', 'Annulled']);
export const EmploymentType = z.enum(['FullTime', 'PartTime']);
export type EmploymentType = z.infer<typeof EmploymentType>;
export const RateType = z.enum(['Monthly', 'Daily']);
export const SeparationReason = z.enum(['Resigned', 'Terminated', 'EndOfContract', 'Retired', 'Deceased']);
export type SeparationReason = z.infer<typeof SeparationReason>;
export const SEPARATION_REASON_LABELS: Record<SeparationReason, string> = {
  Resigned: 'Resigned',
  Terminated: 'Terminated',
  EndOfContract: 'End of contract',
  Retired: 'Retired',
  Deceased: 'Deceased',
};

/** The earliest birth, hire or separation date on file. */
const EARLIEST_DATE = '1900-01-01';

export const EmployeeMessages = {
  employeeNumber: 'Employee number may hold letters, digits and . _ / - only',
  mobile: 'Mobile number must be a Philippine mobile number (09XXXXXXXXX or +639XXXXXXXXX)',
  phone: 'Phone number may hold digits, spaces, +, -, ( and ) only',
  birthDateRange: `Birth date must be between ${formatIsoDate(EARLIEST_DATE)} and today`,
  tooYoung: `The employee would be younger than ${MINIMUM_WORKING_AGE} on the hire date (the minimum working age)`,
  regularizationBeforeHire: 'Regularization date cannot be before the hire date',
  separationBeforeHire: 'Separation date cannot be before the hire date',
  restDayTwice: 'A rest day is listed twice',
  noWorkingDay: 'An employee needs at least one working day',
  hireDateRange: `Hire date must be between ${formatIsoDate(EARLIEST_DATE)} and one year from today`,
  separationDateRange: `Separation date must be between ${formatIsoDate(EARLIEST_DATE)} and one year from today`,
  hireAfterSeparation: 'Hire date cannot be after the separation date',
  scheduleBeforeHire: 'The schedule cannot take effect before the hire date',
  firstScheduleOnHire:
    'A new employee’s schedule starts on the hire date: leave the effective date empty or enter the hire date',
  hireAfterScheduleChange: (date: string) =>
    `A change of schedule from ${date} is recorded: the hire date must be before it`,
} as const;

/**
 * Today's date in the Philippines (UTC+8 all year), YYYY-MM-DD: the day HR works in, whatever the server's or the
 * browser's time zone (from 00:00 to 08:00 Manila time the UTC date is still yesterday).
 */
export const philippineToday = (now = new Date()): string =>
  new Date(now.getTime() + 8 * 60 * 60_000).toISOString().slice(0, 10);

/** The date a year from `today` (YYYY-MM-DD; Feb 29 becomes Mar 1 in a common year, as Date does). */
function yearFrom(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Optional text: empty or null is "none"; a pattern applies only to a non-empty value. A phone number's pattern
 * is tested without its spaces, dashes and brackets (`phone`); any other value as typed.
 */
function optionalText(max: number, pattern?: RegExp, message?: string, phone = false, multiline = false) {
  // No control characters or direction marks (a right-to-left override made a name print reversed on payslips and
  // BIR forms); an address or remark may keep its line breaks.
  let schema = withoutControlCharacters(z.string().trim().normalize('NFC'), { multiline }).max(
    max,
    M.maxLength(max),
  );
  if (pattern) {
    schema = schema.refine(
      (v) => v === '' || pattern.test(phone ? v.replace(/[\s()-]/g, '') : v),
      message ?? 'Invalid',
    );
  }
  return schema.nullable().optional();
}
/** A government id typed with or without dashes and spaces: stored in its canonical dashed form. */
function governmentId(digits: readonly number[], message: string) {
  return z
    .string()
    .trim()
    .max(20, M.maxLength(20))
    .refine(
      (v) => v === '' || (/^[\d\s-]+$/.test(v) && digits.includes(v.replace(/[\s-]/g, '').length)),
      message,
    )
    .nullable()
    .optional();
}
const isoDate = calendarDate;
/** A date or empty; a value that is neither says what is wrong with it (a union alone says "Invalid input"). */
const optionalDate = z
  .union([isoDate, z.literal('')], {
    error: (issue) =>
      typeof issue.input === 'string'
        ? isoDate.safeParse(issue.input).error?.issues[0]?.message
        : 'Not a valid date (use YYYY-MM-DD)',
  })
  .nullable()
  .optional();

/** Rest days of the week: 0 = Sunday ... 6 = Saturday. */
export const RestDays = z
  .array(z.number().int().min(0).max(6))
  .max(6, EmployeeMessages.noWorkingDay)
  .refine((days) => new Set(days).size === days.length, EmployeeMessages.restDayTwice);

/** The editable fields of the 201 file. Pay fields are the payroll module's and are not here. */
export const EmployeeFields = {
  EmployeeNumber: requiredText(EMPLOYEE_MAX_LENGTH.EmployeeNumber).regex(
    EMPLOYEE_NUMBER_PATTERN,
    EmployeeMessages.employeeNumber,
  ),
  LastName: requiredText(EMPLOYEE_MAX_LENGTH.LastName),
  FirstName: requiredText(EMPLOYEE_MAX_LENGTH.FirstName),
  MiddleName: optionalText(EMPLOYEE_MAX_LENGTH.MiddleName),
  Suffix: optionalText(EMPLOYEE_MAX_LENGTH.Suffix),
  Nickname: optionalText(EMPLOYEE_MAX_LENGTH.Nickname),
  // Personal
  BirthDate: optionalDate,
  BirthPlace: optionalText(EMPLOYEE_MAX_LENGTH.BirthPlace),
  Gender: Gender.nullable().optional(),
  CivilStatus: CivilStatus.nullable().optional(),
  Nationality: optionalText(EMPLOYEE_MAX_LENGTH.Nationality),
  Religion: optionalText(EMPLOYEE_MAX_LENGTH.Religion),
  // Contact
  Email: optionalText(EMPLOYEE_MAX_LENGTH.Email, EMAIL_PATTERN, M.email),
  MobileNumber: optionalText(20, MOBILE_PATTERN, EmployeeMessages.mobile, true),
  PresentAddress: optionalText(EMPLOYEE_MAX_LENGTH.Address, undefined, undefined, false, true),
  PermanentAddress: optionalText(EMPLOYEE_MAX_LENGTH.Address, undefined, undefined, false, true),
  EmergencyContactName: optionalText(EMPLOYEE_MAX_LENGTH.EmergencyContactName),
  EmergencyContactRelationship: optionalText(EMPLOYEE_MAX_LENGTH.EmergencyContactRelationship),
  EmergencyContactPhone: optionalText(30, /^[\d+]+$/, EmployeeMessages.phone, true),
  // Government ids
  TIN: governmentId([9, 12], PhIdMessages.tin),
  SSSNumber: governmentId([10], PhIdMessages.sss),
  PhilHealthNumber: governmentId([12], PhIdMessages.philHealth),
  PagIbigNumber: governmentId([12], PhIdMessages.pagIbig),
  // Employment
  DepartmentId: z.uuid().nullable().optional(),
  PositionId: z.uuid().nullable().optional(),
  EmploymentStatusId: z.uuid({ error: M.required }),
  EmploymentType: EmploymentType.nullable().optional(),
  HireDate: isoDate,
  RegularizationDate: optionalDate,
  SupervisorId: z.uuid().nullable().optional(),
  WorkLocationId: z.uuid().nullable().optional(),
  /** The employee's user id on the biometric terminal, for punch files that carry it instead of the number. */
  DeviceUserId: optionalText(EMPLOYEE_MAX_LENGTH.DeviceUserId),
  // Schedule
  ShiftId: z.uuid().nullable().optional(),
  /** The employee's own rest days; null or absent = the shift's. */
  RestDays: RestDays.nullable().optional(),
  /** When a change of shift or rest days takes effect (default today); earlier schedules stay in the history. */
  ScheduleEffectiveDate: optionalDate,
};

/** Rules between fields, on create and update alike. `today` is the Philippine date. */
export function refineEmployee(
  e: {
    BirthDate?: string | null;
    HireDate: string;
    RegularizationDate?: string | null;
    ScheduleEffectiveDate?: string | null;
  },
  ctx: z.RefinementCtx,
  today = philippineToday(),
) {
  if (e.HireDate && (e.HireDate < EARLIEST_DATE || e.HireDate > yearFrom(today))) {
    ctx.addIssue({ code: 'custom', path: ['HireDate'], message: EmployeeMessages.hireDateRange });
  }
  if (e.ScheduleEffectiveDate && e.HireDate && e.ScheduleEffectiveDate < e.HireDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['ScheduleEffectiveDate'],
      message: EmployeeMessages.scheduleBeforeHire,
    });
  }
  if (e.BirthDate) {
    if (e.BirthDate < EARLIEST_DATE || e.BirthDate > today) {
      ctx.addIssue({ code: 'custom', path: ['BirthDate'], message: EmployeeMessages.birthDateRange });
    } else if (e.HireDate) {
      const fifteenth = `${String(Number(e.BirthDate.slice(0, 4)) + MINIMUM_WORKING_AGE).padStart(4, '0')}${e.BirthDate.slice(4)}`;
      if (e.HireDate < fifteenth) {
        ctx.addIssue({ code: 'custom', path: ['HireDate'], message: EmployeeMessages.tooYoung });
      }
    }
  }
  if (e.RegularizationDate && e.HireDate && e.RegularizationDate < e.HireDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['RegularizationDate'],
      message: EmployeeMessages.regularizationBeforeHire,
    });
  }
}

export const EmployeeStatus = z.enum(['Active', 'Separated']);

export const Employee = z.object({
  EmployeeId: z.uuid(),
  CompanyId: z.uuid(),
  EmployeeNumber: z.string(),
  LastName: z.string(),
  FirstName: z.string(),
  MiddleName: z.string().nullable(),
  Suffix: z.string().nullable(),
  Nickname: z.string().nullable(),
  FullName: z.string(),
  BirthDate: z.string().nullable(),
  BirthPlace: z.string().nullable(),
  Gender: Gender.nullable(),
  CivilStatus: CivilStatus.nullable(),
  Nationality: z.string().nullable(),
  Religion: z.string().nullable(),
  Email: z.string().nullable(),
  MobileNumber: z.string().nullable(),
  PresentAddress: z.string().nullable(),
  PermanentAddress: z.string().nullable(),
  EmergencyContactName: z.string().nullable(),
  EmergencyContactRelationship: z.string().nullable(),
  EmergencyContactPhone: z.string().nullable(),
  TIN: z.string().nullable(),
  SSSNumber: z.string().nullable(),
  PhilHealthNumber: z.string().nullable(),
  PagIbigNumber: z.string().nullable(),
  DepartmentId: z.uuid().nullable(),
  DepartmentName: z.string().nullable(),
  PositionId: z.uuid().nullable(),
  PositionName: z.string().nullable(),
  EmploymentStatusId: z.uuid().nullable(),
  EmploymentStatusName: z.string().nullable(),
  EmploymentType: EmploymentType.nullable(),
  HireDate: z.string().nullable(),
  RegularizationDate: z.string().nullable(),
  SupervisorId: z.uuid().nullable(),
  SupervisorName: z.string().nullable(),
  WorkLocationId: z.uuid().nullable(),
  WorkLocationName: z.string().nullable(),
  DeviceUserId: z.string().nullable(),
  ShiftId: z.uuid().nullable(),
  ShiftName: z.string().nullable(),
  RestDays: z.array(z.number().int()).nullable(),
  /** The rest days in force: the employee's own, else the shift's. */
  EffectiveRestDays: z.array(z.number().int()),
  Status: EmployeeStatus,
  SeparationDate: z.string().nullable(),
  SeparationReason: SeparationReason.nullable(),
  SeparationRemarks: z.string().nullable(),
  /** A user account (portal or staff) is linked to this employee. */
  HasUserAccount: z.boolean(),
  RowVersion: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type Employee = z.infer<typeof Employee>;

export const CreateEmployeeRequest = z.strictObject(EmployeeFields).superRefine((e, ctx) => {
  refineEmployee(e, ctx);
  // Attendance reads the schedule history by date: a first schedule from a later day would leave the days
  // between without one.
  if (e.ScheduleEffectiveDate && e.HireDate && e.ScheduleEffectiveDate > e.HireDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['ScheduleEffectiveDate'],
      message: EmployeeMessages.firstScheduleOnHire,
    });
  }
});
export type CreateEmployeeRequest = z.input<typeof CreateEmployeeRequest>;
export const UpdateEmployeeRequest = z
  .strictObject({
    ...EmployeeFields,
    RowVersion,
    ...outputOnly({
      EmployeeId: z.uuid(),
      CompanyId: z.uuid(),
      FullName: z.string(),
      DepartmentName: z.string().nullable(),
      PositionName: z.string().nullable(),
      EmploymentStatusName: z.string().nullable(),
      SupervisorName: z.string().nullable(),
      WorkLocationName: z.string().nullable(),
      ShiftName: z.string().nullable(),
      EffectiveRestDays: z.array(z.number().int()),
      Status: EmployeeStatus,
      SeparationDate: z.string().nullable(),
      SeparationReason: SeparationReason.nullable(),
      SeparationRemarks: z.string().nullable(),
      HasUserAccount: z.boolean(),
      CreatedAt: z.string(),
      UpdatedAt: z.string(),
    }),
  })
  .superRefine((e, ctx) => refineEmployee(e, ctx));
export type UpdateEmployeeRequest = z.input<typeof UpdateEmployeeRequest>;

/** `POST /api/v1/employees/{id}/separation`: the employee leaves the company but stays on file. */
export const SeparateEmployeeRequest = z.strictObject({
  SeparationDate: isoDate.refine(
    (d) => d >= EARLIEST_DATE && d <= yearFrom(philippineToday()),
    EmployeeMessages.separationDateRange,
  ),
  SeparationReason: SeparationReason,
  SeparationRemarks: optionalText(EMPLOYEE_MAX_LENGTH.SeparationRemarks, undefined, undefined, false, true),
  RowVersion,
});
export type SeparateEmployeeRequest = z.input<typeof SeparateEmployeeRequest>;
export const ReinstateEmployeeRequest = z.strictObject({ RowVersion });

/** A row of the employee list. */
export const EmployeeListItem = z.object({
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  FullName: z.string(),
  LastName: z.string(),
  FirstName: z.string(),
  Email: z.string().nullable(),
  DepartmentId: z.uuid().nullable(),
  DepartmentName: z.string().nullable(),
  PositionName: z.string().nullable(),
  EmploymentStatusId: z.uuid().nullable(),
  EmploymentStatusName: z.string().nullable(),
  EmploymentType: EmploymentType.nullable(),
  HireDate: z.string().nullable(),
  SupervisorName: z.string().nullable(),
  ShiftName: z.string().nullable(),
  Status: EmployeeStatus,
  SeparationDate: z.string().nullable(),
});
export type EmployeeListItem = z.infer<typeof EmployeeListItem>;

export const EMPLOYEE_SORTABLE = [
  'EmployeeNumber',
  'FullName',
  'DepartmentName',
  'PositionName',
  'EmploymentStatusName',
  'EmploymentType',
  'HireDate',
] as const;
/** Spec §3: Search, DepartmentId, EmploymentStatusId, EmploymentType; separated employees only when asked. */
const EMPLOYEE_FILTERS = {
  DepartmentId: z.uuid().nullable().optional(),
  EmploymentStatusId: z.uuid().nullable().optional(),
  EmploymentType: EmploymentType.nullable().optional(),
  IncludeSeparated: z.boolean().optional(),
};
export const EmployeeListRequest = listRequest(EMPLOYEE_SORTABLE, EMPLOYEE_FILTERS);
export type EmployeeListRequest = z.input<typeof EmployeeListRequest>;
export const EmployeeListResponse = listResponse(EmployeeListItem);
/** The master list (every 201 field) of the list's filter, as XLSX or CSV. */
export const EmployeeExportRequest = exportRequest(EMPLOYEE_SORTABLE, EMPLOYEE_FILTERS);
export type EmployeeExportRequest = z.input<typeof EmployeeExportRequest>;

/** One change of the record, from the audit log. */
export const EmployeeHistoryEntry = z.object({
  At: z.string(),
  Action: z.string(),
  ActorName: z.string().nullable(),
  /** The fields that changed, with their value before and after. */
  Changes: z.array(z.object({ Field: z.string(), Before: z.unknown(), After: z.unknown() })),
});
export const EmployeeHistoryResponse = z.array(EmployeeHistoryEntry);
export type EmployeeHistoryEntry = z.infer<typeof EmployeeHistoryEntry>;
