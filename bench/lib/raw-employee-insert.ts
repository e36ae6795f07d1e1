/**
 * The baseline of the import benchmark: the same employee rows written into the same tables the fastest honest
 * way, on the owner connection (no RLS, no API, no validation, no audit rows): the company's departments,
 * positions and employment statuses, then `INSERT ... SELECT FROM unnest(...)` in batches of 5,000, supervisors
 * first, supervisor_id included, all in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EmployeeRecord } from './employee-rows.js';

const BATCH = 5_000;
type Lookups = {
  departments: Map<string, string>;
  positions: Map<string, string>;
  statuses: Map<string, string>;
};

// [sql type, employees column, the value of a row]
const COLUMNS: [
  string,
  string,
  (r: EmployeeRecord, ids: Lookups, id: Map<string, string>) => string | null,
][] = [
  ['text', 'employee_number', (r) => r.EmployeeNumber],
  ['text', 'last_name', (r) => r.LastName],
  ['text', 'first_name', (r) => r.FirstName],
  ['text', 'middle_name', (r) => r.MiddleName || null],
  ['text', 'suffix', (r) => r.Suffix || null],
  ['date', 'birth_date', (r) => r.BirthDate || null],
  ['text', 'gender', (r) => r.Gender || null],
  ['text', 'civil_status', (r) => r.CivilStatus || null],
  ['text', 'email', (r) => r.Email || null],
  ['text', 'mobile_number', (r) => r.MobileNumber || null],
  ['text', 'address', (r) => r.Address || null],
  ['text', 'tin', (r) => r.TIN || null],
  ['text', 'sss_number', (r) => r.SSSNumber || null],
  ['text', 'philhealth_number', (r) => r.PhilHealthNumber || null],
  ['text', 'pagibig_number', (r) => r.PagIbigNumber || null],
  ['uuid', 'department_id', (r, l) => (r.Department ? l.departments.get(r.Department)! : null)],
  ['uuid', 'position_id', (r, l) => (r.Position ? l.positions.get(r.Position)! : null)],
  ['uuid', 'employment_status_id', (r, l) => l.statuses.get(r.EmploymentStatus)!],
  ['text', 'employment_type', (r) => r.EmploymentType || null],
  ['date', 'hire_date', (r) => r.HireDate],
  ['text', 'rate_type', (r) => r.RateType],
  ['numeric', 'basic_rate', (r) => r.BasicRate],
  ['text', 'bank_name', (r) => r.BankName || null],
  ['text', 'bank_account_number', (r) => r.BankAccountNumber || null],
  [
    'uuid',
    'supervisor_id',
    (r, _l, id) => (r.SupervisorEmployeeNumber ? id.get(r.SupervisorEmployeeNumber)! : null),
  ],
];
const INSERT_SQL = `INSERT INTO employees (tenant_id, company_id, id, ${COLUMNS.map(([, c]) => c).join(', ')})
  SELECT $1, $2, v.* FROM unnest($3::uuid[], ${COLUMNS.map(([t], i) => `$${i + 4}::${t}[]`).join(', ')}) AS v`;

/** Rows ordered so every supervisor comes before the people who report to them. */
export function supervisorsFirst(rows: EmployeeRecord[]): EmployeeRecord[] {
  const byNumber = new Map(rows.map((r) => [r.EmployeeNumber, r]));
  const depth = new Map<EmployeeRecord, number>();
  for (const row of rows) {
    const chain: EmployeeRecord[] = [];
    let current: EmployeeRecord | undefined = row;
    while (current && !depth.has(current)) {
      chain.push(current);
      current = current.SupervisorEmployeeNumber ? byNumber.get(current.SupervisorEmployeeNumber) : undefined;
    }
    let d = current ? depth.get(current)! : -1;
    for (let i = chain.length - 1; i >= 0; i--) depth.set(chain[i]!, ++d);
  }
  return [...rows].sort((a, b) => depth.get(a)! - depth.get(b)!);
}

async function lookupIds(
  client: pg.Client,
  table: string,
  tenantId: string,
  companyId: string,
  names: string[],
) {
  // A new company already has the default employment statuses: those are looked up, the others added.
  const { rows } = await client.query<{ id: string; name: string }>(
    `WITH wanted AS (SELECT unnest($3::text[]) AS name),
          found AS (SELECT t.id, w.name FROM wanted w
                      JOIN ${table} t ON t.tenant_id = $1 AND t.company_id = $2 AND lower(t.name) = lower(w.name)),
          added AS (INSERT INTO ${table} (tenant_id, company_id, name)
                    SELECT $1, $2, w.name FROM wanted w WHERE w.name NOT IN (SELECT name FROM found)
                    RETURNING id, name)
     SELECT id, name FROM found UNION ALL SELECT id, name FROM added`,
    [tenantId, companyId, names],
  );
  return new Map(rows.map((r) => [r.name, r.id]));
}

/**
 * Writes `rows` as employees of a company that has none yet, with its lookups, in one transaction; answers the
 * seconds from BEGIN to the end of COMMIT (the ordering and the parameter arrays included).
 */
export async function rawInsertEmployees(
  client: pg.Client,
  tenantId: string,
  companyId: string,
  rows: EmployeeRecord[],
): Promise<number> {
  const started = performance.now();
  await client.query('BEGIN');
  try {
    const distinct = (pick: (r: EmployeeRecord) => string) => [...new Set(rows.map(pick).filter(Boolean))];
    const lookups: Lookups = {
      departments: await lookupIds(
        client,
        'departments',
        tenantId,
        companyId,
        distinct((r) => r.Department),
      ),
      positions: await lookupIds(
        client,
        'positions',
        tenantId,
        companyId,
        distinct((r) => r.Position),
      ),
      statuses: await lookupIds(
        client,
        'employment_statuses',
        tenantId,
        companyId,
        distinct((r) => r.EmploymentStatus),
      ),
    };
    const ordered = supervisorsFirst(rows);
    const idOf = new Map(ordered.map((r) => [r.EmployeeNumber, randomUUID()]));
    for (let i = 0; i < ordered.length; i += BATCH) {
      const batch = ordered.slice(i, i + BATCH);
      const params: unknown[] = [tenantId, companyId, batch.map((r) => idOf.get(r.EmployeeNumber))];
      for (const [, , value] of COLUMNS) params.push(batch.map((r) => value(r, lookups, idOf)));
      await client.query(INSERT_SQL, params);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
  return (performance.now() - started) / 1000;
}
