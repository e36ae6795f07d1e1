import { isUtf8 } from 'node:buffer';
import Papa from 'papaparse';
import {
  EMPLOYEE_IMPORT_COLUMNS,
  EMPLOYEE_IMPORT_COLUMN_NAMES,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
} from '@hrpay/contracts';
import { extensionOf, isAsciiSpace, isZip, utf8BomLength } from '../../lib/file-bytes.js';
import { visibleSheetRows } from '../../lib/xlsx-read.js';
import { ImportFileError } from './import-problem.js';
import { checkXlsxZip } from './zip-guard.js';

export interface ImportRows {
  /** Canonical column names, in the file's order. */
  header: string[];
  /**
   * Data rows as trimmed text, aligned to `header` (missing cells are ''), each packed into one string
   * (packCells; read with cellsOf): 100,000 rows of 26 separate strings took some 170 MB. Fully empty rows are
   * left out.
   */
  rows: string[];
  /** Each data row's number in the spreadsheet (the first line or row is 1), for messages. */
  rowNumbers: number[];
}

export interface ImportFile extends ImportRows {
  format: 'csv' | 'xlsx';
}

/** NUL separates the cells: a CSV holding one is refused, and XML (XLSX) cannot hold one. */
const CELL_SEPARATOR = '\0';
export const packCells = (cells: string[]): string => cells.join(CELL_SEPARATOR);
export const cellsOf = (packed: string): string[] => packed.split(CELL_SEPARATOR);

/** About this many bytes of a CSV are decoded and parsed at a time (see readCsv). */
const CSV_SLICE_BYTES = 512 * 1024;
const squash = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');
const CANONICAL = new Map(EMPLOYEE_IMPORT_COLUMN_NAMES.map((name) => [squash(name), name as string]));
const REQUIRED = EMPLOYEE_IMPORT_COLUMNS.filter((c) => c.required).map((c) => c.name as string);
const count = (n: number) => n.toLocaleString('en-PH');
const NOT_XLSX = 'The file content is not a valid XLSX workbook.';

/**
 * Reads an uploaded employee file into text cells. The format comes from the extension and must match the
 * content (ASVS 5.2.2); every whole-file problem (type, emptiness, size, header) is an ImportFileError with a
 * message an HR officer can act on. Per-row problems are left to validateRows.
 */
export async function readImportFile(
  fileName: string,
  data: Buffer,
  /** Bytes of a CSV decoded and parsed at a time (tests make it small). */
  csvSliceBytes = CSV_SLICE_BYTES,
): Promise<ImportFile> {
  if (data.length > IMPORT_MAX_FILE_BYTES) {
    throw new ImportFileError(
      413,
      `The file is larger than ${count(IMPORT_MAX_FILE_BYTES / (1024 * 1024))} MB. Split it and import the parts.`,
    );
  }
  const extension = extensionOf(fileName);
  if (extension !== 'csv' && extension !== 'xlsx') {
    throw new ImportFileError(415, 'Only .csv and .xlsx files can be imported.');
  }
  const zip = isZip(data);
  if (!zip && isBlank(data)) throw new ImportFileError(400, 'The file is empty.');

  if (extension === 'xlsx') {
    if (!zip) throw new ImportFileError(415, 'The file content does not match its .xlsx extension.');
    await checkXlsxZip(data);
    const shaper = new Shaper();
    await readXlsx(data, shaper);
    return shaper.result('xlsx');
  }
  if (isUtf16(data)) {
    throw new ImportFileError(
      415,
      'The file is saved as UTF-16 (Unicode) text. Save or export it as CSV UTF-8 (or plain CSV) and try again.',
    );
  }
  if (zip || data.includes(0)) {
    throw new ImportFileError(415, 'The file content does not match its .csv extension.');
  }
  const shaper = new Shaper();
  readCsv(data, shaper, csvSliceBytes);
  return shaper.result('csv');
}

/** Text saved as UTF-16 ("Unicode Text" in Excel): starts with its byte order mark. */
const isUtf16 = (data: Buffer) =>
  (data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff);

/** Nothing but whitespace and a UTF-8 byte order mark. */
export function isBlank(data: Buffer): boolean {
  for (let i = utf8BomLength(data); i < data.length; i++) if (!isAsciiSpace(data[i]!)) return false;
  return true;
}

/**
 * UTF-8 (with or without BOM). A file that is not valid UTF-8 is read as Windows-1252: that is what Excel's
 * plain "CSV (Comma delimited)" writes on Philippine Windows, and it keeps names such as Peña intact where
 * a UTF-8 decoder would turn the ñ into a replacement character.
 */
export function decodeText(data: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = new TextDecoder('windows-1252').decode(data);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function readCsv(data: Buffer, shaper: Shaper, sliceBytes: number): void {
  // One line ending throughout: Papa Parse takes the first line's ending for the whole file, so a CRLF header
  // over LF rows (a template edited in some editors) would read as one row (issue 11). A file with one ending
  // throughout is read as it is; in any other a line break (also inside a quoted cell) becomes \n.
  const ending = lineEndingOf(data);
  const newline = ending ?? '\n';
  let rowNumber = 0;
  /** Line breaks before the current slice, for the line of a quoting error. */
  let linesBefore = 0;
  let broken: QuotingError | null = null;
  for (const text of csvTextSlices(data, sliceBytes, ending === null)) {
    if (text === '') {
      rowNumber++; // an empty line, one row as in the whole text (Papa Parse answers no row for '')
      linesBefore++;
      continue;
    }
    // Papa Parse: RFC 4180 quoting, any line ending; about three times faster than csv-parse on 100,000 rows.
    // Empty lines are kept here (and skipped by the shaper) so that row numbers match the spreadsheet's. Row by
    // row (step): the shaper packs each row as it comes, so the file is never held as 100,000 arrays.
    Papa.parse<string[]>(text, {
      delimiter: ',',
      newline,
      skipEmptyLines: false,
      step: (result, parser) => {
        rowNumber++;
        // The first quoting error in the file is the one reported: nothing after it is read.
        const quotes = result.errors.find((e) => e.type === 'Quotes');
        if (quotes) {
          broken = { error: quotes, row: rowNumber, line: linesBefore + lineOf(text, quotes.index ?? 0) };
          parser.abort();
        } else {
          const cells = result.data;
          if (newline !== '\n') {
            for (let c = 0; c < cells.length; c++) {
              if (cells[c]!.includes('\r')) cells[c] = cells[c]!.replace(/\r\n?/g, '\n');
            }
          }
          shaper.add(cells, rowNumber);
        }
      },
    });
    if (broken) throw quotingProblem(broken);
    linesBefore += lineOf(text, text.length);
  }
}

interface QuotingError {
  error: Papa.ParseError;
  row: number;
  line: number;
}

function quotingProblem({ error, row, line }: QuotingError): ImportFileError {
  const where = line === row ? `on line ${line}` : `on line ${line} (row ${row})`;
  return new ImportFileError(
    400,
    error.code === 'InvalidQuotes'
      ? `The CSV file cannot be read: a quoted value ${where} has text after its closing quote.`
      : `The CSV file cannot be read: a quoted value that starts ${where} is never closed.`,
  );
}

/**
 * The file's text a slice of whole rows at a time, each cut at a line break outside quotes and without it: the
 * text of a 30 MB file was a 30 MB string, alive through the parse and so kept until a full collection (issue 8).
 * Each slice parses as that stretch of the whole text would: its rows, then the row the cut ends. Decoded as
 * `decodeText` decodes (UTF-8 without the byte order mark, else Windows-1252); `normalize`: every line break
 * becomes \n.
 */
function* csvTextSlices(data: Buffer, sliceBytes: number, normalize: boolean): Generator<string> {
  const utf8 = isUtf8(data);
  const decoder = new TextDecoder(utf8 ? 'utf-8' : 'windows-1252', { ignoreBOM: true });
  for (let from = 0, first = true; from < data.length; first = false) {
    const cut = rowBreakAfter(data, from, from + sliceBytes);
    // The line break the slice ends at is left out (both bytes of a CRLF, or of a CR LF being normalized).
    const to = cut < data.length && cut > from && data[cut - 1] === 0x0d ? cut - 1 : cut;
    let text = decoder.decode(data.subarray(from, to));
    // As decodeText: the mark the UTF-8 decoder drops, then one more.
    if (first && utf8 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (normalize) text = text.replace(/\r\n?/g, '\n');
    from = cut + 1;
    yield text;
  }
}

/**
 * The first line break (LF) at or after `target` that ends a row, reading `data` from `from` (the start of a row)
 * with RFC 4180's quoting as Papa Parse applies it: a quote opens a quoted value only as a value's first
 * character, and inside one a doubled quote is a quote. Answers data.length when no such break follows.
 */
function rowBreakAfter(data: Buffer, from: number, target: number): number {
  if (target >= data.length) return data.length;
  let quoted = false;
  let valueStart = true;
  for (let i = from; i < data.length; i++) {
    const b = data[i]!;
    if (quoted) {
      if (b === 0x22) {
        if (data[i + 1] === 0x22) i++;
        else quoted = false;
      }
    } else if (b === 0x0a) {
      if (i >= target) return i;
      valueStart = true;
    } else if (b === 0x2c || b === 0x0d) {
      valueStart = true;
    } else {
      quoted = valueStart && b === 0x22;
      valueStart = false;
    }
  }
  return data.length;
}

/** The file's line ending when it is LF or CRLF throughout, else null (old Mac CR files are rewritten). */
function lineEndingOf(data: Buffer): '\n' | '\r\n' | null {
  const count = (s: string) => {
    let n = 0;
    for (let at = data.indexOf(s); at !== -1; at = data.indexOf(s, at + s.length)) n++;
    return n;
  };
  const cr = count('\r');
  if (cr === 0) return '\n';
  return count('\r\n') === cr && cr === count('\n') ? '\r\n' : null;
}

/** 1-based line of a character offset. */
function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/**
 * The first visible worksheet, row by row (lib/xlsx-read), cut to the header's width once it is known; anything
 * exceljs cannot read is NOT_XLSX.
 */
async function readXlsx(data: Buffer, shaper: Shaper): Promise<void> {
  try {
    const width = () => shaper.header?.length ?? 16_384;
    for await (const row of visibleSheetRows(data, width)) shaper.add(row.cells, row.number);
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(400, NOT_XLSX, { cause: error });
  }
}

/**
 * Turns raw rows into the header and aligned data rows: the first non-empty row is the header (canonical
 * column names, required columns present, no unknown or repeated ones); fully empty rows are skipped; more
 * than IMPORT_MAX_ROWS data rows is refused with the real count.
 */
class Shaper {
  header: string[] | null = null;
  private readonly rows: string[] = [];
  private readonly rowNumbers: number[] = [];
  private dataRows = 0;

  add(cells: string[], rowNumber: number): void {
    if (!this.header) {
      if (cells.some((c) => c.trim() !== '')) this.header = headerOf(cells);
      return;
    }
    const width = this.header.length;
    let empty = true;
    for (let c = 0; c < cells.length && empty; c++) empty = cells[c]!.trim() === '';
    if (empty) return;
    this.dataRows++;
    if (this.dataRows > IMPORT_MAX_ROWS) return; // counted for the message, not kept
    // The row is trimmed in place and cut or padded to the header, then packed into one string.
    cells.length = width;
    for (let c = 0; c < width; c++) {
      const cell = (cells[c] ?? '').trim();
      cells[c] = cell.includes(CELL_SEPARATOR) ? cell.replaceAll(CELL_SEPARATOR, '\uFFFD') : cell;
    }
    this.rows.push(packCells(cells));
    this.rowNumbers.push(rowNumber);
  }

  result(format: 'csv' | 'xlsx'): ImportFile {
    if (!this.header) throw new ImportFileError(400, 'The file has no header row.');
    if (this.dataRows === 0) {
      throw new ImportFileError(400, 'The file has a header row but no employees under it.');
    }
    if (this.dataRows > IMPORT_MAX_ROWS) {
      throw new ImportFileError(
        413,
        `The file has ${count(this.dataRows)} data rows; the limit is ${count(IMPORT_MAX_ROWS)}. ` +
          'Split it into smaller files.',
      );
    }
    return { format, header: this.header, rows: this.rows, rowNumbers: this.rowNumbers };
  }
}

function headerOf(cells: string[]): string[] {
  const raw = cells.map((c) => c.trim());
  while (raw.length && raw[raw.length - 1] === '') raw.pop();
  if (raw.length === 1 && /[;\t|]/.test(raw[0]!)) {
    throw new ImportFileError(400, 'The file must be comma-separated (the header row has only one column).');
  }
  const header: string[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  raw.forEach((name, i) => {
    if (name === '') {
      unknown.push(`(blank column ${i + 1})`);
      return;
    }
    const canonical = CANONICAL.get(squash(name));
    if (!canonical) {
      unknown.push(name.length > 40 ? `${name.slice(0, 40)}…` : name);
      return;
    }
    if (seen.has(canonical)) {
      throw new ImportFileError(400, `The column ${canonical} appears more than once in the header row.`);
    }
    seen.add(canonical);
    header.push(canonical);
  });
  if (unknown.length) {
    const more = unknown.length > 10 ? ` and ${count(unknown.length - 10)} more` : '';
    throw new ImportFileError(
      400,
      `Unknown columns: ${unknown.slice(0, 10).join(', ')}${more}. Use the column names of the template.`,
    );
  }
  const missing = REQUIRED.filter((name) => !seen.has(name));
  if (missing.length) throw new ImportFileError(400, `Missing required columns: ${missing.join(', ')}.`);
  return header;
}
