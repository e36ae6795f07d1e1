import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, ValidationMessages } from '@hrpay/contracts';

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

/** Simple `name@domain.tld` shape; the server is the authority on deliverability. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

/** Runs validators in order and reports only the first failure, as a form shows one message per field. */
function firstFailure<T>(validators: Validator<T>[]) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const validate of validators) {
      const message = validate(value);
      if (message) {
        ctx.addIssue({ code: 'custom', message });
        return;
      }
    }
  };
}

/** A string form field: `textField(required, email)`. */
export const textField = (...validators: Validator<string>[]) =>
  z.string().superRefine(firstFailure(validators));

/** A numeric form field that may be left empty (null): `numberField(required, min(0), max(100))`. */
export const numberField = (...validators: Validator<number | null>[]) =>
  z.number().nullable().superRefine(firstFailure(validators));

/** A multi-select field; `required` demands at least one item. */
export const arrayField = <T extends z.ZodType>(item: T, ...validators: Validator<z.infer<T>[]>[]) =>
  z.array(item).superRefine(firstFailure(validators));

/** New password + confirmation, with 'Passwords must match' shown on the confirmation even while other rules fail. */
export function withPasswordConfirmation<S extends z.ZodObject>(
  schema: S,
  newField: keyof z.infer<S> & string,
  confirmField: keyof z.infer<S> & string,
) {
  return schema.superRefine(
    (values, ctx) => {
      const record = values as Record<string, unknown>;
      const confirmation = record[confirmField];
      if (typeof confirmation === 'string' && confirmation !== '' && confirmation !== record[newField]) {
        ctx.addIssue({
          code: 'custom',
          path: [confirmField],
          message: ValidationMessages.passwordsMustMatch,
        });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}
