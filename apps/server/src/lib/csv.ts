/**
 * CSV for people to open in a spreadsheet: RFC 4180 quoting, CRLF line ends, and formula-injection
 * neutralisation (OWASP CSV Injection, ASVS 1.2.10: a text cell starting with =, +, -, @, tab, CR, LF or NUL gets
 * a leading apostrophe, so a spreadsheet shows it as text instead of running it). Numbers are written as numbers,
 * so a real negative amount stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r\n\0]/;

/** A text cell as a spreadsheet must show it: with a leading apostrophe when it would start a formula. */
export const neutralised = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** A cell already safe to write as it is (an exact amount checked by the caller). */
export interface CsvRaw {
  raw: string;
}

function cell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return value.raw;
  const text = neutralised(value);
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

type Cell = string | number | null | undefined | CsvRaw;

/** One CSV record with its CRLF line end. */
export const csvLine = (cells: Cell[]): string => `${cells.map(cell).join(',')}\r\n`;

export function toCsv(header: string[], rows: Cell[][]): string {
  let text = csvLine(header);
  for (const row of rows) text += csvLine(row);
  return text;
}
