import { z } from 'zod';
import { ValidationMessages } from './validation-messages.js';

// Field rules shared by several resources; apart from validation-messages.ts, which the sign-in page reads
// without loading zod.

/** Characters that show nothing (zero-width space, joiners, word joiner, byte-order mark). */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;

/**
 * Control characters (C0, DEL, C1) and the bidirectional overrides and isolates: a name never holds them, and a
 * right-to-left override makes a name read as another on every screen and report.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** The same, less line breaks and tabs: free text that may run over several lines (a reason, remarks, an address). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

interface TextOptions {
  /** Line breaks and tabs allowed (a text area); other control characters and direction marks still refused. */
  multiline?: boolean;
}

/** Refuses control characters (and direction marks) in a text, a line break too unless `multiline`. */
export function withoutControlCharacters(schema: z.ZodString, options: TextOptions = {}) {
  return options.multiline
    ? schema.refine((v) => !CONTROL_BUT_LINES.test(v), 'Remove the control characters (direction marks)')
    : schema.refine(
        (v) => !CONTROL.test(v),
        'Remove the control characters (tabs, line breaks, direction marks)',
      );
}

/** Text of invisible characters only (a zero-width space) reads as blank on every screen. */
const visible = (v: string) => v === '' || v.replace(INVISIBLE, '').trim() !== '';

/**
 * A required name or text: trimmed, in Unicode's composed form (an "Ñ" typed as N + combining tilde is the same
 * name as the one-character "Ñ", for uniqueness and sorting alike), not only invisible characters, and without
 * control characters.
 */
export function requiredText(max: number, options: TextOptions = {}) {
  const text = z
    .string(ValidationMessages.required)
    .trim()
    .normalize('NFC')
    .min(1, ValidationMessages.required)
    .refine(visible, ValidationMessages.required);
  return withoutControlCharacters(text, options).max(max, ValidationMessages.maxLength(max));
}

/** Optional free text: empty or null is "none"; otherwise held to `requiredText`'s rules. */
export function optionalFreeText(max: number, options: TextOptions = {}) {
  const text = z.string().trim().normalize('NFC').refine(visible, 'Enter visible text or leave this empty');
  return withoutControlCharacters(text, options)
    .max(max, ValidationMessages.maxLength(max))
    .nullable()
    .optional();
}

/** `YYYY-MM-DD` that is a real day; an empty or missing one says it is required (spec §5). */
const isoDay = z.iso.date({
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? ValidationMessages.required
      : 'Not a valid date (use YYYY-MM-DD)',
  abort: true,
});

/** A calendar date in the years `first` to `last`, each whole. */
export const dateBetween = (first: number, last: number) =>
  isoDay.refine(
    (d) => d >= `${first}-01-01` && d <= `${last}-12-31`,
    `Enter a date from ${first} to ${last}`,
  );

/**
 * A calendar date (a birth, hire, rate, loan, holiday or cut-off date). (A date box shows mm/dd/yyyy; an empty one
 * must not be told its format.) Bounded to years an HR or payroll record can have: PostgreSQL has no year 0, and a
 * year 9999 is a typing slip, not a date to keep.
 */
export const calendarDate = dateBetween(1900, 2199);

/**
 * A working date (a punch's, a request's, an attendance range's): the years a punch may have (2000-2100), so a
 * year 0 or 9999 is a field error, not a database error or a misleading rule.
 */
export const workDate = dateBetween(2000, 2100);

/**
 * An optional id in a query string. A parameter sent empty is one not sent, as the spec writes its calls
 * (`search?SearchText=&CompanyId=`); any other text must be an id.
 */
export const optionalQueryId = (message?: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.uuid(message).optional());
