import { useLocation } from 'react-router-dom';
import type { RequestKind, RequestStatus } from '@hrpay/contracts';
import { type Clock, formatIsoDate, formatDateRange, formatTime } from '@/lib/dates';
import { punchSourceLabel } from '@/lib/punch-sources';
import { formatDays } from '@/lib/numbers';

/** What differs between leave, overtime and undertime on screen. */
export const KIND: Record<
  RequestKind,
  { noun: string; short: string; portalPath: string; hrPath: string; fileLabel: string }
> = {
  Leave: {
    noun: 'leave request',
    short: 'Leave',
    portalPath: '/portal/leave-requests',
    hrPath: '/hr/leave-requests',
    fileLabel: 'File Leave',
  },
  Overtime: {
    noun: 'overtime request',
    short: 'OT',
    portalPath: '/portal/ot-requests',
    hrPath: '/hr/ot-requests',
    fileLabel: 'File Overtime',
  },
  Undertime: {
    noun: 'undertime request',
    short: 'UT',
    portalPath: '/portal/ut-requests',
    hrPath: '/hr/ut-requests',
    fileLabel: 'File Undertime',
  },
};

export const reviewPath = (kind: RequestKind, id: string) =>
  `${KIND[kind].portalPath}/review/${encodeURIComponent(id)}`;

export const STATUS_COLOR: Record<RequestStatus, 'warning' | 'success' | 'error' | 'default'> = {
  Pending: 'warning',
  Approved: 'success',
  Rejected: 'error',
  Cancelled: 'default',
};

export { formatIsoDate, formatDateRange };
export { manilaDate } from '@/lib/dates';
export { useClockFormat } from '@/lib/dates';
export { formatDays };
export const formatMinutes = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ') || '0 min';
};

/**
 * When a request is for, in one line: "Dec 23–28, 2026 · 3 days", "Jan 19, 2027 · 17:00–19:30" (on the
 * company's clock: "5:00 PM–7:30 PM").
 */
type When = {
  Kind: RequestKind;
  DateFrom: string;
  DateTo: string;
  HalfDay: boolean;
  Days: number | null;
  StartTime: string | null;
  EndTime: string | null;
};

/** When a request is for: the dates, and the days or the times. */
export function whenParts(r: When, clock: Clock = '24h'): [dates: string, detail: string] {
  if (r.Kind === 'Leave') {
    return [formatDateRange(r.DateFrom, r.DateTo), r.HalfDay ? 'half day' : formatDays(r.Days ?? 0)];
  }
  const time = (t: string | null) => (t ? formatTime(t, clock) : '');
  // An end at or before the start is on the next day (an overnight shift's overtime, or its end).
  const nextDay =
    r.StartTime && r.EndTime && r.EndTime.slice(0, 5) <= r.StartTime.slice(0, 5) ? ' next day' : '';
  if (r.Kind === 'Overtime')
    return [formatIsoDate(r.DateFrom), `${time(r.StartTime)}–${time(r.EndTime)}${nextDay && ' (next day)'}`];
  return [
    formatIsoDate(r.DateFrom),
    `leaving ${time(r.StartTime)} (shift ends ${time(r.EndTime)}${nextDay})`,
  ];
}

export function describeWhen(r: When, clock: Clock = '24h') {
  return whenParts(r, clock).join(' · ');
}

/**
 * A punch of the day in words: "07:53 in", "12:01 (in or out not known)" (on the company's clock: "7:53 AM in");
 * its source as people say it.
 */
export function punchLine(p: { Time: string; Direction: string; Source: string }, clock: Clock = '24h') {
  const direction =
    p.Direction === 'In' || p.Direction === 'Out' ? p.Direction.toLowerCase() : '(in or out not known)';
  return { time: `${formatTime(p.Time, clock)} ${direction}`, source: punchSourceLabel(p.Source) };
}

/** Where a request's page goes back to: the portal list (and tab) that opened it, else `fallback`. */
export function useBackToList(fallback: string): string {
  const from = (useLocation().state as { back?: string } | null)?.back;
  return from?.startsWith('/portal/') ? from : fallback;
}
