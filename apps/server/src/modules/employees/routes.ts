import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmployeeOptionsQuery,
  EmployeeOptionsResponse,
  EmployeeSearchQuery,
  EmployeeSearchResult,
  UpcomingBirthdaysQuery,
  UpcomingBirthdaysResponse,
  type EmployeeMatch,
} from '@hrpay/contracts';
import { containsPattern } from '../../lib/lists.js';
import { companyScope, contextOf } from '../../lib/route-access.js';
import { employeesRepo as repo } from './repository.js';

const staff = { userTypes: ['Admin', 'HRUser', 'PayrollUser'] as const, companyScoped: true };

/** Today's date in the Philippines (YYYY-MM-DD), whatever the server's time zone. */
export const manilaToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(now);

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

  // Spec §7: active employees of the company for pickers; an Admin names the company or gets the tenant's.
  app.get('/api/v1/employees/options', {
    config: { access: staff },
    schema: {
      tags: ['employees'],
      querystring: EmployeeOptionsQuery,
      response: { 200: EmployeeOptionsResponse },
    },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return repo.options(tx, user.tenantId, companyScope(user) ?? req.query.CompanyId ?? null);
    },
  });

  // Spec §7: birthdays in the next `Days` days (1-366), today included, across the year end, soonest first.
  app.get('/api/v1/employees/upcoming-birthdays', {
    config: { access: staff },
    schema: {
      tags: ['employees'],
      querystring: UpcomingBirthdaysQuery,
      response: { 200: UpcomingBirthdaysResponse },
    },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      const companyId = companyScope(user) ?? req.query.CompanyId ?? null;
      return repo.upcomingBirthdays(tx, user.tenantId, companyId, manilaToday(), req.query.Days);
    },
  });
};
