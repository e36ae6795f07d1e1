import type { ScheduleSource } from '../timelogs/attendance.js';
import type { RequestKind, RequestStatus, TimeRequest, TimeRequestListRequest } from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { cappedCount, Conditions, containsPattern, pageClause } from '../../lib/lists.js';

/** The SQL of leave, overtime and undertime requests (table time_requests), confined to one company. */

export interface RequestRow {
  id: string;
  company_id: string;
  kind: RequestKind;
  employee_id: string;
  employee_number: string;
  employee_name: string;
  department_name: string | null;
  leave_type_id: string | null;
  leave_type_name: string | null;
  date_from: string;
  date_to: string;
  half_day: boolean;
  days: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  minutes: number | null;
  reason: string;
  status: RequestStatus;
  approver_user_id: string | null;
  approver_name: string | null;
  filed_by_user_id: string;
  filed_by_name: string;
  decided_by_name: string | null;
  decided_at: Date | null;
  remarks: string | null;
  cancelled_by_name: string | null;
  cancelled_at: Date | null;
  cancel_remarks: string | null;
  row_version: number;
  created_at: Date;
}

const SELECT_REQUEST = `
  SELECT r.id, r.company_id, r.kind, r.employee_id, e.employee_number,
         concat_ws(' ', e.first_name, e.last_name) AS employee_name, d.name AS department_name,
         r.leave_type_id, t.name AS leave_type_name, to_char(r.date_from, 'YYYY-MM-DD') AS date_from,
         to_char(r.date_to, 'YYYY-MM-DD') AS date_to, r.half_day, r.days::text AS days, r.starts_at, r.ends_at,
         r.minutes, r.reason, r.status, r.approver_user_id, a.full_name AS approver_name, r.filed_by_user_id,
         f.full_name AS filed_by_name, x.full_name AS decided_by_name, r.decided_at, r.remarks,
         c.full_name AS cancelled_by_name, r.cancelled_at, r.cancel_remarks, r.row_version, r.created_at
    FROM time_requests r
    JOIN employees e ON e.tenant_id = r.tenant_id AND e.id = r.employee_id
    LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
    LEFT JOIN leave_types t ON t.tenant_id = r.tenant_id AND t.id = r.leave_type_id
    LEFT JOIN users a ON a.tenant_id = r.tenant_id AND a.id = r.approver_user_id
    LEFT JOIN users f ON f.tenant_id = r.tenant_id AND f.id = r.filed_by_user_id
    LEFT JOIN users x ON x.tenant_id = r.tenant_id AND x.id = r.decided_by_user_id
    LEFT JOIN users c ON c.tenant_id = r.tenant_id AND c.id = r.cancelled_by_user_id`;

const SORT = {
  FiledAt: 'r.created_at',
  DateFrom: 'r.date_from',
  EmployeeName: ['lower(e.last_name)', 'lower(e.first_name)'],
  Status: 'r.status',
} as const;

/** Who is asking, for the visibility rule of a scope. */
export interface Viewer {
  userId: string;
  employeeId: string | null;
}

export interface NewRequest {
  id: string;
  kind: RequestKind;
  employeeId: string;
  leaveTypeId?: string | null;
  dateFrom: string;
  dateTo: string;
  halfDay?: boolean;
  days?: number | null;
  startsAt?: string | null;
  endsAt?: string | null;
  minutes?: number | null;
  reason: string;
  approverUserId: string | null;
  filedByUserId: string;
}

export interface Schedule {
  shift_name: string | null;
  time_in: string | null;
  time_out: string | null;
  /** The shift's unpaid break, in the middle of it (as attendance places it). */
  break_minutes: number;
  grace_minutes: number;
  is_flexible: boolean;
  /** Required hours a day of a flexible shift, as text, or null. */
  required_hours: string | null;
  rest_days: number[];
  gender: string | null;
  hire_date: string | null;
  separation_date: string | null;
  supervisor_id: string | null;
  work_location_id: string | null;
  employment_status_id: string | null;
}

/** A row of the employee's schedule history (employee_schedules and its shift). */
/** A row of the employee's schedule history, with its shift (attendance's ScheduleSource). */
export type ScheduleSpanRow = ScheduleSource;

export const requestsRepo = {
  async list(
    tx: Tx,
    tenantId: string,
    companyId: string,
    kind: RequestKind,
    viewer: Viewer,
    req: ReturnType<typeof TimeRequestListRequest.parse>,
  ) {
    const where = new Conditions(tenantId, companyId, kind).add(
      'r.tenant_id = $1 AND r.company_id = $2 AND r.kind = $3',
    );
    if (req.Scope === 'Mine') where.add('r.employee_id = $?', viewer.employeeId);
    if (req.Scope === 'Review') where.add('r.approver_user_id = $?', viewer.userId);
    if (req.Status) where.add('r.status = $?', req.Status);
    if (req.LeaveTypeId) where.add('r.leave_type_id = $?', req.LeaveTypeId);
    if (req.DepartmentId) where.add('e.department_id = $?', req.DepartmentId);
    if (req.EmployeeId) where.add('r.employee_id = $?', req.EmployeeId);
    if (req.DateFrom) where.add('r.date_to >= $?::date', req.DateFrom);
    if (req.DateTo) where.add('r.date_from <= $?::date', req.DateTo);
    if (req.Search) {
      where.add(
        `(e.employee_number ILIKE $? OR concat_ws(' ', e.first_name, e.last_name) ILIKE $? OR r.reason ILIKE $?)`,
        containsPattern(req.Search),
      );
    }
    // Every request has its employee (a foreign key, same tenant): the count joins employees only for their filters.
    const byEmployee = req.Search || req.DepartmentId;
    // Counted up to a cap (cappedCount, as the punches): requests pile up with the years, a company of 100,000
    // files that many leave requests in a few months.
    const count = await cappedCount(
      tx,
      `FROM time_requests r
         ${byEmployee ? 'JOIN employees e ON e.tenant_id = r.tenant_id AND e.id = r.employee_id' : ''} WHERE ${where.sql}`,
      where.params,
    );
    const defaults = { sortBy: 'FiledAt' as const, tieBreaker: 'r.id' };
    const request = { ...req, SortDirection: req.SortBy ? req.SortDirection : ('desc' as const) };
    const page = pageClause(request, SORT, defaults, where);
    const rows = await tx.query<RequestRow>(`${SELECT_REQUEST} WHERE ${where.sql} ${page}`, where.params);
    return { rows, count };
  },

  async get(tx: Tx, tenantId: string, companyId: string, kind: RequestKind, id: string, forUpdate = false) {
    // Lock the bare row first: FOR UPDATE through the outer joins would re-check a concurrently updated row
    // against the joined rows read before the update and could lose it (PostgreSQL's EvalPlanQual).
    if (forUpdate) {
      await tx.query(
        `SELECT id FROM time_requests WHERE tenant_id = $1 AND company_id = $2 AND kind = $3 AND id = $4 FOR UPDATE`,
        [tenantId, companyId, kind, id],
      );
    }
    const [row] = await tx.query<RequestRow>(
      `${SELECT_REQUEST} WHERE r.tenant_id = $1 AND r.company_id = $2 AND r.kind = $3 AND r.id = $4`,
      [tenantId, companyId, kind, id],
    );
    return row ?? null;
  },

  insert: (tx: Tx, tenantId: string, companyId: string, r: NewRequest) =>
    tx.query(
      `INSERT INTO time_requests (tenant_id, company_id, id, kind, employee_id, leave_type_id, date_from, date_to, half_day,
                                  days, starts_at, ends_at, minutes, reason, approver_user_id, filed_by_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [
        tenantId,
        companyId,
        r.id,
        r.kind,
        r.employeeId,
        r.leaveTypeId ?? null,
        r.dateFrom,
        r.dateTo,
        r.halfDay ?? false,
        r.days ?? null,
        r.startsAt ?? null,
        r.endsAt ?? null,
        r.minutes ?? null,
        r.reason,
        r.approverUserId,
        r.filedByUserId,
      ],
    ),

  /**
   * Moves a request from one status to another; false when it is no longer in `from` at that version. An
   * approval or rejection is the decision (decided_*, remarks); a cancellation has columns of its own, so an
   * approved request cancelled afterwards still shows who approved it and when (migration 0040).
   */
  async transition(
    tx: Tx,
    tenantId: string,
    id: string,
    change: {
      from: RequestStatus;
      to: RequestStatus;
      rowVersion: number;
      userId: string;
      remarks: string | null;
    },
  ) {
    const columns =
      change.to === 'Cancelled'
        ? 'cancelled_by_user_id = $6, cancelled_at = now(), cancel_remarks = $7'
        : 'decided_by_user_id = $6, decided_at = now(), remarks = $7';
    const rows = await tx.query(
      `UPDATE time_requests SET status = $5, ${columns}, row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND status = $3 AND row_version = $4 RETURNING id`,
      [tenantId, id, change.from, change.rowVersion, change.to, change.userId, change.remarks],
    );
    return rows.length === 1;
  },

  /** The employee's shift, rest days and what filing rules need, as of today's record. */
  async schedule(tx: Tx, tenantId: string, companyId: string, employeeId: string) {
    const [row] = await tx.query<Schedule>(
      `SELECT s.name AS shift_name, to_char(s.time_in, 'HH24:MI') AS time_in, to_char(s.time_out, 'HH24:MI') AS time_out,
              coalesce(s.break_minutes, 0) AS break_minutes, coalesce(s.grace_minutes, 0) AS grace_minutes,
              coalesce(s.is_flexible, false) AS is_flexible, s.required_hours::text AS required_hours,
              coalesce(e.rest_days, s.rest_days, '{0}'::smallint[]) AS rest_days, e.gender,
              to_char(e.hire_date, 'YYYY-MM-DD') AS hire_date,
              to_char(e.separation_date, 'YYYY-MM-DD') AS separation_date, e.supervisor_id, e.work_location_id,
              e.employment_status_id
         FROM employees e LEFT JOIN shifts s ON s.tenant_id = e.tenant_id AND s.id = e.shift_id
        WHERE e.tenant_id = $1 AND e.company_id = $2 AND e.id = $3`,
      [tenantId, companyId, employeeId],
    );
    return row
      ? {
          ...row,
          break_minutes: Number(row.break_minutes),
          grace_minutes: Number(row.grace_minutes),
          rest_days: (row.rest_days ?? []).map(Number),
        }
      : null;
  },

  /**
   * The employee's schedule history in force from `from` to `to` (employee_schedules, as daily attendance reads
   * it): the last one starting on or before `from`, then every one starting up to `to`.
   */
  async schedulesBetween(tx: Tx, tenantId: string, employeeId: string, from: string, to: string) {
    const rows = await tx.query<ScheduleSpanRow>(
      `SELECT to_char(s.effective_date, 'YYYY-MM-DD') AS effective_date, s.rest_days, sh.name AS shift_name,
              to_char(sh.time_in, 'HH24:MI') AS time_in, to_char(sh.time_out, 'HH24:MI') AS time_out,
              sh.break_minutes, sh.grace_minutes, sh.is_flexible, sh.required_hours::text AS required_hours,
              sh.rest_days AS shift_rest_days
         FROM employee_schedules s
         LEFT JOIN shifts sh ON sh.tenant_id = s.tenant_id AND sh.id = s.shift_id
        WHERE s.tenant_id = $1 AND s.employee_id = $2 AND s.effective_date <= $4::date
          AND s.effective_date >= coalesce((SELECT max(x.effective_date) FROM employee_schedules x
                                             WHERE x.tenant_id = s.tenant_id AND x.employee_id = s.employee_id
                                               AND x.effective_date <= $3::date), '-infinity'::date)
        ORDER BY s.effective_date`,
      [tenantId, employeeId, from, to],
    );
    const days = (v: number[] | null) => (v === null ? null : v.map(Number));
    return rows.map((r) => ({
      ...r,
      rest_days: days(r.rest_days),
      shift_rest_days: days(r.shift_rest_days),
      break_minutes: r.break_minutes === null ? null : Number(r.break_minutes),
      grace_minutes: r.grace_minutes === null ? null : Number(r.grace_minutes),
    }));
  },

  /** An employee's punches from one instant to another, in time order (what daily attendance reads). */
  punchesBetween: (tx: Tx, tenantId: string, employeeId: string, from: Date, to: Date) =>
    tx.query<{ punched_at: Date; direction: 'In' | 'Out' | 'Unknown' }>(
      `SELECT punched_at, direction FROM time_logs
        WHERE tenant_id = $1 AND employee_id = $2 AND punched_at >= $3 AND punched_at < $4
        ORDER BY punched_at`,
      [tenantId, employeeId, from, to],
    ),

  /** The active approver linked to an employee (the filer's supervisor), if any. */
  async approverOf(tx: Tx, tenantId: string, employeeId: string) {
    const [row] = await tx.query<{ id: string }>(
      `SELECT id FROM users WHERE tenant_id = $1 AND employee_id = $2 AND is_active AND is_approver
          AND user_type = 'PortalUser' ORDER BY created_at LIMIT 1`,
      [tenantId, employeeId],
    );
    return row?.id ?? null;
  },

  /** Pending or approved requests of the same kind that overlap the dates (leave) or the times (OT / UT). */
  async overlapping(
    tx: Tx,
    tenantId: string,
    kind: RequestKind,
    employeeId: string,
    range: { dateFrom: string; dateTo: string; startsAt?: string | null; endsAt?: string | null },
  ) {
    // Overtime across midnight reaches into the next date: its candidates are a day either side, and the instants
    // decide. Leave compares dates; undertime allows one request a date.
    const spill = kind === 'Overtime' ? 1 : 0;
    const rows = await tx.query<{ date_from: string; date_to: string; status: string }>(
      `SELECT to_char(date_from, 'YYYY-MM-DD') AS date_from, to_char(date_to, 'YYYY-MM-DD') AS date_to, status
         FROM time_requests
        WHERE tenant_id = $1 AND kind = $2 AND employee_id = $3 AND status IN ('Pending', 'Approved')
          AND date_from <= $5::date + $8::int AND date_to >= $4::date - $8::int
          AND ($6::timestamptz IS NULL OR (starts_at < $7::timestamptz AND ends_at > $6::timestamptz) OR $2 = 'Undertime')
        LIMIT 1`,
      [
        tenantId,
        kind,
        employeeId,
        range.dateFrom,
        range.dateTo,
        range.startsAt ?? null,
        range.endsAt ?? null,
        spill,
      ],
    );
    return rows[0] ?? null;
  },

  /** The first pending or approved overtime or undertime on a day between two dates (whole-day leave refuses it). */
  async hoursRequestIn(tx: Tx, tenantId: string, employeeId: string, from: string, to: string) {
    const [row] = await tx.query<{ kind: 'Overtime' | 'Undertime'; date: string; status: string }>(
      `SELECT r.kind, to_char(r.date_from, 'YYYY-MM-DD') AS date, r.status
         FROM time_requests r
        WHERE r.tenant_id = $1 AND r.employee_id = $2 AND r.kind IN ('Overtime', 'Undertime')
          AND r.status IN ('Pending', 'Approved') AND r.date_from BETWEEN $3::date AND $4::date
        ORDER BY r.date_from LIMIT 1`,
      [tenantId, employeeId, from, to],
    );
    return row ?? null;
  },

  /**
   * A pending or approved whole-day leave of the employee whose dates cover `date` (a half-day leave leaves
   * room for overtime and undertime that day).
   */
  async wholeDayLeaveOn(tx: Tx, tenantId: string, employeeId: string, date: string) {
    const [row] = await tx.query<{ type_name: string; date_from: string; date_to: string; status: string }>(
      `SELECT t.name AS type_name, to_char(r.date_from, 'YYYY-MM-DD') AS date_from,
              to_char(r.date_to, 'YYYY-MM-DD') AS date_to, r.status
         FROM time_requests r JOIN leave_types t ON t.tenant_id = r.tenant_id AND t.id = r.leave_type_id
        WHERE r.tenant_id = $1 AND r.employee_id = $2 AND r.kind = 'Leave' AND NOT r.half_day
          AND r.status IN ('Pending', 'Approved') AND r.date_from <= $3::date AND r.date_to >= $3::date
        ORDER BY r.date_from LIMIT 1`,
      [tenantId, employeeId, date],
    );
    return row ?? null;
  },

  /**
   * The first finalised (or paid) payroll period that paid the employee's attendance on any of the dates (a
   * Regular or FinalPay one), by name: its leave and overtime can no longer change, as its punches cannot (the
   * guard of migrations 0022 and 0035).
   */
  async finalisedPeriod(tx: Tx, tenantId: string, employeeId: string, from: string, to: string) {
    const [row] = await tx.query<{ name: string }>(
      `SELECT p.name FROM payslips s
         JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
        WHERE s.tenant_id = $1 AND s.employee_id = $2 AND s.status <> 'Excluded'
          AND p.status IN ('Finalised', 'Paid') AND p.kind IN ('Regular', 'FinalPay')
          AND p.cutoff_start <= $4::date AND p.cutoff_end >= $3::date
        ORDER BY p.cutoff_start LIMIT 1`,
      [tenantId, employeeId, from, to],
    );
    return row?.name ?? null;
  },

  /** The e-mail of the portal user linked to an employee, and of a user by id. */
  async employeeEmail(tx: Tx, tenantId: string, employeeId: string) {
    const [row] = await tx.query<{ email: string }>(
      `SELECT email FROM users WHERE tenant_id = $1 AND employee_id = $2 AND is_active ORDER BY created_at LIMIT 1`,
      [tenantId, employeeId],
    );
    return row?.email ?? null;
  },
  async userEmail(tx: Tx, tenantId: string, userId: string) {
    const [row] = await tx.query<{ email: string }>(
      `SELECT email FROM users WHERE tenant_id = $1 AND id = $2`,
      [tenantId, userId],
    );
    return row?.email ?? null;
  },
  hrEmails: (tx: Tx, tenantId: string, companyId: string) =>
    tx.query<{ email: string }>(
      `SELECT email FROM users WHERE tenant_id = $1 AND company_id = $2 AND user_type = 'HRUser' AND is_active`,
      [tenantId, companyId],
    ),

  /** The punches of an employee's day (Manila), for a UT request's details and the portal's today. */
  punches: (tx: Tx, tenantId: string, employeeId: string, date: string) =>
    tx.query<{ Time: string; Direction: string; Source: string }>(
      // Manila is UTC+8 all year: the day runs from 00:00+08 to the next 00:00+08.
      `SELECT to_char(punched_at AT TIME ZONE 'UTC' + interval '8 hours', 'HH24:MI') AS "Time",
              direction AS "Direction", source AS "Source"
         FROM time_logs
        WHERE tenant_id = $1 AND employee_id = $2 AND punched_at >= $3::timestamptz
          AND punched_at < $3::timestamptz + interval '1 day'
        ORDER BY punched_at`,
      [tenantId, employeeId, `${date}T00:00:00+08:00`],
    ),

  /** Approved leave and overtime of some employees that touch the dates. */
  approved: (tx: Tx, tenantId: string, companyId: string, employeeIds: string[], from: string, to: string) =>
    tx.query<{
      kind: RequestKind;
      employee_id: string;
      date_from: string;
      date_to: string;
      half_day: boolean;
      starts_at: Date | null;
      ends_at: Date | null;
    }>(
      `SELECT kind, employee_id, to_char(date_from, 'YYYY-MM-DD') AS date_from, to_char(date_to, 'YYYY-MM-DD') AS date_to,
              half_day, starts_at, ends_at
         FROM time_requests
        WHERE tenant_id = $1 AND company_id = $2 AND employee_id = ANY($3::uuid[]) AND status = 'Approved'
          AND kind IN ('Leave', 'Overtime') AND date_from <= $5::date AND date_to >= $4::date`,
      [tenantId, companyId, employeeIds, from, to],
    ),

  async pendingCounts(tx: Tx, tenantId: string, companyId: string, approverUserId: string | null) {
    const rows = await tx.query<{ kind: RequestKind; n: number }>(
      `SELECT kind, count(*)::int AS n FROM time_requests
        WHERE tenant_id = $1 AND company_id = $2 AND status = 'Pending' AND ($3::uuid IS NULL OR approver_user_id = $3)
        GROUP BY kind`,
      [tenantId, companyId, approverUserId],
    );
    const counts = { Leave: 0, Overtime: 0, Undertime: 0 };
    for (const r of rows) counts[r.kind] = r.n;
    return counts;
  },
};

/** Manila wall-clock time (HH:mm) of an instant: the Philippines keeps UTC+8 all year. */
export const manilaTime = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(11, 16);

export function toTimeRequest(row: RequestRow, can: { review: boolean; cancel: boolean }): TimeRequest {
  return {
    RequestId: row.id,
    Kind: row.kind,
    EmployeeId: row.employee_id,
    EmployeeNumber: row.employee_number,
    EmployeeName: row.employee_name,
    DepartmentName: row.department_name,
    Status: row.status,
    Reason: row.reason,
    Remarks: row.remarks,
    DateFrom: row.date_from,
    DateTo: row.date_to,
    LeaveTypeId: row.leave_type_id,
    LeaveTypeName: row.leave_type_name,
    HalfDay: row.half_day,
    Days: row.days === null ? null : Number(row.days),
    StartTime: row.starts_at ? manilaTime(new Date(row.starts_at)) : null,
    EndTime: row.ends_at ? manilaTime(new Date(row.ends_at)) : null,
    Minutes: row.minutes,
    ReviewerName: row.approver_name ?? 'HR',
    FiledByName: row.filed_by_name,
    FiledAt: new Date(row.created_at).toISOString(),
    DecidedByName: row.decided_by_name,
    DecidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    CancelledByName: row.cancelled_by_name,
    CancelledAt: row.cancelled_at ? new Date(row.cancelled_at).toISOString() : null,
    CancelRemarks: row.cancel_remarks,
    CanReview: can.review,
    CanCancel: can.cancel,
    RowVersion: row.row_version,
  };
}
