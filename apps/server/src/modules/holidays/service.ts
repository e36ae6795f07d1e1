import { randomUUID } from 'node:crypto';
import {
  formatIsoDate,
  ProblemTypes,
  type CreateHolidayRequest,
  type Holiday,
  type HolidayDay,
  type HolidayListRequest,
  type HolidayType,
  type ValidationError,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { problems } from '../../lib/problem.js';
import { dayTypeOf } from './day-type.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { holidaysRepo as repo } from './repository.js';
import { addDays } from '../../lib/manila.js';

export const STALE_HOLIDAY =
  'This holiday was changed by someone else since you opened it. Reload to see the latest version.';
const MAX_DAY_RANGE = 400;

/** How payroll reads a holiday: its date, kind and place; a draft is not paid at all (null). */
interface PaidAs {
  date: string;
  type: HolidayType;
  place: string | null;
}
const paidAs = (h: {
  Date: string;
  Type: HolidayType;
  WorkLocationId?: string | null;
  IsDraft?: boolean;
}): PaidAs | null => (h.IsDraft ? null : { date: h.Date, type: h.Type, place: h.WorkLocationId ?? null });
const samePay = (a: PaidAs | null, b: PaidAs | null) =>
  a === b || (!!a && !!b && a.date === b.date && a.type === b.type && a.place === b.place);

/**
 * A finalised payroll period paid the dates with the calendar as it was: a holiday cannot be added there, moved
 * into or out of one, retyped or deleted (as the period's punches and attendance cannot change). `what` begins the
 * message ("Bonifacio Day cannot be deleted").
 */
async function notFrozen(tx: Tx, user: CurrentUser, what: string, ...holidays: (PaidAs | null)[]) {
  for (const h of holidays) {
    if (!h) continue;
    const period = await repo.finalisedPeriodOn(tx, user.tenantId, user.companyId, h.date, h.place);
    if (period) {
      throw problems.conflict(
        `${what}: ${formatIsoDate(h.date)} falls inside the finalised payroll period "${period}", which was paid with the holidays as they were and can no longer change. Correct the pay with an adjustment period.`,
        ProblemTypes.periodFinalised,
      );
    }
  }
}

/**
 * What HR may change of a national holiday: its name, and its date when a proclamation moves it. It stays a holiday
 * of every location; a regular holiday stays regular (the Labor Code's Art. 94 as amended by RA 9492 makes it one,
 * and payroll pays it at 200%: retyped, its holiday pay would silently go); and it moves within its own year (the
 * next year's is a holiday of its own, loaded with that year's calendar).
 */
function nationalRules(before: Holiday, input: CreateHolidayRequest) {
  const errors: ValidationError[] = [];
  if (input.WorkLocationId)
    errors.push({ Code: 'WorkLocationId', Description: 'A national holiday applies to every location' });
  if (before.Type === 'Regular' && input.Type !== 'Regular') {
    errors.push({
      Code: 'Type',
      Description: `${before.Name} is a regular holiday by law and stays one; if a proclamation moves it, change its date`,
    });
  }
  const year = (before.ProclaimedDate ?? before.Date).slice(0, 4);
  if (input.Date.slice(0, 4) !== year) {
    errors.push({ Code: 'Date', Description: `A national holiday of ${year} moves within ${year}` });
  }
  if (errors.length) throw problems.badRequest('One or more fields are invalid.', errors);
}

/**
 * Holidays of the signed-in user's own company: the national calendar loaded for it, moved when a proclamation
 * moves a date; the company's own local holidays; drafts copied forward from last year.
 */
export const holidaysService = {
  calendarYears: async (tx: Tx, user: CurrentUser) => ({
    Years: await repo.calendarYears(tx, user.tenantId, user.companyId),
  }),

  list: (tx: Tx, user: CurrentUser, req: ReturnType<typeof HolidayListRequest.parse>) =>
    repo.list(tx, user.tenantId, user.companyId, req),

  async get(tx: Tx, user: CurrentUser, id: string, forUpdate = false): Promise<Holiday> {
    const holiday = await repo.get(tx, user.tenantId, user.companyId, id, forUpdate);
    if (!holiday) throw problems.notFound('The holiday was not found.');
    return holiday;
  },

  async create(tx: Tx, user: CurrentUser, input: CreateHolidayRequest): Promise<Holiday> {
    await checkFields(tx, user, input);
    await notFrozen(tx, user, `${input.Name.trim()} cannot be added`, paidAs(input));
    const id = randomUUID();
    await repo.insert(tx, user.tenantId, user.companyId, id, input);
    const saved = await this.get(tx, user, id);
    await writeAudit(tx, user, { entity: 'holiday', entityId: id, action: 'create', after: saved });
    return saved;
  },

  async update(tx: Tx, user: CurrentUser, id: string, input: CreateHolidayRequest & { RowVersion: number }) {
    const before = await this.get(tx, user, id, true);
    if (before.RowVersion !== input.RowVersion) throw problems.stale(STALE_HOLIDAY);
    if (before.IsNational) nationalRules(before, input);
    await checkFields(tx, user, input, before.HolidayId);
    // A new name alone pays the same: only a change of what payroll reads is checked, where it was and where it goes.
    const was = paidAs(before);
    const now = paidAs(input);
    if (!samePay(was, now)) await notFrozen(tx, user, `${before.Name} cannot be changed`, was, now);
    if (!(await repo.update(tx, user.tenantId, before.HolidayId, input.RowVersion, input))) {
      throw problems.stale(STALE_HOLIDAY);
    }
    const after = await this.get(tx, user, before.HolidayId);
    await writeAudit(tx, user, {
      entity: 'holiday',
      entityId: after.HolidayId,
      action: 'update',
      before,
      after,
    });
    return after;
  },

  /** `rowVersion`: the version the client read, when it sent one (a stale one is 409, as an update's). */
  async remove(tx: Tx, user: CurrentUser, id: string, rowVersion?: number): Promise<{ Message: string }> {
    const before = await this.get(tx, user, id, true);
    if (rowVersion !== undefined && rowVersion !== before.RowVersion) throw problems.stale(STALE_HOLIDAY);
    if (before.IsNational) {
      throw problems.conflict(
        `${before.Name} is a national holiday and cannot be deleted. If a proclamation moved it, change its date.`,
        ProblemTypes.invalidState,
      );
    }
    await notFrozen(tx, user, `${before.Name} cannot be deleted`, paidAs(before));
    await repo.delete(tx, user.tenantId, before.HolidayId);
    await writeAudit(tx, user, { entity: 'holiday', entityId: before.HolidayId, action: 'delete', before });
    return { Message: `${before.Name} was deleted.` };
  },

  copyYear: (tx: Tx, user: CurrentUser, fromYear: number) =>
    repo.copyYear(tx, user.tenantId, user.companyId, fromYear),

  /** Every date from `from` to `to` with its day type and holidays: what attendance and payroll read. */
  async dayTypes(
    tx: Tx,
    user: CurrentUser,
    from: string,
    to: string,
    workLocationId: string | null,
  ): Promise<HolidayDay[]> {
    if (to < from) {
      throw problems.badRequest('One or more fields are invalid.', [
        { Code: 'To', Description: 'To cannot be before From' },
      ]);
    }
    // From and To both count: the last day allowed is MAX_DAY_RANGE - 1 days after From.
    if (addDays(from, MAX_DAY_RANGE - 1) < to) {
      throw problems.badRequest('One or more fields are invalid.', [
        { Code: 'To', Description: `Ask for at most ${MAX_DAY_RANGE} days at a time` },
      ]);
    }
    const rows = await repo.days(tx, user.tenantId, user.companyId, from, to, workLocationId);
    const byDate = new Map<string, { Name: string; Type: HolidayType }[]>();
    for (const r of rows) byDate.set(r.date, [...(byDate.get(r.date) ?? []), { Name: r.name, Type: r.type }]);
    const days: HolidayDay[] = [];
    for (let date = from; date <= to; date = addDays(date, 1)) {
      const holidays = byDate.get(date) ?? [];
      days.push({ Date: date, DayType: dayTypeOf(holidays.map((h) => h.Type)), Holidays: holidays });
    }
    return days;
  },
};

async function checkFields(tx: Tx, user: CurrentUser, input: CreateHolidayRequest, selfId?: string) {
  const errors: ValidationError[] = [];
  if (await repo.taken(tx, user.tenantId, user.companyId, input, selfId)) {
    errors.push({
      Code: 'Name',
      Description: `${input.Name.trim()} is already a holiday on ${formatIsoDate(input.Date)}`,
    });
  }
  if (
    input.WorkLocationId &&
    !(await repo.workLocationInCompany(tx, user.tenantId, user.companyId, input.WorkLocationId))
  ) {
    errors.push({ Code: 'WorkLocationId', Description: 'The work location was not found in this company' });
  }
  if (errors.length) throw problems.badRequest('One or more fields are invalid.', errors);
}
