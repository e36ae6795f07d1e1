import { randomUUID } from 'node:crypto';
import {
  LOOKUP_KINDS,
  ProblemTypes,
  type CreateLookupRequest,
  type LookupItem,
  type LookupKind,
  type LookupListRequest,
  type UpdateLookupRequest,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { lookupRepo } from './repository.js';

/** The rules of one lookup kind, for the HR user's own company: unique names, delete only when unused. */
export function lookupService(kind: LookupKind) {
  const repo = lookupRepo(kind);
  const { singular } = LOOKUP_KINDS[kind];
  const entity = singular.replace(/ /g, '_');
  const capital = singular[0]!.toUpperCase() + singular.slice(1);
  const stale = `This ${singular} was changed by someone else since you opened it. Reload to see the latest version.`;

  const get = async (tx: Tx, user: CurrentUser, id: string, forUpdate = false): Promise<LookupItem> => {
    const item = await repo.get(tx, user.tenantId, user.companyId, id, forUpdate);
    if (!item) throw problems.notFound(`The ${singular} was not found.`);
    return item;
  };
  const refuseTakenName = async (tx: Tx, user: CurrentUser, name: string, exceptId?: string) => {
    if (await repo.nameTaken(tx, user.tenantId, user.companyId, name.trim(), exceptId)) {
      throw problems.badRequest('One or more fields are invalid.', [
        { Code: 'Name', Description: `${capital} ${name.trim()} already exists` },
      ]);
    }
  };

  return {
    list: (tx: Tx, user: CurrentUser, req: ReturnType<typeof LookupListRequest.parse>) =>
      repo.list(tx, user.tenantId, user.companyId, req),
    get,

    async create(tx: Tx, user: CurrentUser, input: CreateLookupRequest) {
      await refuseTakenName(tx, user, input.Name);
      const id = randomUUID();
      await repo.insert(tx, user.tenantId, user.companyId, id, input);
      const saved = await get(tx, user, id);
      await writeAudit(tx, user, { entity, entityId: id, action: 'create', after: saved });
      return saved;
    },

    async update(tx: Tx, user: CurrentUser, id: string, input: UpdateLookupRequest) {
      const before = await get(tx, user, id, true);
      if (before.RowVersion !== input.RowVersion) throw problems.stale(stale);
      await refuseTakenName(tx, user, input.Name, before.Id);
      if (!(await repo.update(tx, user.tenantId, before.Id, input.RowVersion, input)))
        throw problems.stale(stale);
      const after = await get(tx, user, before.Id);
      await writeAudit(tx, user, { entity, entityId: after.Id, action: 'update', before, after });
      return after;
    },

    async remove(tx: Tx, user: CurrentUser, id: string) {
      const before = await get(tx, user, id, true);
      const count = (n: number, one: string, many: string) =>
        n > 0 ? `${n.toLocaleString('en-PH')} ${n === 1 ? one : many}` : null;
      // Leave types name the employment statuses they are for (an id list, not a foreign key).
      const leaveTypes = await repo.leaveTypesUsing(tx, user.tenantId, before.Id);
      const holidays = await repo.holidaysUsing(tx, user.tenantId, before.Id);
      const referrers = [
        count(before.EmployeeCount, 'employee refers', 'employees refer'),
        count(leaveTypes, 'leave type refers', 'leave types refer'),
        count(holidays, 'local holiday refers', 'local holidays refer'),
      ].filter(Boolean);
      if (referrers.length) {
        throw problems.conflict(
          `${before.Name} cannot be deleted: ${referrers.join(' and ')} to it. Deactivate it instead.`,
          ProblemTypes.stillReferenced,
        );
      }
      await repo.delete(tx, user.tenantId, before.Id);
      await writeAudit(tx, user, { entity, entityId: before.Id, action: 'delete', before });
      return { Message: `${before.Name} was deleted.` };
    },
  };
}
