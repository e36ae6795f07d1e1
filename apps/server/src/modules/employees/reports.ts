import {
  HR_REPORTS,
  MONTH_NAMES,
  SEPARATION_REASON_LABELS,
  HrReportRequest,
  formatIsoDate,
  type HrReportId,
  type SeparationReason,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { REPORT_MAX_ROWS, writeExport, type ExportColumn } from '../../lib/export.js';
import { manilaToday } from '../../lib/manila.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { employeeRecordsRepo, hrReportsRepo as repo } from './repository.js';
import { MASTER_LIST_COLUMNS } from './service.js';

/** The longest date range a movements report covers, in years, From and To both counted. */
const MAX_RANGE_YEARS = 10;
/** The same date `years` later, as a timestamp (a Feb 29 falls on Mar 1 of a common year). */
function yearsAfter(from: string, years: number) {
  const date = new Date(`${from}T00:00:00Z`);
  return date.setUTCFullYear(date.getUTCFullYear() + years);
}
const col = <R>(
  header: string,
  value: ExportColumn<R>['value'],
  width?: number,
  pdfWidth?: number,
): ExportColumn<R> => ({ header, value, width, pdfWidth });
/** A date column: a date cell in the spreadsheet, "Nov 16, 2026" on paper. */
const dateCol = <R>(header: string, value: ExportColumn<R>['value'], pdfWidth: number): ExportColumn<R> => ({
  ...col(header, value, 12, pdfWidth),
  date: true,
});
const missing = (v: string | null) => (v ? v : 'MISSING');

/** The master list on paper: the columns that fit a landscape page (the spreadsheet has every field). */
const MASTER_PDF = new Set([
  'Employee number',
  'Last name',
  'First name',
  'Department',
  'Position',
  'Employment status',
  'Hire date',
  'TIN',
  'SSS number',
  'Status',
]);

/**
 * Writes one HR report of the signed-in user's company to a temporary file (XLSX, CSV or PDF) and answers its
 * path and download name. Parameters the report needs are checked here, with the form's field names.
 */
export async function writeHrReport(
  tx: Tx,
  user: CurrentUser,
  report: HrReportId,
  req: ReturnType<typeof HrReportRequest.parse>,
): Promise<{ path: string; fileName: string }> {
  const { tenantId, companyId } = user;
  const title = HR_REPORTS[report].title;
  const today = manilaToday();
  // On paper the report says whose it is: the company, what it holds, who printed it and when.
  const company = await repo.companyName(tx, tenantId, companyId);
  const at = `${user.fullName} · ${formatIsoDate(today)}`;
  const fileName = `${report}-${today}`;
  const write = <R>(
    columns: ExportColumn<R>[],
    page: (offset: number, limit: number) => Promise<R[]>,
    note = '',
    emphasis?: (row: R) => boolean,
  ) =>
    writeExport(
      req.Format,
      title,
      columns,
      page,
      [company, note, `Prepared by ${at}`].filter(Boolean).join(' · '),
      REPORT_MAX_ROWS,
      emphasis,
    );

  switch (report) {
    case 'master-list': {
      const columns = MASTER_LIST_COLUMNS.map((c) => ({ ...c, pdfWidth: MASTER_PDF.has(c.header) ? 1 : 0 }));
      const listed = { SortDirection: 'asc' as const, IncludeSeparated: req.IncludeSeparated };
      const path = await write(
        columns,
        employeeRecordsRepo.exportPages(tx, tenantId, companyId, listed, REPORT_MAX_ROWS),
        req.IncludeSeparated ? 'Active and separated employees' : 'Active employees',
      );
      return { path, fileName };
    }
    case 'headcount': {
      const path = await write<Awaited<ReturnType<typeof repo.headcount>>[number]>(
        [
          col('Department', (r) => r.department ?? 'All departments', 30, 2),
          col('Employment status', (r) => (r.department === null ? '' : (r.status ?? 'Subtotal')), 24, 2),
          col('Employees', (r) => r.count, 12, 1),
        ],
        (offset, limit) => repo.headcount(tx, tenantId, companyId, offset, limit),
        'Active employees',
        (r) => r.status === null, // a department's subtotal, or the total
      );
      return { path, fileName };
    }
    case 'movements': {
      const { From, To } = req;
      const errors = [
        !From && { Code: 'From', Description: 'This field is required' },
        !To && { Code: 'To', Description: 'This field is required' },
        From && To && To < From && { Code: 'To', Description: 'To cannot be before From' },
        From &&
          To &&
          // Calendar years, not a count of days: ten years from 2016-12-01 end on 2026-11-30.
          Date.parse(`${To}T00:00:00Z`) >= yearsAfter(From, MAX_RANGE_YEARS) && {
            Code: 'To',
            Description: 'The range can be at most ten years',
          },
      ].filter((e): e is { Code: string; Description: string } => !!e);
      if (errors.length) throw problems.badRequest('One or more fields are invalid.', errors);
      const path = await write<Awaited<ReturnType<typeof repo.movements>>[number]>(
        [
          dateCol('Date', (r) => r.date, 1),
          col('Movement', (r) => r.kind, 12, 1),
          col('Employee number', (r) => r.number, 16, 1),
          col('Name', (r) => r.name, 30, 2.5),
          col('Department', (r) => r.department, 20, 1.5),
          col('Position', (r) => r.position, 22, 1.5),
          col(
            'Reason',
            (r) => (r.reason ? SEPARATION_REASON_LABELS[r.reason as SeparationReason] : ''),
            18,
            1.2,
          ),
        ],
        (offset, limit) => repo.movements(tx, tenantId, companyId, From!, To!, offset, limit),
        `${formatIsoDate(From!)} to ${formatIsoDate(To!)}`,
      );
      return { path, fileName: `${report}-${From}-to-${To}` };
    }
    case 'birthdays': {
      const path = await write<Awaited<ReturnType<typeof repo.birthdays>>[number]>(
        [
          col('Month', (r) => MONTH_NAMES[r.month - 1], 12, 1),
          col('Day', (r) => r.day, 6, 0.5),
          col('Employee number', (r) => r.number, 16, 1),
          col('Name', (r) => r.name, 30, 2.5),
          col('Department', (r) => r.department, 20, 1.5),
          dateCol('Birth date', (r) => r.birth_date, 1),
        ],
        (offset, limit) => repo.birthdays(tx, tenantId, companyId, req.Month ?? null, offset, limit),
        req.Month ? MONTH_NAMES[req.Month - 1] : 'Whole year',
      );
      return { path, fileName };
    }
    case 'government-ids': {
      const path = await write<Awaited<ReturnType<typeof repo.governmentIds>>[number]>(
        [
          col('Employee number', (r) => r.number, 16, 1),
          col('Name', (r) => r.name, 30, 2.2),
          col('Department', (r) => r.department, 20, 1.4),
          col('TIN', (r) => missing(r.tin), 18, 1.2),
          col('SSS number', (r) => missing(r.sss), 16, 1.2),
          col('PhilHealth number', (r) => missing(r.philhealth), 18, 1.3),
          col('Pag-IBIG number', (r) => missing(r.pagibig), 18, 1.3),
          col(
            'Complete',
            (r) => ([r.tin, r.sss, r.philhealth, r.pagibig].every(Boolean) ? 'Yes' : 'No'),
            10,
            0.7,
          ),
        ],
        (offset, limit) => repo.governmentIds(tx, tenantId, companyId, !!req.MissingOnly, offset, limit),
        req.MissingOnly ? 'Employees with a missing id' : 'All active employees',
      );
      return { path, fileName };
    }
    case 'per-supervisor': {
      const path = await write<Awaited<ReturnType<typeof repo.perSupervisor>>[number]>(
        [
          col('Supervisor number', (r) => r.supervisor_number, 16, 1),
          col('Supervisor', (r) => r.supervisor_name, 30, 2),
          col('Employee number', (r) => r.number, 16, 1),
          col('Employee', (r) => r.name, 30, 2),
          col('Department', (r) => r.department, 20, 1.4),
          col('Position', (r) => r.position, 22, 1.4),
        ],
        (offset, limit) => repo.perSupervisor(tx, tenantId, companyId, offset, limit),
      );
      return { path, fileName };
    }
  }
}
