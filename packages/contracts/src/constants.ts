/**
 * Plain constants of the contracts, in a module without zod (issue 11): the web's list pages use these (page size,
 * a list's sortable fields, problem types) and, importing them from here, do not pull zod and the schemas into
 * pages that validate nothing. The modules that define the schemas import them from here.
 */

/** The list convention's page sizes (see lists.ts). */
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 25;

/** The companies list's SortBy values (see companies.ts). */
export const COMPANY_SORTABLE = [
  'Name',
  'Tin',
  'PayFrequency',
  'IsActive',
  'EmployeeCount',
  'CreatedAt',
] as const;

/**
 * The `type` of a problem a client can switch on (RFC 9457 §3.1.1), instead of matching `detail` text.
 * Relative URIs; `about:blank` stays the type of problems with nothing more specific to say.
 */
export const ProblemTypes = {
  /** 400: one or more fields are invalid (see `errors`). */
  validation: '/problems/validation',
  /** 409: the record changed since it was read (stale RowVersion); reload and try again. */
  staleRowVersion: '/problems/stale-row-version',
  /** 409: the record cannot be deleted while other records refer to it (offer deactivate / separate). */
  stillReferenced: '/problems/still-referenced',
  /** 409: the change would leave the account without an active Admin. */
  lastAdmin: '/problems/last-admin',
  /** 409: a user may not disable, demote or delete their own account. */
  selfChange: '/problems/self-change',
  /** 409: the record is in a state that does not allow this action (a committed import, a finalised period). */
  invalidState: '/problems/invalid-state',
  /** 409: the same value already exists where it must be unique. */
  duplicate: '/problems/duplicate',
  /** 409: a concurrent change got there first (database constraint, serialization failure); try again. */
  concurrentChange: '/problems/concurrent-change',
  /** 409: the leave balance does not cover the days asked for. */
  insufficientBalance: '/problems/insufficient-balance',
  /** 409: the dates overlap another pending or approved request. */
  overlap: '/problems/overlap',
  /** 409: a finalised payroll period (its payslips, adjustments and the attendance it paid) cannot change. */
  periodFinalised: '/problems/payroll-period-finalised',
} as const;

/** The kinds of time request (see requests.ts); here so the portal dashboard names them without zod. */
export const REQUEST_KINDS = ['Leave', 'Overtime', 'Undertime'] as const;
/** The URL segment of each kind: /api/v1/leave-requests, /api/v1/ot-requests, /api/v1/ut-requests. */
export const REQUEST_SEGMENTS: Record<(typeof REQUEST_KINDS)[number], string> = {
  Leave: 'leave-requests',
  Overtime: 'ot-requests',
  Undertime: 'ut-requests',
};

/** The months' names, January first: report options, titles and the holidays year view. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
