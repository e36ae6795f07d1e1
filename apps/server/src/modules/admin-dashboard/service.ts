import type { AdminDashboard } from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import type { CurrentUser } from '../../lib/route-access.js';
import type { EmployeeImportService } from '../employee-import/service.js';
import { adminDashboardRepo as repo, type AuditRow } from './repository.js';

const ENTITY_WORDS: Record<string, string> = {
  company: 'company',
  user: 'user',
  employee: 'employee',
  employee_import: 'employee records from',
  attendance_days: 'attendance',
  time_log_import: 'punch file',
};
/** An entity without a word of its own reads as its code in words (`payroll-period`: "payroll period"). */
const entityWords = (entity: string) => ENTITY_WORDS[entity] ?? entity.replace(/[-_]+/g, ' ');
/** A payroll period's steps as "<verb> payroll period <name><rest>". */
const TRANSITION_WORDS: Record<string, [verb: string, rest: string]> = {
  compute: ['Computed', ''],
  approve: ['Approved', ''],
  'return-to-draft': ['Returned', ' to draft'],
  finalise: ['Finalised', ''],
  'mark-paid': ['Marked', ' paid'],
  'email-payslips': ['E-mailed the payslips of', ''],
};
const ACTION_WORDS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  import: 'Imported',
};

/** The Admin's dashboard: companies, users and employees at a glance, recent imports and recent activity. */
export async function adminDashboard(
  tx: Tx,
  user: CurrentUser,
  imports: EmployeeImportService,
): Promise<AdminDashboard> {
  const t = user.tenantId;
  const companies = await repo.totals(tx, t);
  const audit = await repo.recentAudit(tx, t);
  return {
    CompanyCount: companies.total,
    ActiveCompanyCount: companies.active,
    EmployeeCount: companies.employees,
    UsersByType: await repo.usersByType(tx, t),
    EmployeesPerCompany: await repo.employeesPerCompany(tx, t),
    RecentImports: await imports.recent(tx, t, null, 5),
    RecentAudit: audit.map((a) => ({
      At: new Date(a.at).toISOString(),
      Actor: a.actor,
      Entity: a.entity,
      EntityId: a.entity_id,
      Action: a.action,
      Summary: summary(a),
    })),
  };
}

function summary(a: AuditRow): string {
  const [verb, rest] = (a.transition && TRANSITION_WORDS[a.transition]) || [
    ACTION_WORDS[a.action] ?? a.action,
    '',
  ];
  const name = a.label ? ` ${a.label}` : a.employee ? ` of ${a.employee}` : '';
  return `${verb} ${entityWords(a.entity)}${name}${rest}`;
}
