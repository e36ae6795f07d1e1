import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmployeeBasicInfo, userTypeNames } from '@hrpay/contracts';
import { contextOf } from '../../lib/route-access.js';

export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  // The profile card of every signed-in user reads this; it only ever answers the caller's own employee.
  app.get('/api/v1/portal/employees/basic-info', {
    config: { access: { userTypes: userTypeNames } },
    schema: { tags: ['portal'], response: { 200: EmployeeBasicInfo } },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      // An Admin (or any user) without an employee record gets its own name and "none" for the rest: the profile
      // card then shows N/A, where a 404 would show an error with a Retry that cannot help (issue 11).
      if (!user.employeeId) return withoutEmployee(user.fullName);
      const [row] = await tx.query<{
        full_name: string;
        employee_number: string;
        department_name: string | null;
        position_name: string | null;
        shift_name: string | null;
        time_in: string | null;
        time_out: string | null;
      }>(
        `SELECT concat_ws(' ', e.first_name, e.middle_name, e.last_name, e.suffix) AS full_name, e.employee_number,
                d.name AS department_name, p.name AS position_name,
                s.name AS shift_name, s.time_in::text AS time_in, s.time_out::text AS time_out
           FROM employees e
           LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
           LEFT JOIN positions p ON p.tenant_id = e.tenant_id AND p.id = e.position_id
           LEFT JOIN shifts s ON s.tenant_id = e.tenant_id AND s.id = e.shift_id
          WHERE e.tenant_id = $1 AND e.id = $2`,
        [user.tenantId, user.employeeId],
      );
      if (!row) return withoutEmployee(user.fullName);
      return {
        FullName: row.full_name,
        EmployeeNumber: row.employee_number,
        DepartmentName: row.department_name,
        PositionName: row.position_name,
        Shift: row.shift_name ? { Name: row.shift_name, TimeIn: row.time_in, TimeOut: row.time_out } : null,
      };
    },
  });
};

const withoutEmployee = (fullName: string): EmployeeBasicInfo => ({
  FullName: fullName,
  EmployeeNumber: null,
  DepartmentName: null,
  PositionName: null,
  Shift: null,
});
