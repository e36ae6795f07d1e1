/** An ISO date (YYYY-MM-DD) as people read it in the Philippines: "Nov 20, 2026". */
export const formatIsoDate = (iso: string) =>
  new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
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
