import { z } from 'zod';

const Count = z.object({ Name: z.string(), Count: z.number().int() });

/** `GET /api/v1/hr/dashboard` (issue 8 §5): the HR user's own company at a glance. */
export const HrDashboard = z.object({
  /** Employees on file and not separated. */
  ActiveCount: z.number().int(),
  SeparatedCount: z.number().int(),
  ByDepartment: z.array(Count),
  ByEmploymentStatus: z.array(Count),
  ByEmploymentType: z.array(Count),
  HiresThisMonth: z.number().int(),
  SeparationsThisMonth: z.number().int(),
  /** The last 12 months, oldest first: hires, separations and the headcount at the month's end. */
  Trend: z.array(
    z.object({
      Month: z.string(),
      Hires: z.number().int(),
      Separations: z.number().int(),
      Headcount: z.number().int(),
    }),
  ),
  /** The five latest hires still employed, newest first. */
  RecentHires: z.array(
    z.object({
      EmployeeId: z.uuid(),
      FullName: z.string(),
      HireDate: z.string(),
      DepartmentName: z.string().nullable(),
    }),
  ),
  /** Work anniversaries (a full year or more) in the next 30 days. */
  UpcomingAnniversaries: z.array(
    z.object({
      EmployeeId: z.uuid(),
      EmployeeNumber: z.string(),
      FullName: z.string(),
      Date: z.string(),
      Years: z.number().int(),
      DaysUntil: z.number().int(),
    }),
  ),
  /** Active employees missing one or more of TIN, SSS, PhilHealth and Pag-IBIG numbers. */
  MissingGovernmentIds: z.object({
    Count: z.number().int(),
    Sample: z.array(
      z.object({
        EmployeeId: z.uuid(),
        EmployeeNumber: z.string(),
        FullName: z.string(),
        Missing: z.array(z.string()),
      }),
    ),
  }),
  /** Active employees without a bank account on file (paid by cash or check until one is added). */
  MissingBankAccountCount: z.number().int(),
  /** Leave, overtime and undertime requests waiting for a decision; null until the requests module lands. */
  PendingRequests: z
    .object({ Leave: z.number().int(), Overtime: z.number().int(), Undertime: z.number().int() })
    .nullable(),
});
export type HrDashboard = z.infer<typeof HrDashboard>;
