import { formatCount } from '@/lib/numbers';

export { formatCount };

/** `employee` / `employees` with the count written the en-PH way. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

export { useClockFormat } from '@/lib/dates';

export const LOOKUP_LABEL = {
  Department: 'New department',
  Position: 'New position',
  EmploymentStatus: 'New employment status',
} as const;

export const commitToastMessage = (created: number, updated: number) =>
  `Import complete: ${formatCount(created)} created, ${formatCount(updated)} updated`;

/** Ends a sentence with a full stop unless the last word already brings one ("Demo Manufacturing Inc."). */
export const endSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
