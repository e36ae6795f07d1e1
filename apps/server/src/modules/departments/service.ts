import { randomUUID } from 'node:crypto';
import {
  ProblemTypes,
  type CreateDepartmentRequest,
  type Department,
  type DepartmentListRequest,
  type UpdateDepartmentRequest,
  type ValidationError,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { departmentsRepo as repo } from './repository.js';

export const STALE_DEPARTMENT =
  'This department was changed by someone else since you opened it. Reload to see the latest version.';

const plural = (n: number, word: string, words = `${word}s`) =>
  `${n.toLocaleString('en-PH')} ${n === 1 ? word : words}`;

/** " (1 separated, 1 yet to start)": the employees on file that the headcount does not count. */
function notCounted(refs: { separated: number; upcoming: number }) {
  const parts = [
    refs.separated ? `${refs.separated} separated` : null,
    refs.upcoming ? `${refs.upcoming} yet to start` : null,
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/**
 * Departments of the signed-in HR user's own company (the company comes from the user, never from the client):
 * unique names and codes, a tree without cycles, a head from the same company, delete only when unused.
 */
export const departmentsService = {
  list: (tx: Tx, user: CurrentUser, req: ReturnType<typeof DepartmentListRequest.parse>) =>
    repo.list(tx, user.tenantId, user.companyId, req),

  options: (tx: Tx, user: CurrentUser) => repo.options(tx, user.tenantId, user.companyId),

  async get(tx: Tx, user: CurrentUser, id: string, forUpdate = false): Promise<Department> {
    const department = await repo.get(tx, user.tenantId, user.companyId, id, forUpdate);
    if (!department) throw problems.notFound('The department was not found.');
    return department;
  },

  async create(tx: Tx, user: CurrentUser, input: CreateDepartmentRequest): Promise<Department> {
    await checkFields(tx, user, input);
    const id = randomUUID();
    await repo.insert(tx, user.tenantId, user.companyId, id, input);
    const saved = await this.get(tx, user, id);
    await writeAudit(tx, user, { entity: 'department', entityId: id, action: 'create', after: saved });
    return saved;
  },

  async update(tx: Tx, user: CurrentUser, id: string, input: UpdateDepartmentRequest): Promise<Department> {
    const before = await this.get(tx, user, id, true);
    if (before.RowVersion !== input.RowVersion) throw problems.stale(STALE_DEPARTMENT);
    await checkFields(tx, user, input, before.DepartmentId, before.HeadEmployeeId);
    if (!(await repo.update(tx, user.tenantId, before.DepartmentId, input.RowVersion, input))) {
      throw problems.stale(STALE_DEPARTMENT);
    }
    const after = await this.get(tx, user, before.DepartmentId);
    await writeAudit(tx, user, {
      entity: 'department',
      entityId: after.DepartmentId,
      action: 'update',
      before,
      after,
    });
    return after;
  },

  async remove(tx: Tx, user: CurrentUser, id: string): Promise<{ Message: string }> {
    const before = await this.get(tx, user, id, true);
    const refs = await repo.references(tx, user.tenantId, before.DepartmentId);
    const parts = [
      refs.employees ? plural(refs.employees, 'employee') + notCounted(refs) : null,
      refs.children ? plural(refs.children, 'sub-department') : null,
    ].filter(Boolean);
    if (parts.length) {
      throw problems.conflict(
        `${before.Name} cannot be deleted: ${parts.join(' and ')} still ${refs.employees + refs.children === 1 ? 'refers' : 'refer'} to it. Deactivate it instead.`,
        ProblemTypes.stillReferenced,
      );
    }
    await repo.delete(tx, user.tenantId, before.DepartmentId);
    await writeAudit(tx, user, {
      entity: 'department',
      entityId: before.DepartmentId,
      action: 'delete',
      before,
    });
    return { Message: `${before.Name} was deleted.` };
  },
};

/** Every field rule that needs the database, reported together so the form shows them all at once. */
async function checkFields(
  tx: Tx,
  user: CurrentUser,
  input: CreateDepartmentRequest,
  selfId?: string,
  currentHead?: string | null,
) {
  const errors: ValidationError[] = [];
  const taken = await repo.taken(tx, user.tenantId, user.companyId, input, selfId);
  if (taken.name) {
    errors.push({ Code: 'Name', Description: `Another department is already named ${input.Name.trim()}` });
  }
  if (taken.code) {
    errors.push({
      Code: 'Code',
      Description: `Another department already has the code ${input.Code!.trim()}`,
    });
  }
  if (input.ParentDepartmentId) {
    const chain = await repo.ancestors(tx, user.tenantId, user.companyId, input.ParentDepartmentId);
    if (chain.length === 0) {
      errors.push({ Code: 'ParentDepartmentId', Description: 'The parent department was not found' });
    } else if (selfId && chain.some((id) => id.toLowerCase() === selfId.toLowerCase())) {
      errors.push({
        Code: 'ParentDepartmentId',
        Description: 'A department cannot sit under itself or under one of its own sub-departments',
      });
    }
  }
  const head = input.HeadEmployeeId
    ? await repo.employeeState(tx, user.tenantId, user.companyId, input.HeadEmployeeId)
    : 'ok';
  if (head === 'missing') {
    errors.push({ Code: 'HeadEmployeeId', Description: 'The employee was not found in this company' });
  } else if (head === 'separated' && input.HeadEmployeeId?.toLowerCase() !== currentHead?.toLowerCase()) {
    // A head who left since stays shown until changed; a new head must still work here.
    errors.push({
      Code: 'HeadEmployeeId',
      Description: 'The employee has been separated: choose a current one',
    });
  }
  if (errors.length) throw problems.badRequest('One or more fields are invalid.', errors);
}
