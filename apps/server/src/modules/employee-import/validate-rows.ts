import {
  BANK_ACCOUNT_PATTERN,
  CivilStatus,
  EMAIL_PATTERN,
  EMPLOYEE_MAX_LENGTH,
  EMPLOYEE_NUMBER_PATTERN,
  MINIMUM_WORKING_AGE,
  EMPLOYEE_IMPORT_COLUMNS,
  EMPLOYEE_IMPORT_TEXT_RULES,
  EmploymentType,
  Gender,
  PhIdMessages,
  RateType,
  ValidationMessages as M,
  normalizePagIbigNumber,
  normalizePhilHealthNumber,
  normalizeSssNumber,
  normalizeTin,
  parseMoney,
  type ImportRowError,
  TEMPLATE_EXAMPLE_EMPLOYEE_NUMBER,
} from '@hrpay/contracts';
import * as crypto from 'node:crypto';
import { manilaToday } from '../../lib/manila.js';
import { cellsOf, type ImportRows } from './read-file.js';

/** One employee record as the import writes it: canonical text, null for "none". */
export interface EmployeeValues {
  EmployeeNumber: string;
  LastName: string;
  FirstName: string;
  MiddleName: string | null;
  Suffix: string | null;
  /** YYYY-MM-DD */
  BirthDate: string | null;
  Gender: 'Male' | 'Female' | null;
  CivilStatus: 'Single' | 'Married' | 'Widowed' | 'Separated' | 'Annulled' | null;
  Email: string | null;
  /** 09XXXXXXXXX */
  MobileNumber: string | null;
  Address: string | null;
  /** The dashed forms of normalizeTin and friends. */
  TIN: string | null;
  SSSNumber: string | null;
  PhilHealthNumber: string | null;
  PagIbigNumber: string | null;
  Department: string | null;
  Position: string | null;
  EmploymentStatus: string;
  EmploymentType: 'FullTime' | 'PartTime' | null;
  /** YYYY-MM-DD */
  HireDate: string;
  Shift: string | null;
  SupervisorEmployeeNumber: string | null;
  RateType: 'Monthly' | 'Daily';
  /** Pesos with exactly 2 decimals, e.g. '25000.00'. */
  BasicRate: string;
  BankName: string | null;
  BankAccountNumber: string | null;
}

/**
 * One of the company's employees as validation needs it: its number, supervisor and a hash of its record
 * (recordHash). The whole record (packValues) only when the file leaves columns out, whose stored values an
 * update keeps: 100,000 records held as text (and read as 27 strings each) were most of a validation's memory.
 */
export interface ExistingEmployee {
  id: string;
  /** EmployeeNumber as stored. */
  number: string;
  SupervisorEmployeeNumber: string | null;
  /** 60 bits of recordHash, as two signed 30-bit numbers (see recordHash). */
  hashHigh: number;
  hashLow: number;
  packed: string | null;
}

/** What the company already holds, keyed by lower-cased employee numbers and names. */
export interface ExistingData {
  employees: Map<string, ExistingEmployee>;
  /** lower(name) -> the name as stored */
  departments: Map<string, string>;
  positions: Map<string, string>;
  employmentStatuses: Map<string, string>;
  shifts: Map<string, string>;
}

/**
 * A valid row, its values kept packed until they are read (100,000 rows as objects hold far more memory). An
 * unchanged row found equal by hash as it was read keeps no values (packed is ''): nothing writes it.
 */
export class ValidatedRow {
  constructor(
    readonly row: number,
    readonly action: 'Create' | 'Update' | 'Unchanged',
    readonly packed: string,
    readonly existingId: string | null,
  ) {}

  /** Decoded on every read: read it once per use. */
  get values(): EmployeeValues {
    return unpackValues(this.packed);
  }
}

export type LookupKind = 'Department' | 'Position' | 'EmploymentStatus';

export interface ValidationResult {
  rows: ValidatedRow[];
  errors: ImportRowError[];
  lookupsToCreate: { Kind: LookupKind; Name: string }[];
}

type Key = keyof EmployeeValues;
const KEYS = EMPLOYEE_IMPORT_COLUMNS.map((c) => c.name) satisfies Key[];
const REQUIRED = new Set<Key>(EMPLOYEE_IMPORT_COLUMNS.filter((c) => c.required).map((c) => c.name));

/**
 * A record as one string, its values in column order joined by NUL (which neither a file cell nor PostgreSQL
 * text can hold), null as empty (no value of a valid row is empty text): equal records pack to equal strings,
 * and one string takes a fraction of the memory of an object of 26 strings (an import holds 100,000 at once).
 */
export function packValues(values: EmployeeValues): string {
  // join makes one flat string (+= would keep a rope of 51 pieces per row).
  return KEYS.map((k) => values[k] ?? '').join('\0');
}

export function unpackValues(packed: string): EmployeeValues {
  const cells = packed.split('\0');
  const values = {} as Record<Key, string | null>;
  for (let i = 0; i < KEYS.length; i++) values[KEYS[i]!] = cells[i] || null;
  return values as unknown as EmployeeValues;
}

/** One value of a packed record (null when empty, as unpackValues), read without decoding the record. */
export function recordValue(packed: string, key: Key): string | null {
  let from = 0;
  for (let i = 0; i < C[key]; i++) from = packed.indexOf('\0', from) + 1;
  const to = packed.indexOf('\0', from);
  const end = to < 0 ? packed.length : to;
  return end > from ? packed.slice(from, end) : null;
}

/** lower(SupervisorEmployeeNumber) of a packed record, or null. */
export function supervisorKeyOf(packed: string): string | null {
  return recordValue(packed, 'SupervisorEmployeeNumber')?.toLowerCase() ?? null;
}

/** The company's employee in the validator's terms, its whole record kept. */
export function existingEmployee(id: string, values: EmployeeValues): ExistingEmployee {
  const packed = packValues(values);
  const [hashHigh, hashLow] = recordHash(packed);
  return {
    id,
    number: values.EmployeeNumber,
    SupervisorEmployeeNumber: values.SupervisorEmployeeNumber,
    hashHigh,
    hashLow,
    packed,
  };
}

/** The columns of the import, in the order of a packed record (and of recordHash). */
export const RECORD_KEYS: readonly Key[] = KEYS;

/** Whether validating this file needs the stored records whole: it leaves a column out (see ExistingEmployee). */
export function needsStoredRecords(header: readonly string[]): boolean {
  return KEYS.some((k) => !header.includes(k));
}

/**
 * MD5 of a record's values each written as `<length in characters>:<value>` (null and '' alike as `0:`), in
 * column order: the form PostgreSQL computes for a stored employee (importsRepo.existingData), so records are
 * compared without their text leaving the database. Answers 60 of its bits, the top 30 of each of its first two
 * 32-bit words, as two signed numbers: numbers V8 keeps inline in an object (small integers), where one field
 * of 32 bits made every stored employee hold two boxed numbers (issue 8). A changed row taken for unchanged would
 * need a 60-bit collision between the row and its own stored record.
 */
export function recordHash(packed: string): [number, number] {
  const cells = packed.split('\0');
  // Characters as PostgreSQL counts them (code points): a pair of UTF-16 surrogates is one.
  const pairs = /[\uD800-\uDBFF]/.test(packed);
  const parts = new Array<string>(cells.length);
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    parts[i] = `${pairs ? codePoints(cell) : cell.length}:${cell}`;
  }
  const digest = md5(parts.join(''));
  return [digest.readInt32BE(0) >> 2, digest.readInt32BE(4) >> 2];
}

/**
 * MD5 in one call: a Hash object per row (createHash) wraps native memory that only a full collection frees, and
 * the scavenger keeps such wrappers alive, so 100,000 of them were promoted to the old generation as garbage.
 * `crypto.hash` (Node 20.12 and later) makes none; older Node versions fall back to createHash.
 */
const md5: (text: string) => Buffer =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('md5', text, 'buffer')
    : (text) => crypto.createHash('md5').update(text).digest();

function codePoints(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) n--;
  }
  return n;
}

/** The maximum lengths of the record's fields: one list, the contract's, for the form, the API and the import. */
const L = EMPLOYEE_MAX_LENGTH;
const MAX_LENGTH: Partial<Record<Key, number>> = {
  EmployeeNumber: L.EmployeeNumber,
  LastName: L.LastName,
  FirstName: L.FirstName,
  MiddleName: L.MiddleName,
  Suffix: L.Suffix,
  Email: L.Email,
  Address: L.Address,
  Department: L.Department,
  Position: L.Position,
  EmploymentStatus: L.EmploymentStatus,
  Shift: L.Shift,
  SupervisorEmployeeNumber: L.EmployeeNumber,
  BankName: L.BankName,
  BankAccountNumber: L.BankAccountNumber,
};

/**
 * Column numbers (the template's order): the row reader works with numbers, because looking a varying string
 * key up in an object 26 times a row is a measurable part of validating 100,000 rows.
 */
const C = {} as Record<Key, number>;
KEYS.forEach((k, i) => (C[k] = i));
const REQUIRED_BY_COLUMN = Uint8Array.from(KEYS, (k) => (REQUIRED.has(k) ? 1 : 0));
const MAX_LENGTH_BY_COLUMN = Int32Array.from(KEYS, (k) => MAX_LENGTH[k] ?? 0x7fffffff);
/** Per column number: the form's rule for its text (EMPLOYEE_IMPORT_TEXT_RULES), or undefined. */
const TEXT_RULE_BY_COLUMN = KEYS.map((k) => EMPLOYEE_IMPORT_TEXT_RULES[k]);
/**
 * Trimmed text of printable ASCII only: what every text rule returns unchanged, but for its length (Unicode's
 * composed form of ASCII is itself; it holds no control and no invisible character), so the common cell skips
 * the schema (running it on 100,000 rows of 10 text columns took some 0.6 s).
 */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

const EMAIL = EMAIL_PATTERN;
const EMPLOYEE_NUMBER = EMPLOYEE_NUMBER_PATTERN;
const BANK_ACCOUNT = BANK_ACCOUNT_PATTERN;

export const ImportMessages = {
  date: 'Not a valid date (use YYYY-MM-DD)',
  employeeNumber: 'EmployeeNumber may hold letters, digits and . _ / - only',
  exampleRow: 'This is the template’s example row: delete it and enter your own employees',
  duplicateNumber: (n: string, row: number) => `EmployeeNumber ${n} already appears on row ${row}`,
  duplicateId: (column: string, value: string, row: number) =>
    `${column} ${value} already appears on row ${row}`,
  idHeld: (column: string, value: string, holder: string) =>
    `${column} ${value} already belongs to employee ${holder}`,
  birthDateRange: 'BirthDate must be between 1900-01-01 and today',
  tooYoung: `The employee would be younger than ${MINIMUM_WORKING_AGE} on the HireDate (the minimum working age)`,
  hireDateFuture: 'HireDate cannot be more than one year from today',
  hireDatePast: 'HireDate cannot be before 1900-01-01',
  gender: 'Gender must be Male or Female',
  civilStatus: 'CivilStatus must be Single, Married, Widowed, Separated or Annulled',
  employmentType: 'EmploymentType must be FullTime or PartTime',
  rateType: 'RateType must be Monthly or Daily',
  mobile: 'MobileNumber must be a Philippine mobile number (09XXXXXXXXX or +639XXXXXXXXX)',
  bankAccount: 'BankAccountNumber may hold digits, spaces and dashes only',
  rateMalformed: 'BasicRate must be a number in pesos with at most 2 decimals',
  rateNotPositive: 'BasicRate must be more than 0',
  rateTooLarge: 'BasicRate cannot be more than 999,999,999.99',
  shift: (name: string) => `Shift "${name}" does not exist in this company`,
  ownSupervisor: 'An employee cannot be their own supervisor',
  unknownSupervisor: (n: string) => `Supervisor ${n} is neither in the file nor an employee of this company`,
  supervisorLoop: (chain: string) => `Supervisor chain loops back: ${chain}`,
} as const;

function enumMatcher<T extends string>(values: readonly T[], aliases: Record<string, T> = {}) {
  const map = new Map<string, T>();
  for (const v of values) {
    map.set(v, v);
    map.set(v.toLowerCase().replace(/[\s_-]/g, ''), v);
  }
  for (const [alias, v] of Object.entries(aliases)) map.set(alias, v);
  return (text: string) => map.get(text) ?? map.get(text.toLowerCase().replace(/[\s_-]/g, ''));
}
const matchGender = enumMatcher(Gender.options, { m: 'Male', f: 'Female' });
const matchCivil = enumMatcher(CivilStatus.options);
const matchEmploymentType = enumMatcher(EmploymentType.options);
const matchRateType = enumMatcher(RateType.options);

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by text[from, to) in decimal digits, or -1. */
function digitsAt(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

function isCalendarDate(y: number, m: number, d: number): boolean {
  if (y < 1000 || m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]!);
}

/**
 * YYYY-MM-DD, or M/D/YYYY and MM/DD/YYYY as Philippine offices type dates in Excel (US order), as YYYY-MM-DD;
 * null when it is not a real calendar date.
 */
export function parseDate(text: string): string | null {
  if (text.length === 10 && text.charCodeAt(4) === 45 && text.charCodeAt(7) === 45) {
    // The common case, already canonical: no regular expression, no new string.
    const y = digitsAt(text, 0, 4);
    return isCalendarDate(y, digitsAt(text, 5, 7), digitsAt(text, 8, 10)) ? text : null;
  }
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) {
    y = Number(match[1]);
    m = Number(match[2]);
    d = Number(match[3]);
  } else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text))) {
    m = Number(match[1]);
    d = Number(match[2]);
    y = Number(match[3]);
  } else return null;
  if (!isCalendarDate(y, m, d)) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The import's rate rule: the contracts' money reading (issue 12 item 3), with the import's own messages. */
export function checkPesos(text: string): { value: string } | { error: string } {
  const result = parseMoney(text);
  if ('value' in result) return result;
  return {
    error:
      result.error === 'tooLarge'
        ? ImportMessages.rateTooLarge
        : result.error === 'malformed'
          ? ImportMessages.rateMalformed
          : ImportMessages.rateNotPositive,
  };
}

/** The exact 2-decimal string, or null when the text is no valid rate. */
export function parsePesos(text: string): string | null {
  const result = checkPesos(text);
  return 'value' in result ? result.value : null;
}

/** 09XXXXXXXXX from 09XXXXXXXXX, +639XXXXXXXXX or 639XXXXXXXXX, with spaces, dashes or brackets. */
export function normalizeMobile(text: string): string | null {
  if (
    text.length === 11 &&
    text.charCodeAt(0) === 48 &&
    text.charCodeAt(1) === 57 &&
    digitsAt(text, 2, 11) >= 0
  ) {
    return text;
  }
  const digits = text.replace(/[\s()-]/g, '');
  const match = /^(?:\+?63|0)(9\d{9})$/.exec(digits);
  return match ? `0${match[1]}` : null;
}

function addYears(isoDate: string, years: number): string {
  return `${String(Number(isoDate.slice(0, 4)) + years).padStart(4, '0')}${isoDate.slice(4)}`;
}

/**
 * A canonical government id (dashes and at most 12 digits) as an exact number that also encodes its digit
 * count, so that a 9-digit and a 12-digit TIN never collide.
 */
function idKey(canonical: string): number {
  let n = 0;
  let digits = 0;
  for (let i = 0; i < canonical.length; i++) {
    const c = canonical.charCodeAt(i) - 48;
    if (c >= 0 && c <= 9) {
      n = n * 10 + c;
      digits++;
    }
  }
  return n + digits * 1e12;
}

/**
 * The first row of each number, in an open-addressing hash table on typed arrays. On 100,000 rows it finds
 * repeated government ids several times faster than a Map with string keys, whose lookups miss the CPU cache
 * on every key comparison.
 */
class FirstRowIndex {
  private keys: Float64Array;
  /** The row of each slot; 0 = empty (row numbers start at 1). */
  private rows: Int32Array;
  private size = 0;

  /** Sized for `expected` keys at most half full, so that a whole file needs no growing. */
  constructor(expected: number) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.keys = new Float64Array(capacity);
    this.rows = new Int32Array(capacity);
  }

  /** The first row recorded for `key`, or 0 after recording `row` as its first. */
  firstOrAdd(key: number, row: number): number {
    const mask = this.rows.length - 1;
    let slot = FirstRowIndex.hash(key) & mask;
    for (;;) {
      const found = this.rows[slot]!;
      if (found === 0) break;
      if (this.keys[slot] === key) return found;
      slot = (slot + 1) & mask;
    }
    this.keys[slot] = key;
    this.rows[slot] = row;
    if (++this.size * 2 > this.rows.length) this.grow();
    return 0;
  }

  private static hash(key: number): number {
    const low = (key % 0x100000000) | 0;
    const high = (key / 0x100000000) | 0;
    const h = Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1);
    return h ^ (h >>> 15);
  }

  private grow() {
    const { keys, rows } = this;
    this.keys = new Float64Array(keys.length * 2);
    this.rows = new Int32Array(rows.length * 2);
    this.size = 0;
    for (let i = 0; i < rows.length; i++) if (rows[i] !== 0) this.firstOrAdd(keys[i]!, rows[i]!);
  }
}

/** The cell text for an error report, cut at 1,000 characters so a huge cell cannot bloat the stored errors. */
const MAX_SHOWN = 1_000;
function shown(value: string): string {
  return value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value;
}

interface Candidate {
  row: number;
  /** This employee in the reporting graph; null when the number is missing, malformed or a repeat. */
  node: Node | null;
  /** The row's values (packValues); the two below are kept apart for the checks that follow. */
  packed: string;
  number: string;
  supervisor: string | null;
  failed: boolean;
  /** Found equal to the stored record as the row was read: its text is let go at once (packed is ''). */
  same: boolean;
}

/** One employee number, of the company or the file: what validation needs to know about it. */
interface Node {
  /** The company's employee with this number, if any. */
  existing: ExistingEmployee | null;
  /** The first file row with this number, if any. */
  candidate: Candidate | null;
  /** lower(EmployeeNumber) of the supervisor: the file's when the file has the row, else the company's. */
  supervisor: string | null;
  /** The number as the company (or else the file) writes it. */
  spelling: string;
  /** The supervisor's node once looked up (null: none or unknown; undefined: not looked up yet). */
  boss: Node | null | undefined;
  /** 0 = not visited, 1 = on the current walk, 2 = done */
  state: number;
}

type GovernmentId = 'TIN' | 'SSSNumber' | 'PhilHealthNumber' | 'PagIbigNumber';

/**
 * Validates every row of an employee file against the rules of the 201 file and the company's records, and
 * sorts the valid rows into creates, updates and unchanged (rows with any error are left out; their errors
 * say why). Linear in rows plus existing employees and without recursion; each row is read through column
 * numbers and repeated ids are found in typed-array hash tables (100,000 rows with every column: about 0.8 s
 * on a busy 2-core machine).
 *
 * A column the file does not have keeps the existing employee's value on update (only the columns in the file
 * are imported); an empty cell in a column the file has clears an optional value.
 */
export function validateRows(
  file: ImportRows,
  existing: ExistingData,
  onProgress?: (done: number, total: number) => void,
  today: string = manilaToday(),
): ValidationResult {
  const steps = validationSteps(file, existing, onProgress, today);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * The same validation, giving the event loop a turn every 5,000 rows: on the embedded database the server has
 * one thread, and 200,000 rows checked in one go would keep every other request waiting (issue 13, item 3).
 * It takes the file's rows: each is emptied once read, so the file and its validation are never held whole
 * side by side.
 */
export async function validateRowsYielding(
  file: ImportRows,
  existing: ExistingData,
  onProgress?: (done: number, total: number) => void,
): Promise<ValidationResult> {
  const today = manilaToday();
  const steps = validationSteps(file, existing, onProgress, today, true);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

function* validationSteps(
  file: ImportRows,
  existing: ExistingData,
  onProgress: ((done: number, total: number) => void) | undefined,
  today: string,
  consumeRows = false,
): Generator<void, ValidationResult> {
  const errors: ImportRowError[] = [];
  const reader = new RowReader(file.header, errors);
  const total = file.rows.length;
  const latestHire = addYears(today, 1);
  // `seen` remembers each cell text already resolved: a file repeats a few names on every row.
  const lookups: Record<
    LookupKind,
    { existing: Map<string, string>; created: Map<string, string>; seen: Map<string, string> }
  > = {
    Department: { existing: existing.departments, created: new Map(), seen: new Map() },
    Position: { existing: existing.positions, created: new Map(), seen: new Map() },
    EmploymentStatus: { existing: existing.employmentStatuses, created: new Map(), seen: new Map() },
  };
  // Every employee number, of the company and the file, keyed lower-cased: one map serves repeats, updates
  // and the reporting graph.
  const nodes = new Map<string, Node>();
  for (const [key, e] of existing.employees) {
    const supervisor = e.SupervisorEmployeeNumber;
    nodes.set(key, {
      existing: e,
      candidate: null,
      supervisor: supervisor ? supervisor.toLowerCase() : null,
      spelling: e.number,
      boss: undefined,
      state: 0,
    });
  }
  const idIndex = (column: GovernmentId) => new FirstRowIndex(reader.has(C[column]) ? total : 0);
  const firstRowOfId: Record<GovernmentId, FirstRowIndex> = {
    TIN: idIndex('TIN'),
    SSSNumber: idIndex('SSSNumber'),
    PhilHealthNumber: idIndex('PhilHealthNumber'),
    PagIbigNumber: idIndex('PagIbigNumber'),
  };
  const shiftsSeen = new Map<string, string>();
  const candidates: Candidate[] = [];

  const lookup = (kind: LookupKind): string | null => {
    const value = reader.text(C[kind]);
    if (value === null) return null;
    const names = lookups[kind];
    let name = names.seen.get(value);
    if (name === undefined) {
      const key = value.toLowerCase();
      name = names.existing.get(key) ?? names.created.get(key);
      if (name === undefined) names.created.set(key, (name = value));
      names.seen.set(value, name);
    }
    return name;
  };
  const governmentId = (column: GovernmentId, normalize: (v: string) => string | null, message: string) => {
    const value = reader.parsed(C[column], normalize, message);
    if (value === null) return null;
    const first = firstRowOfId[column].firstOrAdd(idKey(value), reader.row);
    if (first !== 0) reader.error(C[column], ImportMessages.duplicateId(column, value, first));
    return value;
  };

  for (let i = 0; i < total; i++) {
    const row = file.rowNumbers[i]!;
    const read = file.rows[i]!;
    reader.start(cellsOf(read), row);
    if (consumeRows) file.rows[i] = '';

    let employeeNumber = reader.text(C.EmployeeNumber);
    let key = '';
    let node: Node | null = null;
    if (employeeNumber !== null && !EMPLOYEE_NUMBER.test(employeeNumber)) {
      reader.error(C.EmployeeNumber, ImportMessages.employeeNumber);
      employeeNumber = null;
    } else if (employeeNumber?.toUpperCase() === TEMPLATE_EXAMPLE_EMPLOYEE_NUMBER) {
      reader.error(C.EmployeeNumber, ImportMessages.exampleRow);
      employeeNumber = null;
    } else if (employeeNumber !== null) {
      key = employeeNumber.toLowerCase();
      node = nodes.get(key) ?? null;
      if (node === null) {
        node = {
          existing: null,
          candidate: null,
          supervisor: null,
          spelling: employeeNumber,
          boss: undefined,
          state: 0,
        };
        nodes.set(key, node);
      } else if (node.candidate !== null) {
        // The first row speaks for this number.
        reader.error(C.EmployeeNumber, ImportMessages.duplicateNumber(employeeNumber, node.candidate.row));
        node = null;
      }
    }
    const lastName = reader.text(C.LastName);
    const firstName = reader.text(C.FirstName);
    const middleName = reader.text(C.MiddleName);
    const suffix = reader.text(C.Suffix);

    const birthDate = reader.parsed(C.BirthDate, parseDate, ImportMessages.date);
    const hireDate = reader.parsed(C.HireDate, parseDate, ImportMessages.date);
    if (birthDate !== null && (birthDate < '1900-01-01' || birthDate > today)) {
      reader.error(C.BirthDate, ImportMessages.birthDateRange);
    } else if (
      birthDate !== null &&
      hireDate !== null &&
      addYears(birthDate, MINIMUM_WORKING_AGE) > hireDate
    ) {
      reader.error(C.BirthDate, ImportMessages.tooYoung);
    }
    if (hireDate !== null && hireDate > latestHire) reader.error(C.HireDate, ImportMessages.hireDateFuture);
    else if (hireDate !== null && hireDate < '1900-01-01')
      reader.error(C.HireDate, ImportMessages.hireDatePast);

    const gender = reader.parsed(C.Gender, matchGender, ImportMessages.gender);
    const civilStatus = reader.parsed(C.CivilStatus, matchCivil, ImportMessages.civilStatus);
    const email = reader.parsed(C.Email, (v) => (EMAIL.test(v) ? v : null), M.email);
    const mobile = reader.parsed(C.MobileNumber, normalizeMobile, ImportMessages.mobile);
    const address = reader.text(C.Address);
    const tin = governmentId('TIN', normalizeTin, PhIdMessages.tin);
    const sss = governmentId('SSSNumber', normalizeSssNumber, PhIdMessages.sss);
    const philHealth = governmentId('PhilHealthNumber', normalizePhilHealthNumber, PhIdMessages.philHealth);
    const pagIbig = governmentId('PagIbigNumber', normalizePagIbigNumber, PhIdMessages.pagIbig);
    const department = lookup('Department');
    const position = lookup('Position');
    const employmentStatus = lookup('EmploymentStatus');
    const employmentType = reader.parsed(
      C.EmploymentType,
      matchEmploymentType,
      ImportMessages.employmentType,
    );

    const shiftName = reader.text(C.Shift);
    let shift: string | null = null;
    if (shiftName !== null) {
      shift = shiftsSeen.get(shiftName) ?? existing.shifts.get(shiftName.toLowerCase()) ?? null;
      if (shift !== null) shiftsSeen.set(shiftName, shift);
      if (shift === null) reader.error(C.Shift, ImportMessages.shift(shiftName));
    }
    const supervisor = reader.text(C.SupervisorEmployeeNumber);
    const supervisorKey = supervisor === null ? null : supervisor.toLowerCase();
    if (supervisorKey !== null && supervisorKey === key) {
      reader.error(C.SupervisorEmployeeNumber, ImportMessages.ownSupervisor);
    }
    const rateType = reader.parsed(C.RateType, matchRateType, ImportMessages.rateType);
    const rateText = reader.text(C.BasicRate);
    let basicRate: string | null = null;
    if (rateText !== null) {
      const rate = checkPesos(rateText);
      if ('value' in rate) basicRate = rate.value;
      else reader.error(C.BasicRate, rate.error);
    }
    const bankName = reader.text(C.BankName);
    const bankAccount = reader.parsed(
      C.BankAccountNumber,
      (v) => (BANK_ACCOUNT.test(v) ? v : null),
      ImportMessages.bankAccount,
    );

    const values: EmployeeValues = {
      EmployeeNumber: employeeNumber ?? '',
      LastName: lastName ?? '',
      FirstName: firstName ?? '',
      MiddleName: middleName,
      Suffix: suffix,
      BirthDate: birthDate,
      Gender: gender,
      CivilStatus: civilStatus,
      Email: email,
      MobileNumber: mobile,
      Address: address,
      TIN: tin,
      SSSNumber: sss,
      PhilHealthNumber: philHealth,
      PagIbigNumber: pagIbig,
      Department: department,
      Position: position,
      EmploymentStatus: employmentStatus ?? '',
      EmploymentType: employmentType,
      HireDate: hireDate ?? '',
      Shift: shift,
      SupervisorEmployeeNumber: supervisor,
      RateType: rateType ?? 'Monthly',
      BasicRate: basicRate ?? '',
      BankName: bankName,
      BankAccountNumber: bankAccount,
    };
    // A row of the template's columns already written as the import stores it (the common case) packs to the
    // very text it was read as: that string is kept and the new one dropped while it is young, so validating
    // 100,000 rows does not leave a second copy of the file in the old generation.
    // For the same reason the number and the supervisor, when spelled as stored, are the stored strings.
    const packed = packValues(values);
    const known = node?.existing;
    const candidate: Candidate = {
      row,
      node,
      failed: reader.failed,
      packed: packed === read ? read : packed,
      number: known?.number === values.EmployeeNumber ? known.number : values.EmployeeNumber,
      supervisor:
        supervisor !== null && known?.SupervisorEmployeeNumber === supervisor
          ? known.SupervisorEmployeeNumber
          : supervisor,
      same: false,
    };
    // A row equal to the stored record, spelled as the company spells the number and the supervisor, stays
    // unchanged whatever follows (an error can only leave it out): its text need not be held to the end. Only
    // when records are compared by hash (the file has every column).
    const stored = node?.existing;
    if (
      stored &&
      stored.packed === null &&
      !candidate.failed &&
      candidate.number === stored.number &&
      supervisor === stored.SupervisorEmployeeNumber &&
      (supervisor === null || nodes.get(supervisorKey!)?.existing?.number === supervisor) &&
      sameRecord(candidate.packed, stored)
    ) {
      candidate.same = true;
      candidate.packed = '';
    }
    candidates.push(candidate);
    if (node !== null) {
      node.candidate = candidate;
      if (node.supervisor !== supervisorKey) node.supervisor = supervisorKey;
    }
    if ((i + 1) % 5_000 === 0) {
      onProgress?.(i + 1, total);
      yield;
    }
  }

  // Columns the file does not have keep what the company holds (only optional columns can be absent).
  const absent = KEYS.filter((k) => !reader.has(C[k]));
  if (absent.length) {
    const keepSupervisor = absent.includes('SupervisorEmployeeNumber');
    for (const c of candidates) {
      const current = c.node?.existing;
      if (!current) continue;
      if (current.packed === null) throw new Error('the stored records were read without their values');
      const values = unpackValues(c.packed);
      const stored = unpackValues(current.packed);
      for (const k of absent) (values as unknown as Record<Key, unknown>)[k] = stored[k] ?? null;
      c.packed = packValues(values);
      c.supervisor = values.SupervisorEmployeeNumber;
      if (keepSupervisor) c.node!.supervisor = c.supervisor?.toLowerCase() ?? null;
    }
  }

  checkSupervisors(candidates, nodes, errors);
  if (total % 5_000 !== 0 || total === 0) onProgress?.(total, total);

  const rows: ValidatedRow[] = [];
  for (const c of candidates) {
    if (c.failed) continue;
    if (c.same) {
      rows.push(new ValidatedRow(c.row, 'Unchanged', '', c.node!.existing!.id));
      continue;
    }
    const current = c.node?.existing;
    // The stored spelling of the number wins, so a case-only difference is no change; supervisors are written
    // as checkSupervisors spelled them.
    const number = current ? current.number : c.number;
    const supervisor = c.node?.boss ? c.node.boss.spelling : c.supervisor;
    if (number !== c.number || supervisor !== c.supervisor) {
      const values = unpackValues(c.packed);
      values.EmployeeNumber = number;
      values.SupervisorEmployeeNumber = supervisor;
      c.packed = packValues(values);
    }
    if (current) {
      rows.push(
        new ValidatedRow(c.row, sameRecord(c.packed, current) ? 'Unchanged' : 'Update', c.packed, current.id),
      );
    } else {
      rows.push(new ValidatedRow(c.row, 'Create', c.packed, null));
    }
  }
  const lookupsToCreate: ValidationResult['lookupsToCreate'] = [];
  for (const kind of ['Department', 'Position', 'EmploymentStatus'] as const) {
    for (const name of lookups[kind].created.values()) lookupsToCreate.push({ Kind: kind, Name: name });
  }
  errors.sort((a, b) => a.Row - b.Row); // stable: a row's errors stay in column order
  return { rows, errors, lookupsToCreate };
}

/** Whether the row's values are the stored record's: compared whole when it was read, else by its hash. */
function sameRecord(packed: string, current: ExistingEmployee): boolean {
  if (current.packed !== null) return packed === current.packed;
  const [high, low] = recordHash(packed);
  return high === current.hashHigh && low === current.hashLow;
}

/** Reads one row's cells at a time; one instance serves every row, so no closures are made per row. */
class RowReader {
  private cells: string[] = [];
  row = 0;
  failed = false;
  /** Per column number (C): its index in the file's header (-1: not in the file). */
  private readonly index = new Int32Array(KEYS.length);

  constructor(
    header: string[],
    private readonly errors: ImportRowError[],
  ) {
    KEYS.forEach((k, col) => (this.index[col] = header.indexOf(k)));
  }

  has(col: number): boolean {
    return this.index[col]! >= 0;
  }

  start(cells: string[], row: number) {
    this.cells = cells;
    this.row = row;
    this.failed = false;
  }

  raw(col: number): string {
    const i = this.index[col]!;
    return i < 0 ? '' : (this.cells[i] ?? '');
  }

  error(col: number, message: string) {
    this.failed = true;
    this.errors.push({ Row: this.row, Column: KEYS[col]!, Value: shown(this.raw(col)), Message: message });
  }

  /** The cell as text, null when empty (an error when required), null and an error when too long. */
  text(col: number): string | null {
    const value = this.raw(col);
    if (value === '') {
      if (REQUIRED_BY_COLUMN[col]) this.error(col, M.required);
      return null;
    }
    const rule = TEXT_RULE_BY_COLUMN[col];
    if (rule !== undefined && !PRINTABLE_ASCII.test(value)) {
      // The form's rule, its message and its canonical form (NFC), as HR would save it (its length included).
      const result = rule.safeParse(value);
      if (!result.success) {
        this.error(col, result.error.issues[0]?.message ?? M.required);
        return null;
      }
      return result.data || null;
    }
    const max = MAX_LENGTH_BY_COLUMN[col]!;
    if (value.length > max) {
      this.error(col, M.maxLength(max));
      return null;
    }
    return value;
  }

  parsed<T>(col: number, parse: (v: string) => T | null | undefined, message: string): T | null {
    const value = this.text(col);
    if (value === null) return null;
    const result = parse(value);
    if (result === null || result === undefined) {
      this.error(col, message);
      return null;
    }
    return result;
  }
}

/**
 * Supervisors must exist (in the file or the company) and must not form a loop. The graph is the company's
 * reporting lines with the file's rows replacing their own; every node is walked once, iteratively (no
 * recursion, linear in rows plus employees). Each row on a loop gets an error that starts from its own number.
 * Valid supervisor numbers are then written in the spelling the company (or else the file) uses for that
 * employee, so a case-only difference is no change.
 */
function checkSupervisors(candidates: Candidate[], nodes: Map<string, Node>, errors: ImportRowError[]) {
  const flag = (c: Candidate, message: string) => {
    c.failed = true;
    errors.push({
      Row: c.row,
      Column: 'SupervisorEmployeeNumber',
      Value: shown(c.supervisor ?? ''),
      Message: message,
    });
  };
  // Each file row's supervisor is looked up once; the company's own lines only when a walk reaches them.
  for (const c of candidates) {
    const node = c.node;
    if (node === null || node.supervisor === null) continue;
    node.boss = nodes.get(node.supervisor) ?? null;
    if (node.boss === null) flag(c, ImportMessages.unknownSupervisor(c.supervisor!));
  }
  const next = (node: Node): Node | null => {
    if (node.boss === undefined)
      node.boss = node.supervisor === null ? null : (nodes.get(node.supervisor) ?? null);
    return node.boss;
  };

  const path: Node[] = [];
  for (const c of candidates) {
    let node = c.node;
    if (node === null || node.state !== 0) continue;
    path.length = 0;
    while (node && node.state === 0) {
      node.state = 1;
      path.push(node);
      node = next(node);
    }
    if (node && node.state === 1) {
      const loop = path.slice(path.indexOf(node));
      // A self-loop is the row's own error ("cannot be their own supervisor").
      if (loop.length > 1) {
        loop.forEach((member, k) => {
          if (member.candidate) flag(member.candidate, ImportMessages.supervisorLoop(loopText(loop, k)));
        });
      }
    }
    for (const n of path) n.state = 2;
  }
}

/** "E-2 -> E-3 -> E-1 -> E-2" from the k-th member; a long loop is shortened so messages stay small. */
function loopText(loop: Node[], k: number): string {
  const at = (i: number) => loop[(k + i) % loop.length]!.spelling;
  const n = loop.length;
  const chain = n <= 6 ? Array.from({ length: n }, (_, i) => at(i)) : [at(0), at(1), at(2), '…', at(n - 1)];
  return `${chain.join(' -> ')} -> ${at(0)}${n > 6 ? ` (${n.toLocaleString('en-PH')} employees)` : ''}`;
}
