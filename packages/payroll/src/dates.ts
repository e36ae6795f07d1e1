/** Date and month validation. Dates are YYYY-MM-DD strings; ISO order makes string comparison chronological. */
import { PayrollInputError } from './errors.js';

const MONTH_RE = /^(\d{4})-(\d{2})$/;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  if (month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) return 29;
  return DAYS[month - 1]!;
}

const digit = (s: string, i: number): number => {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : NaN;
};

/** Validates YYYY-MM-DD (a real calendar date). Hand-rolled because it runs for every attendance day. */
export function parseDate(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new PayrollInputError(field, 'must be a date YYYY-MM-DD');
  const y = digit(value, 0) * 1000 + digit(value, 1) * 100 + digit(value, 2) * 10 + digit(value, 3);
  const mo = digit(value, 5) * 10 + digit(value, 6);
  const d = digit(value, 8) * 10 + digit(value, 9);
  // A non-digit makes y/mo/d NaN, which fails the `>= 0` test.
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45 || !(y + mo + d >= 0)) {
    throw new PayrollInputError(field, `malformed date ${JSON.stringify(value)}`);
  }
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) {
    throw new PayrollInputError(field, `no such date ${value}`);
  }
  return value;
}

// Parts of a validated YYYY-MM-DD date, read without slicing (they run for every payslip).
export const yearOf = (date: string): number =>
  digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3);
export const monthOf = (date: string): number => digit(date, 5) * 10 + digit(date, 6);
export const dayOf = (date: string): number => digit(date, 8) * 10 + digit(date, 9);

/** A weekly period ending on `end` is its month's last: the next one would end in the month after. */
export const isLastWeekOfMonth = (end: string): boolean =>
  dayOf(end) + 7 > daysInMonth(yearOf(end), monthOf(end));

/**
 * A period ending on `end` is the year's last payroll, which makes the year-end tax adjustment (REFERENCE
 * §4.7): one ending on 31 December, or a weekly one in December's last week. The engine's default for
 * `period.lastPayrollOfYear`; the server decides by the same rule when the engine is not told.
 */
export const isLastPayrollOfYear = (end: string, weekly: boolean): boolean =>
  monthOf(end) === 12 && (weekly ? isLastWeekOfMonth(end) : dayOf(end) === 31);

/** "YYYY-MM" → the first day of that month, for effective-date lookups. */
export function parseMonth(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new PayrollInputError(field, 'must be a month YYYY-MM');
  const m = MONTH_RE.exec(value);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) {
    throw new PayrollInputError(field, `malformed month ${JSON.stringify(value)}`);
  }
  return `${value}-01`;
}

export function parseYear(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1900 || value > 9999) {
    throw new PayrollInputError(field, 'must be a four-digit year');
  }
  return value;
}

/** Day before a YYYY-MM-DD date. */
export function previousDate(date: string): string {
  const d = Number(date.slice(8, 10));
  if (d > 1) return date.slice(0, 8) + (d <= 10 ? '0' : '') + (d - 1); // same month: no Date object needed
  const t = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return new Date(t - 86_400_000).toISOString().slice(0, 10);
}
