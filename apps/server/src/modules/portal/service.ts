import {
  REQUEST_KINDS,
  TimeRequestListRequest,
  type EmployeeBasicInfo,
  type PortalDashboard,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { leaveService } from '../leave/service.js';
import { payrollOutputsService } from '../payroll-outputs/service.js';
import { pendingRequestCounts, portalToday, type createRequestsService } from '../requests/service.js';
import { portalRepo as repo } from './repository.js';

const withoutEmployee = (fullName: string): EmployeeBasicInfo => ({
  FullName: fullName,
  EmployeeNumber: null,
  DepartmentName: null,
  PositionName: null,
  Shift: null,
});

/** The dashboard's list of the caller's own pending requests: what the requests pages ask for, 5 of each kind. */
const MY_PENDING = TimeRequestListRequest.parse({
  Scope: 'Mine',
  Status: 'Pending',
  PageSize: 5,
  SortBy: 'DateFrom',
});

export const portalService = {
  /**
   * The profile card's data: the caller's own employee. An Admin (or any user) without an employee record gets
   * its own name and "none" for the rest: the card then shows N/A, where a 404 would show an error with a Retry
   * that cannot help (issue 11).
   */
  async basicInfo(tx: Tx, user: CurrentUser): Promise<EmployeeBasicInfo> {
    if (!user.employeeId) return withoutEmployee(user.fullName);
    const row = await repo.basicInfo(tx, user.tenantId, user.employeeId);
    if (!row) return withoutEmployee(user.fullName);
    return {
      FullName: row.full_name,
      EmployeeNumber: row.employee_number,
      DepartmentName: row.department_name,
      PositionName: row.position_name,
      Shift: row.shift_name ? { Name: row.shift_name, TimeIn: row.time_in, TimeOut: row.time_out } : null,
    };
  },

  /**
   * The portal dashboard in one answer (issue 11): the same services the portal's separate endpoints call, in
   * the request's one transaction. A user without an employee record gets the company's holidays, an approver's
   * queue and `LinkedToEmployee: false`, which the page says in words, rather than a 404 for the whole page.
   */
  async dashboard(
    tx: Tx,
    user: CurrentUser,
    requests: ReturnType<typeof createRequestsService>,
  ): Promise<PortalDashboard> {
    const employeeId = user.employeeId;
    const today = await portalToday(tx, user);
    const balances = employeeId ? await leaveService.myBalances(tx, user, employeeId) : [];
    const pending: PortalDashboard['MyPending'] = [];
    // The list shows up to 5 of each kind; the counts are the lists' totals (counted in SQL), every pending one.
    const counts: PortalDashboard['MyPendingCounts'] = { Leave: 0, Overtime: 0, Undertime: 0 };
    for (const kind of REQUEST_KINDS) {
      const { Items, TotalCount } = await requests.list(tx, user, kind, MY_PENDING);
      pending.push(...Items);
      counts[kind] = TotalCount;
    }
    const payslips = await payrollOutputsService.myPayslips(tx, user);
    return {
      LinkedToEmployee: !!employeeId,
      Today: today,
      LeaveBalances: balances.filter((b) => b.NeedsBalance),
      MyPending: pending.sort((a, b) => a.DateFrom.localeCompare(b.DateFrom)),
      MyPendingCounts: counts,
      WaitingForReview: user.isApprover ? await pendingRequestCounts(tx, user) : null,
      LatestPayslip: payslips[0] ?? null,
    };
  },
};
