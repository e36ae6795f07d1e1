import { normalizeEmail } from '../../lib/email.js';
import {
  UserTypeId,
  userTypeNameFromId,
  type User,
  type UserListRequest,
  type UserTypeName,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { cursorPages, exportRowLimit } from '../../lib/export.js';
import { Conditions, containsPattern, orderClause, pageClause } from '../../lib/lists.js';
import { manilaToday } from '../../lib/manila.js';
import { separatedBefore } from '../employees/employment.js';

interface UserRow {
  id: string;
  user_type: UserTypeName;
  full_name: string;
  email: string;
  company_id: string;
  company_name: string;
  employee_id: string | null;
  employee_number: string | null;
  employee_name: string | null;
  is_approver: boolean;
  is_active: boolean;
  has_password: boolean;
  row_version: number;
  created_at: Date;
  updated_at: Date;
}

const SELECT_USER = `
  SELECT u.id, u.user_type, u.full_name, u.email, u.company_id, c.name AS company_name, u.employee_id,
         e.employee_number, concat_ws(' ', e.first_name, e.last_name) AS employee_name,
         u.is_approver, u.is_active, u.password_hash IS NOT NULL AS has_password, u.row_version,
         u.created_at, u.updated_at
    FROM users u
    JOIN companies c ON c.tenant_id = u.tenant_id AND c.id = u.company_id
    LEFT JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id`;

const SORT_COLUMNS = {
  FullName: 'lower(u.full_name)',
  Email: 'u.email_normalized',
  UserType: 'u.user_type',
  CompanyName: 'lower(c.name)',
  IsActive: 'u.is_active',
  CreatedAt: 'u.created_at',
} as const;

function toUser(row: UserRow): User {
  return {
    UserId: row.id,
    UserType: UserTypeId[row.user_type],
    FullName: row.full_name,
    Email: row.email,
    CompanyId: row.company_id,
    CompanyName: row.company_name,
    EmployeeId: row.employee_id,
    EmployeeNumber: row.employee_number,
    EmployeeName: row.employee_id ? row.employee_name : null,
    IsApprover: row.is_approver,
    IsActive: row.is_active,
    HasPassword: row.has_password,
    RowVersion: row.row_version,
    CreatedAt: new Date(row.created_at).toISOString(),
    UpdatedAt: new Date(row.updated_at).toISOString(),
  };
}

const USER_SORT_DEFAULTS = { sortBy: 'FullName', tieBreaker: 'u.id' } as const;

/** The list's filter, for the page and the export alike. */
function userWhere(
  tenantId: string,
  companyId: string | null,
  req: Pick<UserListBody, 'Search' | 'UserType' | 'IsActive'>,
) {
  const where = new Conditions(tenantId).add('u.tenant_id = $1');
  if (companyId) where.add('u.company_id = $?', companyId);
  if (req.Search) where.add('(u.full_name ILIKE $? OR u.email ILIKE $?)', containsPattern(req.Search));
  if (req.UserType) where.add('u.user_type = $?', userTypeNameFromId(req.UserType));
  if (req.IsActive !== undefined) where.add('u.is_active = $?', req.IsActive);
  return where;
}

export const usersRepo = {
  async list(tx: Tx, tenantId: string, companyId: string | null, req: UserListBody) {
    const where = userWhere(tenantId, companyId, req);
    const [total] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u WHERE ${where.sql}`,
      where.params,
    );
    const page = pageClause(req, SORT_COLUMNS, USER_SORT_DEFAULTS, where);
    const rows = await tx.query<UserRow>(`${SELECT_USER} WHERE ${where.sql} ${page}`, where.params);
    return { Items: rows.map(toUser), TotalCount: total!.n };
  },

  /** Every user of the list's filter in its order, through one cursor (a tenant may have 100,000 portal users). */
  exportPages(
    tx: Tx,
    tenantId: string,
    companyId: string | null,
    req: Omit<UserListBody, 'Page' | 'PageSize'>,
  ) {
    const where = userWhere(tenantId, companyId, req);
    return cursorPages(
      tx,
      `${SELECT_USER} WHERE ${where.sql} ${orderClause(req, SORT_COLUMNS, USER_SORT_DEFAULTS)}
        LIMIT ${exportRowLimit() + 1}`,
      where.params,
      toUser,
    );
  },

  async get(tx: Tx, tenantId: string, id: string, forUpdate = false): Promise<User | null> {
    const [row] = await tx.query<UserRow>(
      `${SELECT_USER} WHERE u.tenant_id = $1 AND u.id = $2${forUpdate ? ' FOR UPDATE OF u' : ''}`,
      [tenantId, id],
    );
    return row ? toUser(row) : null;
  },

  /** Another user (of any tenant) already signs in with this e-mail: the directory is global. */
  async emailTaken(tx: Tx, email: string, exceptUserId?: string): Promise<boolean> {
    const rows = await tx.query<{ user_id: string }>(`SELECT user_id FROM login_lookup($1)`, [
      normalizeEmail(email),
    ]);
    return rows.some((r) => r.user_id !== exceptUserId);
  },

  async companyExists(tx: Tx, tenantId: string, companyId: string): Promise<boolean> {
    return (
      (await tx.query(`SELECT 1 FROM companies WHERE tenant_id = $1 AND id = $2`, [tenantId, companyId]))
        .length > 0
    );
  },

  async userOfEmployee(tx: Tx, tenantId: string, employeeId: string, exceptUserId?: string) {
    const [row] = await tx.query<{ full_name: string; email: string }>(
      `SELECT full_name, email FROM users
        WHERE tenant_id = $1 AND employee_id = $2 AND ($3::uuid IS NULL OR id <> $3)`,
      [tenantId, employeeId, exceptUserId ?? null],
    );
    return row;
  },

  /** Leave, overtime and undertime requests that name the user as their approver (by foreign key). */
  async requestsRoutedTo(tx: Tx, tenantId: string, userId: string): Promise<number> {
    const [row] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM time_requests WHERE tenant_id = $1 AND approver_user_id = $2`,
      [tenantId, userId],
    );
    return row!.n;
  },

  /**
   * The employee of the company: 'ok', 'separated' or 'missing' (another company's id counts as missing).
   * Separated once the separation date has passed (the Manila date): a scheduled separation leaves the employee
   * employed through the notice, and their account may be opened as sign-in allows it (employees/employment.ts).
   */
  async employeeState(tx: Tx, tenantId: string, employeeId: string, companyId: string) {
    const [row] = await tx.query<{ separated: boolean }>(
      `SELECT coalesce(${separatedBefore('e', '$4::date')}, false) AS separated FROM employees e
        WHERE tenant_id = $1 AND id = $2 AND company_id = $3`,
      [tenantId, employeeId, companyId, manilaToday()],
    );
    return row === undefined ? 'missing' : row.separated ? 'separated' : 'ok';
  },

  /** Active Admins of the tenant other than `exceptUserId`, locked so two Admins cannot disable each other. */
  async otherActiveAdmins(tx: Tx, tenantId: string, exceptUserId: string): Promise<number> {
    const rows = await tx.query(
      `SELECT id FROM users WHERE tenant_id = $1 AND user_type = 'Admin' AND is_active AND id <> $2 FOR UPDATE`,
      [tenantId, exceptUserId],
    );
    return rows.length;
  },

  /** Locks the tenant's active Admins in one fixed order (see lockForChange in routes.ts). */
  async lockActiveAdmins(tx: Tx, tenantId: string): Promise<void> {
    await tx.query(
      `SELECT id FROM users WHERE tenant_id = $1 AND user_type = 'Admin' AND is_active ORDER BY id FOR UPDATE`,
      [tenantId],
    );
  },

  async update(
    tx: Tx,
    tenantId: string,
    id: string,
    rowVersion: number,
    v: {
      userType: UserTypeName;
      fullName: string;
      email: string;
      companyId: string;
      employeeId: string | null;
      isApprover: boolean;
      isActive: boolean;
    },
  ): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE users SET user_type = $4, full_name = $5, email = $6, email_normalized = $11, company_id = $7,
              employee_id = $8, is_approver = $9, is_active = $10, row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND row_version = $3 RETURNING id`,
      [
        tenantId,
        id,
        rowVersion,
        v.userType,
        v.fullName,
        v.email,
        v.companyId,
        v.employeeId,
        v.isApprover,
        v.isActive,
        normalizeEmail(v.email),
      ],
    );
    return rows.length > 0;
  },

  async moveLoginEmail(tx: Tx, tenantId: string, id: string, email: string): Promise<void> {
    await tx.query(`UPDATE login_directory SET email_normalized = $3 WHERE tenant_id = $1 AND user_id = $2`, [
      tenantId,
      id,
      normalizeEmail(email),
    ]);
  },

  /** Earlier invitation links stop working when a new one is sent or the user is removed. */
  async expireInvitations(tx: Tx, tenantId: string, id: string): Promise<void> {
    await tx.query(
      `UPDATE user_tokens SET used_at = now()
        WHERE tenant_id = $1 AND user_id = $2 AND purpose = 'invite' AND used_at IS NULL`,
      [tenantId, id],
    );
  },

  /** Every unused invitation and reset link of a user stops working (its e-mail address changed). */
  async expireLinks(tx: Tx, tenantId: string, id: string): Promise<void> {
    await tx.query(
      `UPDATE user_tokens SET used_at = now() WHERE tenant_id = $1 AND user_id = $2 AND used_at IS NULL`,
      [tenantId, id],
    );
  },

  async deactivate(tx: Tx, tenantId: string, id: string): Promise<void> {
    await tx.query(`UPDATE users SET is_active = false WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  },

  async delete(tx: Tx, tenantId: string, id: string): Promise<void> {
    await tx.query(`DELETE FROM users WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  },
};

export type UserListBody = ReturnType<typeof UserListRequest.parse>;
