import { toast } from 'react-toastify';
import { isApiError } from './api-error';
import { errorMessage, VALIDATION_ERROR_FALLBACK } from './error-message';
import { wantToasts } from './toast-host';

// The texts without the toast library live in error-message.ts (the sign-in pages use them, issue 11).
export { errorDetail, errorMessage, GENERIC_ERROR_MESSAGE, VALIDATION_ERROR_FALLBACK } from './error-message';

/** Each validation item as Description, else Code, else 'Validation error' (spec §8). */
export function validationMessages(error: unknown): string[] {
  if (!isApiError(error)) return [];
  return error.validationErrors.map((item) => item.Description || item.Code || VALIDATION_ERROR_FALLBACK);
}

/** The generic handler: an error toast with the server's detail, else the fallback, else the generic text. */
export function handleError(error: unknown, fallback?: string): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  wantToasts();
  toast.error(errorMessage(error, fallback));
}
