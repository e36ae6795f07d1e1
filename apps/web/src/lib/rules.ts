import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH, ValidationMessages } from '@hrpay/contracts';

/**
 * The validator set of spec §5. Each validator answers the message of the first broken rule, or null. Only
 * `required` fails on an empty value; the others pass on empty so they compose (`textField(required, email)`).
 */
export type Validator<T = unknown> = (value: T) => string | null;

const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (typeof value === 'number' && Number.isNaN(value)) ||
  (Array.isArray(value) && value.length === 0);

export const required: Validator = (value) => (isEmpty(value) ? ValidationMessages.required : null);

export const email: Validator<string | null | undefined> = (value) =>
  isEmpty(value) || EMAIL_PATTERN.test(String(value).trim()) ? null : ValidationMessages.email;

export const password: Validator<string | null | undefined> = (value) =>
  isEmpty(value) || String(value).length >= PASSWORD_MIN_LENGTH ? null : ValidationMessages.password;

export const minLength =
  (length: number): Validator<string | null | undefined> =>
  (value) =>
    isEmpty(value) || String(value).length >= length ? null : ValidationMessages.minLength(length);

export const maxLength =
  (length: number): Validator<string | null | undefined> =>
  (value) =>
    isEmpty(value) || String(value).length <= length ? null : ValidationMessages.maxLength(length);

/** Passes on empty values (spec §5). */
export const min =
  (limit: number): Validator<number | string | null | undefined> =>
  (value) =>
    isEmpty(value) || Number(value) >= limit ? null : ValidationMessages.min(limit);

/** Passes on empty values (spec §5). */
export const max =
  (limit: number): Validator<number | string | null | undefined> =>
  (value) =>
    isEmpty(value) || Number(value) <= limit ? null : ValidationMessages.max(limit);

/**
 * The validators as a react-hook-form `validate` rule, first failure wins: for the sign-in pages, which keep
 * zod (about 40 kB compressed) off their route (issue 11's budget).
 */
export const rule =
  <T>(...validators: Validator<T>[]) =>
  (value: T): string | true => {
    for (const validate of validators) {
      const message = validate(value);
      if (message) return message;
    }
    return true;
  };
