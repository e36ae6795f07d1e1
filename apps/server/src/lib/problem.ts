import { ProblemTypes, type ProblemType, type ValidationError } from '@hrpay/contracts';

/**
 * A typed error the one error handler turns into RFC 9457 problem details (STYLE.md §5). 400 and 409 problems
 * carry a `type` from ProblemTypes, so a client switches on it instead of matching the detail text.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: ValidationError[],
    readonly headers: Record<string, string> = {},
    readonly type: ProblemType | 'about:blank' = 'about:blank',
    /** What a library threw behind this answer (a reader's parse error): logged, never sent. */
    options?: { cause?: unknown },
  ) {
    super(detail ?? title, options);
  }
}

export const problems = {
  badRequest: (detail: string, errors?: ValidationError[]) =>
    new HttpProblem(400, 'Bad Request', detail, errors, {}, ProblemTypes.validation),
  unauthorized: (detail = 'Authentication is required.') => new HttpProblem(401, 'Unauthorized', detail),
  forbidden: (detail = 'You do not have access to this resource.') =>
    new HttpProblem(403, 'Forbidden', detail),
  notFound: (detail = 'The resource was not found.') => new HttpProblem(404, 'Not Found', detail),
  /** Every 409 says which kind of conflict it is. */
  conflict: (detail: string, type: ProblemType) =>
    new HttpProblem(409, 'Conflict', detail, undefined, {}, type),
  /** The record changed since it was read: reloading is the way out. */
  stale: (detail: string) =>
    new HttpProblem(409, 'Conflict', detail, undefined, {}, ProblemTypes.staleRowVersion),
  /** An export past its row cap: refused whole rather than cut off (lib/export.ts). */
  exportTooLarge: (maxRows: number) =>
    new HttpProblem(
      400,
      'Bad Request',
      `This export would hold more than ${maxRows.toLocaleString('en-US')} rows. Narrow the search or filters ` +
        'and export again.',
      undefined,
      {},
      ProblemTypes.validation,
    ),
  tooManyRequests: (retryAfterSeconds: number) =>
    new HttpProblem(429, 'Too Many Requests', 'Too many attempts. Please wait and try again.', undefined, {
      'retry-after': String(retryAfterSeconds),
    }),
};
