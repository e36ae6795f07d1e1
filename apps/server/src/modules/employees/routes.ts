import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmployeeSearchQuery, EmployeeSearchResult, type EmployeeMatch } from '@hrpay/contracts';
import { containsPattern } from '../../lib/lists.js';
import { companyScope, contextOf } from '../../lib/route-access.js';

export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec §7: the employee picker (linking a user, choosing a supervisor). HR and payroll users see their own
  // company only; an Admin may search any company of the tenant.
  app.get('/api/v1/employees/search', {
    config: { access: { userTypes: ['Admin', 'HRUser', 'PayrollUser'] } },
    schema: {
      tags: ['employees'],
      querystring: EmployeeSearchQuery,
      response: { 200: EmployeeSearchResult },
    },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      const companyId = companyScope(user) ?? req.query.CompanyId ?? null;
      const search = req.query.SearchText ? containsPattern(req.query.SearchText) : null;
      return tx.query<EmployeeMatch>(
        `SELECT id AS "EmployeeId", employee_number AS "EmployeeNumber",
                concat_ws(' ', first_name, middle_name, last_name, suffix) AS "FullName", company_id AS "CompanyId"
           FROM employees
          WHERE tenant_id = $1 AND ($2::uuid IS NULL OR company_id = $2)
            AND ($3::text IS NULL OR employee_number ILIKE $3 OR first_name ILIKE $3 OR last_name ILIKE $3
                 OR concat_ws(' ', first_name, last_name) ILIKE $3)
          ORDER BY lower(last_name), lower(first_name), id
          LIMIT 20`,
        [user.tenantId, companyId, search],
      );
    },
  });
};
