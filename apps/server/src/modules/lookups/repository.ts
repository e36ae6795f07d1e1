import {
  LOOKUP_KINDS,
  type CreateLookupRequest,
  type LookupItem,
  type LookupKind,
  type LookupListRequest,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { Conditions, containsPattern, pageClause } from '../../lib/lists.js';

interface LookupRow {
  id: string;
  name: string;
  is_active: boolean;
  employee_count: number;
  row_version: number;
  created_at: Date;
  updated_at: Date;
}

const SORT_COLUMNS = {
  Name: 'lower(l.name)',
  EmployeeCount: 'employee_count',
  IsActive: 'l.is_active',
} as const;

const toItem = (row: LookupRow): LookupItem => ({
  Id: row.id,
  Name: row.name,
  IsActive: row.is_active,
  EmployeeCount: row.employee_count,
  RowVersion: row.row_version,
  CreatedAt: new Date(row.created_at).toISOString(),
  UpdatedAt: new Date(row.updated_at).toISOString(),
});

/**
 * The SQL of one lookup kind. Table and column names come from LOOKUP_KINDS (a fixed list in the contract),
 * never from a request; values always travel as parameters.
 */
export function lookupRepo(kind: LookupKind) {
  const { table, employeeColumn } = LOOKUP_KINDS[kind];
  const namedByLeaveTypes = table === 'employment_statuses';
  const select = `
    SELECT l.id, l.name, l.is_active, l.row_version, l.created_at, l.updated_at,
           (SELECT count(*)::int FROM employees e WHERE e.tenant_id = l.tenant_id AND e.${employeeColumn} = l.id) AS employee_count
      FROM ${table} l`;
  return {
    async list(tx: Tx, tenantId: string, companyId: string, req: ReturnType<typeof LookupListRequest.parse>) {
      const where = new Conditions(tenantId, companyId).add('l.tenant_id = $1 AND l.company_id = $2');
      if (req.Search) where.add('l.name ILIKE $?', containsPattern(req.Search));
      if (req.IsActive !== undefined) where.add('l.is_active = $?', req.IsActive);
      const [total] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} l WHERE ${where.sql}`,
        where.params,
      );
      const page = pageClause(req, SORT_COLUMNS, { sortBy: 'Name', tieBreaker: 'l.id' }, where);
      const rows = await tx.query<LookupRow>(`${select} WHERE ${where.sql} ${page}`, where.params);
      return { Items: rows.map(toItem), TotalCount: total!.n };
    },

    async get(tx: Tx, tenantId: string, companyId: string, id: string, forUpdate = false) {
      const [row] = await tx.query<LookupRow>(
        `${select} WHERE l.tenant_id = $1 AND l.company_id = $2 AND l.id = $3${forUpdate ? ' FOR UPDATE OF l' : ''}`,
        [tenantId, companyId, id],
      );
      return row ? toItem(row) : null;
    },

    async nameTaken(tx: Tx, tenantId: string, companyId: string, name: string, exceptId?: string) {
      const rows = await tx.query(
        `SELECT 1 FROM ${table} WHERE tenant_id = $1 AND company_id = $2 AND lower(name) = lower($3)
            AND ($4::uuid IS NULL OR id <> $4)`,
        [tenantId, companyId, name, exceptId ?? null],
      );
      return rows.length > 0;
    },

    async insert(tx: Tx, tenantId: string, companyId: string, id: string, input: CreateLookupRequest) {
      await tx.query(
        `INSERT INTO ${table} (tenant_id, company_id, id, name, is_active) VALUES ($1, $2, $3, $4, $5)`,
        [tenantId, companyId, id, input.Name.trim(), input.IsActive ?? true],
      );
    },

    async update(tx: Tx, tenantId: string, id: string, rowVersion: number, input: CreateLookupRequest) {
      const rows = await tx.query(
        `UPDATE ${table} SET name = $4, is_active = $5, row_version = row_version + 1, updated_at = now()
          WHERE tenant_id = $1 AND id = $2 AND row_version = $3 RETURNING id`,
        [tenantId, id, rowVersion, input.Name.trim(), input.IsActive ?? true],
      );
      return rows.length > 0;
    },

    async delete(tx: Tx, tenantId: string, id: string) {
      await tx.query(`DELETE FROM ${table} WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    },

    /** How many leave types are for this employment status (none for the other kinds). */
    /** Local holidays observed at a work location (they name it by foreign key). */
    async holidaysUsing(tx: Tx, tenantId: string, id: string): Promise<number> {
      if (table !== 'work_locations') return 0;
      const [row] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM holidays WHERE tenant_id = $1 AND work_location_id = $2`,
        [tenantId, id],
      );
      return row!.n;
    },

    async leaveTypesUsing(tx: Tx, tenantId: string, id: string): Promise<number> {
      if (!namedByLeaveTypes) return 0;
      const [row] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM leave_types WHERE tenant_id = $1 AND $2 = ANY(employment_status_ids)`,
        [tenantId, id],
      );
      return row!.n;
    },
  };
}
