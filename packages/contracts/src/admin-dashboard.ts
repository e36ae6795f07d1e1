import { z } from 'zod';
import { EmployeeImportSummary } from './employee-import.js';

export const AdminDashboard = z.object({
  CompanyCount: z.number().int(),
  ActiveCompanyCount: z.number().int(),
  /** Employees of every company of the tenant. */
  EmployeeCount: z.number().int(),
  UsersByType: z.array(z.object({ UserType: z.string(), Count: z.number().int() })),
  EmployeesPerCompany: z.array(
    z.object({ CompanyId: z.uuid(), CompanyName: z.string(), Count: z.number().int() }),
  ),
  RecentImports: z.array(EmployeeImportSummary),
  RecentAudit: z.array(
    z.object({
      At: z.string(),
      Actor: z.string().nullable(),
      Entity: z.string(),
      EntityId: z.string(),
      Action: z.string(),
      Summary: z.string(),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;
