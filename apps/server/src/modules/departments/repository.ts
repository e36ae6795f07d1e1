import type { CreateDepartmentRequest, Department, DepartmentListRequest } from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { Conditions, containsPattern, pageClause } from '../../lib/lists.js';
import { manilaToday } from '../../lib/manila.js';
import { employedOn, notSeparatedOn, separatedBefore, sqlDate } from '../employees/employment.js';

/** The SQL of departments. Every statement is confined to one company of one tenant. */

interface DepartmentRow {
  id: string;
  company_id: string;
  name: string;
  code: string | null;
  parent_id: string | null;
  parent_name: string | null;
  head_employee_id: string | null;
  head_name: string | null;
  headcount: number;
  is_active: boolean;
  row_version: number;
  created_at: Date;
  updated_at: Date;
}

/**
 * The department's headcount: its employees employed today (employees/employment.ts), as the HR dashboard's
 * "by department" counts them; not those separated, nor a hire yet to start. Built per statement, for the date.
 */
const selectDepartment = () => `
  SELECT d.id, d.company_id, d.name, d.code, d.parent_id, p.name AS parent_name, d.head_employee_id,
         concat_ws(' ', h.first_name, h.last_name) AS head_name, d.is_active, d.row_version, d.created_at, d.updated_at,
         (SELECT count(*)::int FROM employees e
           WHERE e.tenant_id = d.tenant_id AND e.department_id = d.id
             AND ${employedOn('e', sqlDate(manilaToday()))}) AS headcount
    FROM departments d
    LEFT JOIN departments p ON p.tenant_id = d.tenant_id AND p.id = d.parent_id
    LEFT JOIN employees h ON h.tenant_id = d.tenant_id AND h.id = d.head_employee_id`;

const SORT_COLUMNS = {
  Name: 'lower(d.name)',
  Code: 'lower(d.code)',
  ParentName: 'lower(p.name)',
  Headcount: 'headcount',
  IsActive: 'd.is_active',
} as const;

function toDepartment(row: DepartmentRow): Department {
  return {
    DepartmentId: row.id,
    CompanyId: row.company_id,
    Name: row.name,
    Code: row.code,
    ParentDepartmentId: row.parent_id,
    ParentName: row.parent_name,
    HeadEmployeeId: row.head_employee_id,
    HeadName: row.head_employee_id ? row.head_name : null,
    Headcount: row.headcount,
    IsActive: row.is_active,
    RowVersion: row.row_version,
    CreatedAt: new Date(row.created_at).toISOString(),
    UpdatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The stored form of the editable fields: trimmed, empty text as null. */
function columns(input: CreateDepartmentRequest) {
  const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
  return [
    input.Name.trim(),
    text(input.Code),
    input.ParentDepartmentId ?? null,
    input.HeadEmployeeId ?? null,
    input.IsActive ?? true,
  ];
}

export const departmentsRepo = {
  async list(
    tx: Tx,
    tenantId: string,
    companyId: string,
    req: ReturnType<typeof DepartmentListRequest.parse>,
  ) {
    const where = new Conditions(tenantId, companyId).add('d.tenant_id = $1 AND d.company_id = $2');
    if (req.Search) where.add(`(d.name ILIKE $? OR d.code ILIKE $?)`, containsPattern(req.Search));
    if (req.IsActive !== undefined) where.add('d.is_active = $?', req.IsActive);
    const [total] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM departments d WHERE ${where.sql}`,
      where.params,
    );
    const page = pageClause(req, SORT_COLUMNS, { sortBy: 'Name', tieBreaker: 'd.id' }, where);
    const rows = await tx.query<DepartmentRow>(
      `${selectDepartment()} WHERE ${where.sql} ${page}`,
      where.params,
    );
    return { Items: rows.map(toDepartment), TotalCount: total!.n };
  },

  async get(tx: Tx, tenantId: string, companyId: string, id: string, forUpdate = false) {
    const [row] = await tx.query<DepartmentRow>(
      `${selectDepartment()} WHERE d.tenant_id = $1 AND d.company_id = $2 AND d.id = $3${forUpdate ? ' FOR UPDATE OF d' : ''}`,
      [tenantId, companyId, id],
    );
    return row ? toDepartment(row) : null;
  },

  options: (tx: Tx, tenantId: string, companyId: string) =>
    tx.query<{ DepartmentId: string; Name: string; IsActive: boolean }>(
      `SELECT id AS "DepartmentId", name AS "Name", is_active AS "IsActive" FROM departments
        WHERE tenant_id = $1 AND company_id = $2 ORDER BY lower(name), id`,
      [tenantId, companyId],
    ),

  /** Which of name and code another department of the company already uses. */
  async taken(
    tx: Tx,
    tenantId: string,
    companyId: string,
    input: CreateDepartmentRequest,
    exceptId?: string,
  ) {
    const [row] = await tx.query<{ name: boolean; code: boolean }>(
      `SELECT bool_or(lower(name) = lower($3)) AS name, coalesce(bool_or(lower(code) = lower($4)), false) AS code
         FROM departments WHERE tenant_id = $1 AND company_id = $2 AND ($5::uuid IS NULL OR id <> $5)`,
      [tenantId, companyId, input.Name.trim(), input.Code?.trim() || null, exceptId ?? null],
    );
    return { name: !!row?.name, code: !!row?.code };
  },

  /** The chain of parents above `id`, nearest first (the tree is shallow; a cycle stops the walk). */
  async ancestors(tx: Tx, tenantId: string, companyId: string, id: string): Promise<string[]> {
    const rows = await tx.query<{ id: string }>(
      `WITH RECURSIVE up(id, parent_id, depth) AS (
         SELECT id, parent_id, 0 FROM departments WHERE tenant_id = $1 AND company_id = $2 AND id = $3
         UNION ALL
         SELECT d.id, d.parent_id, up.depth + 1 FROM departments d JOIN up ON d.tenant_id = $1 AND d.id = up.parent_id
          WHERE up.depth < 100)
       SELECT id FROM up ORDER BY depth`,
      [tenantId, companyId, id],
    );
    return rows.map((r) => r.id);
  },

  /** The employee of the company: 'ok', 'separated' or 'missing' (another company's id counts as missing). */
  async employeeState(tx: Tx, tenantId: string, companyId: string, employeeId: string) {
    const [row] = await tx.query<{ is_active: boolean }>(
      // A separation only scheduled leaves the employee employed until the date (employees/employment.ts).
      `SELECT ${notSeparatedOn('e', '$4::date')} AS is_active FROM employees e
        WHERE tenant_id = $1 AND company_id = $2 AND id = $3`,
      [tenantId, companyId, employeeId, manilaToday()],
    );
    return row === undefined ? 'missing' : row.is_active ? 'ok' : 'separated';
  },

  async insert(tx: Tx, tenantId: string, companyId: string, id: string, input: CreateDepartmentRequest) {
    await tx.query(
      `INSERT INTO departments (tenant_id, company_id, id, name, code, parent_id, head_employee_id, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [tenantId, companyId, id, ...columns(input)],
    );
  },

  /** Updates when the row version matches; answers whether it did. */
  async update(tx: Tx, tenantId: string, id: string, rowVersion: number, input: CreateDepartmentRequest) {
    const rows = await tx.query(
      `UPDATE departments SET name = $4, code = $5, parent_id = $6, head_employee_id = $7, is_active = $8,
              row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND row_version = $3 RETURNING id`,
      [tenantId, id, rowVersion, ...columns(input)],
    );
    return rows.length > 0;
  },

  /**
   * What still refers to a department: every employee on file, with those separated and those yet to start
   * counted apart (the headcount shown counts neither, and the refusal says why its number is larger).
   */
  async references(tx: Tx, tenantId: string, id: string) {
    const today = sqlDate(manilaToday());
    const [row] = await tx.query<{
      employees: number;
      separated: number;
      upcoming: number;
      children: number;
    }>(
      `SELECT count(*)::int AS employees,
              count(*) FILTER (WHERE ${separatedBefore('e', today)})::int AS separated,
              count(*) FILTER (WHERE e.hire_date > ${today})::int AS upcoming,
              (SELECT count(*)::int FROM departments WHERE tenant_id = $1 AND parent_id = $2) AS children
         FROM employees e WHERE e.tenant_id = $1 AND e.department_id = $2`,
      [tenantId, id],
    );
    return row!;
  },

  async delete(tx: Tx, tenantId: string, id: string) {
    await tx.query(`DELETE FROM departments WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  },
};
