import { formatIsoDate } from '@hrpay/contracts';

// One way to write a date for both sides (packages/contracts dates.ts): the server's refusals and the screens.
export { formatDateRange, formatIsoDate } from '@hrpay/contracts';

/**
 * The ISO dates inside a sentence, as people read them: "store 2026-11-30" becomes "store Nov 30, 2026". The
 * server writes payslip warnings with ISO dates (they are also read by exports and tests); the screens show them so.
 */
export const withReadableDates = (text: string) =>
  text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (iso) => formatIsoDate(iso));

const manilaDateTime = new Intl.DateTimeFormat('en-PH', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Manila',
});

/** An ISO instant as Manila time, whatever the browser's zone: "Nov 26, 2026, 7:20 PM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : manilaDateTime.format(date);
}
