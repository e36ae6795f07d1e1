import { useMemo } from 'react';
import { formatIsoDate } from '@hrpay/contracts';
import { useTwelveHourClock } from './application-settings';

// One way to write a date for both sides (packages/contracts dates.ts): the server's refusals and the screens.
export { formatDateRange, formatIsoDate } from '@hrpay/contracts';

/**
 * The ISO dates inside a sentence, as people read them: "store 2026-11-30" becomes "store Nov 30, 2026". The
 * server writes payslip warnings with ISO dates (they are also read by exports and tests); the screens show them so.
 */
export const withReadableDates = (text: string) =>
  text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (iso) => formatIsoDate(iso));

/**
 * The clock times are written on, the company's choice in Application Settings: 24-hour ("16:00", the default)
 * or 12-hour with AM / PM ("4:00 PM"). The time pickers, the times and the date-times of every screen follow it.
 */
export type Clock = '24h' | '12h';

type Shape = 'dateTime' | 'time';
/** Each formatter is made once, on first use (making one is far dearer than formatting with it). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(shape: Shape, clock: Clock, timeZone: 'Asia/Manila' | 'UTC') {
  const key = `${shape} ${clock} ${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-PH', {
      ...(shape === 'dateTime' ? { dateStyle: 'medium' } : {}),
      timeStyle: 'short',
      timeZone,
      // h23, not hour12: false, which some engines write as "24:30" half an hour after midnight.
      ...(clock === '12h' ? { hour12: true } : { hourCycle: 'h23' }),
    });
    formatters.set(key, made);
  }
  return made;
}

/** An ISO instant as Manila time, whatever the browser's zone: "Nov 26, 2026, 19:20" (12-hour: "7:20 PM"). */
export function formatDateTime(iso: string, clock: Clock = '24h'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter('dateTime', clock, 'Asia/Manila').format(date);
}

/** A wall-clock text `YYYY-MM-DDTHH:mm...` (Manila time, no zone) read as it is written, in UTC. */
const wallClock = (value: string) =>
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)
    ? new Date(`${value.slice(0, 10)}T${value.slice(11, 16)}:00Z`)
    : new Date(NaN);

/**
 * A Manila wall-clock date-time (a punch's `YYYY-MM-DDTHH:mm[:ss]`) written as an instant is: "Nov 3, 2026, 08:25"
 * (12-hour: "8:25 AM").
 */
export function formatLocalDateTime(value: string, clock: Clock = '24h'): string {
  const date = wallClock(value);
  return Number.isNaN(date.getTime()) ? value : formatter('dateTime', clock, 'UTC').format(date);
}

/** A time of day `HH:mm[:ss]`: "16:00" (12-hour: "4:00 PM"). */
export function formatTime(value: string, clock: Clock = '24h'): string {
  const date = wallClock(`2000-01-01T${value}`);
  return Number.isNaN(date.getTime()) ? value : formatter('time', clock, 'UTC').format(date);
}

/** The date-time and time writers on the company's clock (24-hour until the settings have loaded). */
export function useClockFormat() {
  const clock: Clock = useTwelveHourClock() ? '12h' : '24h';
  return useMemo(
    () => ({
      clock,
      dateTime: (iso: string) => formatDateTime(iso, clock),
      localDateTime: (value: string) => formatLocalDateTime(value, clock),
      time: (value: string) => formatTime(value, clock),
    }),
    [clock],
  );
}

const MANILA_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' });
/** The Manila calendar date (YYYY-MM-DD) of an instant, now by default: one formatter for every caller. */
export const manilaDate = (at: Date | string = new Date()) =>
  MANILA_DATE.format(typeof at === 'string' ? new Date(at) : at);
/** Today in the Philippines (YYYY-MM-DD). */
export const manilaToday = () => manilaDate();

/** A `YYYY-MM-DD` date `days` later. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
