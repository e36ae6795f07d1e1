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
