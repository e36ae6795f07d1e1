import Papa from 'papaparse';
import {
  isLocalDateTime,
  PUNCH_IMPORT_MAX_FILE_BYTES,
  PUNCH_IMPORT_MAX_ROWS,
  type ImportRowError,
  type PunchDirection,
} from '@hrpay/contracts';
import { ImportFileError } from '../employee-import/import-problem.js';
import { decodeText, isBlank } from '../employee-import/read-file.js';

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
 */

export interface PunchFileRow {
  row: number;
  /** An employee number or terminal user id, as in the file. */
  who: string;
  /** Manila local `YYYY-MM-DDTHH:mm:ss`. */
  at: string;
  direction: PunchDirection;
}

export interface PunchFile {
  format: 'Csv' | 'ZkTeco';
  rows: PunchFileRow[];
  errors: ImportRowError[];
  totalRows: number;
}

const EXTENSIONS = ['csv', 'txt', 'dat'];
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZKTECO_LINE = /^\s*[^\t,;]+\t\s*\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}(:\d{2})?\s*(\t|$)/;
/** A cell a spreadsheet would run as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const ZK_STATES: Record<string, PunchDirection> = {
  '0': 'In',
  '1': 'Out',
  '2': 'Out',
  '3': 'In',
  '4': 'In',
  '5': 'Out',
};
const MB = 1024 * 1024;

export function readPunchFile(fileName: string, data: Buffer): PunchFile {
  if (data.length > PUNCH_IMPORT_MAX_FILE_BYTES) {
    throw new ImportFileError(
      413,
      `The file is larger than ${PUNCH_IMPORT_MAX_FILE_BYTES / MB} MB. Export a shorter period and import the parts.`,
    );
  }
  const extension = /\.([^./\\]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  if (!EXTENSIONS.includes(extension)) {
    throw new ImportFileError(415, 'Only .csv, .txt and .dat punch files can be imported.');
  }
  if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff)) {
    throw new ImportFileError(
      415,
      'The file is saved as UTF-16 (Unicode) text. Save or export it as UTF-8 or ANSI text and try again.',
    );
  }
  if (data.subarray(0, 4).equals(ZIP_MAGIC) || data.includes(0)) {
    throw new ImportFileError(
      415,
      `The file content is not text; it does not match its .${extension} extension.`,
    );
  }
  if (isBlank(data)) throw new ImportFileError(400, 'The file is empty.');
  const lines = decodeText(data).replace(/\r\n?/g, '\n').split('\n');
  const firstLine = lines.find((l) => l.trim() !== '') ?? '';
  return ZKTECO_LINE.test(firstLine) ? readZkTeco(lines) : readCsv(lines.join('\n'));
}

const errorOf = (row: number, column: string, value: string, message: string): ImportRowError => ({
  Row: row,
  Column: column,
  Value: value.length > 100 ? `${value.slice(0, 100)}…` : value,
  Message: message,
});

function checkRowCount(count: number) {
  if (count > PUNCH_IMPORT_MAX_ROWS) {
    throw new ImportFileError(
      413,
      `The file has ${count.toLocaleString('en-PH')} punches; the limit is ${PUNCH_IMPORT_MAX_ROWS.toLocaleString('en-PH')}. ` +
        'Export a shorter period.',
    );
  }
}

function readZkTeco(lines: string[]): PunchFile {
  const out: PunchFile = { format: 'ZkTeco', rows: [], errors: [], totalRows: 0 };
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    out.totalRows++;
    const cells = line.split('\t').map((c) => c.trim());
    collect(out, i + 1, cells[0] ?? '', cells[1] ?? '', ZK_STATES[cells[3] ?? ''] ?? 'Unknown', 'UserId');
  });
  checkRowCount(out.totalRows);
  return out;
}

const squash = (name: string) => name.toLowerCase().replace(/[\s_\-/.#]/g, '');
const HEADER_NAMES: Record<string, 'who' | 'dateTime' | 'date' | 'time' | 'direction'> = {
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

function readCsv(text: string): PunchFile {
  const parsed = Papa.parse<string[]>(text, {
    delimiter: '',
    delimitersToGuess: [',', ';', '\t'],
    newline: '\n',
    skipEmptyLines: false,
  });
  if (parsed.errors.some((e) => e.type === 'Quotes')) {
    throw new ImportFileError(400, 'The CSV file cannot be read: a quoted value is never closed.');
  }
  const rows = parsed.data;
  const headerAt = rows.findIndex((r) => r.some((c) => c.trim() !== ''));
  const columns = new Map<string, number>();
  rows[headerAt]!.forEach((name, i) => {
    const key = HEADER_NAMES[squash(name)];
    if (key && !columns.has(key)) columns.set(key, i);
  });
  const whoAt = columns.get('who');
  const hasTime = columns.has('dateTime') || (columns.has('date') && columns.has('time'));
  if (whoAt === undefined || !hasTime) {
    throw new ImportFileError(
      400,
      'The header row must name the employee (EmployeeNumber or DeviceUserId) and the time (DateTime, or Date and ' +
        'Time). Direction is optional.',
    );
  }
  const out: PunchFile = { format: 'Csv', rows: [], errors: [], totalRows: 0 };
  const cell = (r: string[], key: string) => {
    const at = columns.get(key);
    return at === undefined ? '' : (r[at] ?? '').trim();
  };
  for (let i = headerAt + 1; i < rows.length; i++) {
    const r = rows[i]!;
    if (r.every((c) => c.trim() === '')) continue;
    out.totalRows++;
    if (out.totalRows > PUNCH_IMPORT_MAX_ROWS) continue;
    const when = columns.has('dateTime') ? cell(r, 'dateTime') : `${cell(r, 'date')} ${cell(r, 'time')}`;
    const directionText = cell(r, 'direction');
    const direction = directionOf(directionText);
    if (direction === null) {
      out.errors.push(
        errorOf(
          i + 1,
          'Direction',
          directionText,
          'Direction must be In or Out (or left blank when unknown)',
        ),
      );
      continue;
    }
    collect(out, i + 1, cell(r, 'who'), when, direction, 'EmployeeNumber');
  }
  checkRowCount(out.totalRows);
  return out;
}

function collect(
  out: PunchFile,
  row: number,
  who: string,
  when: string,
  direction: PunchDirection,
  whoColumn: string,
) {
  if (who === '') {
    out.errors.push(errorOf(row, whoColumn, who, 'The employee number or terminal user id is missing'));
    return;
  }
  if (FORMULA_START.test(who)) {
    out.errors.push(errorOf(row, whoColumn, who, 'A spreadsheet formula is not an employee number'));
    return;
  }
  const at = localDateTimeOf(when);
  if (!at) {
    out.errors.push(
      errorOf(
        row,
        'DateTime',
        when,
        'Not a valid date and time (use YYYY-MM-DD HH:mm:ss, or MM/DD/YYYY h:mm AM)',
      ),
    );
    return;
  }
  out.rows.push({ row, who, at, direction });
}

/** `In`, `Out` and the terminals' spellings; blank is Unknown; anything else null. */
export function directionOf(text: string): PunchDirection | null {
  const t = squash(text);
  if (t === '' || t === 'unknown') return 'Unknown';
  if (['in', 'i', 'cin', 'checkin', '0', 'timein', 'breakin', 'otin'].includes(t)) return 'In';
  if (['out', 'o', 'cout', 'checkout', '1', 'timeout', 'breakout', 'otout'].includes(t)) return 'Out';
  return null;
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
