/** Words for the engine tables' field names, shared by the tables view and the add-a-table dialog. */
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

/** camelCase field name to words: "employeeRateLow" -> "Employee rate low". */
export const label = (key: string) => {
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
