import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';

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
    const checked = await zodResolver(schema as never)(toBody(values) as never, context, options as never);
    return Object.keys(checked.errors).length > 0 ? checked : { values, errors: {} };
  }) as Resolver<V>;
