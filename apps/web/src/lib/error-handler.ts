import { toast } from 'react-toastify';
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

/** The server's detail, else the supplied fallback, else 'Something went wrong' (spec §8). */
export function errorMessage(error: unknown, fallback?: string): string {
  return errorDetail(error) ?? fallback ?? GENERIC_ERROR_MESSAGE;
}

/** Each validation item as Description, else Code, else 'Validation error' (spec §8). */
export function validationMessages(error: unknown): string[] {
  if (!isApiError(error)) return [];
  return error.validationErrors.map((item) => item.Description || item.Code || VALIDATION_ERROR_FALLBACK);
}

/** The generic handler: an error toast with the server's detail, else the fallback, else the generic text. */
export function handleError(error: unknown, fallback?: string): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  toast.error(errorMessage(error, fallback));
}
