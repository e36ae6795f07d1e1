/**
 * Calendar dates (YYYY-MM-DD) as people in the Philippines read them, one way for both sides: the server's problem
 * details (the web shows them verbatim) and the web's screens. Machine fields, exports and logs keep ISO dates.
 */
const mediumDate = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' });
const shortMonth = new Intl.DateTimeFormat('en-PH', { month: 'short', timeZone: 'UTC' });

const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** A real day: Date rolls an impossible one forward (Feb 30 to Mar 2), so the day must come back as it went in. */
const isIsoDate = (iso: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const day = utcDay(iso);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === iso;
};

/** "2026-12-14" as "Dec 14, 2026", whatever the zone; anything that is not a date stays as it is. */
export const formatIsoDate = (iso: string): string => (isIsoDate(iso) ? mediumDate.format(utcDay(iso)) : iso);

/** "Dec 21", without the year. */
const monthDay = (iso: string) => `${shortMonth.format(utcDay(iso))} ${Number(iso.slice(8, 10))}`;

/**
 * A range of dates as short as it reads whole (a list column at 1280 px holds it): one day "Dec 21, 2026",
 * "Dec 21–30, 2026", "Nov 30 – Dec 2, 2026", and across years both dates in full, "Dec 30, 2026 – Jan 2, 2027".
 */
export function formatDateRange(from: string, to: string): string {
  if (from === to) return formatIsoDate(from);
  if (!isIsoDate(from) || !isIsoDate(to) || from.slice(0, 4) !== to.slice(0, 4)) {
    return `${formatIsoDate(from)} – ${formatIsoDate(to)}`;
  }
  const year = from.slice(0, 4);
  if (from.slice(0, 7) === to.slice(0, 7)) return `${monthDay(from)}–${Number(to.slice(8, 10))}, ${year}`;
  return `${monthDay(from)} – ${monthDay(to)}, ${year}`;
}
