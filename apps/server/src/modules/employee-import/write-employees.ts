import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/database.js';
import type { EmployeeValues, ValidatedRow } from './validate-rows.js';

/**
 * The commit of an import: bulk writes of thousands of rows per statement (ARCHITECTURE §2), each statement
 * also writing the audit rows of the employees it touched (before and after images taken inside PostgreSQL,
 * so no row travels back to the server). Runs inside the caller's one transaction: all or nothing.
 */
const BATCH = 5_000;

type LookupIds = Record<'departments' | 'positions' | 'employment_statuses' | 'shifts', Map<string, string>>;

interface WriteContext {
  tenantId: string;
  companyId: string;
  importId: string;
  actorUserId: string;
  lookups: LookupIds;
  /** lower(EmployeeNumber) -> id, for existing employees; new ones are added as they get ids. */
  idByNumber: Map<string, string>;
  /** Rows per statement: smaller on the embedded database, where each statement holds the main thread. */
  batchSize?: number;
}

// Column order shared by both statements: [sql type, column, value of a row].
const COLUMNS: [string, string, (v: EmployeeValues, c: WriteContext) => unknown][] = [
  ['text', 'employee_number', (v) => v.EmployeeNumber],
  ['text', 'last_name', (v) => v.LastName],
  ['text', 'first_name', (v) => v.FirstName],
  ['text', 'middle_name', (v) => v.MiddleName],
  ['text', 'suffix', (v) => v.Suffix],
  ['date', 'birth_date', (v) => v.BirthDate],
  ['text', 'gender', (v) => v.Gender],
  ['text', 'civil_status', (v) => v.CivilStatus],
  ['text', 'email', (v) => v.Email],
  ['text', 'mobile_number', (v) => v.MobileNumber],
  ['text', 'address', (v) => v.Address],
  ['text', 'tin', (v) => v.TIN],
  ['text', 'sss_number', (v) => v.SSSNumber],
  ['text', 'philhealth_number', (v) => v.PhilHealthNumber],
  ['text', 'pagibig_number', (v) => v.PagIbigNumber],
  ['uuid', 'department_id', (v, c) => idOf(c.lookups.departments, v.Department)],
  ['uuid', 'position_id', (v, c) => idOf(c.lookups.positions, v.Position)],
  ['uuid', 'employment_status_id', (v, c) => idOf(c.lookups.employment_statuses, v.EmploymentStatus)],
  ['text', 'employment_type', (v) => v.EmploymentType],
  ['date', 'hire_date', (v) => v.HireDate],
  ['uuid', 'shift_id', (v, c) => idOf(c.lookups.shifts, v.Shift)],
  ['uuid', 'supervisor_id', (v, c) => idOf(c.idByNumber, v.SupervisorEmployeeNumber)],
  ['text', 'rate_type', (v) => v.RateType],
  ['numeric', 'basic_rate', (v) => v.BasicRate],
  ['text', 'bank_name', (v) => v.BankName],
  ['text', 'bank_account_number', (v) => v.BankAccountNumber],
];

function idOf(map: Map<string, string>, name: string | null): string | null {
  if (!name) return null;
  const id = map.get(name.toLowerCase());
  if (!id) throw new Error(`unresolved reference ${name}`);
  return id;
}

const FIXED = 4; // $1 tenant, $2 company, $3 import, $4 actor
const arrays = COLUMNS.map(([type], i) => `$${FIXED + 2 + i}::${type}[]`).join(', ');
const names = COLUMNS.map(([, column]) => column);
const auditInsert = `INSERT INTO audit_log (tenant_id, actor_user_id, entity, entity_id, action, before, after)`;

const INSERT_SQL = `
  WITH v AS (SELECT * FROM unnest($${FIXED + 1}::uuid[], ${arrays}) AS v(id, ${names.join(', ')})),
  ins AS (
    INSERT INTO employees (tenant_id, company_id, last_import_id, id, ${names.join(', ')})
    SELECT $1, $2, $3, v.* FROM v
    RETURNING *
  )
  ${auditInsert}
  SELECT $1, $4, 'employee', ins.id::text, 'create', NULL, employee_audit_image(ins) FROM ins`;

// The before image comes from a second scan of the row inside the UPDATE (the statement's snapshot), not from a
// separate CTE joined back: PostgreSQL's generic plan for that join rescanned the batch for every row.
const UPDATE_SQL = `
  WITH v AS (SELECT * FROM unnest($${FIXED + 1}::uuid[], ${arrays}) AS v(id, ${names.join(', ')})),
  upd AS (
    UPDATE employees e SET ${names.map((n) => `${n} = v.${n}`).join(', ')},
           last_import_id = $3, row_version = e.row_version + 1, updated_at = now()
      FROM v JOIN employees o ON o.tenant_id = $1 AND o.id = v.id
     WHERE e.tenant_id = $1 AND e.company_id = $2 AND e.id = v.id
    RETURNING e.id, employee_audit_image(o) AS before_image, employee_audit_image(e) AS after_image
  )
  ${auditInsert}
  SELECT $1, $4, 'employee', upd.id::text, 'update', upd.before_image, upd.after_image FROM upd`;

/** New employees ordered so each supervisor is written no later than the people who report to it. */
function supervisorsFirst(creates: ValidatedRow[]): ValidatedRow[] {
  // Indexes and a typed array rather than maps of rows: 100,000 rows, little memory.
  const indexOf = new Map<string, number>();
  creates.forEach((r, i) => indexOf.set(r.values.EmployeeNumber.toLowerCase(), i));
  const depth = new Int32Array(creates.length).fill(-1);
  const chain: number[] = [];
  for (let start = 0; start < creates.length; start++) {
    // Walk up to the first row with a known depth (or the top), then fill the depths on the way back.
    chain.length = 0;
    let current: number | undefined = start;
    while (current !== undefined && depth[current] === -1) {
      chain.push(current);
      const sup: string | undefined = creates[current]!.values.SupervisorEmployeeNumber?.toLowerCase();
      current = sup ? indexOf.get(sup) : undefined;
      if (chain.length > creates.length) throw new Error('supervisor cycle'); // the validator refuses cycles
    }
    let d = current === undefined ? -1 : depth[current]!;
    for (let i = chain.length - 1; i >= 0; i--) depth[chain[i]!] = ++d;
  }
  const order = Array.from(creates.keys()).sort((a, b) => depth[a]! - depth[b]!);
  return order.map((i) => creates[i]!);
}

export async function writeEmployees(
  tx: Tx,
  ctx: WriteContext,
  rows: ValidatedRow[],
  onProgress: (done: number, total: number) => void,
): Promise<{ created: number; updated: number }> {
  const creates = supervisorsFirst(rows.filter((r) => r.action === 'Create'));
  const updates = rows.filter((r) => r.action === 'Update');
  for (const row of creates) ctx.idByNumber.set(row.values.EmployeeNumber.toLowerCase(), randomUUID());
  // Foreign-key checks run through plans this connection cached; one cached while the employees table was
  // small scans it in full for every new row (100,000 rows: minutes instead of seconds). Replan them now.
  await tx.query('DISCARD PLANS');
  const total = creates.length + updates.length;
  let done = 0;

  const run = async (sql: string, batch: ValidatedRow[], idFor: (r: ValidatedRow) => string) => {
    const params: unknown[] = [ctx.tenantId, ctx.companyId, ctx.importId, ctx.actorUserId, batch.map(idFor)];
    for (const [, , value] of COLUMNS) params.push(batch.map((r) => value(r.values, ctx)));
    await tx.query(sql, params);
    done += batch.length;
    onProgress(done, total);
  };
  const batch = ctx.batchSize ?? BATCH;
  for (let i = 0; i < creates.length; i += batch) {
    await run(INSERT_SQL, creates.slice(i, i + batch), (r) =>
      ctx.idByNumber.get(r.values.EmployeeNumber.toLowerCase())!,
    );
  }
  for (let i = 0; i < updates.length; i += batch) {
    await run(UPDATE_SQL, updates.slice(i, i + batch), (r) => r.existingId!);
  }
  return { created: creates.length, updated: updates.length };
}
