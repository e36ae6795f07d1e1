import { minutesOf, nightMinutes, type Shift } from '@hrpay/contracts';
import { formatHourNumber } from '@/lib/numbers';

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** `08:00 – 17:00`, with `(next day)` when the shift ends after midnight. */
export const scheduleText = (
  shift: Pick<Shift, 'TimeIn' | 'TimeOut' | 'IsOvernight'>,
  /** On the company's clock (lib/dates useClockFormat().time); as stored by default. */
  time: (value: string) => string = (value) => value,
) => `${time(shift.TimeIn)} – ${time(shift.TimeOut)}${shift.IsOvernight ? ' (next day)' : ''}`;

export const restDaysText = (days: readonly number[]) =>
  days.length ? days.map((d) => WEEKDAYS[d]).join(', ') : 'None';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const hours = (minutes: number) => formatHourNumber(minutes / 60);

/**
 * What the times of a shift being edited amount to, as the list will show it: "Ends the next day · 8 work
 * hours · 8 h in 22:00–06:00 (night differential)". Null while a time is missing or both are the same.
 */
export function shiftSummary(timeIn: string, timeOut: string, breakMinutes: unknown, flexible: boolean) {
  if (!HH_MM.test(timeIn) || !HH_MM.test(timeOut)) return null;
  const start = minutesOf(timeIn);
  const end = minutesOf(timeOut);
  if (start === end) return null;
  const span = end > start ? end - start : end + 24 * 60 - start;
  const pause = Number(breakMinutes);
  const night = nightMinutes(timeIn, timeOut);
  return [
    end < start && 'Ends the next day',
    !flexible && `${hours(Math.max(0, span - (Number.isFinite(pause) ? pause : 0)))} work hours`,
    night > 0 && `${hours(night)} h in 22:00–06:00 (night differential)`,
  ]
    .filter(Boolean)
    .join(' · ');
}
