import { z } from 'zod';
import { ValidationMessages } from '@hrpay/contracts';

import { type Validator } from './rules';

export * from './rules';

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

/** A select the user may leave empty: '' in the form ("none"), else one of `value`'s values; null as well. */
export const optionalSelect = <T extends z.ZodType>(value: T) =>
  z
    .union([z.literal(''), value])
    .nullable()
    .optional();
