import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminDashboard } from '@hrpay/contracts';
import { contextOf } from '../../lib/route-access.js';
import type { EmployeeImportService } from '../employee-import/service.js';

interface AuditRow {
  at: Date;
  actor: string | null;
  entity: string;
  entity_id: string;
  action: string;
  label: string | null;
}

const ENTITY_WORDS: Record<string, string> = {
  company: 'company',
  user: 'user',
  employee: 'employee',
  employee_import: 'employee records from',
};
const ACTION_WORDS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  import: 'Imported',
};

export const adminDashboardRoutes: FastifyPluginAsyncZod<{ imports: EmployeeImportService }> = async (
  app,
  { imports },
) => {
  app.get('/api/v1/admin/dashboard', {
    config: { access: { userTypes: ['Admin'] } },
    schema: { tags: ['admin'], response: { 200: AdminDashboard } },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      const t = user.tenantId;
      const [companies] = await tx.query<{ total: number; active: number; employees: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active,
                (SELECT count(*)::int FROM employees WHERE tenant_id = $1) AS employees
           FROM companies WHERE tenant_id = $1`,
        [t],
      );
      const usersByType = await tx.query<{ UserType: string; Count: number }>(
        `SELECT user_type AS "UserType", count(*)::int AS "Count" FROM users WHERE tenant_id = $1
          GROUP BY user_type ORDER BY user_type`,
        [t],
      );
      const perCompany = await tx.query<{ CompanyId: string; CompanyName: string; Count: number }>(
        `SELECT c.id AS "CompanyId", c.name AS "CompanyName",
                (SELECT count(*)::int FROM employees e WHERE e.tenant_id = c.tenant_id AND e.company_id = c.id) AS "Count"
           FROM companies c WHERE c.tenant_id = $1 ORDER BY "Count" DESC, lower(c.name) LIMIT 50`,
        [t],
      );
      const recentImports = await imports.recent(tx, t, null, 5);
      // Employee rows written by an import are summed up by the import's own audit row.
      const audit = await tx.query<AuditRow>(
        `SELECT a.at, u.full_name AS actor, a.entity, a.entity_id, a.action,
                coalesce(a.after ->> 'Name', a.after ->> 'FullName', a.after ->> 'FileName',
                         a.before ->> 'Name', a.before ->> 'FullName',
                         concat_ws(' ', a.after ->> 'employee_number', a.after ->> 'first_name', a.after ->> 'last_name'))
                  AS label
           FROM audit_log a LEFT JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.actor_user_id
          WHERE a.tenant_id = $1 AND NOT (a.entity = 'employee' AND a.after ->> 'last_import_id' IS NOT NULL)
          ORDER BY a.at DESC, a.id LIMIT 10`,
        [t],
      );
      return {
        CompanyCount: companies!.total,
        ActiveCompanyCount: companies!.active,
        EmployeeCount: companies!.employees,
        UsersByType: usersByType,
        EmployeesPerCompany: perCompany,
        RecentImports: recentImports,
        RecentAudit: audit.map((a) => ({
          At: new Date(a.at).toISOString(),
          Actor: a.actor,
          Entity: a.entity,
          EntityId: a.entity_id,
          Action: a.action,
          Summary: `${ACTION_WORDS[a.action] ?? a.action} ${ENTITY_WORDS[a.entity] ?? a.entity}${a.label ? ` ${a.label}` : ''}`,
        })),
      };
    },
  });
};
