import { randomUUID } from 'node:crypto';
import {
  formatIsoDate,
  ProblemTypes,
  type CreateLeaveTypeRequest,
  type EmployeeLeaveCredits,
  type LeaveAccrualRunResponse,
  type LeaveAdjustmentRequest,
  type LeaveCreditListRequest,
  type LeaveType,
  type LeaveTypeListRequest,
  type UpdateLeaveTypeRequest,
  type ValidationError,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { manilaToday } from '../../lib/manila.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { leaveRepo as repo } from './repository.js';

export const STALE_LEAVE_TYPE =
  'This leave type was changed by someone else since you opened it. Reload to see the latest version.';

const yearStart = (date = manilaToday()) => `${date.slice(0, 4)}-01-01`;
const fmtDays = (n: number) =>
  `${n.toLocaleString('en-PH', { maximumFractionDigits: 2 })} day${n === 1 ? '' : 's'}`;

/**
 * Leave types of the signed-in user's company and the credits ledger: a balance is always the sum of its
 * entries; a change is a new entry with a reason, never an edit.
 */
export const leaveService = {
  listTypes: (tx: Tx, user: CurrentUser, req: ReturnType<typeof LeaveTypeListRequest.parse>) =>
    repo.listTypes(tx, user.tenantId, user.companyId, req),

  /**
   * A portal user files for themself: the types they may file. HR files for anyone, and a list's filter (`all`)
   * covers everyone's requests: every active type.
   */
  typeOptions: (tx: Tx, user: CurrentUser, all = false) =>
    repo.typeOptions(
      tx,
      user.tenantId,
      user.companyId,
      user.userType === 'PortalUser' && !all ? (user.employeeId ?? null) : null,
    ),

  async getType(tx: Tx, user: CurrentUser, id: string, forUpdate = false): Promise<LeaveType> {
    const type = await repo.getType(tx, user.tenantId, user.companyId, id, forUpdate);
    if (!type) throw problems.notFound('The leave type was not found.');
    return type;
  },

  async createType(tx: Tx, user: CurrentUser, input: CreateLeaveTypeRequest) {
    await checkType(tx, user, input);
    const id = randomUUID();
    await repo.insertType(tx, user.tenantId, user.companyId, id, input);
    const saved = await this.getType(tx, user, id);
    await writeAudit(tx, user, { entity: 'leave-type', entityId: id, action: 'create', after: saved });
    return saved;
  },

  async updateType(tx: Tx, user: CurrentUser, id: string, input: UpdateLeaveTypeRequest) {
    const before = await this.getType(tx, user, id, true);
    if (before.RowVersion !== input.RowVersion) throw problems.stale(STALE_LEAVE_TYPE);
    await checkType(tx, user, input, before.LeaveTypeId);
    if (!(await repo.updateType(tx, user.tenantId, before.LeaveTypeId, input.RowVersion, input))) {
      throw problems.stale(STALE_LEAVE_TYPE);
    }
    const after = await this.getType(tx, user, before.LeaveTypeId);
    await writeAudit(tx, user, { entity: 'leave-type', entityId: id, action: 'update', before, after });
    return after;
  },

  async removeType(tx: Tx, user: CurrentUser, id: string) {
    const before = await this.getType(tx, user, id, true);
    const refs = await repo.typeReferences(tx, user.tenantId, before.LeaveTypeId);
    if (refs.requests || refs.entries) {
      const parts = [
        refs.requests ? `${refs.requests} request${refs.requests === 1 ? '' : 's'}` : null,
        refs.entries ? `${refs.entries} credit entr${refs.entries === 1 ? 'y' : 'ies'}` : null,
      ].filter(Boolean);
      throw problems.conflict(
        `${before.Name} cannot be deleted: ${parts.join(' and ')} refer to it. Deactivate it instead.`,
        ProblemTypes.stillReferenced,
      );
    }
    await repo.deleteType(tx, user.tenantId, before.LeaveTypeId);
    await writeAudit(tx, user, { entity: 'leave-type', entityId: id, action: 'delete', before });
    return { Message: `${before.Name} was deleted.` };
  },

  listCredits: (tx: Tx, user: CurrentUser, req: ReturnType<typeof LeaveCreditListRequest.parse>) =>
    repo.listCredits(tx, user.tenantId, user.companyId, yearStart(), req),

  async employeeCredits(tx: Tx, user: CurrentUser, employeeId: string): Promise<EmployeeLeaveCredits> {
    const [employee] = await repo.employee(tx, user.tenantId, user.companyId, employeeId);
    if (!employee) throw problems.notFound('The employee was not found.');
    return {
      EmployeeId: employee.id,
      EmployeeNumber: employee.employee_number,
      EmployeeName: employee.name,
      Balances: await repo.balances(tx, user.tenantId, user.companyId, employee.id, yearStart()),
      Entries: await repo.entries(tx, user.tenantId, employee.id),
    };
  },

  /** The portal's own credits: the user's linked employee, never one named by the client. */
  async myCredits(tx: Tx, user: CurrentUser): Promise<EmployeeLeaveCredits> {
    if (!user.employeeId) throw problems.notFound('Your account is not linked to an employee record.');
    return this.employeeCredits(tx, user, user.employeeId);
  },

  /** The caller's own balances, read only (no ledger, no lock): the portal dashboard's leave card. */
  myBalances: (tx: Tx, user: CurrentUser, employeeId: string) =>
    repo.balances(tx, user.tenantId, user.companyId, employeeId, yearStart()),

  /** Locks the employee's balances for the rest of the transaction (every draw on them goes through here). */
  lockBalances: async (tx: Tx, user: CurrentUser, employeeId: string) =>
    (await repo.employee(tx, user.tenantId, user.companyId, employeeId, true)).length === 1,

  balanceOf: (tx: Tx, user: CurrentUser, employeeId: string, leaveTypeId: string) =>
    repo.balanceOf(tx, user.tenantId, employeeId, leaveTypeId),

  /** An approved leave's days leave the balance (Use) or, when HR cancels it, come back (Reversal). */
  recordRequest: (
    tx: Tx,
    user: CurrentUser,
    r: { employeeId: string; leaveTypeId: string; requestId: string; days: number; kind: 'Use' | 'Reversal' },
  ) =>
    repo.addEntry(tx, {
      tenantId: user.tenantId,
      companyId: user.companyId,
      employeeId: r.employeeId,
      leaveTypeId: r.leaveTypeId,
      entryDate: manilaToday(),
      kind: r.kind,
      days: r.kind === 'Use' ? -r.days : r.days,
      sourceKey: `${r.kind.toLowerCase()}:${r.requestId}`,
      requestId: r.requestId,
      userId: user.userId,
    }),

  /** What an approved request drew from the balance (null: nothing), whatever its type says now. */
  requestUse: (
    tx: Tx,
    user: CurrentUser,
    r: { employeeId: string; leaveTypeId: string; requestId: string },
  ) => repo.requestUse(tx, user.tenantId, r.employeeId, r.leaveTypeId, r.requestId),

  balances: (tx: Tx, user: CurrentUser, employeeId: string) =>
    repo.balances(tx, user.tenantId, user.companyId, employeeId, yearStart()),

  /**
   * HR adds or takes away days with a reason; an adjustment never takes a balance below zero, nor below the days
   * pending requests hold (they were filed against those days: approving them would then overdraw it).
   */
  async adjust(tx: Tx, user: CurrentUser, input: LeaveAdjustmentRequest) {
    const [employee] = await repo.employee(tx, user.tenantId, user.companyId, input.EmployeeId, true);
    if (!employee) throw problems.notFound('The employee was not found.');
    const type = await this.getType(tx, user, input.LeaveTypeId);
    if (!type.NeedsBalance) {
      throw problems.badRequest('One or more fields are invalid.', [
        { Code: 'LeaveTypeId', Description: `${type.Name} keeps no balance` },
      ]);
    }
    const balance = await repo.balanceOf(tx, user.tenantId, employee.id, type.LeaveTypeId);
    if (balance + input.Days < 0) {
      throw problems.conflict(
        `${employee.name} has ${fmtDays(balance)} of ${type.Name}; taking away ${fmtDays(-input.Days)} would leave a negative balance.`,
        ProblemTypes.insufficientBalance,
      );
    }
    // A type that may go negative lets an approval overdraw it: pending requests hold nothing back there.
    const pending =
      input.Days < 0 && !type.AllowNegative
        ? await repo.pendingOf(tx, user.tenantId, employee.id, type.LeaveTypeId)
        : 0;
    if (pending && balance + input.Days < pending) {
      const most = Math.max(0, balance - pending);
      throw problems.conflict(
        `${employee.name} has ${fmtDays(balance)} of ${type.Name}, ${fmtDays(pending)} of it held by pending requests; taking away ${fmtDays(-input.Days)} would leave less than they hold. Take away at most ${fmtDays(most)}, or decide the pending requests first.`,
        ProblemTypes.insufficientBalance,
      );
    }
    const entry = {
      tenantId: user.tenantId,
      companyId: user.companyId,
      employeeId: employee.id,
      leaveTypeId: type.LeaveTypeId,
      entryDate: manilaToday(),
      kind: 'Adjustment' as const,
      days: input.Days,
      reason: input.Reason.trim(),
      userId: user.userId,
    };
    await repo.addEntry(tx, entry);
    await writeAudit(tx, user, {
      entity: 'leave-credit',
      entityId: employee.id,
      action: 'create',
      before: { LeaveTypeId: type.LeaveTypeId, Balance: balance },
      after: {
        LeaveTypeId: type.LeaveTypeId,
        Balance: balance + input.Days,
        Days: input.Days,
        Reason: entry.reason,
      },
    });
    return this.employeeCredits(tx, user, employee.id);
  },

  async runAccrual(tx: Tx, user: CurrentUser, asOf = manilaToday()): Promise<LeaveAccrualRunResponse> {
    // Credits dated ahead would count in today's balance: a run grants what is due by today at the latest.
    if (asOf > manilaToday()) {
      throw problems.badRequest('One or more fields are invalid.', [
        { Code: 'AsOf', Description: `The run date cannot be after today (${formatIsoDate(manilaToday())})` },
      ]);
    }
    const result = await repo.runAccrual(tx, user.tenantId, user.companyId, asOf, user.userId);
    await writeAudit(tx, user, {
      entity: 'leave-accrual',
      entityId: user.companyId,
      action: 'create',
      after: { AsOf: asOf, EntriesCreated: result.entries, DaysGranted: result.daysGranted },
    });
    return {
      AsOf: asOf,
      EntriesCreated: result.entries,
      DaysGranted: result.daysGranted,
      Message: result.entries
        ? `${result.entries.toLocaleString('en-PH')} credit entries made, ${fmtDays(result.daysGranted)} granted.`
        : `Every grant and accrual due by ${formatIsoDate(asOf)} is already on file.`,
    };
  },
};

async function checkType(tx: Tx, user: CurrentUser, input: CreateLeaveTypeRequest, selfId?: string) {
  const errors: ValidationError[] = [];
  const taken = await repo.typeTaken(tx, user.tenantId, user.companyId, input, selfId);
  if (taken.name)
    errors.push({ Code: 'Name', Description: `Another leave type is already named ${input.Name.trim()}` });
  if (taken.code)
    errors.push({
      Code: 'Code',
      Description: `Another leave type already has the code ${input.Code.trim()}`,
    });
  if ((input.NeedsBalance ?? true) && (input.GrantRule ?? 'Yearly') !== 'None' && !(input.AnnualDays ?? 0)) {
    errors.push({ Code: 'AnnualDays', Description: 'Enter the days granted a year, or choose "No credits"' });
  }
  const statuses = input.EmploymentStatusIds ?? [];
  if (statuses.length && (await repo.unknownStatuses(tx, user.tenantId, user.companyId, statuses)).length) {
    errors.push({
      Code: 'EmploymentStatusIds',
      Description: 'An employment status was not found in this company',
    });
  }
  if (errors.length) throw problems.badRequest('One or more fields are invalid.', errors);
}
