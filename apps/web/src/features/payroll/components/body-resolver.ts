import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';

/**
 * A form resolver that checks the API's own request schema against the body the form will send (text fields
 * such as numbers turned into what the API takes first), so the form shows the API's messages.
 */
export const bodyResolver = <V extends FieldValues>(
  schema: unknown,
  toBody: (values: V) => unknown = (v) => v,
) =>
  (async (values, context, options) =>
    zodResolver(schema as never)(toBody(values) as never, context, options as never)) as Resolver<V>;
