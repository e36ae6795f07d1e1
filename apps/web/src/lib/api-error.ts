import type { ProblemDetails, ProblemType, ValidationError } from '@hrpay/contracts';

/** A failed call: the HTTP status (0 when the server could not be reached) and the problem details, if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Partial<ProblemDetails> | null,
    message?: string,
  ) {
    super(message ?? problem?.detail ?? problem?.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }

  get detail(): string | undefined {
    return typeof this.problem?.detail === 'string' && this.problem.detail ? this.problem.detail : undefined;
  }

  /** The problem's `type` (ProblemTypes), for telling one 409 from another without reading its text. */
  get type(): string | undefined {
    return typeof this.problem?.type === 'string' ? this.problem.type : undefined;
  }

  get validationErrors(): Partial<ValidationError>[] {
    return Array.isArray(this.problem?.errors) ? this.problem.errors : [];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** `isProblem(error, ProblemTypes.staleRowVersion)`: an API answer of that problem type. */
export const isProblem = (error: unknown, type: ProblemType): error is ApiError =>
  isApiError(error) && error.type === type;

/**
 * A field error's message as shown under its field: without the API's leading field name ("TimeOut: The shift
 * cannot end…" reads "The shift cannot end…" there).
 */
export function fieldMessage(item: Partial<ValidationError>): string {
  const message = item.Description ?? '';
  const prefix = `${item.Code}: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}
