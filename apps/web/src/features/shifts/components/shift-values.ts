import type { Shift } from '@hrpay/contracts';

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** `08:00 – 17:00`, with `(next day)` when the shift ends after midnight. */
export const scheduleText = (shift: Pick<Shift, 'TimeIn' | 'TimeOut' | 'IsOvernight'>) =>
  `${shift.TimeIn} – ${shift.TimeOut}${shift.IsOvernight ? ' (next day)' : ''}`;

export const restDaysText = (days: readonly number[]) =>
  days.length ? days.map((d) => WEEKDAYS[d]).join(', ') : 'None';
