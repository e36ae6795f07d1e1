import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ValidationMessages } from '@hrpay/contracts';

/** What a number field says when its text is not a number ("abc" in the divisor). */
export const NOT_A_NUMBER = 'Enter a number';

/**
 * zod's own words for a number the schema did not name a message for ("Invalid input: expected number, received
 * NaN" under a divisor typed as "abc"), in the form's words: text that is not a number, or nothing at all. A
 * schema's own message still wins (zod asks this only for issues without one).
 */
const numberIssue = (issue: { code?: string; expected?: string; input?: unknown }) => {
  if (issue.code !== 'invalid_type' || issue.expected !== 'number') return undefined;
  return issue.input === undefined || issue.input === null ? ValidationMessages.required : NOT_A_NUMBER;
};

/**
 * A form resolver that checks the API's own request schema against the body the form will send (text fields
 * such as numbers turned into what the API takes first), so the form shows the API's messages. On success it
 * hands the form's own values to the submit handler, which makes the body from them with the same `toBody`
 * (the zod resolver would hand over the parsed body, and a second `toBody` of it failed: "HoursPerDay.trim is
 * not a function", so no rate, profile or loan could be saved).
 */
export const bodyResolver = <V extends FieldValues>(
  schema: unknown,
  toBody: (values: V) => unknown = (v) => v,
) =>
  (async (values, context, options) => {
    const checked = await zodResolver(schema as never, { error: numberIssue } as never)(
      toBody(values) as never,
      context,
      options as never,
    );
    return Object.keys(checked.errors).length > 0 ? checked : { values, errors: {} };
  }) as Resolver<V>;
