import type {
  CreateLeaveTypeRequest,
  LeaveBalance,
  LeaveCreditListRequest,
  LeaveLedgerEntry,
  LeaveType,
  LeaveTypeListRequest,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { Conditions, containsPattern, pageClause } from '../../lib/lists.js';
import { manilaToday } from '../../lib/manila.js';
import { notSeparatedOn } from '../employees/employment.js';

/** The SQL of leave types and the leave ledger. Every statement is confined to one company of one tenant. */

interface LeaveTypeRow {
  id: string;
  company_id: string;
  code: string;
  name: string;
  is_paid: boolean;
  needs_balance: boolean;
  grant_rule: LeaveType['GrantRule'];
  annual_days: string;
  prorate_new_hires: boolean;
  min_service_months: number;
  carry_over_cap: string | null;
  convertible_to_cash: boolean;
  max_days_per_request: string | null;
  half_day_allowed: boolean;
  counts_calendar_days: boolean;
  allow_negative: boolean;
  gender: 'Male' | 'Female' | null;
  legal_basis: string | null;
  employment_status_ids: string[];
  is_active: boolean;
  request_count: number;
  row_version: number;
  created_at: Date;
  updated_at: Date;
}

const SELECT_TYPE = `
  SELECT t.*, (SELECT count(*)::int FROM time_requests r WHERE r.tenant_id = t.tenant_id AND r.leave_type_id = t.id) AS request_count
    FROM leave_types t`;

const num = (v: string | null) => (v === null ? null : Number(v));

function toLeaveType(r: LeaveTypeRow): LeaveType {
  return {
    LeaveTypeId: r.id,
    CompanyId: r.company_id,
    Code: r.code,
    Name: r.name,
    IsPaid: r.is_paid,
    NeedsBalance: r.needs_balance,
    GrantRule: r.grant_rule,
    AnnualDays: Number(r.annual_days),
    ProrateNewHires: r.prorate_new_hires,
    MinServiceMonths: r.min_service_months,
    CarryOverCap: num(r.carry_over_cap),
    ConvertibleToCash: r.convertible_to_cash,
    MaxDaysPerRequest: num(r.max_days_per_request),
    HalfDayAllowed: r.half_day_allowed,
    CountsCalendarDays: r.counts_calendar_days,
    AllowNegative: r.allow_negative,
    Gender: r.gender,
    LegalBasis: r.legal_basis,
    EmploymentStatusIds: r.employment_status_ids ?? [],
    IsActive: r.is_active,
    RequestCount: r.request_count,
    RowVersion: r.row_version,
    CreatedAt: new Date(r.created_at).toISOString(),
    UpdatedAt: new Date(r.updated_at).toISOString(),
  };
}

function typeColumns(input: CreateLeaveTypeRequest) {
  const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
  return [
    input.Code.trim().toUpperCase(),
    input.Name.trim(),
    input.IsPaid ?? true,
    input.NeedsBalance ?? true,
    input.GrantRule ?? 'Yearly',
    input.AnnualDays ?? 0,
    input.ProrateNewHires ?? false,
    input.MinServiceMonths ?? 0,
    input.CarryOverCap ?? null,
    input.ConvertibleToCash ?? false,
    input.MaxDaysPerRequest ?? null,
    input.HalfDayAllowed ?? true,
    input.AllowNegative ?? false,
    input.Gender ?? null,
    text(input.LegalBasis),
    input.IsActive ?? true,
    [...new Set(input.EmploymentStatusIds ?? [])],
    input.CountsCalendarDays ?? false,
  ];
}
const TYPE_COLUMNS = `code, name, is_paid, needs_balance, grant_rule, annual_days, prorate_new_hires, min_service_months,
  carry_over_cap, convertible_to_cash, max_days_per_request, half_day_allowed, allow_negative, gender, legal_basis, is_active, employment_status_ids,
  counts_calendar_days`;

const TYPE_SORT = {
  Name: 'lower(t.name)',
  Code: 'lower(t.code)',
  GrantRule: 't.grant_rule',
  AnnualDays: 't.annual_days',
  IsActive: 't.is_active',
} as const;

interface BalanceRow {
  leave_type_id: string;
  code: string;
  name: string;
  needs_balance: boolean;
  earned: string;
  used: string;
  balance: string;
  pending: string;
}
const toBalance = (r: BalanceRow): LeaveBalance => ({
  LeaveTypeId: r.leave_type_id,
  LeaveTypeCode: r.code,
  LeaveTypeName: r.name,
  NeedsBalance: r.needs_balance,
  Earned: Number(r.earned),
  Used: Number(r.used),
  Balance: Number(r.balance),
  Pending: Number(r.pending),
  Available: Number(r.balance) - Number(r.pending),
});

/**
 * Per employee and type: this year's earned and used days, the balance (the sum of every entry) and the days
 * held by pending requests. Earned is what was credited (grants, accruals, adjustments that add days): an
 * adjustment taking days away is no negative earning; it shows in the balance. `yearStart` is the placeholder of
 * the year's first day; the caller joins `e` (employees) and `t` (leave types).
 */
const balanceColumns = (yearStart: string) => `
  coalesce((SELECT sum(l.days) FROM leave_ledger l WHERE l.tenant_id = e.tenant_id AND l.employee_id = e.id
              AND l.leave_type_id = t.id AND (l.kind IN ('Grant', 'Accrual') OR (l.kind = 'Adjustment' AND l.days > 0))
              AND l.entry_date >= ${yearStart}::date), 0) AS earned,
  coalesce((SELECT -sum(l.days) FROM leave_ledger l WHERE l.tenant_id = e.tenant_id AND l.employee_id = e.id
              AND l.leave_type_id = t.id AND l.kind IN ('Use', 'Reversal') AND l.entry_date >= ${yearStart}::date), 0) AS used,
  coalesce((SELECT sum(l.days) FROM leave_ledger l WHERE l.tenant_id = e.tenant_id AND l.employee_id = e.id
              AND l.leave_type_id = t.id), 0) AS balance,
  coalesce((SELECT sum(r.days) FROM time_requests r WHERE r.tenant_id = e.tenant_id AND r.employee_id = e.id
              AND r.leave_type_id = t.id AND r.status = 'Pending'), 0) AS pending`;

export const leaveRepo = {
  async listTypes(
    tx: Tx,
    tenantId: string,
    companyId: string,
    req: ReturnType<typeof LeaveTypeListRequest.parse>,
  ) {
    const where = new Conditions(tenantId, companyId).add('t.tenant_id = $1 AND t.company_id = $2');
    if (req.Search) where.add('(t.name ILIKE $? OR t.code ILIKE $?)', containsPattern(req.Search));
    if (req.IsActive !== undefined) where.add('t.is_active = $?', req.IsActive);
    const [total] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM leave_types t WHERE ${where.sql}`,
      where.params,
    );
    const page = pageClause(req, TYPE_SORT, { sortBy: 'Name', tieBreaker: 't.id' }, where);
    const rows = await tx.query<LeaveTypeRow>(`${SELECT_TYPE} WHERE ${where.sql} ${page}`, where.params);
    return { Items: rows.map(toLeaveType), TotalCount: total!.n };
  },

  async getType(tx: Tx, tenantId: string, companyId: string, id: string, forUpdate = false) {
    const [row] = await tx.query<LeaveTypeRow>(
      `${SELECT_TYPE} WHERE t.tenant_id = $1 AND t.company_id = $2 AND t.id = $3${forUpdate ? ' FOR UPDATE OF t' : ''}`,
      [tenantId, companyId, id],
    );
    return row ? toLeaveType(row) : null;
  },

  /** The active types; with an employee, only those they may file (gender, employment status), as filing checks. */
  typeOptions: (tx: Tx, tenantId: string, companyId: string, employeeId: string | null) =>
    tx.query<{
      LeaveTypeId: string;
      Code: string;
      Name: string;
      NeedsBalance: boolean;
      HalfDayAllowed: boolean;
    }>(
      `SELECT t.id AS "LeaveTypeId", t.code AS "Code", t.name AS "Name", t.needs_balance AS "NeedsBalance",
              t.half_day_allowed AS "HalfDayAllowed"
         FROM leave_types t
         LEFT JOIN employees e ON e.tenant_id = t.tenant_id AND e.company_id = t.company_id AND e.id = $3
        WHERE t.tenant_id = $1 AND t.company_id = $2 AND t.is_active
          AND ($3::uuid IS NULL OR ((t.gender IS NULL OR t.gender = e.gender)
               AND (cardinality(t.employment_status_ids) = 0 OR e.employment_status_id = ANY(t.employment_status_ids))))
        ORDER BY lower(t.name), t.id`,
      [tenantId, companyId, employeeId],
    ),

  async typeTaken(
    tx: Tx,
    tenantId: string,
    companyId: string,
    input: CreateLeaveTypeRequest,
    exceptId?: string,
  ) {
    const [row] = await tx.query<{ name: boolean; code: boolean }>(
      `SELECT coalesce(bool_or(lower(name) = lower($3)), false) AS name, coalesce(bool_or(lower(code) = lower($4)), false) AS code
         FROM leave_types WHERE tenant_id = $1 AND company_id = $2 AND ($5::uuid IS NULL OR id <> $5)`,
      [tenantId, companyId, input.Name.trim(), input.Code.trim(), exceptId ?? null],
    );
    return { name: !!row?.name, code: !!row?.code };
  },

  insertType: (tx: Tx, tenantId: string, companyId: string, id: string, input: CreateLeaveTypeRequest) =>
    tx.query(
      `INSERT INTO leave_types (tenant_id, company_id, id, ${TYPE_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20::uuid[], $21)`,
      [tenantId, companyId, id, ...typeColumns(input)],
    ),

  async updateType(tx: Tx, tenantId: string, id: string, rowVersion: number, input: CreateLeaveTypeRequest) {
    const rows = await tx.query(
      `UPDATE leave_types SET (${TYPE_COLUMNS}) =
              ($4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20::uuid[], $21),
              row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND row_version = $3 RETURNING id`,
      [tenantId, id, rowVersion, ...typeColumns(input)],
    );
    return rows.length === 1;
  },

  /** Which of these employment status ids are not the company's. */
  async unknownStatuses(tx: Tx, tenantId: string, companyId: string, ids: string[]) {
    const rows = await tx.query<{ id: string }>(
      `SELECT id FROM unnest($3::uuid[]) AS x(id)
        WHERE NOT EXISTS (SELECT 1 FROM employment_statuses s WHERE s.tenant_id = $1 AND s.company_id = $2 AND s.id = x.id)`,
      [tenantId, companyId, ids],
    );
    return rows.map((r) => r.id);
  },

  async typeReferences(tx: Tx, tenantId: string, id: string) {
    const [row] = await tx.query<{ requests: number; entries: number }>(
      `SELECT (SELECT count(*)::int FROM time_requests WHERE tenant_id = $1 AND leave_type_id = $2) AS requests,
              (SELECT count(*)::int FROM leave_ledger WHERE tenant_id = $1 AND leave_type_id = $2) AS entries`,
      [tenantId, id],
    );
    return row!;
  },

  deleteType: (tx: Tx, tenantId: string, id: string) =>
    tx.query(`DELETE FROM leave_types WHERE tenant_id = $1 AND id = $2`, [tenantId, id]),

  /** Every active type's balance of one employee. */
  async balances(tx: Tx, tenantId: string, companyId: string, employeeId: string, yearStart: string) {
    const rows = await tx.query<BalanceRow>(
      `SELECT t.id AS leave_type_id, t.code, t.name, t.needs_balance, ${balanceColumns('$2')}
         FROM employees e JOIN leave_types t ON t.tenant_id = e.tenant_id AND t.company_id = e.company_id
        WHERE e.tenant_id = $1 AND e.id = $3 AND e.company_id = $4 AND t.is_active
          AND (t.gender IS NULL OR t.gender = e.gender)
          AND (cardinality(t.employment_status_ids) = 0 OR e.employment_status_id = ANY(t.employment_status_ids))
        ORDER BY t.needs_balance DESC, lower(t.name)`,
      [tenantId, yearStart, employeeId, companyId],
    );
    return rows.map(toBalance);
  },

  async entries(tx: Tx, tenantId: string, employeeId: string): Promise<LeaveLedgerEntry[]> {
    const rows = await tx.query<{
      id: string;
      leave_type_id: string;
      type_name: string;
      entry_date: string;
      kind: LeaveLedgerEntry['Kind'];
      days: string;
      reason: string | null;
      request_id: string | null;
      request_from: string | null;
      request_to: string | null;
      created_by: string | null;
      created_at: Date;
    }>(
      // Entries written together (a month's accruals of each type) share their date and instant: the type's name
      // orders them, so they keep their places from one month to the next.
      `SELECT l.id, l.leave_type_id, t.name AS type_name, to_char(l.entry_date, 'YYYY-MM-DD') AS entry_date, l.kind,
              l.days::text AS days, l.reason, l.request_id, to_char(r.date_from, 'YYYY-MM-DD') AS request_from,
              to_char(r.date_to, 'YYYY-MM-DD') AS request_to, u.full_name AS created_by, l.created_at
         FROM leave_ledger l JOIN leave_types t ON t.tenant_id = l.tenant_id AND t.id = l.leave_type_id
         LEFT JOIN time_requests r ON r.tenant_id = l.tenant_id AND r.id = l.request_id
         LEFT JOIN users u ON u.tenant_id = l.tenant_id AND u.id = l.created_by_user_id
        WHERE l.tenant_id = $1 AND l.employee_id = $2
        ORDER BY l.entry_date DESC, l.created_at DESC, lower(t.name), l.id LIMIT 500`,
      [tenantId, employeeId],
    );
    return rows.map((r) => ({
      EntryId: r.id,
      LeaveTypeId: r.leave_type_id,
      LeaveTypeName: r.type_name,
      EntryDate: r.entry_date,
      Kind: r.kind,
      Days: Number(r.days),
      Reason: r.reason,
      RequestId: r.request_id,
      RequestDateFrom: r.request_from,
      RequestDateTo: r.request_to,
      CreatedByName: r.created_by,
      CreatedAt: new Date(r.created_at).toISOString(),
    }));
  },

  async listCredits(
    tx: Tx,
    tenantId: string,
    companyId: string,
    yearStart: string,
    req: ReturnType<typeof LeaveCreditListRequest.parse>,
  ) {
    // Employees not separated today: one whose separation is scheduled still draws on the credits through the
    // notice (employees/employment.ts).
    const where = new Conditions(tenantId, companyId)
      .add(
        `e.tenant_id = $1 AND e.company_id = $2 AND t.is_active AND t.needs_balance
         AND (t.gender IS NULL OR t.gender = e.gender)
         AND (cardinality(t.employment_status_ids) = 0 OR e.employment_status_id = ANY(t.employment_status_ids))`,
      )
      .add(notSeparatedOn('e', '$?::date'), manilaToday());
    if (req.Search) {
      where.add(
        `(e.employee_number ILIKE $? OR concat_ws(' ', e.first_name, e.last_name) ILIKE $?)`,
        containsPattern(req.Search),
      );
    }
    if (req.DepartmentId) where.add('e.department_id = $?', req.DepartmentId);
    if (req.LeaveTypeId) where.add('t.id = $?', req.LeaveTypeId);
    const from = `FROM employees e JOIN leave_types t ON t.tenant_id = e.tenant_id AND t.company_id = e.company_id
      LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id`;
    const [total] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n ${from} WHERE ${where.sql}`,
      where.params,
    );
    const sort = {
      EmployeeName: ['lower(e.last_name)', 'lower(e.first_name)'],
      EmployeeNumber: 'lower(e.employee_number)',
      LeaveTypeName: 'lower(t.name)',
      Balance: 'balance',
    };
    const year = where.param(yearStart);
    const page = pageClause(req, sort, { sortBy: 'EmployeeName', tieBreaker: ['e.id', 't.id'] }, where);
    const rows = await tx.query<
      BalanceRow & {
        employee_id: string;
        employee_number: string;
        employee_name: string;
        department: string | null;
      }
    >(
      `SELECT e.id AS employee_id, e.employee_number, concat_ws(' ', e.first_name, e.last_name) AS employee_name,
              d.name AS department, t.id AS leave_type_id, t.code, t.name, t.needs_balance, ${balanceColumns(year)}
         ${from} WHERE ${where.sql} ${page}`,
      where.params,
    );
    return {
      Items: rows.map((r) => ({
        ...toBalance(r),
        EmployeeId: r.employee_id,
        EmployeeNumber: r.employee_number,
        EmployeeName: r.employee_name,
        DepartmentName: r.department,
      })),
      TotalCount: total!.n,
    };
  },

  /**
   * The employee whose balances are read; `forUpdate` serialises every draw on them (approvals, adjustments)
   * until the transaction ends.
   */
  employee: (tx: Tx, tenantId: string, companyId: string, employeeId: string, forUpdate = false) =>
    tx.query<{ id: string; employee_number: string; name: string; gender: string | null }>(
      `SELECT id, employee_number, concat_ws(' ', first_name, last_name) AS name, gender FROM employees
        WHERE tenant_id = $1 AND company_id = $2 AND id = $3${forUpdate ? ' FOR UPDATE' : ''}`,
      [tenantId, companyId, employeeId],
    ),

  async balanceOf(tx: Tx, tenantId: string, employeeId: string, leaveTypeId: string) {
    const [row] = await tx.query<{ balance: string }>(
      `SELECT coalesce(sum(days), 0)::text AS balance FROM leave_ledger
        WHERE tenant_id = $1 AND employee_id = $2 AND leave_type_id = $3`,
      [tenantId, employeeId, leaveTypeId],
    );
    return Number(row!.balance);
  },

  /** The days the employee's pending requests of a type hold (what filing and the portal keep aside). */
  async pendingOf(tx: Tx, tenantId: string, employeeId: string, leaveTypeId: string) {
    const [row] = await tx.query<{ days: string }>(
      `SELECT coalesce(sum(days), 0)::text AS days FROM time_requests
        WHERE tenant_id = $1 AND employee_id = $2 AND leave_type_id = $3 AND status = 'Pending'`,
      [tenantId, employeeId, leaveTypeId],
    );
    return Number(row!.days);
  },

  /** The days an approved request drew ('use:<request>'), or null when its approval drew nothing. */
  async requestUse(tx: Tx, tenantId: string, employeeId: string, leaveTypeId: string, requestId: string) {
    const [row] = await tx.query<{ days: string }>(
      `SELECT days::text AS days FROM leave_ledger
        WHERE tenant_id = $1 AND employee_id = $2 AND leave_type_id = $3 AND source_key = $4`,
      [tenantId, employeeId, leaveTypeId, `use:${requestId}`],
    );
    return row ? -Number(row.days) : null;
  },

  /** Appends one entry; a repeated source key adds nothing (answers false). */
  async addEntry(
    tx: Tx,
    entry: {
      tenantId: string;
      companyId: string;
      employeeId: string;
      leaveTypeId: string;
      entryDate: string;
      kind: LeaveLedgerEntry['Kind'];
      days: number;
      reason?: string | null;
      sourceKey?: string | null;
      requestId?: string | null;
      userId?: string | null;
    },
  ) {
    const rows = await tx.query(
      `INSERT INTO leave_ledger (tenant_id, company_id, employee_id, leave_type_id, entry_date, kind, days, reason,
                                 source_key, request_id, created_by_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (tenant_id, employee_id, leave_type_id, source_key) WHERE source_key IS NOT NULL DO NOTHING
       RETURNING id`,
      [
        entry.tenantId,
        entry.companyId,
        entry.employeeId,
        entry.leaveTypeId,
        entry.entryDate,
        entry.kind,
        entry.days,
        entry.reason ?? null,
        entry.sourceKey ?? null,
        entry.requestId ?? null,
        entry.userId ?? null,
      ],
    );
    return rows.length === 1;
  },

  /**
   * The grants and accruals due up to `asOf` for every active employee of the company, in set-based statements
   * keyed by source ('expiry:2025', 'grant:2026', 'accrual:2026-11'): a second run adds nothing.
   * - Expiry first: on a new year's first run, unused days above the carry-over cap of last year expire (or are
   *   converted to cash for a convertible type such as SIL).
   * - Yearly: on 1 January (or once the service requirement is met), pro-rated by the months left for new hires.
   * - HireAnniversary: on the anniversary in this year, once the service requirement is met (SIL: a year).
   * - Monthly: a twelfth on the first of each month from the first one after the hire date.
   */
  async runAccrual(tx: Tx, tenantId: string, companyId: string, asOf: string, userId: string | null) {
    const params = [tenantId, companyId, asOf, userId];
    const from = `FROM employees e JOIN leave_types t ON t.tenant_id = e.tenant_id AND t.company_id = e.company_id`;
    const eligible = `e.tenant_id = $1 AND e.company_id = $2 AND t.is_active AND t.needs_balance AND t.grant_rule <> 'None'
       AND e.hire_date IS NOT NULL AND e.hire_date <= $3::date
       AND (e.separation_date IS NULL OR e.separation_date > $3::date)
       AND (t.gender IS NULL OR t.gender = e.gender)
       AND (cardinality(t.employment_status_ids) = 0 OR e.employment_status_id = ANY(t.employment_status_ids))`;
    const insert = `INSERT INTO leave_ledger (tenant_id, company_id, employee_id, leave_type_id, entry_date, kind, days,
                                               reason, source_key, created_by_user_id)`;
    const conflict = `ON CONFLICT (tenant_id, employee_id, leave_type_id, source_key) WHERE source_key IS NOT NULL DO NOTHING
                      RETURNING days`;
    const expired = await tx.query<{ days: string }>(
      `${insert}
       SELECT e.tenant_id, e.company_id, e.id, t.id, date_trunc('year', $3::date)::date,
              CASE WHEN t.convertible_to_cash THEN 'CashConversion' ELSE 'Expiry' END,
              -(b.balance - t.carry_over_cap),
              'Unused days of ' || (extract(year FROM $3::date) - 1) ||
                CASE WHEN t.convertible_to_cash THEN ' converted to cash' ELSE ' above the carry-over cap' END,
              'expiry:' || (extract(year FROM $3::date) - 1), $4::uuid
         ${from}
         CROSS JOIN LATERAL (SELECT coalesce(sum(l.days), 0) AS balance FROM leave_ledger l
                              WHERE l.tenant_id = e.tenant_id AND l.employee_id = e.id AND l.leave_type_id = t.id
                                AND l.entry_date < date_trunc('year', $3::date)) b
        WHERE ${eligible} AND t.carry_over_cap IS NOT NULL AND b.balance > t.carry_over_cap
       ${conflict}`,
      params,
    );
    const granted = await tx.query<{ days: string }>(
      `${insert}
       SELECT e.tenant_id, e.company_id, e.id, t.id, g.grant_date, 'Grant',
              d.days, NULL, 'grant:' || extract(year FROM $3::date), $4::uuid
         ${from}
         CROSS JOIN LATERAL (SELECT CASE WHEN t.grant_rule = 'Yearly'
                                         THEN greatest(date_trunc('year', $3::date)::date,
                                                       (e.hire_date + make_interval(months => t.min_service_months))::date)
                                         ELSE (e.hire_date + make_interval(years => (extract(year FROM $3::date) - extract(year FROM e.hire_date))::int))::date
                                    END AS grant_date) g
         CROSS JOIN LATERAL (SELECT CASE WHEN t.grant_rule = 'Yearly' AND t.prorate_new_hires
                                              AND e.hire_date > date_trunc('year', $3::date)
                                         THEN round(t.annual_days * (13 - extract(month FROM e.hire_date)) / 12 * 2) / 2
                                         ELSE t.annual_days END AS days) d
        -- A pro-rated grant can round to nothing (1 day a year, hired in November): no entry (the ledger refuses 0).
        WHERE ${eligible} AND t.grant_rule IN ('Yearly', 'HireAnniversary') AND d.days > 0
          AND g.grant_date <= $3::date AND extract(year FROM g.grant_date) = extract(year FROM $3::date)
          AND g.grant_date >= (e.hire_date + make_interval(months => t.min_service_months))::date
       ${conflict}`,
      params,
    );
    const accrued = await tx.query<{ days: string }>(
      `${insert}
       SELECT e.tenant_id, e.company_id, e.id, t.id, m.month_start, 'Accrual', round(t.annual_days / 12, 2), NULL,
              'accrual:' || to_char(m.month_start, 'YYYY-MM'), $4::uuid
         ${from}
         CROSS JOIN LATERAL generate_series(date_trunc('year', $3::date), $3::date, interval '1 month') AS m0(month_start_ts)
         CROSS JOIN LATERAL (SELECT m0.month_start_ts::date AS month_start) m
        WHERE ${eligible} AND t.grant_rule = 'Monthly' AND round(t.annual_days / 12, 2) > 0
          AND m.month_start > e.hire_date
          AND m.month_start >= (e.hire_date + make_interval(months => t.min_service_months))::date
       ${conflict}`,
      params,
    );
    const created = [...granted, ...accrued];
    return {
      entries: created.length + expired.length,
      daysGranted: created.reduce((sum, r) => sum + Number(r.days), 0),
    };
  },
};
