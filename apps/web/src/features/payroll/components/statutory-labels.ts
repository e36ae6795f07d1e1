/** Labels of the engine's statutory table fields (their own names, made readable). */
const LABELS: Record<string, string> = {
  minMsc: 'Minimum MSC',
  maxMsc: 'Maximum MSC',
  mscStep: 'MSC step',
  regularSsCap: 'Regular SS cap (MPF above)',
  ecThreshold: 'EC threshold (MSC)',
  ecLow: 'EC below the threshold',
  ecHigh: 'EC from the threshold',
  maxFundSalary: 'Maximum fund salary',
  nightDifferential: 'Night differential',
};

/** Field name to words: "employeeRateLow" -> "Employee rate low", "regular_holiday.worked" -> "Regular holiday: worked". */
export const label = (key: string) => {
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/_/g, ' ')
    .replace(/\./g, ': ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
