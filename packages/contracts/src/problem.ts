import { z } from 'zod';

/** One validation item (spec §3: Code, Description). */
export const ValidationError = z.object({ Code: z.string(), Description: z.string() });
export type ValidationError = z.infer<typeof ValidationError>;

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
export type ProblemType = (typeof ProblemTypes)[keyof typeof ProblemTypes];

/** RFC 9457 problem details with the spec's `errors` array (ARCHITECTURE §4). */
export const ProblemDetails = z.object({
  type: z.string().optional(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.array(ValidationError).optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetails>;
