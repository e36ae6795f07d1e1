/** An ISO date (YYYY-MM-DD) as people read it in the Philippines: "Nov 20, 2026". */
export const formatIsoDate = (iso: string) =>
  new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
