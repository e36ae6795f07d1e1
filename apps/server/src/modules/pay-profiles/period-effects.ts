/**
 * What a pay rate or recurring item dated inside payroll periods does to them. The compute job reads an
 * employee's rates and items when it computes (payroll-periods/compute.ts), so a change dated inside a period
 * already computed leaves its payslips stale:
 * - an open (Computed) period of the employee goes back to Draft and shows NeedsRecompute, as a payroll
 *   adjustment does (payroll-periods/service.ts needsRecompute);
 * - a change taking effect inside a period that is approved, finalised or paid (its payslips locked or paid) is
 *   refused: finalised pay is corrected by an adjustment period, not by rewriting what the period paid.
 */
import { formatDateRange, ProblemTypes } from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';

/** Periods that compute an employee's pay from rates and items: regular runs and final pay. */
const OF_EMPLOYEE = `p.tenant_id = $1 AND p.company_id = $2 AND p.kind IN ('Regular', 'FinalPay')
  AND (p.kind = 'Regular' OR $3::uuid = ANY(p.employee_ids))`;

/**
 * Why a change effective on `from` cannot be made, or null: `from` falls inside the cut-off of an approved,
 * finalised or paid period that paid the employee. `what` names the change ("A rate effective Aug 24, 2026").
 */
export async function insideClosedPeriod(
  tx: Tx,
  user: CurrentUser,
  employeeId: string,
  from: string,
  what: string,
): Promise<string | null> {
  const [closed] = await tx.query<{ name: string; status: string; cutoff_start: string; cutoff_end: string }>(
    `SELECT p.name, p.status, p.cutoff_start::text, p.cutoff_end::text FROM payroll_periods p
      WHERE ${OF_EMPLOYEE} AND p.status IN ('Approved', 'Finalised', 'Paid')
        AND $4::date BETWEEN p.cutoff_start AND p.cutoff_end
        AND EXISTS (SELECT 1 FROM payslips s WHERE s.tenant_id = p.tenant_id AND s.payroll_period_id = p.id
                       AND s.employee_id = $3 AND s.status <> 'Excluded')
      ORDER BY p.cutoff_start LIMIT 1`,
    [user.tenantId, user.companyId, employeeId, from],
  );
  if (!closed) return null;
  return (
    `${what} falls inside the payroll period "${closed.name}" (${formatDateRange(closed.cutoff_start, closed.cutoff_end)}), ` +
    `which is ${closed.status.toLowerCase()}: ${
      closed.status === 'Approved'
        ? 'return it to draft first, or date the change after its cut-off'
        : 'its pay is final. Date the change after its cut-off and correct the past pay with an adjustment'
    }.`
  );
}

/** 409 when the change falls inside a closed period of the employee (insideClosedPeriod). */
export async function refuseInsideClosedPeriod(
  tx: Tx,
  user: CurrentUser,
  employeeId: string,
  from: string,
  what: string,
): Promise<void> {
  const why = await insideClosedPeriod(tx, user, employeeId, from, what);
  if (why) throw problems.conflict(why, ProblemTypes.invalidState);
}

/**
 * Sends the employee's computed periods whose cut-off meets `from`..`to` (`to` null: open-ended) back to Draft,
 * so they show NeedsRecompute and cannot be approved until computed again.
 */
export async function flagPeriodsToRecompute(
  tx: Tx,
  user: CurrentUser,
  employeeId: string,
  from: string,
  to: string | null,
): Promise<void> {
  await tx.query(
    `UPDATE payroll_periods p SET status = 'Draft', row_version = row_version + 1, updated_at = now()
      WHERE ${OF_EMPLOYEE} AND p.status = 'Computed'
        AND p.cutoff_end >= $4::date AND ($5::date IS NULL OR p.cutoff_start <= $5::date)`,
    [user.tenantId, user.companyId, employeeId, from, to],
  );
}

/**
 * A previous employer's figures of `year` feed the employee's year-end adjustment (and share the benefits ceiling
 * on every payslip of the year): refused (409) once a payslip of the year that made the adjustment is approved,
 * finalised or paid; every computed period of the year that pays the employee, of any kind, goes back to compute.
 */
export async function previousEmployerChanged(tx: Tx, user: CurrentUser, employeeId: string, year: number) {
  const [made] = await tx.query<{ name: string; status: string }>(
    `SELECT p.name, p.status FROM payroll_periods p
       JOIN payslips s ON s.tenant_id = p.tenant_id AND s.payroll_period_id = p.id
      WHERE p.tenant_id = $1 AND p.company_id = $2 AND s.employee_id = $3 AND s.status <> 'Excluded'
        AND p.status IN ('Approved', 'Finalised', 'Paid') AND extract(year FROM p.cutoff_end) = $4
        AND s.result ? 'yearEnd'
      ORDER BY p.cutoff_end DESC LIMIT 1`,
    [user.tenantId, user.companyId, employeeId, year],
  );
  if (made)
    throw problems.conflict(
      `The year-end tax adjustment of ${year} was made in the payroll period "${made.name}", which is ${made.status.toLowerCase()}: ${
        made.status === 'Approved'
          ? 'return it to draft first, then change the previous employer'
          : 'its tax is final. Correct it with an adjustment period'
      }.`,
      ProblemTypes.invalidState,
    );
  await tx.query(
    `UPDATE payroll_periods p SET status = 'Draft', row_version = row_version + 1, updated_at = now()
      WHERE p.tenant_id = $1 AND p.company_id = $2 AND p.status = 'Computed' AND extract(year FROM p.cutoff_end) = $4
        AND EXISTS (SELECT 1 FROM payslips s WHERE s.tenant_id = p.tenant_id AND s.payroll_period_id = p.id
                       AND s.employee_id = $3)`,
    [user.tenantId, user.companyId, employeeId, year],
  );
}
