import { z } from 'zod';

/** `GET /api/v1/employees/search?SearchText=&CompanyId=` (spec §7): the employee picker. */
export const EmployeeSearchQuery = z.object({
  SearchText: z.string().trim().max(200).optional(),
  CompanyId: z.uuid().optional(),
});

export const EmployeeMatch = z.object({
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  FullName: z.string(),
  CompanyId: z.uuid(),
});
export type EmployeeMatch = z.infer<typeof EmployeeMatch>;

/** At most 20 matches, by last and first name. */
export const EmployeeSearchResult = z.array(EmployeeMatch);
