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
import { addDays, manilaDayStart, toManilaLocal } from '../../lib/manila.js';
import { employedDuring } from '../employees/employment.js';
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
  hire_date: string | null;
  separation_date: string | null;
}

/** Whom attendance lists over the range `from`-`to`: one employee, or those employed on some day of it. */
export interface AttendanceFilter {
  from: string;
  to: string;
  employeeId?: string;
  departmentId?: string;
}

const EMPLOYMENT_DATES = `e.hire_date::text AS hire_date, e.separation_date::text AS separation_date`;

function attendanceWhere(tenantId: string, companyId: string, filter: AttendanceFilter) {
  const where = new Conditions(tenantId, companyId).add('e.tenant_id = $1 AND e.company_id = $2');
  if (filter.employeeId) where.add('e.id = $?', filter.employeeId);
  // Employed on some day of the range, as the store takes them: a hire yet to start and a leaver of an earlier
  // range are not listed; a leaver's days up to the separation date are (employment.ts).
  else where.add(employedDuring('e', `${where.param(filter.from)}::date`, `${where.param(filter.to)}::date`));
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

  /** The hire and separation dates of an employee of the company; null when the company has no such employee. */
  async employmentOf(tx: Tx, tenantId: string, companyId: string, employeeId: string) {
    const [row] = await tx.query<{ hire_date: string | null; separation_date: string | null }>(
      `SELECT ${EMPLOYMENT_DATES} FROM employees e WHERE e.tenant_id = $1 AND e.company_id = $2 AND e.id = $3`,
      [tenantId, companyId, employeeId],
    );
    return row ?? null;
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
              e.work_location_id, ${EMPLOYMENT_DATES}
         FROM employees e LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
        WHERE ${where.sql}
        ORDER BY ${nameSortKey('e.last_name')}, ${nameSortKey('e.first_name')}, e.id${limit}`,
      where.params,
    );
  },

  /**
   * The employees `attendanceEmployees` lists (same order) who may have an anomaly from `from` to `to`: a
   * provable superset of those with one, so the "only anomalies" view computes these alone. An employee is left
   * out only when attendance's rules (attendance.ts, `computeAttendance` and `computeDay`) cannot flag a day:
   * - no punch from the day before `from` to two days after `to` (the punches attendance reads): every anomaly
   *   needs a punch in the day's window;
   * - or a plain schedule, whose every day in the range is clean. Plain: one schedule in force from the day
   *   before `from` to the day after `to`, with a fixed (not flexible) shift of at most 16 hours, its break
   *   shorter than the shift. Each day's window is then the shift's start - 4 h to its end + 8 h, cut at the next
   *   day's window's start (start + 20 h): up to 12 hours the windows never meet; up to 16 hours `boundary` puts
   *   the cut at the later of the next window's start and halfway from the end to the next start, which is the
   *   next window's start. So a punch at local minute m is on day (m - start + 240) div 1440 when m is before
   *   that day's start + len + 480. A day is clean when its window holds
   *   no punch, or two or more with an In or Unknown one (the first in, at the earliest such minute) and an Out
   *   or Unknown one at a later minute (the last out: no MissingIn, MissingOut or SinglePunch), the work from the
   *   first in to the last out covering a minute of the shift outside its break (paid shift minutes: never
   *   NoWorkInShift, whatever the day is: a rest day, a holiday, leave or approved overtime only change
   *   whether NoWorkInShift can be flagged at all).
   * Punch minutes as attendance takes them: the epoch milliseconds read as a float8, floored to minutes, +480
   * (Manila). Every other employee with a punch is kept (shifts over 16 h, flexible shifts, no shift, a schedule
   * changing in the range).
   */
  anomalyCandidates(
    tx: Tx,
    tenantId: string,
    companyId: string,
    filter: AttendanceFilter,
    range: { from: string; to: string; firstDay: number; lastDay: number },
  ) {
    const where = attendanceWhere(tenantId, companyId, filter);
    const p = {
      beforeFrom: where.param(addDays(range.from, -1)),
      afterTo: where.param(addDays(range.to, 1)),
      punchesFrom: where.param(manilaDayStart(range.from, -1)),
      punchesTo: where.param(manilaDayStart(range.to, 2)),
      firstDay: where.param(range.firstDay),
      lastDay: where.param(range.lastDay),
    };
    // One employee: only their punches are read (the rest of the filter is applied to the candidates at the end).
    const onePunches = filter.employeeId ? ` AND t.employee_id = ${where.param(filter.employeeId)}` : '';
    // The fences (MATERIALIZED, OFFSET 0) keep each expression computed once a row: inlined, the planner repeated
    // the minute and the shift's figures in every condition and grouping key (twice the time).
    return tx.query<AttendanceEmployee>(
      `WITH f AS MATERIALIZED (SELECT e.id FROM employees e WHERE ${where.sql}),
       -- The schedule in force on the day after the range; plain if it is also the one of the day before it.
       latest AS (
         SELECT DISTINCT ON (s.employee_id) s.employee_id, s.effective_date, sh.time_in, sh.time_out,
                sh.break_minutes, sh.is_flexible
           FROM employee_schedules s JOIN f ON f.id = s.employee_id
           LEFT JOIN shifts sh ON sh.tenant_id = s.tenant_id AND sh.id = s.shift_id
          WHERE s.tenant_id = $1 AND s.effective_date <= ${p.afterTo}::date
          ORDER BY s.employee_id, s.effective_date DESC),
       clock AS (
         SELECT employee_id, break_minutes AS brk,
                coalesce(effective_date <= ${p.beforeFrom}::date AND time_in IS NOT NULL AND time_out IS NOT NULL
                         AND NOT is_flexible, false) AS fixed,
                (date_part('hour', time_in) * 60 + date_part('minute', time_in))::int AS tin,
                (date_part('hour', time_out) * 60 + date_part('minute', time_out))::int AS tout
           FROM latest),
       plan AS MATERIALIZED (
         SELECT employee_id, tin, len, brk, fixed AND len <= 960 AND brk < len AS plain
           FROM (SELECT employee_id, fixed, tin, brk,
                        CASE WHEN tout <= tin THEN tout + 1440 - tin ELSE tout - tin END AS len
                   FROM clock) c),
       punches AS (
         SELECT t.employee_id, t.direction,
                floor(((extract(epoch FROM t.punched_at) * 1000)::float8) / 60000)::bigint + 480 AS m
           FROM time_logs t
          WHERE t.tenant_id = $1 AND t.company_id = $2 AND t.punched_at >= ${p.punchesFrom}
            AND t.punched_at < ${p.punchesTo}${onePunches}
         OFFSET 0),
       -- A plain schedule's punch on the day whose window holds it (d); another employee's on no day (null).
       placed AS (
         SELECT p.employee_id, p.direction, p.m, pl.tin, pl.len, pl.brk,
                CASE WHEN pl.plain THEN (p.m - pl.tin + 240) / 1440 END AS d
           FROM punches p LEFT JOIN plan pl ON pl.employee_id = p.employee_id
         OFFSET 0),
       days AS (
         SELECT employee_id, d, min(tin) AS tin, min(len) AS len, min(brk) AS brk, count(*) AS n,
                min(m) FILTER (WHERE direction <> 'Out') AS fi, max(m) FILTER (WHERE direction <> 'In') AS lo
           FROM placed
          WHERE d IS NULL
             OR (d BETWEEN ${p.firstDay} AND ${p.lastDay} AND m - (d * 1440 + tin - 240) < len + 720)
          GROUP BY employee_id, d),
       candidates AS (
         SELECT DISTINCT employee_id FROM (
           SELECT employee_id, d, n, fi, lo, greatest(fi, d * 1440 + tin) AS os,
                  least(lo, d * 1440 + tin + len) AS oe, d * 1440 + tin + (len - brk) / 2 AS bs,
                  d * 1440 + tin + (len - brk) / 2 + brk AS be
             FROM days) g
          WHERE d IS NULL OR NOT coalesce(n >= 2 AND lo > fi AND oe > os AND (os < bs OR oe > be), false))
       SELECT e.id, e.employee_number, concat_ws(' ', e.first_name, e.last_name) AS name, d.name AS department_name,
              e.work_location_id, ${EMPLOYMENT_DATES}
         FROM employees e LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
        WHERE ${where.sql} AND e.id IN (SELECT employee_id FROM candidates)
        ORDER BY ${nameSortKey('e.last_name')}, ${nameSortKey('e.first_name')}, e.id`,
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
      `SELECT e.id, e.work_location_id, ${EMPLOYMENT_DATES}
         FROM employees e
        WHERE e.tenant_id = $1 AND e.company_id = $2 AND ($3::uuid IS NULL OR e.id > $3::uuid)
          AND ${employedDuring('e', '$5::date', '$6::date')}
        ORDER BY e.id LIMIT $4`,
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
  /**
   * The days from `from` to `to` a finalised (or paid) payroll period paid, per employee: their stored attendance
   * can no longer change (migration 0022's guard). A regular period's are every employee's; a final pay's, its
   * employee's. Spans with the period's name, the employee's by id.
   */
  frozenSpans: (tx: Tx, tenantId: string, companyId: string, from: string, to: string) =>
    tx.query<{ employee_id: string; first: string; last: string; name: string }>(
      `SELECT s.employee_id, greatest(p.cutoff_start, $3::date)::text AS first,
              least(p.cutoff_end, $4::date)::text AS last, p.name
         FROM payroll_periods p
         JOIN payslips s ON s.tenant_id = p.tenant_id AND s.payroll_period_id = p.id AND s.status <> 'Excluded'
        WHERE p.tenant_id = $1 AND p.company_id = $2 AND p.status IN ('Finalised', 'Paid')
          AND p.cutoff_start <= $4::date AND p.cutoff_end >= $3::date
        ORDER BY s.employee_id, p.cutoff_start`,
      [tenantId, companyId, from, to],
    ),

  /**
   * Replaces the batch's stored days of the range with `days`, leaving the `frozen` spans (of finalised periods)
   * as they are.
   */
  async replaceDays(
    tx: Tx,
    tenantId: string,
    companyId: string,
    employeeIds: string[],
    from: string,
    to: string,
    days: StoredDays,
    frozen: { employeeId: string; first: string; last: string }[] = [],
  ) {
    const keep = frozen.length
      ? `AND NOT EXISTS (SELECT 1 FROM unnest($7::uuid[], $8::date[], $9::date[]) f(e, a, b)
                          WHERE f.e = attendance_days.employee_id AND attendance_days.date BETWEEN f.a AND f.b)`
      : '';
    const deleting = tx.query(
      `DELETE FROM attendance_days
        WHERE tenant_id = $1 AND employee_id BETWEEN $2::uuid AND $3::uuid AND employee_id = ANY($4::uuid[])
          AND date BETWEEN $5::date AND $6::date ${keep}`,
      [
        tenantId,
        employeeIds[0],
        employeeIds[employeeIds.length - 1],
        employeeIds,
        from,
        to,
        ...(frozen.length
          ? [frozen.map((f) => f.employeeId), frozen.map((f) => f.first), frozen.map((f) => f.last)]
          : []),
      ],
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
