import { randomUUID } from 'node:crypto';
import {
  formatDateRange,
  minutesOf,
  ProblemTypes,
  type CreateShiftRequest,
  type Shift,
  type ShiftListRequest,
  type UpdateShiftRequest,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { shiftsRepo as repo } from './repository.js';

const STALE = 'This shift was changed by someone else since you opened it. Reload to see the latest version.';
/** Normal hours of work (Labor Code Art. 83): a shift's work beyond them is overtime, filed and paid as such. */
const NORMAL_WORK_MINUTES = 8 * 60;

/** What attendance reads of a shift (timelogs/attendance.ts ShiftRule): a change of any of it changes the days. */
function timesOf(input: CreateShiftRequest | Shift) {
  const flexible = input.IsFlexible ?? false;
  return {
    TimeIn: minutesOf(input.TimeIn),
    TimeOut: minutesOf(input.TimeOut),
    BreakMinutes: input.BreakMinutes ?? 60,
    GraceMinutes: input.GraceMinutes ?? 0,
    IsFlexible: flexible,
    RequiredHours: flexible ? (input.RequiredHours ?? null) : null,
    RestDays: [...new Set(input.RestDays ?? [0])].sort((a, b) => a - b).join(','),
  };
}
const LABELS: Record<keyof ReturnType<typeof timesOf>, string> = {
  TimeIn: 'time in',
  TimeOut: 'time out',
  BreakMinutes: 'break',
  GraceMinutes: 'grace minutes',
  IsFlexible: 'flexible setting',
  RequiredHours: 'required hours',
  RestDays: 'rest days',
};
/** What attendance reads that differs between the shift as it is and as asked. */
function timeChanges(before: Shift, input: CreateShiftRequest) {
  const was = timesOf(before);
  const now = timesOf(input);
  return (Object.keys(was) as (keyof typeof was)[]).filter((k) => was[k] !== now[k]);
}
/** The fields that set a shift's work hours. */
const HOURS: (keyof ReturnType<typeof timesOf>)[] = [
  'TimeIn',
  'TimeOut',
  'BreakMinutes',
  'IsFlexible',
  'RequiredHours',
];
/** Work minutes a day of the shift as asked: required hours of a flexible one, else in to out less the break. */
function workMinutes(input: CreateShiftRequest) {
  if (input.IsFlexible && input.RequiredHours != null) return Math.round(input.RequiredHours * 60);
  let span = minutesOf(input.TimeOut) - minutesOf(input.TimeIn);
  if (span <= 0) span += 24 * 60;
  return span - (input.BreakMinutes ?? 60);
}

/**
 * Shifts of the HR user's own company: unique names, a break and required hours that fit, delete only when no
 * employee uses it or ever did.
 */
export const shiftsService = {
  list: (tx: Tx, user: CurrentUser, req: ReturnType<typeof ShiftListRequest.parse>) =>
    repo.list(tx, user.tenantId, user.companyId, req),

  async get(tx: Tx, user: CurrentUser, id: string, forUpdate = false): Promise<Shift> {
    const shift = await repo.get(tx, user.tenantId, user.companyId, id, forUpdate);
    if (!shift) throw problems.notFound('The shift was not found.');
    return shift;
  },

  async create(tx: Tx, user: CurrentUser, input: CreateShiftRequest): Promise<Shift> {
    await checkFields(tx, user, input, null);
    const id = randomUUID();
    await repo.insert(tx, user.tenantId, user.companyId, id, input);
    const saved = await this.get(tx, user, id);
    await writeAudit(tx, user, { entity: 'shift', entityId: id, action: 'create', after: saved });
    return saved;
  },

  async update(tx: Tx, user: CurrentUser, id: string, input: UpdateShiftRequest): Promise<Shift> {
    const before = await this.get(tx, user, id, true);
    if (before.RowVersion !== input.RowVersion) throw problems.stale(STALE);
    await checkFields(tx, user, input, before);
    const changed = timeChanges(before, input);
    if (changed.length) {
      // Schedules are effective-dated, a shift's times are not: changed in place, they would recompute every
      // stored day of the shift (and the preview of days already paid) by times that did not apply then.
      const stored = await repo.storedAttendance(tx, user.tenantId, before.ShiftId);
      if (stored) {
        throw problems.conflict(
          `The ${joinLabels(changed.map((k) => LABELS[k]))} of ${before.Name} cannot change: attendance of ${formatDateRange(stored.from, stored.to)} ` +
            `was stored under it. Create a new shift with the new times and move the employees' schedules to it ` +
            `from the date it applies (their schedule's effective date); ${before.Name} can be deactivated then.`,
          ProblemTypes.invalidState,
        );
      }
    }
    if (!(await repo.update(tx, user.tenantId, before.ShiftId, input.RowVersion, input)))
      throw problems.stale(STALE);
    const after = await this.get(tx, user, before.ShiftId);
    await writeAudit(tx, user, { entity: 'shift', entityId: after.ShiftId, action: 'update', before, after });
    return after;
  },

  async remove(tx: Tx, user: CurrentUser, id: string) {
    const before = await this.get(tx, user, id, true);
    if (before.EmployeeCount > 0) {
      const n = before.EmployeeCount;
      throw problems.conflict(
        `${before.Name} cannot be deleted: ${n.toLocaleString('en-PH')} ${n === 1 ? 'employee works' : 'employees work'} it. Deactivate it instead.`,
        ProblemTypes.stillReferenced,
      );
    }
    // Past schedules keep pointing at the shift (attendance of those dates is read by them).
    const past = await repo.scheduleHistoryCount(tx, user.tenantId, before.ShiftId);
    if (past > 0) {
      throw problems.conflict(
        `${before.Name} cannot be deleted: it is in the schedule history of ${past.toLocaleString('en-PH')} ${past === 1 ? 'employee' : 'employees'}. Deactivate it instead.`,
        ProblemTypes.stillReferenced,
      );
    }
    await repo.delete(tx, user.tenantId, before.ShiftId);
    await writeAudit(tx, user, { entity: 'shift', entityId: before.ShiftId, action: 'delete', before });
    return { Message: `${before.Name} was deleted.` };
  },
};

const joinLabels = (labels: string[]) =>
  labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]!}`;

const hoursText = (minutes: number) => {
  const hours = minutes / 60;
  return `${hours.toLocaleString('en-PH', { maximumFractionDigits: 2 })} ${hours === 1 ? 'hour' : 'hours'}`;
};

/** `before`: the shift as it is, on an update (null on a create). */
async function checkFields(tx: Tx, user: CurrentUser, input: CreateShiftRequest, before: Shift | null) {
  const errors = [];
  const selfId = before?.ShiftId;
  if (await repo.nameTaken(tx, user.tenantId, user.companyId, input.Name, selfId)) {
    errors.push({ Code: 'Name', Description: `Another shift is already named ${input.Name.trim()}` });
  }
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  let span = minutes(input.TimeOut) - minutes(input.TimeIn);
  if (span <= 0) span += 24 * 60;
  const breakMinutes = input.BreakMinutes ?? 60;
  if (breakMinutes >= span) {
    errors.push({ Code: 'BreakMinutes', Description: 'The break must be shorter than the shift' });
  } else if (
    input.IsFlexible &&
    input.RequiredHours != null &&
    input.RequiredHours * 60 > span - breakMinutes
  ) {
    // A flexible shift's hours are worked between its in and out times: more than fit could never be met.
    const hours = (span - breakMinutes) / 60;
    errors.push({
      Code: 'RequiredHours',
      Description: `The required hours must fit between the in and out times, less the break (${hours.toLocaleString('en-PH', { maximumFractionDigits: 2 })} ${hours === 1 ? 'hour' : 'hours'})`,
    });
  }
  // More than the normal 8 hours of work a day (Art. 83): the hours beyond are overtime, and the attendance and
  // payroll of a longer shift paid them as regular hours at most 8. Checked when the hours are set or changed: a
  // shift saved before the rule keeps them through an edit of its name, status, grace or rest days.
  const work = workMinutes(input);
  if (
    !errors.some((e) => e.Code !== 'Name') &&
    work > NORMAL_WORK_MINUTES &&
    (!before || timeChanges(before, input).some((k) => HOURS.includes(k)))
  ) {
    errors.push(
      input.IsFlexible
        ? {
            Code: 'RequiredHours',
            Description:
              'The required hours cannot be more than 8 (Labor Code Art. 83, normal hours of work); hours beyond 8 are overtime: file an overtime request for them',
          }
        : {
            Code: 'TimeOut',
            Description: `The shift has ${hoursText(work)} of work, break taken out: at most 8 (Labor Code Art. 83, normal hours of work). Hours beyond 8 are overtime: end the shift earlier and file an overtime request for them`,
          },
    );
  }
  if (errors.length) throw problems.badRequest('One or more fields are invalid.', errors);
}
