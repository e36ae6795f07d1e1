import type { Tx } from '../../db/database.js';

/** The SQL of the Employee Portal: always the signed-in user's own employee. */
export const portalRepo = {
  async basicInfo(tx: Tx, tenantId: string, employeeId: string) {
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
      [tenantId, employeeId],
    );
    return row ?? null;
  },
};
