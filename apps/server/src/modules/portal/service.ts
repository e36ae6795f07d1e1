import type { EmployeeBasicInfo } from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { portalRepo as repo } from './repository.js';

const withoutEmployee = (fullName: string): EmployeeBasicInfo => ({
  FullName: fullName,
  EmployeeNumber: null,
  DepartmentName: null,
  PositionName: null,
  Shift: null,
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
};
