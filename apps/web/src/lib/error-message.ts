import { isApiError } from './api-error';

/** Spec §8. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong';
export const VALIDATION_ERROR_FALLBACK = 'Validation error';

/** The server's detail text of a failed call (or the connection message when the server was not reached). */
export function errorDetail(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 0) return error.message;
  return error.detail;
}

/**
 * The server's detail, else the supplied fallback, else 'Something went wrong' (spec §8, to the letter: a server
 * not reached gave no detail, so the fallback speaks).
 */
export function errorMessage(error: unknown, fallback?: string): string {
  const detail = isApiError(error) && error.status !== 0 ? error.detail : undefined;
  return detail ?? fallback ?? GENERIC_ERROR_MESSAGE;
}
