import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/database.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { arrayLiteral, employeesService, type EmployeeBatchColumn } from '../employees/service.js';
import type { EmployeeValues, ValidatedRow } from './validate-rows.js';

/**
 * The commit of an import: the valid rows turned into the employees module's bulk writes (thousands of rows a
 * statement, each writing its audit rows too), inside the caller's one transaction: all or nothing.
 */
const BATCH = 5_000;

type LookupIds = Record<'departments' | 'positions' | 'employment_statuses' | 'shifts', Map<string, string>>;

interface WriteContext {
  companyId: string;
  importId: string;
  actor: CurrentUser;
  lookups: LookupIds;
  /** lower(EmployeeNumber) -> id of the existing employees the rows name as supervisors; new ones are added as they get ids. */
  idByNumber: Map<string, string>;
  /** Rows per statement: smaller on the embedded database, where each statement holds the main thread. */
  batchSize?: number;
}

// The columns an import writes: [column, value of a row].
const COLUMNS: [EmployeeBatchColumn, (v: EmployeeValues, c: WriteContext) => unknown][] = [
  ['employee_number', (v) => v.EmployeeNumber],
  ['last_name', (v) => v.LastName],
  ['first_name', (v) => v.FirstName],
  ['middle_name', (v) => v.MiddleName],
  ['suffix', (v) => v.Suffix],
  ['birth_date', (v) => v.BirthDate],
  ['gender', (v) => v.Gender],
  ['civil_status', (v) => v.CivilStatus],
  ['email', (v) => v.Email],
  ['mobile_number', (v) => v.MobileNumber],
  ['address', (v) => v.Address],
  ['tin', (v) => v.TIN],
  ['sss_number', (v) => v.SSSNumber],
  ['philhealth_number', (v) => v.PhilHealthNumber],
  ['pagibig_number', (v) => v.PagIbigNumber],
  ['department_id', (v, c) => idOf(c.lookups.departments, v.Department)],
  ['position_id', (v, c) => idOf(c.lookups.positions, v.Position)],
  ['employment_status_id', (v, c) => idOf(c.lookups.employment_statuses, v.EmploymentStatus)],
  ['employment_type', (v) => v.EmploymentType],
  ['hire_date', (v) => v.HireDate],
  ['shift_id', (v, c) => idOf(c.lookups.shifts, v.Shift)],
  ['supervisor_id', (v, c) => idOf(c.idByNumber, v.SupervisorEmployeeNumber)],
  ['rate_type', (v) => v.RateType],
  ['basic_rate', (v) => v.BasicRate],
  ['bank_name', (v) => v.BankName],
  ['bank_account_number', (v) => v.BankAccountNumber],
];
const COLUMN_NAMES = COLUMNS.map(([column]) => column);

function idOf(map: Map<string, string>, name: string | null): string | null {
  if (!name) return null;
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
    const v = r.values;
    numbers.push(v.EmployeeNumber.toLowerCase());
    supervisors.push(v.SupervisorEmployeeNumber?.toLowerCase());
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
  const newIds = numbers.map((number) => {
    const id = randomUUID();
    ctx.idByNumber.set(number, id);
    return id;
  });
  await employeesService.replanBeforeBatches(tx);
  const total = creates.length + updates.length;
  let done = 0;

  // One statement's parameters, built in one synchronous step: each row is decoded once, and only the array
  // literals (one flat string per column) outlive it, so the decoded cells die young instead of being kept
  // through the database's round trip.
  const statement = (rows: ValidatedRow[], ids = rows.map((r) => r.existingId!)) => {
    const values = COLUMNS.map(() => new Array<unknown>(rows.length));
    rows.forEach((row, r) => {
      const v = row.values;
      COLUMNS.forEach(([, value], c) => (values[c]![r] = value(v, ctx)));
    });
    return { count: rows.length, ids: arrayLiteral(ids), values: values.map(arrayLiteral) };
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
  while (creates.length) await write('insert', statement(creates.splice(0, batch), newIds.splice(0, batch)));
  while (updates.length) await write('update', statement(updates.splice(0, batch)));
  return { created, updated };
}
