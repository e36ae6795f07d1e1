import { z } from 'zod';
import { LeaveBalance } from './leave.js';
import { PortalPayslipRow } from './payroll-outputs.js';
import { PendingRequestCounts, PortalToday, TimeRequest } from './requests.js';

/**
 * Everything the portal dashboard shows, in one answer (issue 11): one request instead of seven on the page's
 * first load. Each part is what the portal's own endpoint answers (`/portal/today`, `/portal/leave-credits`,
 * the request lists with Scope Mine, `/requests/pending-counts`, `/portal/payslips`), for the caller only.
 */
export const PortalDashboard = z.object({
  /** False for a portal user whose account has no employee record: the employee's parts are then empty. */
  LinkedToEmployee: z.boolean(),
  Today: PortalToday,
  /** The leave types that keep a balance. */
  LeaveBalances: z.array(LeaveBalance),
  /** The caller's own pending requests of every kind (up to 5 of each), soonest first. */
  MyPending: z.array(TimeRequest),
  /** How many of the caller's own requests of each kind are pending: all of them, not only those listed. */
  MyPendingCounts: PendingRequestCounts,
  /** What waits for the caller's review; null for a user who is not an approver. */
  WaitingForReview: PendingRequestCounts.nullable(),
  /** The newest released payslip, if any. */
  LatestPayslip: PortalPayslipRow.nullable(),
});
export type PortalDashboard = z.infer<typeof PortalDashboard>;
