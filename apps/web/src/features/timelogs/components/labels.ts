import type { AttendanceAnomaly, AttendanceDay, PunchDirection, PunchSource } from '@hrpay/contracts';
import { type Clock, formatLocalDateTime } from '@/lib/dates';
import { PUNCH_SOURCE_LABELS } from '@/lib/punch-sources';

export const DIRECTION_OPTIONS: { value: PunchDirection; label: string }[] = [
  { value: 'In', label: 'In' },
  { value: 'Out', label: 'Out' },
  { value: 'Unknown', label: 'Unknown' },
];
export const SOURCE_OPTIONS: { value: PunchSource; label: string }[] = (
  ['Device', 'Import', 'Manual'] as const
).map((value) => ({ value, label: PUNCH_SOURCE_LABELS[value] }));
export const ANOMALY_LABELS: Record<AttendanceAnomaly, string> = {
  MissingIn: 'Missing in',
  MissingOut: 'Missing out',
  SinglePunch: 'Single punch',
  NoWorkInShift: 'No work in shift',
};
const DAY_TYPE_LABELS: Record<AttendanceDay['DayType'], string> = {
  ordinary: 'Ordinary day',
  special_non_working: 'Special day',
  special_working: 'Special working day',
  regular_holiday: 'Regular holiday',
  double_regular_holiday: 'Double holiday',
  double_special_non_working: 'Double special day',
};

/** "Rest day, regular holiday" and the like. */
export function dayTypeLabel(day: Pick<AttendanceDay, 'DayType' | 'RestDay'>): string {
  if (!day.RestDay) return DAY_TYPE_LABELS[day.DayType];
  return day.DayType === 'ordinary' ? 'Rest day' : `Rest day, ${DAY_TYPE_LABELS[day.DayType].toLowerCase()}`;
}

/**
 * A Manila wall-clock date-time (YYYY-MM-DDTHH:mm...) as every date-time of the app: "Nov 3, 2026, 08:25" (on
 * the company's 12-hour clock "Nov 3, 2026, 8:25 AM").
 */
export const shortDateTime = (value: string | null, clock: Clock = '24h') =>
  value ? formatLocalDateTime(value, clock) : '';

export { addDays, manilaToday } from '@/lib/dates';
