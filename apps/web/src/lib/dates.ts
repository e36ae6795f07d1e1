/** An ISO date (YYYY-MM-DD) as people read it in the Philippines: "Nov 20, 2026". */
export const formatIsoDate = (iso: string) =>
  new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/**
 * The ISO dates inside a sentence, as people read them: "store 2026-11-30" becomes "store Nov 30, 2026". The
 * server writes payslip warnings with ISO dates (they are also read by exports and tests); the screens show them so.
 */
export const withReadableDates = (text: string) =>
  text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (iso) =>
    Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) ? iso : formatIsoDate(iso),
  );

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

const dateFormat = new Intl.DateTimeFormat('en-PH', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
export const formatDate = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));

const monthFormat = new Intl.DateTimeFormat('en-PH', { month: 'short', timeZone: 'UTC' });
/** "Dec 21", without the year. */
const monthDay = (iso: string) =>
  `${monthFormat.format(new Date(`${iso}T00:00:00Z`))} ${Number(iso.slice(8, 10))}`;

/**
 * A range of dates as short as it reads whole (a list column at 1280 px holds it): "Dec 21–22, 2026",
 * "Nov 30 – Dec 2, 2026", and across years both dates in full, "Dec 30, 2026 – Jan 2, 2027".
 */
export function formatDateRange(from: string, to: string): string {
  if (from === to) return formatDate(from);
  if (from.slice(0, 4) !== to.slice(0, 4)) return `${formatDate(from)} – ${formatDate(to)}`;
  const year = from.slice(0, 4);
  if (from.slice(0, 7) === to.slice(0, 7)) return `${monthDay(from)}–${Number(to.slice(8, 10))}, ${year}`;
  return `${monthDay(from)} – ${monthDay(to)}, ${year}`;
}
