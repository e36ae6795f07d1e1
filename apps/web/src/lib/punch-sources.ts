import type { PunchSource } from '@hrpay/contracts';

/**
 * Where a punch came from, in one set of words for HR's punch list and its filter and for the employee's undertime
 * details (they had "Device / Imported / Manual" and "Terminal / Imported / Entered by HR").
 */
export const PUNCH_SOURCE_LABELS: Record<PunchSource, string> = {
  Device: 'Terminal',
  Import: 'Imported',
  Manual: 'Entered by HR',
};
export const punchSourceLabel = (source: string) => PUNCH_SOURCE_LABELS[source as PunchSource] ?? source;
