import { randomUUID } from 'node:crypto';
import {
  formatIsoDate,
  lastRequestDate,
  formatDateRange,
  ProblemTypes,
  REQUEST_SEGMENTS,
  type CreateLeaveRequest,
  type CreateOvertimeRequest,
  type CreateUndertimeRequest,
  type PortalToday,
  type RequestKind,
  type RequestStatus,
  type TimeRequest,
  type TimeRequestListRequest,
  type UndertimeDetails,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import type { ApprovedRequests } from '../timelogs/approved-requests.js';
import {
  computeAttendance,
  dayPlan,
  scheduleSpanOf,
  type HolidayInput,
  type PunchInput,
  type ScheduleSpan,
  type ShiftRule,
} from '../timelogs/attendance.js';
import { writeAudit } from '../../lib/audit.js';
import type { Mailer } from '../../lib/mailer.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser, RequestContext } from '../../lib/route-access.js';
import { addDays, addMonths, manilaToday } from '../../lib/manila.js';
import { hasSeparated } from '../employees/employment.js';
import { holidaysService } from '../holidays/service.js';
import { leaveService } from '../leave/service.js';
import { requestsRepo as repo, toTimeRequest, type RequestRow, type Schedule } from './repository.js';

const LABEL: Record<RequestKind, string> = { Leave: 'leave', Overtime: 'overtime', Undertime: 'undertime' };
/** A word with its indefinite article: "a leave", "an overtime", "an approved". */
const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
const invalid = (code: string, description: string) =>
  problems.badRequest('One or more fields are invalid.', [{ Code: code, Description: description }]);
const fmtDays = (n: number) =>
  `${n.toLocaleString('en-PH', { maximumFractionDigits: 2 })} day${n === 1 ? '' : 's'}`;

/**
 * A request is for the days the employee is employed (from the hire date to the separation date), and for dates
 * no later than the end of next year (`lastRequestDate`).
 */
function withinEmployment(schedule: Schedule, field: string, from: string, to = from) {
  const lastDate = lastRequestDate(manilaToday());
  if (to > lastDate) {
    throw invalid(
      from > lastDate ? field : 'DateTo',
      `Requests can be filed for dates up to ${formatIsoDate(lastDate)}, the end of next year`,
    );
  }
  if (schedule.hire_date && from < schedule.hire_date) {
    throw invalid(
      field,
      `The employee was hired on ${formatIsoDate(schedule.hire_date)}: a request cannot be dated ${formatIsoDate(from)}, before the hire date`,
    );
  }
  if (schedule.separation_date && to > schedule.separation_date) {
    throw invalid(
      field,
      `The employee was separated on ${formatIsoDate(schedule.separation_date)}: a request cannot be dated ${formatIsoDate(to)}, after the separation date`,
    );
  }
}

/** Manila wall-clock date + time as an instant (UTC+8 all year, no daylight saving). */
const manilaInstant = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Shift minutes from leaving to the end, the unpaid break (in the shift's middle, as daily attendance places
 *  it) left out, as attendance counts undertime. Instants in ms. */
function undertimeMinutes(day: { start: number; end: number; breakMinutes: number }, leaving: number) {
  const length = day.breakMinutes * MINUTE;
  const pause = day.start + Math.floor((day.end - day.start - length) / (2 * MINUTE)) * MINUTE;
  const paused = Math.max(0, Math.min(day.end, pause + length) - Math.max(leaving, pause));
  return Math.round((day.end - leaving - paused) / MINUTE);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The instant a Manila date starts. */
const midnightOf = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
/** The Manila calendar date of an instant (UTC+8 all year). */
const manilaDateOf = (at: Date) => new Date(at.getTime() + 8 * HOUR).toISOString().slice(0, 10);
/** HH:mm of minutes after midnight. */
const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Whether a time of day (minutes after midnight) is in the after-midnight part of an overnight shift's day (its
 * time out at or before its time in): earlier than the time in, and closer to the shift's end the next morning
 * than to its start that evening (before the midpoint between the two). For 16:00-01:00 that is before 08:30,
 * for 22:00-06:00 before 14:00; a day shift has none. At the midpoint or later it is the evening before the shift.
 */
const afterMidnight = (shift: ShiftRule | null, minutes: number) =>
  !!shift &&
  shift.timeOut <= shift.timeIn &&
  minutes < shift.timeIn &&
  2 * minutes < shift.timeIn + shift.timeOut;

/** A day as the filing rules read it: its shift in force (the employee's schedule history, as daily attendance
 *  reads it), whether it is a rest day, its holidays, whether it is a working day, and as instants (ms) the
 *  shift's start and end and the hours daily attendance counts the day's punches in (its window). */
interface PlannedDay {
  date: string;
  shift: ShiftRule | null;
  rest: boolean;
  /** The company's holidays of the day that make it a day off (a special working day is a working day). */
  holiday: string | null;
  working: boolean;
  /** Why the day is not a working day. */
  why: string | null;
  start: number;
  end: number;
  window: [number, number];
}

/**
 * Each date from `from` to `to` as the filing rules read it, on the schedule in force that day: the employee's
 * schedule history, as daily attendance reads it; before any, the employee record, as the filing rules always
 * took it. Also the schedule spans and holidays read, for attendance.
 */
async function planDays(
  tx: Tx,
  user: CurrentUser,
  employeeId: string,
  schedule: Schedule,
  from: string,
  to: string,
) {
  const [rows, calendar] = await Promise.all([
    repo.schedulesBetween(tx, user.tenantId, employeeId, from, to),
    holidaysService.dayTypes(tx, user, from, to, schedule.work_location_id),
  ]);
  const spans: ScheduleSpan[] = [
    scheduleSpanOf({ ...schedule, effective_date: '0001-01-01', shift_rest_days: schedule.rest_days }),
    ...rows.map(scheduleSpanOf),
  ];
  // Local minutes of attendance's day plan as instants.
  const instant = (localMinutes: number) => (localMinutes - 8 * 60) * MINUTE;
  const days = calendar.map((d): PlannedDay => {
    const plan = dayPlan(spans, d.Date);
    const off = d.DayType !== 'ordinary' && d.DayType !== 'special_working';
    const holiday = off ? d.Holidays.map((h) => h.Name).join(' and ') : null;
    return {
      date: d.Date,
      shift: plan.shift,
      rest: plan.restDay,
      holiday,
      working: !plan.restDay && !off,
      why: holiday ?? (plan.restDay ? 'a rest day' : null),
      start: instant(plan.start),
      end: instant(plan.end),
      window: [instant(plan.window[0]), instant(plan.window[1])],
    };
  });
  const holidays: HolidayInput[] = calendar.flatMap((d) =>
    d.Holidays.map((h) => ({ date: d.Date, name: h.Name, type: h.Type })),
  );
  return { days, spans, holidays };
}

/**
 * What filing an overtime reads around its date, from the day before to two days after: each planned day, and
 * `payable`: the minutes daily attendance would pay of an overtime approved over an interval, with the punches
 * on record now.
 */
async function overtimeSurroundings(
  tx: Tx,
  user: CurrentUser,
  employeeId: string,
  schedule: Schedule,
  date: string,
) {
  const [from, to] = [addDays(date, -1), addDays(date, 2)];
  const [{ days, spans, holidays }, punches] = await Promise.all([
    planDays(tx, user, employeeId, schedule, from, to),
    repo.punchesBetween(
      tx,
      user.tenantId,
      employeeId,
      new Date(midnightOf(addDays(from, -1))),
      new Date(midnightOf(addDays(to, 1))),
    ),
  ]);
  const worked: PunchInput[] = punches.map((p) => ({ at: new Date(p.punched_at), direction: p.direction }));
  const payable = (overtime: { startsAt: Date; endsAt: Date }) =>
    computeAttendance({
      from,
      to: addDays(date, 1),
      schedules: spans,
      punches: worked,
      holidays,
      overtime: [overtime],
      leave: [],
    }).reduce((n, d) => n + d.payableOvertimeMinutes, 0);
  return { days, payable };
}

/** The day's shift as the portal and the undertime review show it. */
const shiftShown = (shift: ShiftRule | null) =>
  shift ? { ShiftName: shift.name, TimeIn: clockOf(shift.timeIn), TimeOut: clockOf(shift.timeOut) } : null;

/**
 * Approved leave and overtime are paid by payroll: once a payroll period that paid the employee for the dates is
 * finalised, nothing may add, approve or take back one there (as its punches are frozen). Undertime pays nothing.
 */
async function notFrozen(
  tx: Tx,
  user: CurrentUser,
  kind: RequestKind,
  employeeId: string,
  from: string,
  to: string,
) {
  if (kind === 'Undertime') return;
  const period = await repo.finalisedPeriod(tx, user.tenantId, employeeId, from, to);
  if (period) {
    throw problems.conflict(
      `The ${LABEL[kind]} falls inside the finalised payroll period "${period}", which can no longer change; correct it with an adjustment period.`,
      ProblemTypes.periodFinalised,
    );
  }
}

/**
 * Requests stay routed to a user whose approver flag was taken away: from then on their queue is empty (the
 * Review list and the counts), as each of those requests by id already is.
 */
const withoutReviewQueue = (user: CurrentUser) => user.userType !== 'HRUser' && !user.isApprover;

/** What waits for review: everything pending of the company for HR, the own queue for an approver. */
export const pendingRequestCounts = async (tx: Tx, user: CurrentUser) =>
  withoutReviewQueue(user)
    ? { Leave: 0, Overtime: 0, Undertime: 0 }
    : repo.pendingCounts(tx, user.tenantId, user.companyId, user.userType === 'HRUser' ? null : user.userId);

/**
 * The approved overtime intervals and leave days of some employees between two dates: what daily attendance
 * pays as overtime and counts as leave (issue 9 §1).
 */
export async function approvedRequests(
  tx: Tx,
  user: CurrentUser,
  employeeIds: string[],
  from: string,
  to: string,
): Promise<ApprovedRequests> {
  // A day before and after: overtime after a night shift's midnight carries the shift's date, yet its instants
  // (which decide the attendance day that pays it) are the next morning's; requests filed before that rule carry
  // the calendar day it was worked, one day after the attendance day it belongs to. Without the margin, storing
  // a cut-off alone lost them.
  const rows = await repo.approved(
    tx,
    user.tenantId,
    user.companyId,
    employeeIds,
    addDays(from, -1),
    addDays(to, 1),
  );
  const result: ApprovedRequests = { overtime: [], leave: [] };
  for (const r of rows) {
    if (r.kind === 'Overtime') {
      result.overtime.push({
        employeeId: r.employee_id,
        startsAt: new Date(r.starts_at!),
        endsAt: new Date(r.ends_at!),
      });
      continue;
    }
    for (let d = r.date_from < from ? from : r.date_from; d <= r.date_to && d <= to; d = addDays(d, 1)) {
      result.leave.push({ employeeId: r.employee_id, date: d, halfDay: r.half_day });
    }
  }
  return result;
}

/** A portal user's day: schedule, holidays, punches, and the company's next holidays. */
export async function portalToday(tx: Tx, user: CurrentUser): Promise<PortalToday> {
  const date = manilaToday();
  const schedule = user.employeeId
    ? await repo.schedule(tx, user.tenantId, user.companyId, user.employeeId)
    : null;
  const ahead = await holidaysService.dayTypes(
    tx,
    user,
    date,
    addDays(date, 90),
    schedule?.work_location_id ?? null,
  );
  const [day] = schedule ? (await planDays(tx, user, user.employeeId!, schedule, date, date)).days : [];
  return {
    Date: date,
    Schedule: shiftShown(day?.shift ?? null),
    IsRestDay: !!day?.rest,
    HolidayName: day?.holiday ?? null,
    Punches: user.employeeId ? await repo.punches(tx, user.tenantId, user.employeeId, date) : [],
    UpcomingHolidays: ahead
      .flatMap((d) => d.Holidays.map((h) => ({ Date: d.Date, Name: h.Name, Type: h.Type })))
      .slice(0, 5),
  };
}

/**
 * Leave, overtime and undertime requests: filing rules, routing to the filer's supervisor's approver (or HR),
 * the state machine, the ledger entries of approved leave, audit rows and mail to the other party.
 */
export function createRequestsService({
  mailer,
  appBaseUrl,
}: {
  mailer: Mailer;
  /** The public address for e-mailed links (APP_BASE_URL), from configuration only, never a request's Host. */
  appBaseUrl?: string;
}) {
  /** An absolute link to a page of the app: mail clients cannot open a bare path. */
  const linkTo = (path: string) => `${(appBaseUrl ?? '').replace(/\/$/, '')}${path}`;
  /** Where the reviewer of a request opens it: the approver's review page, or HR's list. */
  const reviewLink = (kind: RequestKind, id: string, approverUserId: string | null) =>
    linkTo(
      approverUserId ? `/portal/${REQUEST_SEGMENTS[kind]}/review/${id}` : `/hr/${REQUEST_SEGMENTS[kind]}`,
    );
  /** Who may see a request: HR the whole company; a portal user their own and those routed to them. */
  function visible(user: CurrentUser, row: RequestRow) {
    if (user.userType === 'HRUser') return true;
    return row.employee_id === user.employeeId || (user.isApprover && row.approver_user_id === user.userId);
  }
  const isOwn = (user: CurrentUser, row: RequestRow) =>
    !!user.employeeId && row.employee_id === user.employeeId;
  function canReview(user: CurrentUser, row: RequestRow) {
    if (row.status !== 'Pending' || isOwn(user, row)) return false;
    if (user.userType === 'HRUser') return true;
    return user.isApprover && row.approver_user_id === user.userId;
  }
  function canCancel(user: CurrentUser, row: RequestRow) {
    if (row.status === 'Pending') return isOwn(user, row) || user.userType === 'HRUser';
    return row.status === 'Approved' && user.userType === 'HRUser';
  }
  const present = (user: CurrentUser, row: RequestRow): TimeRequest =>
    toTimeRequest(row, { review: canReview(user, row), cancel: canCancel(user, row) });

  async function load(tx: Tx, user: CurrentUser, kind: RequestKind, id: string, forUpdate = false) {
    const row = await repo.get(tx, user.tenantId, user.companyId, kind, id, forUpdate);
    if (!row || !visible(user, row)) throw problems.notFound(`The ${LABEL[kind]} request was not found.`);
    return row;
  }

  /** The employee a request is filed for: a portal user's own; HR names one of its company. */
  async function filer(tx: Tx, user: CurrentUser, employeeId: string | null | undefined) {
    const id = user.userType === 'HRUser' ? employeeId : user.employeeId;
    if (!id) {
      throw user.userType === 'HRUser'
        ? invalid('EmployeeId', 'Choose the employee the request is for')
        : problems.badRequest('Your account is not linked to an employee record; ask HR to file for you.');
    }
    const schedule = await repo.schedule(tx, user.tenantId, user.companyId, id);
    if (!schedule) throw invalid('EmployeeId', 'The employee was not found in this company');
    // A separation dated today or later is scheduled: the notice is worked, and leave and overtime are filed as
    // usual (employees/employment.ts); days after the last one are refused by `withinEmployment`.
    if (hasSeparated(schedule.separation_date, manilaToday()))
      throw invalid('EmployeeId', 'The employee is separated and can no longer file requests');
    return { employeeId: id, schedule };
  }

  async function file(
    ctx: RequestContext,
    kind: RequestKind,
    employeeId: string,
    fields: Omit<
      Parameters<typeof repo.insert>[3],
      'id' | 'kind' | 'employeeId' | 'approverUserId' | 'filedByUserId'
    >,
    schedule: Schedule,
    /** A last filing rule, checked once no other request overlaps (that conflict says more). */
    check?: () => void | Promise<void>,
  ) {
    const { tx, user } = ctx;
    // Filings for one employee take turns (the employee row's lock, the one every draw on the leave balance takes
    // too): without it, parallel filings each found no overlap and all were stored (PostgreSQL, many connections).
    await leaveService.lockBalances(tx, user, employeeId);
    await notFrozen(tx, user, kind, employeeId, fields.dateFrom, fields.dateTo);
    const clash = await repo.overlapping(tx, user.tenantId, kind, employeeId, fields);
    if (clash) {
      const when = formatDateRange(clash.date_from, clash.date_to);
      throw problems.conflict(
        `This ${LABEL[kind]} request overlaps ${withArticle(clash.status.toLowerCase())} one (${when}).`,
        ProblemTypes.overlap,
      );
    }
    // Overtime and undertime are hours around a shift the employee works: none on a day of whole-day leave, and
    // no whole-day leave over a day that has them (either order of filing is refused the same).
    if (kind === 'Leave' && !fields.halfDay) {
      const hours = await repo.hoursRequestIn(tx, user.tenantId, employeeId, fields.dateFrom, fields.dateTo);
      if (hours) {
        const label = LABEL[hours.kind];
        throw problems.conflict(
          `${formatIsoDate(hours.date)} has ${withArticle(hours.status.toLowerCase())} ${label} request: whole-day leave cannot be filed over it. Cancel the ${label} request first, or take the leave as a half day.`,
          ProblemTypes.overlap,
        );
      }
    }
    if (kind !== 'Leave') {
      const leave = await repo.wholeDayLeaveOn(tx, user.tenantId, employeeId, fields.dateFrom);
      if (leave) {
        const when = formatDateRange(leave.date_from, leave.date_to);
        throw problems.conflict(
          `${formatIsoDate(fields.dateFrom)} is a day of ${withArticle(leave.status.toLowerCase())} ${leave.type_name} (${when}): ${withArticle(LABEL[kind])} request cannot be filed on a day of whole-day leave. Cancel the leave first, or take it as a half day.`,
          ProblemTypes.overlap,
        );
      }
    }
    await check?.();
    const approverUserId = schedule.supervisor_id
      ? await repo.approverOf(tx, user.tenantId, schedule.supervisor_id)
      : null;
    const id = randomUUID();
    await repo.insert(tx, user.tenantId, user.companyId, {
      ...fields,
      id,
      kind,
      employeeId,
      approverUserId: approverUserId === user.userId ? null : approverUserId,
      filedByUserId: user.userId,
    });
    const row = (await repo.get(tx, user.tenantId, user.companyId, kind, id))!;
    const saved = present(user, row);
    await writeAudit(tx, user, {
      entity: `${LABEL[kind]}-request`,
      entityId: id,
      action: 'create',
      after: saved,
    });
    const to = row.approver_user_id
      ? [await repo.userEmail(tx, user.tenantId, row.approver_user_id)]
      : (await repo.hrEmails(tx, user.tenantId, user.companyId)).map((r) => r.email);
    await notify(ctx, to, `${row.employee_name} filed ${withArticle(LABEL[kind])} request`, [
      `${row.employee_name} filed ${withArticle(LABEL[kind])} request (${describe(saved, row)}).`,
      `Reason: ${row.reason}`,
      '',
      `Review it in HRPAY: ${reviewLink(kind, id, row.approver_user_id)}`,
    ]);
    return saved;
  }

  async function notify(
    ctx: RequestContext,
    recipients: (string | null)[],
    subject: string,
    lines: string[],
  ) {
    const ids: string[] = [];
    for (const to of new Set(recipients.filter((r): r is string => !!r))) {
      ids.push(await mailer.queue(ctx.tx, ctx.user.tenantId, { to, subject, text: lines.join('\n') }));
    }
    if (ids.length) ctx.afterCommit(() => void mailer.deliver(ctx.user.tenantId, ids));
  }

  async function move(
    ctx: RequestContext,
    kind: RequestKind,
    id: string,
    to: RequestStatus,
    input: { RowVersion: number; Remarks?: string | null },
  ) {
    const { tx, user } = ctx;
    const before = await load(tx, user, kind, id, true);
    const shown = present(user, before);
    if (to === 'Cancelled' ? !shown.CanCancel : !shown.CanReview) {
      if (to !== 'Cancelled' && before.status === 'Pending' && isOwn(user, before)) {
        throw problems.forbidden('You cannot review your own request.');
      }
      // The filer of a request approved meanwhile: its state moved on, as for any decided one (409: the page
      // shows it now), with the way out.
      if (to === 'Cancelled' && before.status === 'Approved' && isOwn(user, before)) {
        throw problems.conflict(
          `This ${LABEL[kind]} request is already approved; only HR can cancel an approved request. Ask HR to cancel it.`,
          ProblemTypes.invalidState,
        );
      }
      if (before.status !== 'Pending' && !(to === 'Cancelled' && before.status === 'Approved')) {
        throw problems.conflict(
          `This ${LABEL[kind]} request is already ${before.status.toLowerCase()}.`,
          ProblemTypes.invalidState,
        );
      }
      throw problems.forbidden(
        to === 'Cancelled'
          ? before.status === 'Approved'
            ? 'Only HR can cancel an approved request.'
            : 'Only the employee or HR can cancel this request.'
          : 'This request is not waiting for your review.',
      );
    }
    if (before.row_version !== input.RowVersion) {
      throw problems.stale(
        `This ${LABEL[kind]} request was changed since you opened it. Reload to see its current state.`,
      );
    }
    // Approving, or cancelling an approved request, changes what payroll pays for its dates.
    if (to === 'Approved' || before.status === 'Approved') {
      await notFrozen(tx, user, kind, before.employee_id, before.date_from, before.date_to);
    }
    const remarks = input.Remarks?.trim() || null;
    if (kind === 'Leave' && before.leave_type_id) {
      const days = Number(before.days);
      await leaveService.lockBalances(tx, user, before.employee_id);
      if (to === 'Approved') {
        const type = await leaveService.getType(tx, user, before.leave_type_id);
        if (type.NeedsBalance && !type.AllowNegative) {
          const balance = await leaveService.balanceOf(tx, user, before.employee_id, type.LeaveTypeId);
          if (balance < days) {
            throw problems.conflict(
              `${before.employee_name} has ${fmtDays(balance)} of ${type.Name} left; this request needs ${fmtDays(days)}.`,
              ProblemTypes.insufficientBalance,
            );
          }
        }
        if (type.NeedsBalance) {
          await leaveService.recordRequest(tx, user, { ...ledgerOf(before), kind: 'Use' });
        }
      } else if (to === 'Cancelled' && before.status === 'Approved') {
        // Give back exactly what the approval drew: the type's NeedsBalance may have changed since.
        const used = await leaveService.requestUse(tx, user, ledgerOf(before));
        if (used)
          await leaveService.recordRequest(tx, user, { ...ledgerOf(before), days: used, kind: 'Reversal' });
      }
    }
    const moved = await repo.transition(tx, user.tenantId, before.id, {
      from: before.status,
      to,
      rowVersion: input.RowVersion,
      userId: user.userId,
      remarks,
    });
    if (!moved)
      throw problems.conflict(
        'Someone else decided this request first. Reload to see it.',
        ProblemTypes.concurrentChange,
      );
    const after = (await repo.get(tx, user.tenantId, user.companyId, kind, id))!;
    const result = present(user, after);
    await writeAudit(tx, user, {
      entity: `${LABEL[kind]}-request`,
      entityId: id,
      action: 'update',
      before: present(user, before),
      after: result,
    });
    // The other party hears of it: the employee of a decision, the reviewer of a cancellation.
    const toReviewer = to === 'Cancelled' && isOwn(user, before);
    const recipients = toReviewer
      ? before.approver_user_id
        ? [await repo.userEmail(tx, user.tenantId, before.approver_user_id)]
        : (await repo.hrEmails(tx, user.tenantId, user.companyId)).map((r) => r.email)
      : [await repo.employeeEmail(tx, user.tenantId, before.employee_id)];
    const subject = toReviewer
      ? `${before.employee_name} cancelled ${withArticle(LABEL[kind])} request`
      : `Your ${LABEL[kind]} request was ${to.toLowerCase()}`;
    await notify(ctx, recipients, subject, [
      `The ${LABEL[kind]} request of ${before.employee_name} (${describe(result, after)}) was ${to.toLowerCase()} by ${user.fullName}.`,
      ...(remarks ? [`Remarks: ${remarks}`] : []),
      '',
      `Open it in HRPAY: ${toReviewer ? reviewLink(kind, id, before.approver_user_id) : linkTo(`/portal/${REQUEST_SEGMENTS[kind]}`)}`,
    ]);
    return result;
  }

  const ledgerOf = (row: RequestRow) => ({
    employeeId: row.employee_id,
    leaveTypeId: row.leave_type_id!,
    requestId: row.id,
    days: Number(row.days),
  });

  return {
    async list(
      tx: Tx,
      user: CurrentUser,
      kind: RequestKind,
      req: ReturnType<typeof TimeRequestListRequest.parse>,
    ) {
      if (user.userType !== 'HRUser' && req.Scope === 'Company') {
        throw problems.forbidden('Only HR sees every request of the company.');
      }
      if (req.Scope === 'Mine' && !user.employeeId) return { Items: [], TotalCount: 0 };
      if (req.Scope === 'Review' && withoutReviewQueue(user)) return { Items: [], TotalCount: 0 };
      const { rows, count } = await repo.list(tx, user.tenantId, user.companyId, kind, user, req);
      return { Items: rows.map((r) => present(user, r)), ...count };
    },

    /** One request; its reviewer also sees the employee's balance of a leave's type (what approving draws on). */
    async get(tx: Tx, user: CurrentUser, kind: RequestKind, id: string): Promise<TimeRequest> {
      const row = await load(tx, user, kind, id);
      const request = present(user, row);
      if (kind !== 'Leave' || !request.CanReview || !row.leave_type_id) return request;
      const balance = (await leaveService.balances(tx, user, row.employee_id)).find(
        (b) => b.LeaveTypeId === row.leave_type_id && b.NeedsBalance,
      );
      return {
        ...request,
        LeaveBalance: balance ? { Balance: balance.Balance, Pending: balance.Pending } : null,
      };
    },

    async fileLeave(ctx: RequestContext, input: CreateLeaveRequest) {
      const { tx, user } = ctx;
      const { employeeId, schedule } = await filer(tx, user, input.EmployeeId);
      const type = await leaveService.getType(tx, user, input.LeaveTypeId).catch(() => {
        throw invalid('LeaveTypeId', 'The leave type was not found');
      });
      if (!type.IsActive) throw invalid('LeaveTypeId', `${type.Name} is no longer in use`);
      if (type.Gender && schedule.gender !== type.Gender) {
        throw invalid('LeaveTypeId', `${type.Name} is for ${type.Gender.toLowerCase()} employees only`);
      }
      if (
        type.EmploymentStatusIds.length &&
        !(schedule.employment_status_id && type.EmploymentStatusIds.includes(schedule.employment_status_id))
      ) {
        throw invalid('LeaveTypeId', `${type.Name} is not open to the employee's employment status`);
      }
      if (input.HalfDay && !type.HalfDayAllowed)
        throw invalid('HalfDay', `${type.Name} cannot be taken as a half day`);
      if (addDays(input.DateFrom, 365) < input.DateTo)
        throw invalid('DateTo', 'A leave covers at most a year');
      withinEmployment(schedule, 'DateFrom', input.DateFrom, input.DateTo);
      // Service counted from the hire date to the leave's first day, as the accrual counts it (e.g. 6 months for
      // the Solo Parent Leave, RA 8972 as amended by RA 11861, and the Special Leave for Women, RA 9710 §18).
      if (type.MinServiceMonths > 0) {
        const months = `${type.MinServiceMonths} month${type.MinServiceMonths === 1 ? '' : 's'}`;
        if (!schedule.hire_date) {
          throw invalid(
            'LeaveTypeId',
            `${type.Name} needs ${months} of service and the employee has no hire date on record; ask HR to enter it`,
          );
        }
        const eligible = addMonths(schedule.hire_date, type.MinServiceMonths);
        if (input.DateFrom < eligible) {
          throw invalid(
            'DateFrom',
            `${type.Name} needs ${months} of service: hired on ${formatIsoDate(schedule.hire_date)}, the employee may take it from ${formatIsoDate(eligible)}`,
          );
        }
      }
      const calendar = (await planDays(tx, user, employeeId, schedule, input.DateFrom, input.DateTo)).days;
      // A leave given in days of the calendar (maternity: 105, RA 11210) counts rest days and holidays too.
      const working = type.CountsCalendarDays ? calendar.length : calendar.filter((d) => d.working).length;
      if (!working) {
        throw invalid(
          'DateFrom',
          `No working day in these dates: ${calendar.map((d) => `${formatIsoDate(d.date)} is ${d.why}`).join(', ')}`,
        );
      }
      const days = input.HalfDay ? 0.5 : working;
      if (type.MaxDaysPerRequest !== null && days > type.MaxDaysPerRequest) {
        throw invalid('DateTo', `${type.Name} allows at most ${fmtDays(type.MaxDaysPerRequest)} per request`);
      }
      // The balance, once no other request overlaps: a leave filed twice is refused as the overlap it is, not
      // for the days the first filing already holds. Filings for one employee take turns (file's lock), as a
      // decision does, so each sees the days the others hold.
      const enoughBalance = async () => {
        if (!type.NeedsBalance || type.AllowNegative) return;
        const [balance] = (await leaveService.balances(tx, user, employeeId)).filter(
          (b) => b.LeaveTypeId === type.LeaveTypeId,
        );
        const available = balance?.Available ?? 0;
        if (available < days) {
          throw problems.conflict(
            `Not enough ${type.Name}: ${fmtDays(available)} available${balance?.Pending ? ` (${fmtDays(balance.Pending)} held by pending requests)` : ''}, ${fmtDays(days)} asked.`,
            ProblemTypes.insufficientBalance,
          );
        }
      };
      return file(
        ctx,
        'Leave',
        employeeId,
        {
          leaveTypeId: type.LeaveTypeId,
          dateFrom: input.DateFrom,
          dateTo: input.DateTo,
          halfDay: input.HalfDay ?? false,
          days,
          reason: input.Reason.trim(),
        },
        schedule,
        enoughBalance,
      );
    },

    async fileOvertime(ctx: RequestContext, input: CreateOvertimeRequest) {
      const { tx, user } = ctx;
      const { employeeId, schedule } = await filer(tx, user, input.EmployeeId);
      withinEmployment(schedule, 'Date', input.Date);
      const { days, payable } = await overtimeSurroundings(tx, user, employeeId, schedule, input.Date);
      const [dayBefore, day] = [days[0]!, days[1]!];
      if (day.working && !day.shift) {
        throw invalid('Date', 'The employee has no shift on this day; ask HR to assign one');
      }
      const start = minutesOf(input.StartTime);
      const intervalOn = (date: string) => {
        const nextDay = minutesOf(input.EndTime) <= start;
        return {
          startsAt: manilaInstant(date, input.StartTime),
          endsAt: manilaInstant(nextDay ? addDays(date, 1) : date, input.EndTime),
        };
      };
      // The date of a night shift's overtime is the shift's date: hours after its midnight (a start in the shift's
      // after-midnight part, see afterMidnight) are the next morning's, after the shift they follow. Filed under
      // the calendar day they are worked, as they had been, they were read on this date's morning, after the
      // shift of the day before: that reading stays when the day has no shift to follow (a rest day, a holiday)
      // or when the punches on record say so (daily attendance would pay it read so, and not the other way).
      let interval = intervalOn(input.Date);
      let workDate = input.Date;
      if (afterMidnight(day.shift, start)) {
        const next = intervalOn(addDays(input.Date, 1));
        const paysNext = payable(next) > 0;
        if (paysNext !== payable(interval) > 0 ? paysNext : day.working) interval = next;
      }
      // Read on this date's morning after the night shift of the day before, it is that shift's overtime: its work
      // date (the request's date, the payroll period that pays it) is that day's.
      if (interval.startsAt.getTime() < midnightOf(addDays(input.Date, 1))) {
        if (dayBefore.working && afterMidnight(dayBefore.shift, start)) workDate = dayBefore.date;
      }
      withinEmployment(schedule, 'Date', workDate);
      // Overtime is work outside the working hours: before a shift's start or after its end. The shifts of the days
      // around it (a night shift ending that morning, OT running past midnight into the next one) count too.
      const [from, to] = [interval.startsAt.getTime(), interval.endsAt.getTime()];
      for (const d of days) {
        if (d.working && d.shift && from < d.end && to > d.start) {
          const on = d.date === input.Date ? '' : ` of ${formatIsoDate(d.date)}`;
          const [timeIn, timeOut] = [clockOf(d.shift.timeIn), clockOf(d.shift.timeOut)];
          throw invalid(
            'StartTime',
            `Overtime cannot overlap the shift${on} (${timeIn} to ${timeOut}): end it by ${timeIn} or start it at ${timeOut} or later`,
          );
        }
      }
      // Daily attendance counts a day's punches from 4 h before its shift's start to 8 h after its end (a day
      // without a shift: the calendar day): approved overtime wholly outside those hours could never be paid, so
      // it is refused rather than stored (after the overlap with another request, which says more).
      const counted = () => {
        if (days.some((d) => from < d.window[1] && to > d.window[0])) return;
        const shift = [day, dayBefore, ...days].find((d) => d.shift)!.shift!;
        throw invalid(
          'StartTime',
          `Overtime from ${input.StartTime} to ${input.EndTime} on ${formatIsoDate(input.Date)} could never be paid: attendance counts work from 4 hours before the shift (${clockOf(shift.timeIn)} to ${clockOf(shift.timeOut)}) to 8 hours after it. Check the date and the times`,
        );
      };
      const minutes = Math.round((to - from) / 60_000);
      return file(
        ctx,
        'Overtime',
        employeeId,
        {
          dateFrom: workDate,
          dateTo: workDate,
          startsAt: interval.startsAt.toISOString(),
          endsAt: interval.endsAt.toISOString(),
          minutes,
          reason: input.Reason.trim(),
        },
        schedule,
        counted,
      );
    },

    async fileUndertime(ctx: RequestContext, input: CreateUndertimeRequest) {
      const { tx, user } = ctx;
      const { employeeId, schedule } = await filer(tx, user, input.EmployeeId);
      withinEmployment(schedule, 'Date', input.Date);
      // The shift in force on the date (a change of shift keeps its history), as attendance counts undertime.
      const [day] = (await planDays(tx, user, employeeId, schedule, input.Date, input.Date)).days;
      if (!day!.working)
        throw invalid(
          'Date',
          `${formatIsoDate(input.Date)} is ${day!.why}: there is no shift to leave early from`,
        );
      const shift = day!.shift;
      if (!shift) throw invalid('Date', 'The employee has no shift on this day; ask HR to assign one');
      // An overnight shift's early hours belong to the next calendar day.
      let leaving = manilaInstant(input.Date, input.TimeLeaving);
      if (leaving.getTime() <= day!.start) leaving = manilaInstant(addDays(input.Date, 1), input.TimeLeaving);
      if (!(leaving.getTime() > day!.start && leaving.getTime() < day!.end)) {
        throw invalid(
          'TimeLeaving',
          `The time of leaving must be inside the shift (${clockOf(shift.timeIn)} to ${clockOf(shift.timeOut)})`,
        );
      }
      return file(
        ctx,
        'Undertime',
        employeeId,
        {
          dateFrom: input.Date,
          dateTo: input.Date,
          startsAt: leaving.toISOString(),
          endsAt: new Date(day!.end).toISOString(),
          minutes: undertimeMinutes({ ...day!, breakMinutes: shift.breakMinutes }, leaving.getTime()),
          reason: input.Reason.trim(),
        },
        schedule,
      );
    },

    approve: (
      ctx: RequestContext,
      kind: RequestKind,
      id: string,
      input: { RowVersion: number; Remarks?: string | null },
    ) => move(ctx, kind, id, 'Approved', input),
    reject: (
      ctx: RequestContext,
      kind: RequestKind,
      id: string,
      input: { RowVersion: number; Remarks: string },
    ) => move(ctx, kind, id, 'Rejected', input),
    cancel: (
      ctx: RequestContext,
      kind: RequestKind,
      id: string,
      input: { RowVersion: number; Remarks?: string | null },
    ) => move(ctx, kind, id, 'Cancelled', input),

    async undertimeDetails(tx: Tx, user: CurrentUser, id: string): Promise<UndertimeDetails> {
      const row = await load(tx, user, 'Undertime', id);
      const schedule = await repo.schedule(tx, user.tenantId, user.companyId, row.employee_id);
      const [day] = schedule
        ? (await planDays(tx, user, row.employee_id, schedule, row.date_from, row.date_from)).days
        : [];
      const shown = shiftShown(day?.shift ?? null);
      return {
        Request: present(user, row),
        Schedule: shown && { ...shown, IsRestDay: !day?.working },
        Punches: await repo.punches(tx, user.tenantId, row.employee_id, row.date_from),
      };
    },

    pendingCounts: pendingRequestCounts,
  };
}

function describe(r: TimeRequest, row: RequestRow) {
  if (r.Kind === 'Leave') {
    const dates = formatDateRange(r.DateFrom, r.DateTo);
    return `${r.LeaveTypeName}, ${dates}, ${r.HalfDay ? 'half day' : fmtDays(r.Days ?? 0)}`;
  }
  const on = formatIsoDate(r.DateFrom);
  if (r.Kind === 'Undertime') return `${on}, leaving at ${r.StartTime}`;
  // Overtime after a night shift's midnight carries the shift's date: say which morning it is.
  const startsOn = manilaDateOf(new Date(row.starts_at!));
  return startsOn === r.DateFrom
    ? `${on}, ${r.StartTime} to ${r.EndTime}`
    : `${on}, ${r.StartTime} to ${r.EndTime} the next morning (${formatIsoDate(startsOn)})`;
}
