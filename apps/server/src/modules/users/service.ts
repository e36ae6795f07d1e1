import {
  ProblemTypes,
  userTypeNameFromId,
  type CreateUserRequest,
  type UpdateUserRequest,
  type User,
  type UserExportRequest,
  type UserListRequest,
  type ValidationError,
  USER_TYPE_TITLES,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { writeExport, type ExportColumn } from '../../lib/export.js';
import { displayEmail, normalizeEmail } from '../../lib/email.js';
import type { Mailer } from '../../lib/mailer.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser, RequestContext } from '../../lib/route-access.js';
import { insertUser } from '../../tenants/provision.js';
import type { AuthService } from '../auth/service.js';
import { usersRepo as repo } from './repository.js';

export const STALE_USER =
  'This user was changed by someone else since you opened it. Reload to see the latest version.';

const USER_COLUMNS: ExportColumn<User>[] = [
  { header: 'Full name', value: (u) => u.FullName, width: 28 },
  { header: 'E-mail', value: (u) => u.Email, width: 32 },
  {
    header: 'User type',
    value: (u) => {
      const name = userTypeNameFromId(u.UserType);
      return name ? USER_TYPE_TITLES[name] : u.UserType;
    },
    width: 16,
  },
  { header: 'Company', value: (u) => u.CompanyName, width: 28 },
  {
    header: 'Employee',
    value: (u) => (u.EmployeeNumber ? `${u.EmployeeName} (${u.EmployeeNumber})` : null),
    width: 30,
  },
  { header: 'Approver', value: (u) => (u.IsApprover ? 'Yes' : 'No') },
  { header: 'Password set', value: (u) => (u.HasPassword ? 'Yes' : 'Invitation pending'), width: 18 },
  { header: 'Status', value: (u) => (u.IsActive ? 'Active' : 'Inactive') },
];

const invalid = (errors: ValidationError[]) => problems.badRequest('One or more fields are invalid.', errors);
const lastAdmin = () =>
  problems.conflict(
    'This is the last active Admin of your account; keep at least one.',
    ProblemTypes.lastAdmin,
  );

async function userOr404(tx: Tx, tenantId: string, id: string, forUpdate = false) {
  const user = await repo.get(tx, tenantId, id, forUpdate);
  if (!user) throw problems.notFound('The user was not found.');
  return user;
}

/** The list's company segment: 'all', or a company of the tenant (else 404). */
async function companyOfSegment(tx: Tx, tenantId: string, segment: string): Promise<string | null> {
  const companyId = segment === 'all' ? null : segment;
  if (companyId && !(await repo.companyExists(tx, tenantId, companyId))) {
    throw problems.notFound('The company was not found.');
  }
  return companyId;
}

/** The references a user body makes must exist in the caller's tenant, and the e-mail must be free. */
async function checkReferences(
  tx: Tx,
  actor: CurrentUser,
  body: { Email: string; CompanyId: string; EmployeeId?: string | null; IsActive?: boolean },
  userId?: string,
) {
  const errors: ValidationError[] = [];
  const employee = body.EmployeeId
    ? await repo.employeeState(tx, actor.tenantId, body.EmployeeId, body.CompanyId)
    : null;
  if (!(await repo.companyExists(tx, actor.tenantId, body.CompanyId))) {
    errors.push({ Code: 'CompanyId', Description: 'The company was not found' });
  } else if (employee === 'missing') {
    errors.push({ Code: 'EmployeeId', Description: 'The employee was not found in this company' });
  } else if (employee === 'separated' && body.IsActive !== false) {
    // Separation closed the account (issue 8 §2): an Admin cannot open it again while the employee is gone.
    errors.push({
      Code: 'EmployeeId',
      Description: 'The employee has been separated: an account for them cannot be active',
    });
  } else if (body.EmployeeId) {
    // One account per employee: two would share the employee's payslips, credits and requests.
    const other = await repo.userOfEmployee(tx, actor.tenantId, body.EmployeeId, userId);
    if (other) {
      errors.push({
        Code: 'EmployeeId',
        Description: `This employee already has a user account: ${other.full_name} (${other.email})`,
      });
    }
  }
  if (await repo.emailTaken(tx, body.Email.trim(), userId)) {
    errors.push({ Code: 'Email', Description: 'This e-mail address is already used by another account' });
  }
  if (errors.length) throw invalid(errors);
}

/**
 * The users of the Admin's tenant: references inside the tenant, one account per employee, invitations mailed
 * after commit, never without an active Admin, no change to one's own access.
 */
export function createUsersService({ auth, mailer }: { auth: AuthService; mailer: Mailer }) {
  /** Queues the invitation in the transaction; it is delivered once the transaction has committed. */
  const sendInvitation = async (
    { tx, user, afterCommit }: RequestContext,
    target: { id: string; email: string; full_name: string },
  ) => {
    await repo.expireInvitations(tx, user.tenantId, target.id);
    const { outboxId } = await auth.invite(tx, user.tenantId, target);
    // After the answer: a failure (even of the database) is logged, never an unhandled rejection.
    afterCommit(() => void mailer.deliver(user.tenantId, [outboxId]));
  };

  /**
   * The row of a user about to be changed or deleted, locked. When it is an Admin, every active Admin of the
   * tenant is locked first, always in the same order: two Admins disabling each other then run one after the
   * other (the second sees the first's change and the last-Admin rule answers) instead of deadlocking.
   */
  const lockForChange = async (tx: Tx, tenantId: string, id: string) => {
    const peek = await userOr404(tx, tenantId, id);
    if (userTypeNameFromId(peek.UserType) === 'Admin') await repo.lockActiveAdmins(tx, tenantId);
    return userOr404(tx, tenantId, id, true);
  };

  return {
    async list({ tx, user }: RequestContext, segment: string, req: ReturnType<typeof UserListRequest.parse>) {
      return repo.list(tx, user.tenantId, await companyOfSegment(tx, user.tenantId, segment), req);
    },

    async exportFile(
      { tx, user }: RequestContext,
      segment: string,
      req: ReturnType<typeof UserExportRequest.parse>,
    ) {
      const companyId = await companyOfSegment(tx, user.tenantId, segment);
      return writeExport(
        req.Format,
        'Users',
        USER_COLUMNS,
        repo.exportPages(tx, user.tenantId, companyId, req),
      );
    },

    get: ({ tx, user }: RequestContext, id: string) => userOr404(tx, user.tenantId, id),

    async create(ctx: RequestContext, body: CreateUserRequest): Promise<User> {
      const { tx, user } = ctx;
      await checkReferences(tx, user, body);
      const userType = userTypeNameFromId(body.UserType)!;
      const id = await insertUser(tx, user.tenantId, {
        email: displayEmail(body.Email),
        fullName: body.FullName.trim(),
        userType,
        companyId: body.CompanyId,
        employeeId: userType === 'Admin' ? null : (body.EmployeeId ?? null),
        isApprover: userType === 'PortalUser' && !!body.IsApprover,
      });
      if (body.IsActive === false) await repo.deactivate(tx, user.tenantId, id);
      const saved = await userOr404(tx, user.tenantId, id);
      // A user created disabled is invited when an Admin enables it.
      if (saved.IsActive) await sendInvitation(ctx, { id, email: saved.Email, full_name: saved.FullName });
      await writeAudit(tx, user, { entity: 'user', entityId: id, action: 'create', after: saved });
      return saved;
    },

    async update(ctx: RequestContext, address: string, body: UpdateUserRequest): Promise<User> {
      const { tx, user } = ctx;
      if (body.UserId && body.UserId.toLowerCase() !== address.toLowerCase()) {
        throw problems.badRequest('UserId in the body does not match the address.');
      }
      const before = await lockForChange(tx, user.tenantId, address);
      // The stored id, not the address: the address may spell it in upper case, and the self checks compare text.
      const id = before.UserId;
      if (before.RowVersion !== body.RowVersion) throw problems.stale(STALE_USER);
      const userType = userTypeNameFromId(body.UserType)!;
      const isActive = body.IsActive ?? true;
      const staysActiveAdmin = userType === 'Admin' && isActive;
      if (userTypeNameFromId(before.UserType) === 'Admin' && before.IsActive && !staysActiveAdmin) {
        if (id === user.userId) {
          throw problems.conflict(
            'You cannot disable your own account or take away your own Admin access.',
            ProblemTypes.selfChange,
          );
        }
        if ((await repo.otherActiveAdmins(tx, user.tenantId, id)) === 0) throw lastAdmin();
      }
      await checkReferences(tx, user, { ...body, IsActive: isActive }, id);
      const email = displayEmail(body.Email);
      const updated = await repo.update(tx, user.tenantId, id, body.RowVersion, {
        userType,
        fullName: body.FullName.trim(),
        email,
        companyId: body.CompanyId,
        employeeId: userType === 'Admin' ? null : (body.EmployeeId ?? null),
        isApprover: userType === 'PortalUser' && !!body.IsApprover,
        isActive,
      });
      if (!updated) throw problems.stale(STALE_USER);
      const emailChanged = normalizeEmail(email) !== normalizeEmail(before.Email);
      if (emailChanged) {
        await repo.moveLoginEmail(tx, user.tenantId, id, email);
        // Links mailed to the old address stop working.
        await repo.expireLinks(tx, user.tenantId, id);
      }
      // A user still without a password gets an invitation when it becomes reachable: a new address, or enabled.
      if (!before.HasPassword && isActive && (emailChanged || !before.IsActive)) {
        await sendInvitation(ctx, { id, email, full_name: body.FullName.trim() });
      }
      // A disabled user is signed out everywhere at once: its refresh tokens stop working.
      if (before.IsActive && !isActive) await auth.revokeAllSessions(tx, user.tenantId, id);
      const after = await userOr404(tx, user.tenantId, id);
      await writeAudit(tx, user, { entity: 'user', entityId: id, action: 'update', before, after });
      return after;
    },

    async remove({ tx, user }: RequestContext, address: string): Promise<{ Message: string }> {
      const before = await lockForChange(tx, user.tenantId, address);
      if (before.UserId === user.userId) {
        throw problems.conflict('You cannot delete your own account.', ProblemTypes.selfChange);
      }
      if (
        userTypeNameFromId(before.UserType) === 'Admin' &&
        before.IsActive &&
        (await repo.otherActiveAdmins(tx, user.tenantId, before.UserId)) === 0
      ) {
        throw lastAdmin();
      }
      const routed = await repo.requestsRoutedTo(tx, user.tenantId, before.UserId);
      if (routed > 0) {
        throw problems.conflict(
          `${before.FullName} cannot be deleted: ${routed.toLocaleString('en-PH')} ${routed === 1 ? 'request is' : 'requests are'} routed to them for approval. Disable the user instead.`,
          ProblemTypes.stillReferenced,
        );
      }
      await repo.delete(tx, user.tenantId, before.UserId);
      await writeAudit(tx, user, { entity: 'user', entityId: before.UserId, action: 'delete', before });
      return { Message: `${before.FullName} was deleted.` };
    },

    async resendInvitation(ctx: RequestContext, id: string): Promise<{ Message: string }> {
      const target = await userOr404(ctx.tx, ctx.user.tenantId, id);
      if (target.HasPassword) {
        throw problems.conflict(
          `${target.FullName} has already set a password; use password recovery instead.`,
          ProblemTypes.invalidState,
        );
      }
      if (!target.IsActive) {
        throw problems.conflict(
          `${target.FullName} is disabled; enable the user first.`,
          ProblemTypes.invalidState,
        );
      }
      await sendInvitation(ctx, { id: target.UserId, email: target.Email, full_name: target.FullName });
      return { Message: `A new invitation was sent to ${target.Email}.` };
    },
  };
}
