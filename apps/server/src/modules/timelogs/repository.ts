import type { PunchDirection, PunchSource, TimeLog, TimeLogListRequest } from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import {
  cappedCount,
  Conditions,
  containsPattern,
  nameSortKey,
  notNull,
  pageClause,
} from '../../lib/lists.js';
import { manilaDayStart, manilaToday, toManilaLocal } from '../../lib/manila.js';
import { notSeparatedOn } from '../employees/employment.js';
import type { ScheduleSource } from './attendance.js';

/** The SQL of time logs (punches) and of what attendance reads. Every statement names the tenant and company. */

interface TimeLogRow {
  id: string;
  company_id: string;
  employee_id: string;
  employee_number: string;
  employee_name: string;
  department_name: string | null;
  punched_at: Date;
  direction: PunchDirection;
  source: PunchSource;
  reason: string | null;
  row_version: number;
  created_at: Date;
  updated_at: Date;
}

const JOIN_EMPLOYEE = 'JOIN employees e ON e.tenant_id = t.tenant_id AND e.id = t.employee_id';

const SELECT_TIME_LOG = `
  SELECT t.id, t.company_id, t.employee_id, e.employee_number, concat_ws(' ', e.first_name, e.last_name) AS employee_name,
         d.name AS department_name, t.punched_at, t.direction, t.source, t.reason, t.row_version, t.created_at, t.updated_at
    FROM time_logs t
    ${JOIN_EMPLOYEE}
    LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id`;

const SORT_COLUMNS = {
  PunchedAt: 't.punched_at',
  EmployeeName: ['lower(e.last_name)', 'lower(e.first_name)'],
  EmployeeNumber: 'lower(e.employee_number)',
  Direction: 't.direction',
  Source: 't.source',
} as const;
/** The same, the time (NOT NULL) without NULLS LAST: newest first reads time_logs_company_time_idx backwards. */
const INDEX_ORDER = { ...SORT_COLUMNS, PunchedAt: notNull('t.punched_at') };

const toTimeLog = (r: TimeLogRow): TimeLog => ({
  TimeLogId: r.id,
  CompanyId: r.company_id,
  EmployeeId: r.employee_id,
  EmployeeNumber: r.employee_number,
  EmployeeName: r.employee_name,
  DepartmentName: r.department_name,
  PunchedAt: toManilaLocal(new Date(r.punched_at)),
  Direction: r.direction,
  Source: r.source,
  Reason: r.reason,
  RowVersion: r.row_version,
  CreatedAt: new Date(r.created_at).toISOString(),
  UpdatedAt: new Date(r.updated_at).toISOString(),
});

export interface PunchToStore {
  employeeId: string;
  punchedAt: Date;
  direction: PunchDirection;
}

export interface AttendanceEmployee {
  id: string;
  employee_number: string;
  name: string;
  department_name: string | null;
  work_location_id: string | null;
}

export interface AttendanceFilter {
  employeeId?: string;
  departmentId?: string;
}

function attendanceWhere(tenantId: string, companyId: string, filter: AttendanceFilter) {
  const where = new Conditions(tenantId, companyId).add('e.tenant_id = $1 AND e.company_id = $2');
  if (filter.employeeId) where.add('e.id = $?', filter.employeeId);
  // Not separated today: a separation dated today or later is scheduled, the notice worked (employment.ts).
  else where.add(notSeparatedOn('e', '$?::date'), manilaToday());
  if (filter.departmentId) where.add('e.department_id = $?', filter.departmentId);
  return where;
}

/** A schedule row of one of the employees read (attendance's ScheduleSource). */
export type ScheduleRow = ScheduleSource & { employee_id: string };

/** Computed days as parallel columns, ready for one `unnest` insert. */
export interface StoredDays {
  computedAt: Date;
  /** 1-based index into the batch's employee ids. */
  employee: number[];
  /** Days after the range's first date. */
  offset: number[];
  shiftName: (string | null)[];
  dayType: string[];
  restDay: boolean[];
  worked: number[];
  late: number[];
  undertime: number[];
  night: number[];
  overtime: number[];
  payable: number[];
  overtimeNight: number[];
  absent: boolean[];
  onLeave: boolean[];
  /** An array literal (`{MissingIn,SinglePunch}`), or null for none. */
  anomalies: (string | null)[];
}

export const timeLogsRepo = {
  async list(tx: Tx, tenantId: string, companyId: string, req: ReturnType<typeof TimeLogListRequest.parse>) {
    const where = new Conditions(tenantId, companyId).add('t.tenant_id = $1 AND t.company_id = $2');
    if (req.Search) {
      where.add(
        `(e.employee_number ILIKE $? OR concat_ws(' ', e.first_name, e.last_name) ILIKE $?)`,
        containsPattern(req.Search),
      );
    }
    if (req.EmployeeId) where.add('t.employee_id = $?', req.EmployeeId);
    if (req.DepartmentId) where.add('e.department_id = $?', req.DepartmentId);
    if (req.Source) where.add('t.source = $?', req.Source);
    if (req.DateFrom) where.add('t.punched_at >= $?', manilaDayStart(req.DateFrom));
    if (req.DateTo) where.add('t.punched_at < $?', manilaDayStart(req.DateTo, 1));
    // Every punch has its employee (a foreign key, same tenant): the count joins employees only for their filters.
    const byEmployee = req.Search || req.DepartmentId;
    // Counted up to a cap (cappedCount): a year of a 100,000-employee company is some 50 million punches.
    const count = await cappedCount(
      tx,
      `FROM time_logs t ${byEmployee ? JOIN_EMPLOYEE : ''} WHERE ${where.sql}`,
      where.params,
    );
    // The page is read in index order, stopping after it, only when the filters cannot make that scan long: a
    // search, department or source matching few punches of the company (or none: a name nobody has) had it read
    // all of them backwards (2.3 to 4.9 s at 2 million punches), where sorting the matching ones is cheap. Those
    // keep NULLS LAST, which no index serves: the matching punches are found first, then sorted.
    const page = pageClause(
      { ...req, SortDirection: req.SortBy ? req.SortDirection : 'desc' },
      byEmployee || req.Source ? SORT_COLUMNS : INDEX_ORDER,
      { sortBy: 'PunchedAt', tieBreaker: 't.id' },
      where,
    );
    const rows = await tx.query<TimeLogRow>(`${SELECT_TIME_LOG} WHERE ${where.sql} ${page}`, where.params);
    return { Items: rows.map(toTimeLog), ...count };
  },

  async get(tx: Tx, tenantId: string, companyId: string, id: string, forUpdate = false) {
    const [row] = await tx.query<TimeLogRow>(
      `${SELECT_TIME_LOG} WHERE t.tenant_id = $1 AND t.company_id = $2 AND t.id = $3${forUpdate ? ' FOR UPDATE OF t' : ''}`,
      [tenantId, companyId, id],
    );
    return row ? toTimeLog(row) : null;
  },

  async employeeInCompany(tx: Tx, tenantId: string, companyId: string, employeeId: string) {
    const rows = await tx.query(
      `SELECT 1 FROM employees WHERE tenant_id = $1 AND company_id = $2 AND id = $3`,
      [tenantId, companyId, employeeId],
    );
    return rows.length > 0;
  },

  /** The punch of an employee at an instant, other than `exceptId`. */
  async punchAt(tx: Tx, tenantId: string, employeeId: string, at: Date, exceptId?: string) {
    const rows = await tx.query(
      `SELECT 1 FROM time_logs WHERE tenant_id = $1 AND employee_id = $2 AND punched_at = $3
          AND ($4::uuid IS NULL OR id <> $4)`,
      [tenantId, employeeId, at, exceptId ?? null],
    );
    return rows.length > 0;
  },

  async insert(
    tx: Tx,
    tenantId: string,
    companyId: string,
    id: string,
    punch: PunchToStore & { source: PunchSource; reason: string | null },
  ) {
    await tx.query(
      `INSERT INTO time_logs (tenant_id, company_id, id, employee_id, punched_at, direction, source, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        tenantId,
        companyId,
        id,
        punch.employeeId,
        punch.punchedAt,
        punch.direction,
        punch.source,
        punch.reason,
      ],
    );
  },

  /** Updates when the row version matches; answers whether it did. */
  async update(
    tx: Tx,
    tenantId: string,
    id: string,
    rowVersion: number,
    punch: PunchToStore & { reason: string },
  ) {
    const rows = await tx.query(
      `UPDATE time_logs SET employee_id = $4, punched_at = $5, direction = $6, reason = $7,
              row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND row_version = $3 RETURNING id`,
      [tenantId, id, rowVersion, punch.employeeId, punch.punchedAt, punch.direction, punch.reason],
    );
    return rows.length > 0;
  },

  async delete(tx: Tx, tenantId: string, id: string) {
    await tx.query(`DELETE FROM time_logs WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  },

  // ---- what attendance reads ----

  /**
   * The employees of the attendance view, in its order (name, then id: a total order, so a page read with
   * `page` holds the same employees as that stretch of the whole list).
   */
  attendanceEmployees(
    tx: Tx,
    tenantId: string,
    companyId: string,
    filter: AttendanceFilter,
    page?: { offset: number; limit: number },
  ) {
    const where = attendanceWhere(tenantId, companyId, filter);
    const limit = page ? ` LIMIT ${where.param(page.limit)} OFFSET ${where.param(page.offset)}` : '';
    return tx.query<AttendanceEmployee>(
      `SELECT e.id, e.employee_number, concat_ws(' ', e.first_name, e.last_name) AS name, d.name AS department_name,
              e.work_location_id
         FROM employees e LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
        WHERE ${where.sql}
        ORDER BY ${nameSortKey('e.last_name')}, ${nameSortKey('e.first_name')}, e.id${limit}`,
      where.params,
    );
  },

  /** How many employees `attendanceEmployees` lists: each has one row a day in the view. */
  async attendanceEmployeeCount(tx: Tx, tenantId: string, companyId: string, filter: AttendanceFilter) {
    const where = attendanceWhere(tenantId, companyId, filter);
    const [row] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM employees e WHERE ${where.sql}`,
      where.params,
    );
    return row!.n;
  },

  /** The schedules in force from the last one starting on or before `from` to `to`. */
  schedules: (tx: Tx, tenantId: string, employeeIds: string[], from: string, to: string) =>
    tx.query<ScheduleRow>(
      `SELECT s.employee_id, s.effective_date::text, s.rest_days, sh.name AS shift_name, sh.time_in::text,
              sh.time_out::text, sh.break_minutes, sh.grace_minutes, sh.is_flexible, sh.required_hours::text,
              sh.rest_days AS shift_rest_days
         FROM employee_schedules s
         LEFT JOIN shifts sh ON sh.tenant_id = s.tenant_id AND sh.id = s.shift_id
        WHERE s.tenant_id = $1 AND s.employee_id = ANY($2::uuid[]) AND s.effective_date <= $4::date
          AND s.effective_date >= coalesce((SELECT max(x.effective_date) FROM employee_schedules x
                                             WHERE x.tenant_id = s.tenant_id AND x.employee_id = s.employee_id
                                               AND x.effective_date <= $3::date), '-infinity'::date)
        ORDER BY s.employee_id, s.effective_date`,
      [tenantId, employeeIds, from, to],
    ),

  /**
   * Punches of the employees in [from, to), by employee and time, the instant as epoch milliseconds (as the
   * store's read: no timestamp text parsed per punch, a tenth of the view's time over a company's week).
   */
  punchesBetween: (
    tx: Tx,
    tenantId: string,
    companyId: string,
    employeeIds: string[],
    from: Date,
    to: Date,
  ) =>
    tx.query<{ employee_id: string; ms: number; direction: PunchDirection }>(
      `SELECT employee_id, (extract(epoch FROM punched_at) * 1000)::float8 AS ms, direction FROM time_logs
        WHERE tenant_id = $1 AND company_id = $2 AND employee_id = ANY($3::uuid[])
          AND punched_at >= $4 AND punched_at < $5
        ORDER BY employee_id, punched_at`,
      [tenantId, companyId, employeeIds, from, to],
    ),

  // ---- stored attendance (attendance_days) ----

  /**
   * The next `limit` employees of the company after `afterId`, by id (a keyset page), whose employment overlaps
   * `from` to `to`: hired by `to` (or no hire date) and active, or separated on or after `from` (a leaver's last
   * days are paid from the stored rows too). The store keeps only the days from the hire to the separation date.
   */
  storeEmployees: (
    tx: Tx,
    tenantId: string,
    companyId: string,
    afterId: string | null,
    limit: number,
    from: string,
    to: string,
  ) =>
    tx.query<{
      id: string;
      work_location_id: string | null;
      hire_date: string | null;
      separation_date: string | null;
    }>(
      `SELECT id, work_location_id, hire_date::text AS hire_date, separation_date::text AS separation_date
         FROM employees
        WHERE tenant_id = $1 AND company_id = $2 AND ($3::uuid IS NULL OR id > $3::uuid)
          AND (is_active OR separation_date >= $5::date) AND (hire_date IS NULL OR hire_date <= $6::date)
        ORDER BY id LIMIT $4`,
      [tenantId, companyId, afterId, limit, from, to],
    ),

  /**
   * Punches of the company's employees with ids from `firstId` to `lastId` (a batch of the store, by id) in
   * [from, to), by employee and time, the instant as epoch milliseconds. An id range, not a list, so it is one
   * ordered scan of the punch key (tenant, employee, instant).
   */
  punchesForStore: (
    tx: Tx,
    tenantId: string,
    companyId: string,
    firstId: string,
    lastId: string,
    from: Date,
    to: Date,
  ) =>
    tx.query<{ employee_id: string; ms: number; direction: PunchDirection }>(
      `SELECT employee_id, (extract(epoch FROM punched_at) * 1000)::float8 AS ms, direction FROM time_logs
        WHERE tenant_id = $1 AND employee_id BETWEEN $3::uuid AND $4::uuid AND punched_at >= $5 AND punched_at < $6
          AND company_id = $2
        ORDER BY employee_id, punched_at`,
      [tenantId, companyId, firstId, lastId, from, to],
    ),

  /**
   * Replaces the stored days of the employees from `from` to `to` with `days`, in two statements: a delete of
   * what was stored, then one insert of all rows from parallel arrays (`unnest`). A row names its employee by
   * index into `employeeIds` and its date by offset from `from`, which keeps the parameters short. The ids are
   * in order, so the delete also names their range: an index range scan of the key, where `= ANY` alone on a
   * table without statistics (a first store) is guessed to match every row and scans the whole table per batch.
   * Both statements are sent at once: the insert does not wait for the caller to hear back about the delete.
   */
  async replaceDays(
    tx: Tx,
    tenantId: string,
    companyId: string,
    employeeIds: string[],
    from: string,
    to: string,
    days: StoredDays,
  ) {
    const deleting = tx.query(
      `DELETE FROM attendance_days
        WHERE tenant_id = $1 AND employee_id BETWEEN $2::uuid AND $3::uuid AND employee_id = ANY($4::uuid[])
          AND date BETWEEN $5::date AND $6::date`,
      [tenantId, employeeIds[0], employeeIds[employeeIds.length - 1], employeeIds, from, to],
    );
    if (!days.employee.length) {
      await deleting;
      return;
    }
    const inserting = tx.query(
      `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, shift_name, day_type, rest_day,
              worked_minutes, late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes,
              payable_overtime_minutes, overtime_night_minutes, absent, on_leave, anomalies, computed_at)
       SELECT $1, $2, ($3::uuid[])[d.e], $4::date + d.o, d.shift_name, d.day_type, d.rest_day, d.worked, d.late,
              d.undertime, d.night, d.overtime, d.payable, d.overtime_night, d.absent, d.on_leave,
              coalesce(d.anomalies::text[], '{}'), $5
         FROM unnest($6::int[], $7::int[], $8::text[], $9::text[], $10::bool[], $11::int[], $12::int[], $13::int[],
                     $14::int[], $15::int[], $16::int[], $17::int[], $18::bool[], $19::bool[], $20::text[])
           AS d(e, o, shift_name, day_type, rest_day, worked, late, undertime, night, overtime, payable,
                overtime_night, absent, on_leave, anomalies)`,
      [
        tenantId,
        companyId,
        employeeIds,
        from,
        days.computedAt,
        days.employee,
        days.offset,
        days.shiftName,
        days.dayType,
        days.restDay,
        days.worked,
        days.late,
        days.undertime,
        days.night,
        days.overtime,
        days.payable,
        days.overtimeNight,
        days.absent,
        days.onLeave,
        days.anomalies,
      ],
    );
    await Promise.all([deleting, inserting]);
  },

  holidays: (tx: Tx, tenantId: string, companyId: string, from: string, to: string) =>
    tx.query<{
      date: string;
      name: string;
      type: 'Regular' | 'SpecialNonWorking' | 'SpecialWorking';
      work_location_id: string | null;
    }>(
      `SELECT date::text, name, type, work_location_id FROM holidays
        WHERE tenant_id = $1 AND company_id = $2 AND date BETWEEN $3::date AND $4::date AND NOT is_draft`,
      [tenantId, companyId, from, to],
    ),
};
