import type { EmployeeOption, UpcomingBirthday } from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';

/**
 * The birthday of `birth` (a date column) in the year `year` (an integer expression): Feb 29 is kept on Feb 28
 * in common years, as Philippine payroll and HR practice (and most calendars) do.
 */
const birthdayIn = (birth: string, year: string) => `
  CASE WHEN extract(month FROM ${birth}) = 2 AND extract(day FROM ${birth}) = 29
            AND NOT ((${year}) % 4 = 0 AND ((${year}) % 100 <> 0 OR (${year}) % 400 = 0))
       THEN make_date(${year}, 2, 28)
       ELSE make_date(${year}, extract(month FROM ${birth})::int, extract(day FROM ${birth})::int) END`;

export const employeesRepo = {
  /** Active employees of one company (or of the tenant when `companyId` is null), by name. */
  options: (tx: Tx, tenantId: string, companyId: string | null) =>
    tx.query<EmployeeOption>(
      `SELECT id AS "EmployeeId", employee_number AS "EmployeeNumber",
              concat_ws(' ', first_name, middle_name, last_name, suffix) AS "FullName"
         FROM employees
        WHERE tenant_id = $1 AND ($2::uuid IS NULL OR company_id = $2) AND is_active
        ORDER BY lower(last_name), lower(first_name), id`,
      [tenantId, companyId],
    ),

  /**
   * Active employees whose next birthday, counted from `today`, falls within `days` days (today is day 1),
   * soonest first. Computed in SQL so 100,000 employees never travel to the server.
   */
  upcomingBirthdays: async (
    tx: Tx,
    tenantId: string,
    companyId: string | null,
    today: string,
    days: number,
  ) => {
    const rows = await tx.query<
      Omit<UpcomingBirthday, 'BirthDate' | 'NextBirthday'> & { birth: string; next: string }
    >(
      `WITH b AS (
         SELECT e.id, e.employee_number, concat_ws(' ', e.first_name, e.middle_name, e.last_name, e.suffix) AS full_name,
                d.name AS department_name, e.birth_date,
                ${birthdayIn('e.birth_date', 'extract(year FROM $3::date)::int')} AS this_year,
                ${birthdayIn('e.birth_date', 'extract(year FROM $3::date)::int + 1')} AS next_year
           FROM employees e
           LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
          WHERE e.tenant_id = $1 AND ($2::uuid IS NULL OR e.company_id = $2) AND e.is_active
            AND e.birth_date IS NOT NULL)
       SELECT id AS "EmployeeId", employee_number AS "EmployeeNumber", full_name AS "FullName",
              department_name AS "DepartmentName", birth_date::text AS birth, n.next::text AS next,
              (n.next - $3::date) AS "DaysUntil",
              (extract(year FROM n.next) - extract(year FROM birth_date))::int AS "Age"
         FROM b CROSS JOIN LATERAL (SELECT CASE WHEN this_year >= $3::date THEN this_year ELSE next_year END AS next) n
        WHERE n.next - $3::date < $4
        ORDER BY n.next, lower(full_name), id`,
      [tenantId, companyId, today, days],
    );
    return rows.map(({ birth, next, ...row }) => ({ ...row, BirthDate: birth, NextBirthday: next }));
  },
};
