import { z } from 'zod';
import { calendarDate } from './field-rules.js';

/** A report downloads as a spreadsheet (XLSX, CSV) or, being printable, as PDF. */
export const ReportFormat = z.enum(['xlsx', 'csv', 'pdf']);
export type ReportFormat = z.infer<typeof ReportFormat>;

type ReportParam = 'From' | 'To' | 'Month' | 'IncludeSeparated' | 'MissingOnly';

/** The HR reports of /hr/reports (issue 8 §5), in the order the page lists them. */
export const HR_REPORTS = {
  'master-list': {
    title: 'Master list (201)',
    // The PDF is printed on landscape pages: it holds the main columns, not every field (UI review).
    description:
      'Every employee’s 201 file, one row each: every field in Excel and CSV, the main ones in PDF.',
    params: ['IncludeSeparated'],
  },
  headcount: {
    title: 'Headcount by department and status',
    description: 'Active employees per department and employment status, with totals.',
    params: [],
  },
  movements: {
    title: 'New hires and separations',
    description: 'Who joined and who left between two dates, with the reason for leaving.',
    params: ['From', 'To'],
  },
  birthdays: {
    title: 'Birthdays by month',
    description: 'Active employees’ birthdays of one month, or the whole year by month.',
    params: ['Month'],
  },
  'government-ids': {
    title: 'Government ID completeness',
    description: 'TIN, SSS, PhilHealth and Pag-IBIG numbers of active employees, and which are missing.',
    params: ['MissingOnly'],
  },
  'per-supervisor': {
    title: 'Employees per supervisor',
    description: 'Each supervisor with the active employees who report to them.',
    params: [],
  },
} as const satisfies Record<string, { title: string; description: string; params: readonly ReportParam[] }>;
export type HrReportId = keyof typeof HR_REPORTS;
export const HrReportId = z.enum(Object.keys(HR_REPORTS) as [HrReportId, ...HrReportId[]]);

const isoDate = calendarDate;
/** `POST /api/v1/hr/reports/{report}`: the file of one report; each report reads the parameters it lists. */
export const HrReportRequest = z.strictObject({
  Format: ReportFormat.default('xlsx'),
  From: isoDate.optional(),
  To: isoDate.optional(),
  /** 1-12; none = every month. */
  Month: z.number().int().min(1).max(12).optional(),
  IncludeSeparated: z.boolean().optional(),
  MissingOnly: z.boolean().optional(),
});
export type HrReportRequest = z.input<typeof HrReportRequest>;
export const HrReportParams = z.object({ report: HrReportId });
