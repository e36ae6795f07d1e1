/**
 * Calendar dates (YYYY-MM-DD) as people in the Philippines read them, for the texts a user reads: problem
 * details and their validation items (the web shows the server's detail verbatim in its error toast). Machine
 * fields, exports and logs keep ISO dates. The same forms as the web's lib/dates.ts.
 */
const mediumDate = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' });
const monthName = new Intl.DateTimeFormat('en-PH', { month: 'short', timeZone: 'UTC' });

const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isDate = (iso: string) => /^\d{4}-\d{2}-\d{2}$/.test(iso) && !Number.isNaN(utcDay(iso).getTime());

/** "2026-12-14" as "Dec 14, 2026"; anything that is not a date stays as it is. */
export const readableDate = (iso: string): string => (isDate(iso) ? mediumDate.format(utcDay(iso)) : iso);

/** "Dec 21", without the year. */
const monthDay = (iso: string) => `${monthName.format(utcDay(iso))} ${Number(iso.slice(8, 10))}`;

/**
 * A range of dates as short as it reads whole: one day "Dec 21, 2026", "Dec 21–30, 2026", "Nov 30 – Dec 2,
 * 2026", and across years both dates in full, "Dec 30, 2026 – Jan 2, 2027".
 */
export function readableDateRange(from: string, to: string): string {
  if (from === to || !isDate(from) || !isDate(to)) {
    return from === to ? readableDate(from) : `${readableDate(from)} – ${readableDate(to)}`;
  }
  if (from.slice(0, 4) !== to.slice(0, 4)) return `${readableDate(from)} – ${readableDate(to)}`;
  const year = from.slice(0, 4);
  if (from.slice(0, 7) === to.slice(0, 7)) return `${monthDay(from)}–${Number(to.slice(8, 10))}, ${year}`;
  return `${monthDay(from)} – ${monthDay(to)}, ${year}`;
}
