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

/** `GET /api/v1/employees/options` (spec §7): the company's active employees, for pickers. */
export const EmployeeOptionsQuery = z.object({ CompanyId: z.uuid().optional() });
export const EmployeeOption = z.object({
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  FullName: z.string(),
});
export const EmployeeOptionsResponse = z.array(EmployeeOption);
export type EmployeeOption = z.infer<typeof EmployeeOption>;

/** `GET /api/v1/employees/upcoming-birthdays?Days=` (spec §7): 1 to 366 days ahead, today included. */
export const UpcomingBirthdaysQuery = z.object({
  Days: z.coerce.number().int().min(1).max(366),
  CompanyId: z.uuid().optional(),
});
export const UpcomingBirthday = z.object({
  EmployeeId: z.uuid(),
  EmployeeNumber: z.string(),
  FullName: z.string(),
  DepartmentName: z.string().nullable(),
  BirthDate: z.string(),
  /** The date the birthday is kept this time (Feb 29 birthdays on Feb 28 in common years). */
  NextBirthday: z.string(),
  /** 0 for today. */
  DaysUntil: z.number().int(),
  /** The age the employee turns. */
  Age: z.number().int(),
});
export const UpcomingBirthdaysResponse = z.array(UpcomingBirthday);
export type UpcomingBirthday = z.infer<typeof UpcomingBirthday>;
