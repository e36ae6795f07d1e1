import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import Papa from 'papaparse';
import {
  isLocalDateTime,
  PUNCH_IMPORT_MAX_FILE_BYTES,
  PUNCH_DIRECTIONS,
  PUNCH_IMPORT_MAX_ROWS,
  type ImportRowError,
  type PunchDirection,
} from '@hrpay/contracts';
import { extensionOf, isAsciiSpace, isZip, utf8BomLength } from '../../lib/file-bytes.js';
import { ImportFileError } from '../employee-import/import-problem.js';

/**
 * Reads a punch file as biometric terminals export it (issue 9 §1.2), with the employee import's rules: the type
 * comes from the extension and must match the content, every whole-file problem is an ImportFileError (a clear
 * 4xx, nothing stored), and per-row problems are listed with their row number.
 *
 * Two shapes:
 * - ZKTeco attendance log (`1_attlog.dat`, or saved as .txt): no header, tab-separated
 *   `user id, YYYY-MM-DD HH:mm:ss, verify mode, punch state, work code, ...`. Punch state 0 check-in, 1
 *   check-out, 2 break-out, 3 break-in, 4 OT-in, 5 OT-out.
 * - CSV (comma, semicolon or tab) with a header: EmployeeNumber or DeviceUserId (or UserId), DateTime (or
 *   Date and Time), optional Direction (In/Out, I/O, Check In/Check Out, 0/1). Other columns (a name, a
 *   department) are ignored.
 * Times are the terminal's clock, taken as Manila time.
 *
 * A file may hold millions of lines (decision 0008), so it is never held whole: `receivePunchFile` makes the
 * whole-file checks with byte scans as the upload arrives (a hostile file is a 4xx before anything is stored;
 * `checkPunchFile` makes the same checks on a file in memory) and cuts it into the parts of whole lines it is
 * stored in (`punchFileParts`). The jobs read it back a part at a time, `readPunchBatches` parsing 64 kB at a
 * time (plain text straight from its bytes, anything else decoded and parsed by Papa Parse), carrying the row
 * numbers from one part to the next and yielding each batch's rows as columns.
 */

/**
 * The valid rows of a batch, as columns (no object per row): the row number, the employee number or terminal
 * user id as in the file, the Manila time as seconds since 1970, the direction as its position in
 * `PUNCH_DIRECTIONS`.
 */
export interface PunchRows {
  row: number[];
  who: string[];
  seconds: number[];
  direction: number[];
}

export interface PunchFileShape {
  format: 'Csv' | 'ZkTeco';
  encoding: 'utf-8' | 'windows-1252';
  /** Where the text starts (after a UTF-8 byte-order mark). */
  start: number;
  /** Non-blank lines (the header included for a CSV file). */
  lines: number;
  csv?: { delimiter: string; columns: Map<ColumnKey, number> };
}

export interface PunchBatch {
  rows: PunchRows;
  errors: ImportRowError[];
  /** Rows of the batch, errors included. */
  totalRows: number;
  /** How far into the file the batch ends, in bytes. */
  end: number;
}

const EXTENSIONS = ['csv', 'txt', 'dat'];
const ZKTECO_LINE = /^\s*[^\t,;]+\t\s*\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}(:\d{2})?\s*(\t|$)/;
/** A cell a spreadsheet would run as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** `FORMULA_START`'s first bytes that can begin a trimmed cell. */
const FORMULA_BYTES = new Set([...'=+-@'].map((c) => c.charCodeAt(0)));
const ZK_STATES: Record<string, PunchDirection> = {
  '0': 'In',
  '1': 'Out',
  '2': 'Out',
  '3': 'In',
  '4': 'In',
  '5': 'Out',
};
const MB = 1024 * 1024;
/** Bytes sent to the database at a time (about 30,000 punches); smaller in tests to show progress on small files. */
export const punchSliceBytes = () => Math.max(1024, Number(process.env.PUNCH_IMPORT_SLICE_BYTES ?? MB));
/**
 * Bytes decoded and parsed at a time: a sixteenth of a slice, so a batch's text, records and rows are few enough to die
 * in V8's young generation instead of being promoted and growing the old one (the server's RSS, decision 0008).
 */
const parseBytes = () => Math.max(1024, Math.floor(punchSliceBytes() / 16));
const gzipAsync = promisify(gzip);
const TAB = 0x09;
const NEWLINE = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

/** The whole-file checks, by byte scans: a bad file is an ImportFileError before anything is stored. */
export function checkPunchFile(fileName: string, data: Buffer): PunchFileShape {
  const start = utf8BomLength(data);
  const counts = newLineCount();
  countLines(counts, data, start);
  return judgePunchFile(fileName, {
    size: data.length,
    first: data.subarray(0, 4),
    nul: data.includes(0),
    utf8: isUtf8(data),
    lines: linesOf(counts),
    quotes: counts.quotes,
    head: data.subarray(start, sliceEnd(data, start, false, punchSliceBytes())),
  });
}

/** What the checks look at, found by one pass over the file (whole, or as it arrives: `receivePunchFile`). */
interface PunchFileFacts {
  size: number;
  /** The first four bytes (fewer in a shorter file). */
  first: Buffer;
  /** Whether a NUL byte is anywhere. */
  nul: boolean;
  utf8: boolean;
  /** Non-blank lines and double quotes after the byte-order mark. */
  lines: number;
  quotes: number;
  /** The first slice's bytes after the byte-order mark, up to a newline (`sliceEnd`, unquoted). */
  head: Buffer;
}

/** The checks, in the order their messages take precedence, and the file's shape when it passes. */
function judgePunchFile(fileName: string, facts: PunchFileFacts): PunchFileShape {
  const { first } = facts;
  if (facts.size > PUNCH_IMPORT_MAX_FILE_BYTES) {
    throw new ImportFileError(
      413,
      `The file is larger than ${PUNCH_IMPORT_MAX_FILE_BYTES / MB} MB. Export a shorter period and import the parts.`,
    );
  }
  const extension = extensionOf(fileName);
  if (!EXTENSIONS.includes(extension)) {
    throw new ImportFileError(415, 'Only .csv, .txt and .dat punch files can be imported.');
  }
  if (isUtf16(first)) {
    throw new ImportFileError(
      415,
      'The file is saved as UTF-16 (Unicode) text. Save or export it as UTF-8 or ANSI text and try again.',
    );
  }
  if (isZip(first) || facts.nul) {
    throw new ImportFileError(
      415,
      `The file content is not text; it does not match its .${extension} extension.`,
    );
  }
  // Blank: no line with anything but white space after the byte-order mark.
  if (facts.lines === 0) throw new ImportFileError(400, 'The file is empty.');
  const start = utf8BomLength(first);
  // UTF-8, else Windows-1252: what Excel's plain CSV writes on Philippine Windows (keeps Peña intact).
  const encoding = facts.utf8 ? 'utf-8' : 'windows-1252';
  const head = decode(facts.head, encoding, 0, facts.head.length);
  const format = formatOf(head);
  const shape: PunchFileShape = { format, encoding, start, lines: facts.lines };
  if (format === 'Csv') {
    // Quotes come in pairs in a well-formed CSV file (a quote inside a value is doubled).
    if (facts.quotes % 2 === 1) {
      throw new ImportFileError(400, 'The CSV file cannot be read: a quoted value is never closed.');
    }
    shape.csv = csvHeader(head);
  }
  const punches = format === 'Csv' ? facts.lines - 1 : facts.lines;
  if (punches === 0) throw new ImportFileError(400, 'The file has a header row but no punches under it.');
  if (punches > PUNCH_IMPORT_MAX_ROWS) {
    throw new ImportFileError(
      413,
      `The file has ${punches.toLocaleString('en-PH')} punches; the limit is ${PUNCH_IMPORT_MAX_ROWS.toLocaleString('en-PH')}. ` +
        'Export a shorter period.',
    );
  }
  return shape;
}

const isUtf16 = (first: Buffer) =>
  (first[0] === 0xff && first[1] === 0xfe) || (first[0] === 0xfe && first[1] === 0xff);
/** A terminal's attendance log when its first non-blank line looks like one, else CSV. */
const formatOf = (head: string): PunchFileShape['format'] =>
  ZKTECO_LINE.test(head.split('\n').find((l) => l.trim() !== '') ?? '') ? 'ZkTeco' : 'Csv';

interface LineCount {
  lines: number;
  quotes: number;
  /** Whether the line being counted is blank so far. */
  blank: boolean;
}

const newLineCount = (): LineCount => ({ lines: 0, quotes: 0, blank: true });
const linesOf = (count: LineCount) => (count.blank ? count.lines : count.lines + 1);

/** Counts the non-blank lines and double quotes of `data` from `start` on, carrying on from `count`. */
function countLines(count: LineCount, data: Buffer, start: number) {
  let { lines, quotes, blank } = count;
  for (let i = start; i < data.length; i++) {
    const b = data[i]!;
    if (b === NEWLINE) {
      if (!blank) lines++;
      blank = true;
    } else if (b === QUOTE) {
      quotes++;
      blank = false;
    } else if (blank && !isAsciiSpace(b)) {
      blank = false;
    }
  }
  Object.assign(count, { lines, quotes, blank });
}

/**
 * Where the slice from `from` ends: just after the first newline past `bytes`, and for a CSV file at a
 * newline outside quotes (an even number of quotes so far), so a quoted value spanning lines stays whole.
 */
function sliceEnd(data: Buffer, from: number, quoted: boolean, bytes = parseBytes()): number {
  return cutEnd(data, from, quoted, bytes, true);
}

/**
 * `sliceEnd` on the bytes of a file received so far: -1 when they do not yet decide it (`final`: they are the
 * whole rest of the file).
 */
function cutEnd(data: Buffer, from: number, quoted: boolean, bytes: number, final: boolean): number {
  let end = from;
  let quotes = 0;
  for (;;) {
    const target = Math.max(end, from + bytes);
    if (target >= data.length) return final ? data.length : -1;
    if (quoted) for (let i = end; i < target; i++) if (data[i] === QUOTE) quotes++;
    const newline = data.indexOf(NEWLINE, target);
    if (newline < 0) return final ? data.length : -1;
    if (quoted) for (let i = target; i <= newline; i++) if (data[i] === QUOTE) quotes++;
    end = newline + 1;
    if (!quoted || quotes % 2 === 0) return end;
  }
}

/** A punch file as its upload arrived: checked, and cut into gzipped parts of whole lines (decision 0008). */
export interface ReceivedPunchFile {
  fileName: string;
  shape: PunchFileShape;
  size: number;
  sha256: string;
  /** The gzipped parts in order (`punchFileParts`' cuts); each is let go once stored. */
  parts: Buffer[];
}

/**
 * Reads a punch file as its upload arrives, never holding it whole: the checks of `checkPunchFile` are made on the
 * way (the same facts, the same answers), and the file is cut into the parts it is stored in (the same cuts as
 * `punchFileParts`), each gzipped on the thread pool as soon as it is whole. What is held: the parts gzipped (a
 * fifth of the file or less), the first slice (for the header) and the bytes of the part being cut.
 * `end` answers the file, or throws the ImportFileError `checkPunchFile` would.
 */
export function receivePunchFile(fileName: string) {
  const sliceBytes = punchSliceBytes();
  const hash = createHash('sha256');
  const counts = newLineCount();
  const parts: Buffer[] = [];
  const facts = { size: 0, first: Buffer.alloc(0), nul: false, utf8: true, head: Buffer.alloc(0) };
  const badName = !EXTENSIONS.includes(extensionOf(fileName));
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  /** Bytes to wait for before trying to cut again. */
  let waitFor = 0;
  /** How parts are cut (CSV: outside quotes), decided from the head; null before the head is whole. */
  let quoted: boolean | null = null;
  let start = 0;
  let cut = 0;

  /** A refused file is still read to its end (to count its lines and find a 413 first), but not kept. */
  const refused = () =>
    badName ||
    facts.nul ||
    isUtf16(facts.first) ||
    isZip(facts.first) ||
    counts.lines > PUNCH_IMPORT_MAX_ROWS + 1;

  async function take(part: Buffer) {
    countLines(counts, part, cut === 0 ? start : 0);
    facts.utf8 &&= isUtf8(part);
    facts.nul ||= part.includes(0);
    cut++;
    if (!refused()) parts.push(await gzipAsync(part));
  }

  async function cutParts(final: boolean) {
    const data = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
    if (quoted === null) {
      if (data.length < 3 && !final) return;
      start = utf8BomLength(data);
      const headEnd = cutEnd(data, start, false, sliceBytes, final);
      if (headEnd < 0) {
        pending = [data];
        waitFor = pendingBytes * 2;
        return;
      }
      facts.first = Buffer.from(data.subarray(0, 4));
      facts.head = Buffer.from(data.subarray(start, headEnd));
      quoted = cutsQuoted(facts.head);
    }
    let from = 0;
    while (from < data.length) {
      const end = cutEnd(data, from, quoted, sliceBytes, final);
      if (end < 0) break;
      await take(data.subarray(from, end));
      from = end;
    }
    const rest = Buffer.from(data.subarray(from));
    pending = rest.length ? [rest] : [];
    pendingBytes = rest.length;
    // A cut needs a newline past a slice's length (outside quotes): wait for twice the bytes when these held none.
    waitFor = Math.max(sliceBytes + 1, from === 0 ? pendingBytes * 2 : pendingBytes + 1);
  }

  return {
    async write(chunk: Buffer) {
      hash.update(chunk);
      facts.size += chunk.length;
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= waitFor) await cutParts(false);
    },

    async end(): Promise<ReceivedPunchFile> {
      if (pendingBytes || quoted === null) await cutParts(true);
      const shape = judgePunchFile(fileName, { ...facts, lines: linesOf(counts), quotes: counts.quotes });
      return { fileName, shape, size: facts.size, sha256: hash.digest('hex'), parts };
    },
  };
}

/**
 * Whether a file of this head is cut outside quotes (CSV). The format is decided with the whole file's encoding,
 * known only at its end: when the head alone leaves it open (valid UTF-8 with other bytes, a later byte may make
 * it Windows-1252) and the two readings disagree, it is cut as CSV, which also keeps a ZKTeco log's lines whole.
 */
function cutsQuoted(head: Buffer): boolean {
  const read = (encoding: PunchFileShape['encoding']) => formatOf(decode(head, encoding, 0, head.length));
  if (!isUtf8(head)) return read('windows-1252') === 'Csv';
  return read('utf-8') === 'Csv' || read('windows-1252') === 'Csv';
}

const decode = (data: Buffer, encoding: PunchFileShape['encoding'], from: number, to: number) =>
  new TextDecoder(encoding).decode(data.subarray(from, to)).replace(/\r\n?/g, '\n');

/** A cell's text in a row error is cut at this many characters: a huge cell cannot bloat the stored errors. */
const MAX_ERROR_VALUE = 100;
const errorOf = (row: number, column: string, value: string, message: string): ImportRowError => ({
  Row: row,
  Column: column,
  Value: value.length > MAX_ERROR_VALUE ? `${value.slice(0, MAX_ERROR_VALUE)}…` : value,
  Message: message,
});

/** Where the reading of a file is between its parts: the next slice's start in the part, rows read, the header. */
export interface PunchReadState {
  from: number;
  before: number;
  headerSeen: boolean;
}

export const punchReadState = (): PunchReadState => ({ from: 0, before: 0, headerSeen: false });

/**
 * The rows of a file, or of one stored part of it (whole lines, decision 0008), a slice at a time; row numbers
 * are the file's line (CSV: record) numbers. `state` carries the row count and the header from one part to the
 * next; `offset` is where the part starts in the file (0 for the first part, which holds the byte-order mark), and
 * each batch's `end` counts from the start of the file.
 */
export function* readPunchBatches(
  data: Buffer,
  shape: PunchFileShape,
  state: PunchReadState = punchReadState(),
  offset = 0,
  /** Plain ASCII slices read from their bytes (`readBytes`); false: every slice as text (the tests' reference). */
  bytes = true,
): Generator<PunchBatch> {
  state.from = offset === 0 ? shape.start : 0;
  // Each slice is parsed in a call of its own: its text and records die with it, not kept by this generator
  // while the caller awaits the database (they would outlive young-generation collections and grow the heap).
  while (state.from < data.length) {
    const batch = readSlice(data, shape, state, bytes);
    batch.end += offset;
    yield batch;
  }
}

/**
 * Where the file is cut into the parts it is stored in: about `punchSliceBytes()` each, ending just after a
 * newline outside quotes (as the parser's slices do), so each part holds whole lines and records.
 */
export function punchFileParts(data: Buffer, shape: PunchFileShape): Array<[number, number]> {
  const parts: Array<[number, number]> = [];
  for (let from = 0; from < data.length;) {
    const end = sliceEnd(data, from, !!shape.csv, punchSliceBytes());
    parts.push([from, end]);
    from = end;
  }
  return parts;
}

/** The shape as JSON, stored with the job: the jobs read the file part by part and never see it whole. */
export const shapeToJson = (shape: PunchFileShape) => ({
  ...shape,
  csv: shape.csv && { delimiter: shape.csv.delimiter, columns: [...shape.csv.columns] },
});

export type StoredPunchShape = ReturnType<typeof shapeToJson>;

export const shapeFromJson = (stored: StoredPunchShape): PunchFileShape => ({
  ...stored,
  csv: stored.csv && { delimiter: stored.csv.delimiter, columns: new Map(stored.csv.columns) },
});

/** The rows of the slice from `at.from`; moves `at` past it. */
function readSlice(data: Buffer, shape: PunchFileShape, at: PunchReadState, bytes: boolean): PunchBatch {
  const csv = shape.csv;
  const end = sliceEnd(data, at.from, !!csv);
  const batch: PunchBatch = { rows: newRows(), errors: [], totalRows: 0, end };
  if (bytes && plainText(data, at.from, end, csv?.delimiter)) readBytes(data, shape, at, end, batch);
  else readText(data, shape, at, end, batch);
  batch.errors.sort((a, b) => a.Row - b.Row);
  at.from = end;
  return batch;
}

const newRows = (): PunchRows => ({ row: [], who: [], seconds: [], direction: [] });

/**
 * Whether the slice can be read from its bytes: ASCII only (the same text in UTF-8 and Windows-1252), and for a
 * CSV file no quote (Papa Parse then splits lines and delimiters, as `readBytes` does) and a one-byte delimiter.
 */
function plainText(data: Buffer, from: number, to: number, delimiter: string | undefined): boolean {
  if (delimiter !== undefined && (delimiter.length !== 1 || delimiter.charCodeAt(0) > 0x7f)) return false;
  for (let i = from; i < to; i++) {
    const b = data[i]!;
    if (b > 0x7f || (b === QUOTE && delimiter !== undefined)) return false;
  }
  return true;
}

/** The slice decoded and parsed into records of strings (Papa Parse for CSV): any text, quotes included. */
function readText(data: Buffer, shape: PunchFileShape, at: PunchReadState, end: number, batch: PunchBatch) {
  const csv = shape.csv;
  const before = at.before;
  const text = decode(data, shape.encoding, at.from, end);
  let records: string[][];
  /** Records Papa Parse found a broken quote in: an error of their own, not read further. */
  const broken = new Set<number>();
  if (csv) {
    const parsed = Papa.parse<string[]>(text, {
      delimiter: csv.delimiter,
      newline: '\n',
      skipEmptyLines: false,
    });
    records = parsed.data;
    for (const e of parsed.errors) {
      if (e.type === 'Quotes' && e.row !== undefined && !broken.has(e.row)) {
        broken.add(e.row);
        batch.errors.push(errorOf(before + e.row + 1, 'Row', '', 'A quoted value is not closed properly'));
      }
    }
  } else {
    records = text.split('\n').map((line) => line.split('\t'));
  }
  // A slice ending in a newline parses one empty record more than it has.
  if (text.endsWith('\n')) records.pop();
  records.forEach((r, i) => {
    const row = before + i + 1;
    if (r.every((c) => c.trim() === '')) return;
    if (csv && !at.headerSeen) {
      at.headerSeen = true;
      return;
    }
    batch.totalRows++;
    if (broken.has(i)) return;
    if (csv) readCsvRecord(batch, csv.columns, r, row);
    else {
      const cells = r.map((c) => c.trim());
      const state = cells[3] ?? '';
      const direction = Object.hasOwn(ZK_STATES, state) ? ZK_STATES[state]! : 'Unknown';
      collect(batch, row, cells[0] ?? '', cells[1] ?? '', direction, 'UserId');
    }
  });
  at.before += records.length;
}

/**
 * The slice read straight from its bytes, with the rows, errors and row numbers `readText` finds: no string per
 * line or cell, only the employee key of each valid row (and the texts of errors). What a 3-million-line file
 * otherwise turned into (a line, a record, its cells, the time's pieces) outlived young-generation collections and
 * grew the old generation (decision 0008).
 */
function readBytes(data: Buffer, shape: PunchFileShape, at: PunchReadState, end: number, batch: PunchBatch) {
  const csv = shape.csv;
  const delimiter = csv ? csv.delimiter.charCodeAt(0) : TAB;
  const column = (key: ColumnKey) => csv?.columns.get(key) ?? -1;
  const [who, dateTime, date, time, direction] = csv
    ? [column('who'), column('dateTime'), column('date'), column('time'), column('direction')]
    : [0, 1, -1, -1, 3];
  const whoColumn = csv ? 'EmployeeNumber' : 'UserId';
  let records = 0;
  for (let i = at.from; i < end;) {
    let eol = i;
    while (eol < end && data[eol] !== NEWLINE && data[eol] !== CR) eol++;
    const row = at.before + ++records;
    readRecord(i, eol, row);
    // Line ends as `decode` reads them: CRLF, CR or LF.
    i = eol + (data[eol] === CR && eol + 1 < end && data[eol + 1] === NEWLINE ? 2 : 1);
  }
  at.before += records;

  function readRecord(from: number, to: number, row: number) {
    let blank = true;
    for (let i = from; i < to && blank; i++) blank = isAsciiSpace(data[i]!) || data[i] === delimiter;
    if (blank) return;
    if (csv && !at.headerSeen) {
      at.headerSeen = true;
      return;
    }
    batch.totalRows++;
    let code: number;
    if (csv) {
      code = direction < 0 || !cell(data, from, to, delimiter, direction) ? UNKNOWN : directionCode(data);
      if (code < 0) {
        const text = latin1(data, cellFrom, cellTo);
        batch.errors.push(errorOf(row, 'Direction', text, DIRECTION_MESSAGE));
        return;
      }
    } else {
      code =
        cell(data, from, to, delimiter, direction) && cellTo - cellFrom === 1
          ? zkState(data[cellFrom]!)
          : UNKNOWN;
    }
    let seconds: number;
    let when: () => string;
    if (dateTime >= 0) {
      cell(data, from, to, delimiter, dateTime);
      const [f, t] = [cellFrom, cellTo];
      seconds = secondsOf(data, f, t);
      when = () => latin1(data, f, t);
    } else {
      // Date and Time in columns of their own: read as text, as `readCsvRecord` does.
      cell(data, from, to, delimiter, date);
      const day = latin1(data, cellFrom, cellTo);
      cell(data, from, to, delimiter, time);
      const text = `${day} ${latin1(data, cellFrom, cellTo)}`;
      const local = localDateTimeOf(text);
      seconds = local ? Date.parse(`${local}+08:00`) / 1000 : NaN;
      when = () => text;
    }
    cell(data, from, to, delimiter, who);
    if (cellTo === cellFrom) {
      batch.errors.push(errorOf(row, whoColumn, '', WHO_MISSING));
      return;
    }
    if (FORMULA_BYTES.has(data[cellFrom]!)) {
      batch.errors.push(errorOf(row, whoColumn, latin1(data, cellFrom, cellTo), FORMULA_MESSAGE));
      return;
    }
    if (Number.isNaN(seconds)) {
      batch.errors.push(errorOf(row, 'DateTime', when(), DATE_MESSAGE));
      return;
    }
    const rows = batch.rows;
    rows.row.push(row);
    rows.who.push(latin1(data, cellFrom, cellTo));
    rows.seconds.push(seconds);
    rows.direction.push(code);
  }
}

const latin1 = (data: Buffer, from: number, to: number) => data.toString('latin1', from, to);

/** Where the last cell `cell` found starts and ends (trimmed). */
let cellFrom = 0;
let cellTo = 0;

/** Finds cell `index` of the record `[from, to)`, trimmed, into `cellFrom`/`cellTo`; false (empty) when missing. */
function cell(data: Buffer, from: number, to: number, delimiter: number, index: number): boolean {
  let start = from;
  for (let n = 0; n < index; n++) {
    const next = data.indexOf(delimiter, start);
    if (next < 0 || next >= to) {
      cellFrom = cellTo = to;
      return false;
    }
    start = next + 1;
  }
  let stop = data.indexOf(delimiter, start);
  if (stop < 0 || stop > to) stop = to;
  while (start < stop && isAsciiSpace(data[start]!)) start++;
  while (stop > start && isAsciiSpace(data[stop - 1]!)) stop--;
  cellFrom = start;
  cellTo = stop;
  return true;
}

/** Direction codes: a direction's position in PUNCH_DIRECTIONS. */
const directionCodeOf = (direction: PunchDirection) => PUNCH_DIRECTIONS.indexOf(direction);
const UNKNOWN = directionCodeOf('Unknown');
/** `ZK_STATES` by the byte of its one-digit state, as direction codes. */
const ZK_STATE_CODES = new Map(
  Object.entries(ZK_STATES).map(([state, d]) => [state.charCodeAt(0), directionCodeOf(d)]),
);
/** A ZKTeco punch state's byte as a direction code (`ZK_STATES`), unknown for any other. */
const zkState = (b: number) => ZK_STATE_CODES.get(b) ?? UNKNOWN;

const squash = (name: string) => name.toLowerCase().replace(/[\s_\-/.#]/g, '');
/** What `squash` drops besides white space, as bytes. */
const SQUASHED_BYTES = new Set([...'_-/.#'].map((c) => c.charCodeAt(0)));

/** A lower-case letter or digit as a digit of base 37, 1 to 36 (0 is no digit: not one of them). */
const base37Digit = (b: number) =>
  b >= 0x30 && b <= 0x39 ? b - 0x2f : b >= 0x61 && b <= 0x7a ? b - 0x56 : 0;
/** No spelling of a direction (`IN_SPELLINGS`, `OUT_SPELLINGS`) is longer; the base-37 number stays exact. */
const MAX_SPELLING = 10;

/**
 * `directionOf` of the cell `cell` found, from its bytes: the letters and digits left once `squash` drops white
 * space and `_-/.#`, lower-cased, as a base-37 number.
 */
function directionCode(data: Buffer): number {
  let n = 0;
  let length = 0;
  for (let i = cellFrom; i < cellTo; i++) {
    let b = data[i]!;
    if (isAsciiSpace(b) || SQUASHED_BYTES.has(b)) continue;
    if (b >= 0x41 && b <= 0x5a) b += 0x20;
    const digit = base37Digit(b);
    if (digit === 0 || ++length > MAX_SPELLING) return -1;
    n = n * 37 + digit;
  }
  return DIRECTION_BY_CODE.get(n) ?? -1;
}

const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;

/**
 * `localDateTimeOf` of the bytes `[from, to)` (a trimmed cell), as seconds since 1970 of that Manila time; NaN
 * where it answers null. `YYYY-MM-DD HH:mm[:ss]` (`-` or `/`, `T` or a space) or `MM/DD/YYYY h:mm[:ss] [AM|PM]`.
 */
function secondsOf(data: Buffer, from: number, to: number): number {
  let i = from;
  /** `min` to `max` digits at `i` (as many as there are), or -1. */
  const digits = (min: number, max: number) => {
    let n = 0;
    let k = 0;
    for (; k < max && i < to && isDigit(data[i]); k++, i++) n = n * 10 + data[i]! - 0x30;
    return k >= min ? n : -1;
  };
  const sep = (a: number, b = a) => i < to && (data[i] === a || data[i] === b) && ++i > 0;
  const yearFirst =
    to - from >= 4 && isDigit(data[from]) && isDigit(data[from + 1]) && isDigit(data[from + 2]);
  let y: number;
  let mo: number;
  let d: number;
  let h: number;
  if (yearFirst && isDigit(data[from + 3])) {
    y = digits(4, 4);
    if (!sep(0x2d, 0x2f) || (mo = digits(1, 2)) < 0 || !sep(0x2d, 0x2f) || (d = digits(1, 2)) < 0) return NaN;
    if (!sep(0x20, 0x54)) return NaN;
  } else {
    if ((mo = digits(1, 2)) < 0 || !sep(0x2f) || (d = digits(1, 2)) < 0 || !sep(0x2f)) return NaN;
    if ((y = digits(4, 4)) < 0 || !sep(0x20)) return NaN;
  }
  const twelveHour = !(yearFirst && isDigit(data[from + 3]));
  let mi: number;
  let s = 0;
  if ((h = digits(1, 2)) < 0 || !sep(0x3a) || (mi = digits(2, 2)) < 0) return NaN;
  if (sep(0x3a) && (s = digits(2, 2)) < 0) return NaN;
  if (twelveHour && i < to) {
    // [white space] AM or PM
    while (i < to && isAsciiSpace(data[i]!)) i++;
    const p = data[i]! | 0x20;
    if (to - i !== 2 || (p !== 0x61 && p !== 0x70) || (data[i + 1]! | 0x20) !== 0x6d) return NaN;
    if (h < 1 || h > 12) return NaN;
    h = (h % 12) + (p === 0x70 ? 12 : 0);
    i = to;
  }
  if (i !== to) return NaN;
  // isLocalDateTime: a real date of 2000-2100, 00:00:00 to 23:59:59.
  if (y < 2000 || y > 2100 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return NaN;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(ms).getUTCDate() !== d) return NaN;
  return ms / 1000 - MANILA_OFFSET_S;
}

const MANILA_OFFSET_S = 8 * 3600;

type ColumnKey = 'who' | 'dateTime' | 'date' | 'time' | 'direction';
const HEADER_NAMES: Record<string, ColumnKey> = {
  employeenumber: 'who',
  employeeno: 'who',
  empno: 'who',
  deviceuserid: 'who',
  userid: 'who',
  acno: 'who',
  badgenumber: 'who',
  datetime: 'dateTime',
  punchedat: 'dateTime',
  timestamp: 'dateTime',
  checktime: 'dateTime',
  date: 'date',
  time: 'time',
  direction: 'direction',
  type: 'direction',
  state: 'direction',
  status: 'direction',
  checktype: 'direction',
};

/** The delimiter (guessed on the first slice) and the columns of the header row. */
function csvHeader(head: string): NonNullable<PunchFileShape['csv']> {
  const parsed = Papa.parse<string[]>(head, {
    delimiter: '',
    delimitersToGuess: [',', ';', '\t'],
    newline: '\n',
    skipEmptyLines: false,
    preview: 50,
  });
  const header = parsed.data.find((r) => r.some((c) => c.trim() !== '')) ?? [];
  const columns = new Map<ColumnKey, number>();
  header.forEach((name, i) => {
    const key = HEADER_NAMES[squash(name)];
    if (key && !columns.has(key)) columns.set(key, i);
  });
  const hasTime = columns.has('dateTime') || (columns.has('date') && columns.has('time'));
  if (!columns.has('who') || !hasTime) {
    throw new ImportFileError(
      400,
      'The header row must name the employee (EmployeeNumber or DeviceUserId) and the time (DateTime, or Date and ' +
        'Time). Direction is optional.',
    );
  }
  return { delimiter: parsed.meta.delimiter, columns };
}

const DIRECTION_MESSAGE = 'Direction must be In or Out (or left blank when unknown)';
const WHO_MISSING = 'The employee number or terminal user ID is missing';
const FORMULA_MESSAGE = 'A spreadsheet formula is not an employee number';
const DATE_MESSAGE = 'Not a valid date and time (use YYYY-MM-DD HH:mm:ss, or MM/DD/YYYY h:mm AM)';

function readCsvRecord(batch: PunchBatch, columns: Map<ColumnKey, number>, r: string[], row: number) {
  const cell = (key: ColumnKey) => {
    const at = columns.get(key);
    return at === undefined ? '' : (r[at] ?? '').trim();
  };
  const when = columns.has('dateTime') ? cell('dateTime') : `${cell('date')} ${cell('time')}`;
  const directionText = cell('direction');
  const direction = directionOf(directionText);
  if (direction === null) {
    batch.errors.push(errorOf(row, 'Direction', directionText, DIRECTION_MESSAGE));
    return;
  }
  collect(batch, row, cell('who'), when, direction, 'EmployeeNumber');
}

function collect(
  out: PunchBatch,
  row: number,
  who: string,
  when: string,
  direction: PunchDirection,
  whoColumn: string,
) {
  if (who === '') {
    out.errors.push(errorOf(row, whoColumn, who, WHO_MISSING));
    return;
  }
  if (FORMULA_START.test(who)) {
    out.errors.push(errorOf(row, whoColumn, who, FORMULA_MESSAGE));
    return;
  }
  const at = localDateTimeOf(when);
  if (!at) {
    out.errors.push(errorOf(row, 'DateTime', when, DATE_MESSAGE));
    return;
  }
  const rows = out.rows;
  rows.row.push(row);
  rows.who.push(who);
  rows.seconds.push(Date.parse(`${at}+08:00`) / 1000);
  rows.direction.push(directionCodeOf(direction));
}

const IN_SPELLINGS = ['in', 'i', 'cin', 'checkin', '0', 'timein', 'breakin', 'otin'];
const OUT_SPELLINGS = ['out', 'o', 'cout', 'checkout', '1', 'timeout', 'breakout', 'otout'];

/** `In`, `Out` and the terminals' spellings; blank is Unknown; anything else null. */
export function directionOf(text: string): PunchDirection | null {
  const t = squash(text);
  if (t === '' || t === 'unknown') return 'Unknown';
  if (IN_SPELLINGS.includes(t)) return 'In';
  if (OUT_SPELLINGS.includes(t)) return 'Out';
  return null;
}

/** The spellings by their base-37 number (`directionCode`), as direction codes. */
const DIRECTION_BY_CODE = new Map<number, number>();
for (const [spellings, code] of [
  [['', 'unknown'], UNKNOWN],
  [IN_SPELLINGS, directionCodeOf('In')],
  [OUT_SPELLINGS, directionCodeOf('Out')],
] as const) {
  for (const spelling of spellings) {
    let n = 0;
    for (const c of spelling) n = n * 37 + base37Digit(c.charCodeAt(0));
    DIRECTION_BY_CODE.set(n, code);
  }
}

/** `YYYY-MM-DD HH:mm[:ss]`, `YYYY/MM/DD ...` or `MM/DD/YYYY h:mm[:ss] [AM|PM]` as `YYYY-MM-DDTHH:mm:ss`. */
export function localDateTimeOf(text: string): string | null {
  const t = text.trim();
  const pad = (n: number | string) => String(n).padStart(2, '0');
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  let parts: [string, string, string, number, string, string];
  if (m) parts = [m[1]!, m[2]!, m[3]!, Number(m[4]), m[5]!, m[6] ?? '00'];
  else {
    m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AaPp])[Mm])?$/.exec(t);
    if (!m) return null;
    let hour = Number(m[4]);
    if (m[7]) {
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (m[7].toLowerCase() === 'p' ? 12 : 0);
    }
    parts = [m[3]!, m[1]!, m[2]!, hour, m[5]!, m[6] ?? '00'];
  }
  const [y, mo, d, h, mi, s] = parts;
  const local = `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${mi}:${s}`;
  return isLocalDateTime(local) ? local : null;
}
