import { randomUUID } from 'node:crypto';
import {
  formatIsoDate,
  ProblemTypes,
  type AttendanceDay,
  type AttendanceRequest,
  type CreateTimeLogRequest,
  type DeleteTimeLogRequest,
  type ListResponse,
  type StoreAttendanceRequest,
  type StoreAttendanceResult,
  type TimeLog,
  type TimeLogListRequest,
  type UpdateTimeLogRequest,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { addDays, fromManilaLocal, manilaDayStart } from '../../lib/manila.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { approvedRequests } from '../requests/service.js';
import {
  scheduleSpanOf,
  computeAttendance,
  dateOfDay,
  dayNumber,
  localText,
  type DayResult,
  type PunchInput,
  type ScheduleSource,
} from './attendance.js';
import type { ApprovedRequests } from './approved-requests.js';
import {
  timeLogsRepo as repo,
  type AttendanceEmployee,
  type AttendanceFilter,
  type PunchToStore,
  type StoredDays,
} from './repository.js';

export const STALE_TIME_LOG =
  'This punch was changed by someone else since you opened it. Reload to see the latest version.';
const DUPLICATE_PUNCH = 'This employee already has a punch at that time.';
/**
 * Employees per batch of the attendance store: about 60,000 punches read and 30,000 days written for 15 days.
 * Read at each store, so a test can set it (the attendance-store test stores two employees a batch).
 */
const storeBatch = () => Math.max(1, Number(process.env.ATTENDANCE_STORE_BATCH ?? 2000));
/**
 * The store's reads run the same statements batch after batch with other ids: each is planned for its own
 * values, never a generic plan that guesses the selectivity of an id range and scans the company's punches
 * once per batch. Only the reads: see `write` in `storeAttendance`.
 */
const CUSTOM_PLANS = 'SET LOCAL plan_cache_mode = force_custom_plan';
const DEFAULT_PLANS = 'SET LOCAL plan_cache_mode TO DEFAULT';

/**
 * Punches of the signed-in HR user's own company (the company comes from the user, never from the client). Every
 * change says why and writes an audit row with the punch before and after; nothing is overwritten silently.
 */
export const timeLogsService = {
  list: (tx: Tx, user: CurrentUser, req: ReturnType<typeof TimeLogListRequest.parse>) =>
    repo.list(tx, user.tenantId, user.companyId, req),

  async get(tx: Tx, user: CurrentUser, id: string, forUpdate = false): Promise<TimeLog> {
    const punch = await repo.get(tx, user.tenantId, user.companyId, id, forUpdate);
    if (!punch) throw problems.notFound('The punch was not found.');
    return punch;
  },

  async create(tx: Tx, user: CurrentUser, input: ReturnType<typeof parseFields>): Promise<TimeLog> {
    const punch = await checkPunch(tx, user, input);
    const id = randomUUID();
    await repo.insert(tx, user.tenantId, user.companyId, id, {
      ...punch,
      source: 'Manual',
      reason: input.Reason,
    });
    const saved = await this.get(tx, user, id);
    await writeAudit(tx, user, { entity: 'time_log', entityId: id, action: 'create', after: saved });
    return saved;
  },

  async update(tx: Tx, user: CurrentUser, id: string, input: UpdateTimeLogRequest): Promise<TimeLog> {
    const before = await this.get(tx, user, id, true);
    if (before.RowVersion !== input.RowVersion) throw problems.stale(STALE_TIME_LOG);
    const punch = await checkPunch(tx, user, parseFields(input), before.TimeLogId);
    const reason = input.Reason.trim();
    if (!(await repo.update(tx, user.tenantId, before.TimeLogId, input.RowVersion, { ...punch, reason }))) {
      throw problems.stale(STALE_TIME_LOG);
    }
    const after = await this.get(tx, user, before.TimeLogId);
    await writeAudit(tx, user, { entity: 'time_log', entityId: id, action: 'update', before, after });
    return after;
  },

  async remove(tx: Tx, user: CurrentUser, id: string, input: DeleteTimeLogRequest) {
    const before = await this.get(tx, user, id, true);
    if (input.RowVersion !== undefined && input.RowVersion !== before.RowVersion) {
      throw problems.stale(STALE_TIME_LOG);
    }
    await repo.delete(tx, user.tenantId, before.TimeLogId);
    await writeAudit(tx, user, {
      entity: 'time_log',
      entityId: before.TimeLogId,
      action: 'delete',
      before,
      after: { Reason: input.Reason.trim() },
    });
    return {
      // As the web names it ("Dec 14, 2026 08:00"): the date read as people read it, the time to the minute.
      Message: `The punch of ${before.EmployeeName} at ${formatIsoDate(before.PunchedAt.slice(0, 10))} ${before.PunchedAt.slice(11, 16)} was deleted.`,
    };
  },

  /**
   * One row per employee per day of the range: by employee (name order, each one's days in date order) or by
   * date (each day's employees in name order). Without the anomaly filter the rows are known before anything is
   * computed (employees x days), so only the page's employees are read (SQL pages the employees) and computed.
   */
  async attendance(
    tx: Tx,
    user: CurrentUser,
    req: ReturnType<typeof AttendanceRequest.parse>,
  ): Promise<ListResponse<AttendanceDay>> {
    if (
      req.EmployeeId &&
      !(await repo.employeeInCompany(tx, user.tenantId, user.companyId, req.EmployeeId))
    ) {
      throw problems.notFound('The employee was not found.');
    }
    const filter = {
      from: req.DateFrom,
      to: req.DateTo,
      employeeId: req.EmployeeId,
      departmentId: req.DepartmentId,
    };
    const start = (req.Page - 1) * req.PageSize;
    if (req.OnlyAnomalies) return anomalyDays(tx, user, req, filter, start);
    const dayCount = dayNumber(req.DateTo) - dayNumber(req.DateFrom) + 1;
    const employeeCount = await repo.attendanceEmployeeCount(tx, user.tenantId, user.companyId, filter);
    const total = employeeCount * dayCount;
    const end = Math.min(total, start + req.PageSize);
    if (start >= end) return { Items: [], TotalCount: total };
    // Row i is the employee of rank i / days on day i % days (by employee), or of rank i % employees on day
    // i / employees (by date); a page by date may end a day's employees and start the next day's.
    const byDate = req.OrderBy === 'Date';
    const rowAt = (i: number) =>
      byDate
        ? { rank: i % employeeCount, day: Math.floor(i / employeeCount) }
        : { rank: Math.floor(i / dayCount), day: i % dayCount };
    const first = rowAt(start).rank;
    const last = rowAt(end - 1).rank;
    // The ranks the page holds, first to last: one stretch, or by date the end and the start of the order.
    const ranges: [number, number][] =
      byDate && end - start >= employeeCount
        ? [[0, employeeCount - 1]]
        : first <= last
          ? [[first, last]]
          : [
              [0, last],
              [first, employeeCount - 1],
            ];
    const pages = await Promise.all(
      ranges.map(([from, to]) =>
        repo.attendanceEmployees(tx, user.tenantId, user.companyId, filter, {
          offset: from,
          limit: to - from + 1,
        }),
      ),
    );
    const byRank = new Map<number, AttendanceEmployee>();
    pages.forEach((page, n) => page.forEach((e, k) => byRank.set(ranges[n]![0] + k, e)));
    const employees = [...byRank.values()];
    const resultsOf = employees.length
      ? await attendanceResults(tx, user, req, employees, rangeHolidays(tx, user, req))
      : () => [];
    const Items: AttendanceDay[] = [];
    for (let i = start; i < end; i++) {
      const { rank, day } = rowAt(i);
      const e = byRank.get(rank);
      // Missing only if an employee left the filter between the count and the page (another transaction).
      const r = e && resultsOf(e)[day];
      if (e && r) Items.push(attendanceDay(e, r));
    }
    return { Items, TotalCount: total };
  },
};

/**
 * Computes the attendance of every employee of the user's company employed on some day from `DateFrom` to
 * `DateTo` (a leaver too, up to the separation date) and stores the days of their employment in
 * `attendance_days`, replacing what was stored for those employees and days (a second run stores the same
 * rows again, a corrected punch shows in the new rows). Employees go in batches of `storeBatch()` by id: their
 * punches, schedules and approved requests in one read each, the days computed by the same pure
 * `computeAttendance` as the on-read endpoint, and written with one delete and one `unnest` insert. The writes
 * of a batch are sent after the reads of the next one, so the database stores one batch while the server
 * computes the next. Runs in the request's transaction: all days of the range are stored, or none.
 */
export async function storeAttendance(
  tx: Tx,
  user: CurrentUser,
  req: StoreAttendanceRequest,
): Promise<StoreAttendanceResult> {
  const { tenantId, companyId } = user;
  const from = req.DateFrom;
  const to = req.DateTo;
  const computedAt = new Date();
  const holidays = await repo.holidays(tx, tenantId, companyId, from, to);
  const holidaysOf = holidaysByLocation(holidays);
  const first = dayNumber(from);
  // Days a finalised payroll period paid stay as stored: left out of the write, counted and named in the answer.
  const frozenRows = await repo.frozenSpans(tx, tenantId, companyId, from, to);
  const frozenOf = groupBy(
    frozenRows,
    (f) => f.employee_id,
    (f) => ({ employeeId: f.employee_id, first: f.first, last: f.last }),
  );
  const frozenPeriods = [...new Set(frozenRows.map((f) => f.name))];
  const totals = { employees: 0, days: 0, anomalies: 0, notOver: 0, finalised: 0 };
  let employees = await repo.storeEmployees(tx, tenantId, companyId, null, storeBatch(), from, to);
  // The batch computed last, written once the next batch's reads are on their way.
  let pending: { ids: string[]; days: StoredDays } | null = null;
  // Back to the default plan cache first: the write's foreign-key checks are cached plans run once per row,
  // which force_custom_plan would plan again for every row (most of the write's time at 100,000 employees).
  const write = (batch: { ids: string[]; days: StoredDays }) =>
    Promise.all([
      tx.query(DEFAULT_PLANS),
      repo.replaceDays(
        tx,
        tenantId,
        companyId,
        batch.ids,
        from,
        to,
        batch.days,
        batch.ids.flatMap((id) => frozenOf.get(id) ?? []),
      ),
    ]);
  const trace = { reads: 0, compute: 0, writeWait: 0 };
  while (employees.length) {
    const ids = employees.map((e) => e.id);
    // In this order on the connection: this batch's reads and the next page of employees, then the previous
    // batch's write, which the database runs while this batch is computed below.
    const reads = Promise.all([
      tx.query(CUSTOM_PLANS),
      repo.schedules(tx, tenantId, ids, dateOfDay(first - 1), dateOfDay(dayNumber(to) + 1)),
      repo.punchesForStore(
        tx,
        tenantId,
        companyId,
        ids[0]!,
        ids[ids.length - 1]!,
        manilaDayStart(from, -1),
        manilaDayStart(to, 2),
      ),
      approvedRequests(tx, user, ids, from, to),
      repo.storeEmployees(tx, tenantId, companyId, ids[ids.length - 1]!, storeBatch(), from, to),
    ]);
    const writing = pending ? write(pending) : null;
    // Each is awaited below; whichever fails first must not leave the other's failure unhandled.
    reads.catch(() => undefined);
    writing?.catch(() => undefined);
    let at = performance.now();
    const [, schedules, punches, approved, next] = await reads;
    trace.reads += performance.now() - at;
    at = performance.now();
    const inputsOf = inputsByEmployee(schedules, punches, (p) => new Date(p.ms), approved);
    const days = emptyDays(computedAt);
    employees.forEach((e, index) => {
      const results = computeAttendance({
        from,
        to,
        ...inputsOf(e.id),
        holidays: holidaysOf(e.work_location_id),
        now: computedAt,
      });
      // Only the days of employment: none before the hire date or after the separation date. A day whose shift
      // has not ended is left out: stored, it would read as absent or undertime (the store is run again later).
      const frozen = frozenOf.get(e.id);
      results.forEach((r, offset) => {
        if (employmentOn(e, r.date) !== 'Employed') return;
        if (frozen?.some((f) => r.date >= f.first && r.date <= f.last)) {
          totals.finalised++;
          return;
        }
        if (r.notOver) {
          totals.notOver++;
          return;
        }
        addDay(days, index + 1, offset, r);
      });
    });
    totals.employees += employees.length;
    totals.days += days.employee.length;
    totals.anomalies += days.anomalies.reduce((n, a) => n + (a === null ? 0 : 1), 0);
    trace.compute += performance.now() - at;
    at = performance.now();
    await writing;
    trace.writeWait += performance.now() - at;
    pending = { ids, days };
    employees = next;
  }
  if (pending) await write(pending);
  if (process.env.ATTENDANCE_STORE_TRACE) console.error('attendance store', JSON.stringify(trace));
  const result: StoreAttendanceResult = {
    DateFrom: from,
    DateTo: to,
    Employees: totals.employees,
    Days: totals.days,
    Anomalies: totals.anomalies,
    DaysNotOver: totals.notOver,
    DaysFinalised: totals.finalised,
    FinalisedPeriods: frozenPeriods,
    ComputedAt: computedAt.toISOString(),
  };
  await writeAudit(tx, user, {
    entity: 'attendance_days',
    entityId: companyId,
    action: 'update',
    after: result,
  });
  return result;
}

/**
 * The page of the attendance view's "only anomalies" rows. Which days have an anomaly is known only once computed,
 * so every employee of the filter who may have one (`anomalyCandidates`: a provable superset, read fresh with each
 * page, nothing kept between pages) is computed, `storeBatch()` employees at a time in id order (the punches' index
 * order), the next batch's reads on their way while one is computed; only the anomaly days are kept. Reading and
 * computing the whole filter at once held every employee's punches and results in memory at the same time (a
 * week of 100,000 employees, 1.4 million punches: 2.6 GB of server memory).
 */
async function anomalyDays(
  tx: Tx,
  user: CurrentUser,
  req: ReturnType<typeof AttendanceRequest.parse>,
  filter: AttendanceFilter,
  start: number,
): Promise<ListResponse<AttendanceDay>> {
  // Only the employees who may have an anomaly (repository: a provable superset, in the view's order): in a
  // company where most days are an in and an out within the shift, a small part of it.
  const employees = await repo.anomalyCandidates(tx, user.tenantId, user.companyId, filter, {
    from: req.DateFrom,
    to: req.DateTo,
    firstDay: dayNumber(req.DateFrom),
    lastDay: dayNumber(req.DateTo),
  });
  const rankOf = new Map(employees.map((e, rank) => [e.id, rank]));
  const byId = [...employees].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const size = storeBatch();
  const batches: AttendanceEmployee[][] = [];
  for (let i = 0; i < byId.length; i += size) batches.push(byId.slice(i, i + size));
  const found: { rank: number; day: AttendanceDay }[] = [];
  const holidays = rangeHolidays(tx, user, req);
  const read = (batch: AttendanceEmployee[] | undefined) => {
    if (!batch) return null;
    const reading = attendanceResults(tx, user, req, batch, holidays);
    reading.catch(() => undefined); // awaited below; a failure must not go unhandled while a batch computes
    return reading;
  };
  let reading = read(batches[0]);
  for (let b = 0; b < batches.length; b++) {
    const resultsOf = await reading!;
    reading = read(batches[b + 1]);
    for (const e of batches[b]!) {
      for (const r of resultsOf(e))
        if (r.anomalies.length && employmentOn(e, r.date) === 'Employed')
          found.push({ rank: rankOf.get(e.id)!, day: attendanceDay(e, r) });
    }
  }
  // By employee: name order, each one's days in date order; by date: each day's employees in name order.
  const byDate = req.OrderBy === 'Date';
  const dates = (x: { day: AttendanceDay }, y: { day: AttendanceDay }) =>
    x.day.Date < y.day.Date ? -1 : x.day.Date > y.day.Date ? 1 : 0;
  found.sort((x, y) => (byDate && dates(x, y)) || x.rank - y.rank || dates(x, y));
  return { Items: found.slice(start, start + req.PageSize).map((f) => f.day), TotalCount: found.length };
}

/** The company's holidays of the range, read once for all the batches of employees computed over it. */
function rangeHolidays(tx: Tx, user: CurrentUser, req: ReturnType<typeof AttendanceRequest.parse>) {
  const holidays = repo.holidays(tx, user.tenantId, user.companyId, req.DateFrom, req.DateTo);
  holidays.catch(() => undefined); // awaited by each batch; with no employee, by none
  return holidays;
}

/**
 * The days of the range of each of `employees` (computed once each, on first ask): their schedules, punches and
 * approved requests read in one statement each, for those employees only; the range's holidays as read once
 * (rangeHolidays).
 */
async function attendanceResults(
  tx: Tx,
  user: CurrentUser,
  req: ReturnType<typeof AttendanceRequest.parse>,
  employees: readonly AttendanceEmployee[],
  holidaysRead: ReturnType<typeof repo.holidays>,
) {
  const ids = employees.map((e) => e.id);
  // Punches from the evening before (a night shift's window) to two days after (the last night shift).
  const [schedules, punches, holidays, approved] = await Promise.all([
    repo.schedules(
      tx,
      user.tenantId,
      ids,
      dateOfDay(dayNumber(req.DateFrom) - 1),
      dateOfDay(dayNumber(req.DateTo) + 1),
    ),
    repo.punchesBetween(
      tx,
      user.tenantId,
      user.companyId,
      ids,
      manilaDayStart(req.DateFrom, -1),
      manilaDayStart(req.DateTo, 2),
    ),
    holidaysRead,
    approvedRequests(tx, user, ids, req.DateFrom, req.DateTo),
  ]);
  // Each employee's rows are found in maps made once: filtering every array for every employee grew with
  // employees x punches (151 s for a department of 25,000 over 7 days, the event loop held).
  const inputsOf = inputsByEmployee(schedules, punches, (p) => new Date(p.ms), approved);
  const holidaysOf = holidaysByLocation(holidays);
  const computed = new Map<string, DayResult[]>();
  const now = new Date();
  return (e: AttendanceEmployee) => {
    let results = computed.get(e.id);
    if (!results) {
      results = computeAttendance({
        from: req.DateFrom,
        to: req.DateTo,
        ...inputsOf(e.id),
        holidays: holidaysOf(e.work_location_id),
        now,
      });
      computed.set(e.id, results);
    }
    return results;
  };
}

/** Whether `date` is a day of the employee's employment (the store keeps only those). */
const employmentOn = (e: { hire_date: string | null; separation_date: string | null }, date: string) =>
  e.hire_date && date < e.hire_date
    ? 'NotYetHired'
    : e.separation_date && date > e.separation_date
      ? 'Separated'
      : 'Employed';

/**
 * A day as the view shows it. A day outside the employment (an employee chosen by name, or hired or separated
 * within the range) is not judged: nothing was expected of them, so it is neither absent nor late.
 */
function attendanceDay(e: AttendanceEmployee, result: DayResult): AttendanceDay {
  const employment = employmentOn(e, result.date);
  const r: DayResult =
    employment === 'Employed'
      ? result
      : { ...result, absent: false, lateMinutes: 0, undertimeMinutes: 0, anomalies: [], notOver: false };
  return {
    EmployeeId: e.id,
    EmployeeNumber: e.employee_number,
    EmployeeName: e.name,
    DepartmentName: e.department_name,
    Date: r.date,
    ShiftName: r.shiftName,
    DayType: r.dayType,
    RestDay: r.restDay,
    HolidayNames: r.holidayNames,
    FirstIn: r.firstIn === null ? null : localText(r.firstIn),
    LastOut: r.lastOut === null ? null : localText(r.lastOut),
    PunchCount: r.punchCount,
    WorkedMinutes: r.workedMinutes,
    LateMinutes: r.lateMinutes,
    UndertimeMinutes: r.undertimeMinutes,
    NightDiffMinutes: r.nightDiffMinutes,
    OvertimeMinutes: r.overtimeMinutes,
    PayableOvertimeMinutes: r.payableOvertimeMinutes,
    WorkedHours: hours(r.workedMinutes),
    NightDiffHours: hours(r.nightDiffMinutes),
    OvertimeHours: hours(r.overtimeMinutes),
    PayableOvertimeHours: hours(r.payableOvertimeMinutes),
    Absent: r.absent,
    OnLeave: r.onLeave,
    Anomalies: r.anomalies,
    NotOver: r.notOver,
    Employment: employment,
  };
}

function groupBy<T, K, V>(rows: readonly T[], keyOf: (row: T) => K, valueOf: (row: T) => V) {
  const groups = new Map<K, V[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(valueOf(row));
    else groups.set(key, [valueOf(row)]);
  }
  return groups;
}

/**
 * Each employee's schedules, punches and approved overtime and leave, by id: every array is read once, so the
 * attendance of a whole company grows with its rows, not with employees x punches.
 */
function inputsByEmployee<P extends { employee_id: string; direction: PunchInput['direction'] }>(
  schedules: readonly (ScheduleSource & { employee_id: string })[],
  punches: readonly P[],
  atOf: (punch: P) => Date,
  approved: ApprovedRequests,
) {
  const schedulesOf = groupBy(schedules, (s) => s.employee_id, scheduleSpanOf);
  const punchesOf = groupBy(
    punches,
    (p) => p.employee_id,
    (p): PunchInput => ({ at: atOf(p), direction: p.direction }),
  );
  const overtimeOf = groupBy(
    approved.overtime,
    (o) => o.employeeId,
    (o) => o,
  );
  const leaveOf = groupBy(
    approved.leave,
    (l) => l.employeeId,
    (l) => l,
  );
  return (employeeId: string) => ({
    schedules: schedulesOf.get(employeeId) ?? [],
    punches: punchesOf.get(employeeId) ?? [],
    overtime: overtimeOf.get(employeeId) ?? [],
    leave: leaveOf.get(employeeId) ?? [],
  });
}

/** The holidays that apply at a work location (the company's and the location's own), each list made once. */
function holidaysByLocation<H extends { work_location_id: string | null }>(holidays: readonly H[]) {
  const byLocation = new Map<string | null, H[]>();
  return (location: string | null) => {
    let found = byLocation.get(location);
    if (!found) {
      found = holidays.filter((h) => h.work_location_id === null || h.work_location_id === location);
      byLocation.set(location, found);
    }
    return found;
  };
}

const emptyDays = (computedAt: Date): StoredDays => ({
  computedAt,
  employee: [],
  offset: [],
  shiftName: [],
  dayType: [],
  restDay: [],
  worked: [],
  late: [],
  undertime: [],
  night: [],
  overtime: [],
  payable: [],
  overtimeNight: [],
  absent: [],
  onLeave: [],
  anomalies: [],
});

function addDay(days: StoredDays, employee: number, offset: number, r: DayResult) {
  days.employee.push(employee);
  days.offset.push(offset);
  days.shiftName.push(r.shiftName);
  days.dayType.push(r.dayType);
  days.restDay.push(r.restDay);
  days.worked.push(r.workedMinutes);
  days.late.push(r.lateMinutes);
  days.undertime.push(r.undertimeMinutes);
  days.night.push(r.nightDiffMinutes);
  days.overtime.push(r.overtimeMinutes);
  days.payable.push(r.payableOvertimeMinutes);
  days.overtimeNight.push(r.overtimeNightMinutes);
  days.absent.push(r.absent);
  days.onLeave.push(r.onLeave);
  days.anomalies.push(r.anomalies.length ? `{${r.anomalies.join(',')}}` : null);
}

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

export const parseFields = (input: CreateTimeLogRequest) => ({
  EmployeeId: input.EmployeeId,
  PunchedAt: input.PunchedAt,
  Direction: input.Direction ?? 'Unknown',
  Reason: input.Reason.trim(),
});

const PUNCH_CLOCK_LEEWAY_MS = 5 * 60_000;

/**
 * The employee must be of the company, have no other punch at that instant, and the instant must be past and
 * inside the employment: not before the hire date, nor after the morning following the separation date (a night
 * shift's Out on the last day).
 */
async function checkPunch(
  tx: Tx,
  user: CurrentUser,
  input: ReturnType<typeof parseFields>,
  selfId?: string,
): Promise<PunchToStore> {
  const employment = await repo.employmentOf(tx, user.tenantId, user.companyId, input.EmployeeId);
  if (!employment) {
    throw problems.badRequest('One or more fields are invalid.', [
      { Code: 'EmployeeId', Description: 'The employee was not found in this company' },
    ]);
  }
  const day = input.PunchedAt.slice(0, 10);
  const outside =
    employment.hire_date && day < employment.hire_date
      ? `The employee was hired on ${formatIsoDate(employment.hire_date)}: a punch cannot be before it`
      : employment.separation_date && day > addDays(employment.separation_date, 1)
        ? `The employee separated on ${formatIsoDate(employment.separation_date)}: a punch cannot be after their last shift`
        : null;
  if (outside) {
    throw problems.badRequest('One or more fields are invalid.', [
      { Code: 'PunchedAt', Description: outside },
    ]);
  }
  const punchedAt = fromManilaLocal(input.PunchedAt);
  // HR walkthrough: an Out at 23:00 entered at 15:25 was taken, and the day read 8 hours worked before they were.
  // A punch records what happened; a few minutes' leeway is for a clock a little ahead of the server's.
  if (punchedAt.getTime() > Date.now() + PUNCH_CLOCK_LEEWAY_MS) {
    throw problems.badRequest('One or more fields are invalid.', [
      { Code: 'PunchedAt', Description: 'A punch cannot be later than the current time' },
    ]);
  }
  if (await repo.punchAt(tx, user.tenantId, input.EmployeeId, punchedAt, selfId)) {
    throw problems.conflict(DUPLICATE_PUNCH, ProblemTypes.duplicate);
  }
  return { employeeId: input.EmployeeId, punchedAt, direction: input.Direction };
}
