import type { ProblemDetails, ValidationError } from '@hrpay/contracts';

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

  get validationErrors(): Partial<ValidationError>[] {
    return Array.isArray(this.problem?.errors) ? this.problem.errors : [];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
