import { randomUUID } from 'node:crypto';
import {
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
    await checkFields(tx, user, input);
    const id = randomUUID();
    await repo.insert(tx, user.tenantId, user.companyId, id, input);
    const saved = await this.get(tx, user, id);
    await writeAudit(tx, user, { entity: 'shift', entityId: id, action: 'create', after: saved });
    return saved;
  },

  async update(tx: Tx, user: CurrentUser, id: string, input: UpdateShiftRequest): Promise<Shift> {
    const before = await this.get(tx, user, id, true);
    if (before.RowVersion !== input.RowVersion) throw problems.stale(STALE);
    await checkFields(tx, user, input, before.ShiftId);
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

async function checkFields(tx: Tx, user: CurrentUser, input: CreateShiftRequest, selfId?: string) {
  const errors = [];
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
  if (errors.length) throw problems.badRequest('One or more fields are invalid.', errors);
}
