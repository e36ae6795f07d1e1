import { IMPORT_MAX_FILE_BYTES } from '@hrpay/contracts';

/** The extensions the server reads; the file chooser offers only these. */
export const IMPORT_ACCEPT = '.csv,.xlsx';

export const FILE_MESSAGES = {
  extension: (name: string) =>
    `"${name}" is not a .csv or .xlsx file. Save the sheet as CSV or Excel Workbook (.xlsx).`,
  empty: (name: string) => `"${name}" is empty. Fill in the template and try again.`,
  tooLarge: (name: string, bytes: number) =>
    `"${name}" is ${formatFileSize(bytes)}; the limit is 50 MB. Split it into smaller files and import them one by one.`,
  several: 'Drop one file at a time.',
} as const;

/** `1536` -> `1.5 KB`; sizes in binary units as file browsers show them. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('en-PH', { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`;
}

/**
 * The checks the browser can make before sending a file (the server repeats them and reads the content): a
 * .csv or .xlsx name, not empty, at most 50 MB. Returns the message to show, or null when the file may go.
 */
export function checkImportFile(file: Pick<File, 'name' | 'size'>): string | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (extension !== 'csv' && extension !== 'xlsx') return FILE_MESSAGES.extension(file.name);
  if (file.size === 0) return FILE_MESSAGES.empty(file.name);
  if (file.size > IMPORT_MAX_FILE_BYTES) return FILE_MESSAGES.tooLarge(file.name, file.size);
  return null;
}
