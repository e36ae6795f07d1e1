import { randomBytes } from 'node:crypto';
import type { Tx } from '../../db/database.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { arrayLiteral, employeesService, type EmployeeBatchColumn } from '../employees/service.js';
import {
  RECORD_KEYS,
  recordValue,
  supervisorKeyOf,
  type EmployeeValues,
  type ValidatedRow,
} from './validate-rows.js';

/**
 * The commit of an import: the valid rows turned into the employees module's bulk writes (a thousand rows a
 * statement, each writing its audit rows too), inside the caller's one transaction: all or nothing.
 */
const BATCH = 1_000;

type LookupIds = Record<'departments' | 'positions' | 'employment_statuses' | 'shifts', Map<string, string>>;

interface WriteContext {
  companyId: string;
  importId: string;
  actor: CurrentUser;
  lookups: LookupIds;
  /** lower(EmployeeNumber) -> id of the existing employees the rows name as supervisors; new ones are added as they get ids. */
  idByNumber: Map<string, string>;
  /** lower(EmployeeNumber) of every supervisor the rows name. */
  supervisorNumbers: Set<string>;
  /** Rows per statement: smaller on the embedded database, where each statement holds the main thread. */
  batchSize?: number;
}

// The columns an import writes: [column, the record's value it takes, how that value becomes the column's].
type Resolve = (text: string, c: WriteContext) => string;
const COLUMNS: [EmployeeBatchColumn, keyof EmployeeValues, Resolve?][] = [
  ['employee_number', 'EmployeeNumber'],
  ['last_name', 'LastName'],
  ['first_name', 'FirstName'],
  ['middle_name', 'MiddleName'],
  ['suffix', 'Suffix'],
  ['birth_date', 'BirthDate'],
  ['gender', 'Gender'],
  ['civil_status', 'CivilStatus'],
  ['email', 'Email'],
  ['mobile_number', 'MobileNumber'],
  ['address', 'Address'],
  ['tin', 'TIN'],
  ['sss_number', 'SSSNumber'],
  ['philhealth_number', 'PhilHealthNumber'],
  ['pagibig_number', 'PagIbigNumber'],
  ['department_id', 'Department', (name, c) => idOf(c.lookups.departments, name)],
  ['position_id', 'Position', (name, c) => idOf(c.lookups.positions, name)],
  ['employment_status_id', 'EmploymentStatus', (name, c) => idOf(c.lookups.employment_statuses, name)],
  ['employment_type', 'EmploymentType'],
  ['hire_date', 'HireDate'],
  ['shift_id', 'Shift', (name, c) => idOf(c.lookups.shifts, name)],
  ['supervisor_id', 'SupervisorEmployeeNumber', (number, c) => idOf(c.idByNumber, number)],
  ['rate_type', 'RateType'],
  ['basic_rate', 'BasicRate'],
  ['bank_name', 'BankName'],
  ['bank_account_number', 'BankAccountNumber'],
];
const COLUMN_NAMES = COLUMNS.map(([column]) => column);
/** Each column's position in a packed record. */
const CELL_OF_COLUMN = COLUMNS.map(([, key]) => RECORD_KEYS.indexOf(key));
const CELLS = RECORD_KEYS.length;

/**
 * Where each row's cells start in its packed record (packValues): CELLS + 1 offsets a row, the last one past
 * the record's end, so that cell i of row r is packed.slice(at[k + i], at[k + i + 1] - 1).
 */
function cellOffsets(rows: ValidatedRow[]): Int32Array {
  const at = new Int32Array(rows.length * (CELLS + 1));
  rows.forEach((row, r) => {
    const packed = row.packed;
    const k = r * (CELLS + 1);
    at[k] = 0;
    for (let i = 1; i < CELLS; i++) at[k + i] = packed.indexOf('\0', at[k + i - 1]!) + 1;
    at[k + CELLS] = packed.length + 1;
  });
  return at;
}

function idOf(map: Map<string, string>, name: string): string {
  const id = map.get(name.toLowerCase());
  if (!id) throw new Error(`unresolved reference ${name}`);
  return id;
}

/**
 * New employees ordered so each supervisor is written no later than the people who report to it, with
 * lower(EmployeeNumber) of each in that order.
 */
function supervisorsFirst(creates: ValidatedRow[]): { rows: ValidatedRow[]; numbers: string[] } {
  // Indexes and a typed array rather than maps of rows: 100,000 rows, little memory.
  const indexOf = new Map<string, number>();
  const numbers: string[] = [];
  const supervisors: (string | undefined)[] = [];
  creates.forEach((r, i) => {
    numbers.push(recordValue(r.packed, 'EmployeeNumber')!.toLowerCase());
    supervisors.push(supervisorKeyOf(r.packed) ?? undefined);
    indexOf.set(numbers[i]!, i);
  });
  const depth = new Int32Array(creates.length).fill(-1);
  const chain: number[] = [];
  for (let start = 0; start < creates.length; start++) {
    // Walk up to the first row with a known depth (or the top), then fill the depths on the way back.
    chain.length = 0;
    let current: number | undefined = start;
    while (current !== undefined && depth[current] === -1) {
      chain.push(current);
      const sup: string | undefined = supervisors[current];
      current = sup ? indexOf.get(sup) : undefined;
      if (chain.length > creates.length) throw new Error('supervisor cycle'); // the validator refuses cycles
    }
    let d = current === undefined ? -1 : depth[current]!;
    for (let i = chain.length - 1; i >= 0; i--) depth[chain[i]!] = ++d;
  }
  const order = Array.from(creates.keys()).sort((a, b) => depth[a]! - depth[b]!);
  return { rows: order.map((i) => creates[i]!), numbers: order.map((i) => numbers[i]!) };
}

/**
 * Random (version 4) UUIDs, each one flat string: crypto.randomUUID() answers a rope of some 20 pieces, and
 * 100,000 of them held through a commit took about 50 MB.
 */
function newUuids(count: number): string[] {
  const bytes = randomBytes(16 * count);
  const ids = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    const at = 16 * i;
    bytes[at + 6] = (bytes[at + 6]! & 0x0f) | 0x40;
    bytes[at + 8] = (bytes[at + 8]! & 0x3f) | 0x80;
    const hex = bytes.toString('hex', at, at + 16);
    ids[i] = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join(
      '-',
    );
  }
  return ids;
}

/** Takes the rows: `rows` is emptied, and each batch is let go once written, so memory falls as it goes. */
export async function writeEmployees(
  tx: Tx,
  ctx: WriteContext,
  rows: ValidatedRow[],
  onProgress: (done: number, total: number) => void,
): Promise<{ created: number; updated: number }> {
  const { rows: creates, numbers } = supervisorsFirst(rows.filter((r) => r.action === 'Create'));
  const updates = rows.filter((r) => r.action === 'Update');
  rows.length = 0;
  // New employees get their ids batch by batch; only those the rows name as supervisors are remembered.
  const newIds = (count: number): string[] => {
    const taken = numbers.splice(0, count);
    const ids = newUuids(taken.length);
    taken.forEach((number, i) => {
      if (ctx.supervisorNumbers.has(number)) ctx.idByNumber.set(number, ids[i]!);
    });
    return ids;
  };
  await employeesService.replanBeforeBatches(tx);
  const total = creates.length + updates.length;
  let done = 0;

  // One statement's parameters, built in one synchronous step, column by column straight from the packed
  // records: only one column's values and then its array literal (one flat string) exist at a time, and only
  // the literals are kept through the database's round trip (decoding whole rows here promoted some 150 MB of
  // short-lived cells to the old generation over an import of 100,000 rows).
  const statement = (rows: ValidatedRow[], ids = rows.map((r) => r.existingId!)) => {
    const at = cellOffsets(rows);
    const column = new Array<string | null>(rows.length);
    const values = COLUMNS.map(([, , resolve], c) => {
      const cell = CELL_OF_COLUMN[c]!;
      for (let r = 0; r < rows.length; r++) {
        const k = r * (CELLS + 1) + cell;
        const from = at[k]!;
        const to = at[k + 1]! - 1;
        // An empty cell is null (unpackValues).
        if (to <= from) column[r] = null;
        else {
          const text = rows[r]!.packed.slice(from, to);
          column[r] = resolve ? resolve(text, ctx) : text;
        }
      }
      return arrayLiteral(column);
    });
    return { count: rows.length, ids: arrayLiteral(ids), values };
  };
  const write = async (kind: 'insert' | 'update', rows: ReturnType<typeof statement>) => {
    const { actor, companyId, importId } = ctx;
    await employeesService.writeBatch(tx, actor, kind, {
      companyId,
      importId,
      columns: COLUMN_NAMES,
      ids: rows.ids,
      values: rows.values,
    });
    done += rows.count;
    onProgress(done, total);
  };
  const batch = ctx.batchSize ?? BATCH;
  const created = creates.length;
  const updated = updates.length;
  // splice: each batch leaves the array as it is taken.
  while (creates.length) await write('insert', statement(creates.splice(0, batch), newIds(batch)));
  while (updates.length) await write('update', statement(updates.splice(0, batch)));
  return { created, updated };
}
