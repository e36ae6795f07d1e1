import { isApiError } from './api-error';
import { errorMessage, VALIDATION_ERROR_FALLBACK } from './error-message';
import { showErrorToast } from './toast-host';

// The texts without the toast library live in error-message.ts (the sign-in pages use them, issue 11).
export { errorDetail, errorMessage, GENERIC_ERROR_MESSAGE, VALIDATION_ERROR_FALLBACK } from './error-message';

/** Each validation item as Description, else Code, else 'Validation error' (spec §8). */
export function validationMessages(error: unknown): string[] {
  if (!isApiError(error)) return [];
  return error.validationErrors.map((item) => item.Description || item.Code || VALIDATION_ERROR_FALLBACK);
}

/**
 * The generic handler: an error toast with the server's detail, else the fallback, else the generic text. The
 * toast library loads with the first toast (lib/toast-host.ts): every signed-in page imports this handler, and
 * its first paint does not need the library (issue 11).
 */
export function handleError(error: unknown, fallback?: string): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  void showErrorToast(errorMessage(error, fallback));
}
