const numberFormat = new Intl.NumberFormat('en-PH');
export const formatCount = (value: number) => numberFormat.format(value);

/** `employee` / `employees` with the count written the en-PH way. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

const dateTimeFormat = new Intl.DateTimeFormat('en-PH', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Manila',
});

/** An ISO instant as Manila time: `Jul 4, 2025, 9:05 AM`. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

export const LOOKUP_LABEL = {
  Department: 'New department',
  Position: 'New position',
  EmploymentStatus: 'New employment status',
} as const;

export const commitToastMessage = (created: number, updated: number) =>
  `Import complete: ${formatCount(created)} created, ${formatCount(updated)} updated`;

/** Ends a sentence with a full stop unless the last word already brings one ("Demo Manufacturing Inc."). */
export const endSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
