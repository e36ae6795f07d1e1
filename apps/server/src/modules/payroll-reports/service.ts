/**
 * Payroll reports (issue 10 §5): the pure generators of payroll-documents fed with finalised payslips
 * (payroll-outputs' documents source). Every report reads finalised or paid periods only; amounts stay exact
 * decimal strings / integer centavos; CSV and XLSX go through lib/csv and lib/export, which neutralise formulas.
 */
import {
  MONTH_NAMES,
  ProblemTypes,
  formatDateRange,
  formatIsoDate,
  type AlphalistQuery,
  type BankFileQuery,
  type Bir1601cQuery,
  type Bir2316Query,
  type FinalPayCertificateQuery,
  type LoanBalancesQuery,
  type LoanRemittanceQuery,
  type PayrollRegisterReportQuery,
  type SssReportQuery,
  type YearSheetQuery,
} from '@hrpay/contracts';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import type { Tx } from '../../db/database.js';
import { REPORT_MAX_ROWS, writeExport, type ExportColumn, type FileFormat } from '../../lib/export.js';
import { addDays, manilaToday } from '../../lib/manila.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { applicationSettingsService } from '../application-settings/service.js';
import {
  alphalist1604c,
  AnnualFileError,
  BankFileError,
  add1601c,
  bdoPayrollFile,
  bir1601cItems,
  bir1601cSums,
  bir2316FileName,
  bpiPayrollFile,
  certificates2316,
  forBank,
  genericBankCsv,
  GovernmentFileError,
  monthlyContributions,
  pagibigMcrfCsv,
  philhealthRf1Csv,
  REGISTER_AMOUNTS,
  registerAmounts,
  refundCarriedInto,
  registerColumns,
  sssContributionCsv,
  sssR3File,
  writeBir2316Pdf,
  writeFinalPayCertificatePdf,
  type Certificate2316,
  type PreviousEmployer,
  type ContributionRow,
  type DocCompany,
  type DocEmployee,
  type DocFinalPay,
  type GeneratedFile,
  type RegisterAmount,
} from '../payroll-documents/index.js';
import { cents, fullName, money, moneyDisplay } from '../payroll-documents/money.js';
import {
  documentsSource,
  type PayslipScope,
  type SourcedPayslip,
} from '../payroll-outputs/documents-source.js';
import {
  payrollReportsRepo,
  type CutoffRules,
  type EmployeeYearRow,
  type EmploymentSpan,
  type LoanBalanceRow,
  type LoanPaymentRow,
  type MonthPeriodRow,
} from './repository.js';

/** A file written to disk (streamed by sendExport) or bytes in memory (sent as they are, with `headers`). */
export type ReportFile =
  | { kind: 'export'; path: string; format: FileFormat; fileName: string }
  | {
      kind: 'bytes';
      bytes: Buffer;
      contentType: string;
      fileName: string;
      headers?: Record<string, string>;
    };

const TEXT = 'text/plain; charset=us-ascii';
const CSV = 'text/csv; charset=utf-8';
const safeName = (text: string) => text.replace(/[^\w.-]+/g, '-');
const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
const monthTitle = (year: number, month: number) => `${MONTH_NAMES[month - 1]} ${year}`;

/** Where a missing company field is filled in, for the 409 a layout answers without it. */
const fillIn = (what: string) =>
  problems.conflict(
    `The company's ${what} is not set; fill it in under Admin > Companies before making this file.`,
    ProblemTypes.invalidState,
  );

/** A generator refusing its input (an employee without an account or a government number) is a 409 to fix. */
async function generated<T>(make: () => T | Promise<T>): Promise<T> {
  try {
    return await make();
  } catch (error) {
    if (
      error instanceof BankFileError ||
      error instanceof GovernmentFileError ||
      error instanceof AnnualFileError
    )
      throw problems.conflict(`${error.message}.`.replace(/\.\.$/, '.'), ProblemTypes.invalidState);
    throw error;
  }
}

async function companyOf(tx: Tx, user: CurrentUser): Promise<DocCompany> {
  const company = await documentsSource.company(tx, user.tenantId, user.companyId);
  if (!company) throw problems.notFound();
  return company;
}

/**
 * The finalised payslips of a scope one employee at a time (the source orders by employee, then pay date), so a
 * month's or year's report holds one employee's payslips, not the company's.
 */
async function eachEmployee(
  tx: Tx,
  user: CurrentUser,
  scope: PayslipScope,
  each: (entries: SourcedPayslip[]) => void,
): Promise<void> {
  let current: SourcedPayslip[] = [];
  await documentsSource.eachBatch(tx, user.tenantId, user.companyId, scope, async (batch) => {
    for (const entry of batch) {
      if (current.length && current[0]!.employee.employeeId !== entry.employee.employeeId) {
        each(current);
        current = [];
      }
      current.push(entry);
    }
  });
  if (current.length) each(current);
}

/** The generators' order: by last name, then first name. */
const byName = (a: { employee: DocEmployee }, b: { employee: DocEmployee }) =>
  a.employee.lastName.localeCompare(b.employee.lastName) ||
  a.employee.firstName.localeCompare(b.employee.firstName);

/** The month's contribution rows, built one employee at a time. */
async function contributionsOf(tx: Tx, user: CurrentUser, year: number, month: number) {
  const rows: ContributionRow[] = [];
  await eachEmployee(tx, user, { year, month }, (entries) =>
    rows.push(...monthlyContributions(entries, monthKey(year, month))),
  );
  return rows.sort(byName);
}

/** The year's 2316 certificates, built one employee at a time, each with its previous employer of the year. */
async function certificatesOf(tx: Tx, user: CurrentUser, year: number, employeeId?: string) {
  const previous = new Map(
    (await payrollReportsRepo.previousEmployers(tx, user.tenantId, user.companyId, year)).map(
      (r): [string, PreviousEmployer] => [
        r.employee_id,
        {
          tin: r.employer_tin,
          name: r.employer_name,
          address: r.employer_address,
          gross: money(cents(r.non_taxable_total) + cents(r.taxable_total)),
          basicSmw: r.basic_smw,
          holiday: r.holiday,
          overtime: r.overtime,
          nightDiff: r.night_diff,
          hazard: r.hazard,
          thirteenth: r.thirteenth,
          deMinimis: r.de_minimis,
          contributions: r.contributions,
          salaries: r.salaries,
          nonTaxTotal: r.non_taxable_total,
          taxableBasic: r.taxable_basic,
          taxableThirteenth: r.taxable_thirteenth,
          taxableSalaries: r.taxable_salaries,
          taxableTotal: r.taxable_total,
          taxWithheld: r.tax_withheld,
        },
      ],
    ),
  );
  const certificates: Certificate2316[] = [];
  await eachEmployee(tx, user, { year, employeeId }, (entries) =>
    certificates.push(
      ...certificates2316(entries, year, { previous: (e) => previous.get(e.employeeId) ?? null }),
    ),
  );
  return certificates.sort(byName);
}

/** Who signs printed certificates: the payslip signatory of the application settings, if any. */
async function signatoryOf(tx: Tx, user: CurrentUser): Promise<string | undefined> {
  const settings = await applicationSettingsService.get(tx, user);
  return (
    [settings.PayslipSignatoryName, settings.PayslipSignatoryTitle].filter(Boolean).join(', ') || undefined
  );
}

/** A finalised period of the caller's company, or 404 (another company's) / 409 (still open). */
async function anyPeriod(tx: Tx, user: CurrentUser, periodId: string) {
  const period = await documentsSource.period(tx, user.tenantId, user.companyId, periodId);
  if (!period) throw problems.notFound();
  return period;
}

async function finalisedPeriod(tx: Tx, user: CurrentUser, periodId: string) {
  const period = await documentsSource.period(tx, user.tenantId, user.companyId, periodId);
  if (!period) throw problems.notFound();
  if (period.status !== 'Finalised' && period.status !== 'Paid')
    throw problems.conflict(
      `Period ${period.name} is ${period.status}: reports are made from finalised periods only.`,
      ProblemTypes.invalidState,
    );
  return period;
}

const nothingIn = (what: string) => problems.notFound(`No finalised payslips for ${what}.`);

// ---------------------------------------------------------------- a month's cut-offs

const lastDayOf = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const dayAndMonth = (date: string) =>
  `${Number(date.slice(8, 10))} ${MONTH_NAMES[Number(date.slice(5, 7)) - 1]}`;
/** "16–30 November", "29 November–5 December", "30 November". */
const dateRange = (from: string, to: string) =>
  from === to
    ? dayAndMonth(from)
    : from.slice(0, 7) === to.slice(0, 7)
      ? `${Number(from.slice(8, 10))}–${dayAndMonth(to)}`
      : `${dayAndMonth(from)}–${dayAndMonth(to)}`;

/**
 * What keeps a month's remittance reports (SSS R-3, PhilHealth RF-1, Pag-IBIG MCRF, loan remittance, BIR
 * 1601-C) from being the month's whole: each cut-off of the month that is not finalised, as "the 16–30 November
 * cut-off is not finalised (…)"; empty when the month is complete. The reports read the finalised payslips of
 * the periods whose cut-off ends in the month, and the contributions and tax are monthly: a report made before
 * the month's last cut-off is finalised would carry half the month's shares (an MSC 12,000 row with the EC of
 * neither bracket, PhilHealth half the table's premium), so it is refused instead.
 *
 * Which cut-offs make up the month comes from the company's pay frequency (payroll settings): the month's days
 * from its 1st up to its last cut-off end (the month's last day; for a weekly payroll the last weekly cut-off day
 * in the month, the week over the month's end being the next month's) must each be covered by a finalised (or
 * paid) regular period: a day without one is a gap, whether the month's other cut-offs were made or not (sweep D
 * finding 2: a month skipped between two paid ones was a zero 1601-C, and a month whose 1st cut-off was never
 * made gave half-month SSS and PhilHealth shares).
 *
 * The one exception is a day on which no employee of the company was employed (`employment`: hired after it, or
 * separated before it) and that no period touches: there was no one to pay, so it needs no cut-off. That is what
 * lets a company that began mid-month (its first hires on the 16th) report that month from its first cut-off, and
 * what makes a month that is over and in which no one was employed at all (before the first hire, after the last
 * separation) a zero month (the 1601-C is still filed: a zero return; the contribution files have no one: 404).
 * The employees' dates are what decide it, not the company's first period: a company that moved to HRPAY with
 * staff already on the books has no figures here for its earlier months or for the days of its first month before
 * its first cut-off, and a zero or half-month return for them would be false, so those answer 409 too. An
 * employee without a hire date on file counts as employed. A month not over yet that no regular period touches is
 * never complete (hires may still come). A month whose every cut-off is finalised is complete even when it paid
 * nothing (everyone on leave without pay): its 1601-C is a zero return. Final pay, 13th month and adjustment
 * periods never hold a month back: a final pay may wait for clearance past the remittance deadline, and a
 * correction is a later period.
 */
export function missingCutoffs(
  year: number,
  month: number,
  rules: CutoffRules,
  periods: MonthPeriodRow[],
  today: string,
  employment: EmploymentSpan[],
): string[] {
  const first = `${monthKey(year, month)}-01`;
  const last = lastDayOf(year, month);
  let end = last;
  if (rules.frequency === 'Weekly') while (weekday(end) !== rules.weeklyCutoffEndDay) end = addDays(end, -1);
  const over = periods.filter((p) => p.cutoff_start <= end && p.cutoff_end >= first);
  const ongoing = today <= last;
  /** Whether someone was employed on `day` (a month not over without any period: always, hires may come). */
  const staffed = (day: string) =>
    (ongoing && over.length === 0) ||
    employment.some(
      (e) =>
        (e.hire_date === null || e.hire_date <= day) &&
        (e.separation_date === null || e.separation_date >= day),
    );
  const closed = (p: MonthPeriodRow) => p.status === 'Finalised' || p.status === 'Paid';
  /** Whether the settings' cut-off ends on `day` (a piece without any period is cut there). */
  const cutoffEnds = (day: string) =>
    day === last ||
    (rules.frequency === 'SemiMonthly' && Number(day.slice(8, 10)) === rules.firstCutoffEndDay) ||
    (rules.frequency === 'Weekly' && weekday(day) === rules.weeklyCutoffEndDay);
  const missing: string[] = [];
  let piece: { from: string; to: string; open: MonthPeriodRow | null } | null = null;
  const close = () => {
    if (!piece) return;
    missing.push(
      `the ${dateRange(piece.from, piece.to)} cut-off is not finalised (${
        piece.open
          ? `"${piece.open.name}" is ${piece.open.status.toLowerCase()}`
          : 'no payroll period covers it yet'
      })`,
    );
    piece = null;
  };
  for (let day = first; day <= end; day = addDays(day, 1)) {
    const covering = over.filter((p) => p.cutoff_start <= day && p.cutoff_end >= day);
    if (covering.some(closed) || (covering.length === 0 && !staffed(day))) {
      close();
      continue;
    }
    const open = covering[0] ?? null;
    if (piece && piece.open !== open) close();
    if (piece) piece.to = day;
    else piece = { from: day, to: day, open };
    if (!open && cutoffEnds(day)) close();
  }
  close();
  return missing;
}

/** 409 when a month's cut-offs are not all finalised, naming each that is not (missingCutoffs). */
async function completeMonth(tx: Tx, user: CurrentUser, year: number, month: number): Promise<void> {
  const rules = await payrollReportsRepo.cutoffRules(tx, user.tenantId, user.companyId);
  const [from, to] = [`${monthKey(year, month)}-01`, lastDayOf(year, month)];
  const periods = await payrollReportsRepo.regularPeriodsOver(tx, user.tenantId, user.companyId, from, to);
  const employment = await payrollReportsRepo.employmentOver(tx, user.tenantId, user.companyId, from, to);
  const missing = missingCutoffs(year, month, rules, periods, manilaToday(), employment);
  if (missing.length)
    throw problems.conflict(
      `${monthTitle(year, month)} is not complete: ${missing.join('; ')}. A monthly report is made once every ` +
        "cut-off of the month is finalised, so that it carries the whole month's contributions and tax.",
      ProblemTypes.invalidState,
    );
}

/** Rows of a small in-memory report as a page reader for writeExport. */
const pagesOf =
  <R>(rows: R[]) =>
  async (offset: number, limit: number) =>
    rows.slice(offset, offset + limit);

/**
 * The one place a report's centavo amount is formatted: exact 2-decimal text in a CSV ("1000.00", "0.00"), a
 * spreadsheet number (exact decimal text read once) in an XLSX, "1,234.50" in a PDF. Amount columns are marked
 * `money`, so lib/export writes their CSV text as it is.
 */
const amountFor = (format: FileFormat): ((c: number) => string | number) =>
  format === 'pdf'
    ? (c: number) => moneyDisplay(c)
    : format === 'csv'
      ? (c: number) => money(c)
      : (c: number) => Number(money(c));

async function exportFile<R>(
  format: FileFormat,
  title: string,
  columns: ExportColumn<R>[],
  rows: R[],
  fileName: string,
  subtitle = '',
  emphasis?: (row: R) => boolean,
): Promise<ReportFile> {
  const path = await writeExport(format, title, columns, pagesOf(rows), subtitle, REPORT_MAX_ROWS, emphasis);
  return { kind: 'export', path, format, fileName };
}

// ---------------------------------------------------------------- register

/**
 * Turns the documents source's push of batches (`eachBatch` awaits each callback) into pulls of `limit` rows, so
 * lib/export writes a big period batch by batch instead of holding it whole. The source waits while the writer
 * writes; a failure of the source is thrown to the writer.
 */
export function pullBatches<T>(
  start: (each: (batch: T[]) => Promise<void>) => Promise<unknown>,
): (limit: number) => Promise<T[]> {
  const buffer: T[] = [];
  let done = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  let resume: (() => void) | null = null;
  const signal = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  void start(async (batch) => {
    buffer.push(...batch);
    signal();
    await new Promise<void>((r) => (resume = r));
  }).then(
    () => {
      done = true;
      signal();
    },
    (error: unknown) => {
      failure = error ?? new Error('the payslip source failed');
      done = true;
      signal();
    },
  );
  return async (limit) => {
    while (buffer.length < limit && !done) {
      const r = resume;
      resume = null;
      await new Promise<void>((w) => {
        wake = w;
        r?.();
      });
    }
    if (failure) throw failure;
    return buffer.splice(0, limit);
  };
}

type RegisterRow = { entry: SourcedPayslip } | { totals: Record<RegisterAmount, string> };

/** The register's columns with a last "Total" row of exact column totals. */
function registerWithTotals(format: FileFormat): ExportColumn<RegisterRow>[] {
  const amount = amountFor(format);
  return registerColumns(format).map((column, i) => ({
    ...column,
    value: (row: RegisterRow) => {
      if ('entry' in row) return column.value(row.entry);
      const key = REGISTER_AMOUNTS[i - 3]?.[0]; // the employee columns come first, the pay status last
      if (!key) return i === 1 ? 'TOTAL' : '';
      return amount(cents(row.totals[key]));
    },
  }));
}

// ---------------------------------------------------------------- 1601-C

const ITEMS_1601C: [string, string][] = [
  ['14', 'Total amount of compensation'],
  ['15', 'Statutory minimum wage for minimum wage earners (MWEs)'],
  ['16', 'Holiday pay, overtime pay, night shift differential pay, hazard pay (for MWEs only)'],
  ['17', '13th month pay and other benefits'],
  ['18', 'De minimis benefits'],
  ['19', 'SSS, GSIS, PHIC, HDMF mandatory contributions and union dues (employee’s share only)'],
  ['20', 'Other non-taxable compensation'],
  ['21', 'Total non-taxable compensation (sum of items 15 to 20)'],
  ['22', 'Total taxable compensation (item 14 less item 21)'],
  ['23', 'Less: taxable compensation not subject to withholding tax (for employees earning 250,000 or less)'],
  ['24', 'Net taxable compensation (item 22 less item 23)'],
  ['25', 'Total taxes withheld'],
  ['26', 'Add/(less): adjustment of taxes withheld from previous month/s'],
  ['27', 'Taxes withheld for remittance (sum of items 25 and 26)'],
  ['28', 'Less: tax remitted in return previously filed, if this is an amended return'],
  ['29', 'Other remittances made'],
  ['30', 'Total tax remittances made (sum of items 28 and 29)'],
  ['31', 'Tax still due/(over-remittance) (item 27 less item 30)'],
  ['32', 'Add: penalties — surcharge'],
  ['33', 'Interest'],
  ['34', 'Compromise'],
  ['35', 'Total penalties (sum of items 32 to 34)'],
  ['36', 'Total amount still due/(over-remittance) (sum of items 31 and 35)'],
];

// ---------------------------------------------------------------- 13th month and year-to-date

/** An employee's year as the year-to-date and 13th month reports print it (centavos). */
export interface EmployeeYear {
  employeeNumber: string;
  name: string;
  departmentName: string | null;
  basicEarned: number;
  thirteenthPaid: number;
  gross: number;
  taxable: number;
  taxWithheld: number;
  sss: number;
  philhealth: number;
  pagibig: number;
}

/**
 * Per employee for the year, added up by the database (payrollReportsRepo.employeeYears): the year-to-date sums,
 * the basic salary earned (the 13th month base: the engine's own figure, which the compute job stores as
 * result.thisPeriod.basicSalaryEarned and sums for the 13th month run) and the 13th month paid (a 13th month run's
 * earnings, or 13th month lines of other runs; read only when `thirteenthPaid`).
 */
async function employeeYears(
  tx: Tx,
  user: CurrentUser,
  year: number,
  { thirteenthPaid }: { thirteenthPaid: boolean },
): Promise<EmployeeYear[]> {
  const rows = await payrollReportsRepo.employeeYears(tx, user.tenantId, user.companyId, year, {
    thirteenthPaid,
  });
  return rows.map(employeeYearOf);
}

/** A row of `payrollReportsRepo.employeeYears` as the reports print it: exact decimal text to centavos. */
export const employeeYearOf = (r: EmployeeYearRow): EmployeeYear => ({
  employeeNumber: r.employee_number,
  name: fullName({ lastName: r.last_name, firstName: r.first_name, middleName: r.middle_name }),
  departmentName: r.department_name,
  basicEarned: cents(r.basic_earned),
  thirteenthPaid: cents(r.thirteenth_paid),
  gross: cents(r.gross),
  taxable: cents(r.taxable),
  taxWithheld: cents(r.tax_withheld),
  sss: cents(r.sss),
  philhealth: cents(r.philhealth),
  pagibig: cents(r.pagibig),
});

type Totalled<R> = { row: R } | { total: R };
/** Columns of a per-employee sheet with a final TOTAL row; `amounts` are summed exactly. */
function withTotal<R>(
  format: FileFormat,
  text: { header: string; value: (r: R) => string | null; width?: number }[],
  amounts: { header: string; value: (r: R) => number }[],
): ExportColumn<Totalled<R>>[] {
  const amount = amountFor(format);
  return [
    ...text.map((c, i) => ({
      header: c.header,
      width: c.width,
      value: (r: Totalled<R>) => ('row' in r ? c.value(r.row) : i === 0 ? 'TOTAL' : ''),
    })),
    ...amounts.map((c) => ({
      header: c.header,
      value: (r: Totalled<R>) => amount(c.value('row' in r ? r.row : r.total)),
      money: true,
    })),
  ];
}
const isTotal = <R>(row: Totalled<R>) => 'total' in row;
function totalled<R>(rows: R[], sum: (rows: R[]) => R): Totalled<R>[] {
  return [...rows.map((row) => ({ row })), { total: sum(rows) }];
}
const sumYears = (rows: EmployeeYear[]): EmployeeYear => {
  const t: EmployeeYear = {
    employeeNumber: '',
    name: '',
    departmentName: null,
    basicEarned: 0,
    thirteenthPaid: 0,
    gross: 0,
    taxable: 0,
    taxWithheld: 0,
    sss: 0,
    philhealth: 0,
    pagibig: 0,
  };
  for (const r of rows)
    for (const k of [
      'basicEarned',
      'thirteenthPaid',
      'gross',
      'taxable',
      'taxWithheld',
      'sss',
      'philhealth',
      'pagibig',
    ] as const)
      t[k] += r[k];
  return t;
};

const bytesFile = (file: GeneratedFile, contentType: string): Extract<ReportFile, { kind: 'bytes' }> => ({
  kind: 'bytes',
  bytes: file.bytes,
  contentType,
  fileName: file.fileName,
});

// ---------------------------------------------------------------- the service

export const payrollReportsService = {
  /**
   * The payroll register of a finalised period; with `inReview` (the period page) of a period at any state, so
   * payroll can check it before approving. One register for both.
   */
  async register(
    tx: Tx,
    user: CurrentUser,
    q: z.output<typeof PayrollRegisterReportQuery>,
    { inReview = false } = {},
  ): Promise<ReportFile> {
    const company = await companyOf(tx, user);
    const period = inReview
      ? await anyPeriod(tx, user, q.PayrollPeriodId)
      : await finalisedPeriod(tx, user, q.PayrollPeriodId);
    const format = q.Format as FileFormat;
    // Streams: the payslips are read a batch at a time as the file is written, the totals added on the way.
    const next = pullBatches<SourcedPayslip>((each) =>
      documentsSource.eachBatch(tx, user.tenantId, user.companyId, { periodId: period.id }, each, {
        closedOnly: !inReview,
      }),
    );
    const sums = new Map<RegisterAmount, number>(REGISTER_AMOUNTS.map(([k]) => [k, 0]));
    let ended = false;
    const page = async (_offset: number, limit: number): Promise<RegisterRow[]> => {
      if (ended) return [];
      const entries = await next(limit);
      for (const e of entries)
        for (const [k, v] of Object.entries(registerAmounts(e.payslip)) as [RegisterAmount, number][])
          sums.set(k, sums.get(k)! + v);
      const rows: RegisterRow[] = entries.map((entry) => ({ entry }));
      if (entries.length < limit) {
        ended = true;
        const totals = Object.fromEntries([...sums].map(([k, v]) => [k, money(v)]));
        rows.push({ totals: totals as Record<RegisterAmount, string> });
      }
      return rows;
    };
    const path = await writeExport(
      format,
      // The sheet by its cut-off: a period's name past 31 characters ("November 2026 1st cut-off") was cut to the
      // same sheet name for both halves of a month.
      {
        title: `Payroll register ${period.name}`,
        sheet: `Register ${formatDateRange(period.cutoff_start, period.cutoff_end)}`,
      },
      registerWithTotals(format),
      page,
      `${company.name} — cut-off ${formatDateRange(period.cutoff_start, period.cutoff_end)}, pay date ${formatIsoDate(period.pay_date)}` +
        (period.status === 'Finalised' || period.status === 'Paid' ? '' : ` — ${period.status}, not final`) +
        (format === 'pdf' ? ' — employer shares: see the XLSX and the remittance reports' : ''),
      REPORT_MAX_ROWS,
      (row) => 'totals' in row,
    );
    return { kind: 'export', path, format, fileName: `payroll-register-${safeName(period.name)}` };
  },

  async bankFile(tx: Tx, user: CurrentUser, q: z.output<typeof BankFileQuery>): Promise<ReportFile> {
    const period = await finalisedPeriod(tx, user, q.PayrollPeriodId);
    // Held payslips are paid later, outside the period's file: each by the file of the day its pay was released.
    const released = q.ReleasedOn;
    const paidHere = released
      ? (e: SourcedPayslip) => e.held && e.releasedOn === released
      : (e: SourcedPayslip) => !e.held;
    const entries: SourcedPayslip[] = [];
    await documentsSource.eachBatch(
      tx,
      user.tenantId,
      user.companyId,
      { periodId: period.id, releasedOn: released },
      async (batch) => {
        // The bank files read net pay only: the lines are dropped as the batches come.
        for (const e of batch) if (paidHere(e)) entries.push({ ...e, payslip: { ...e.payslip, lines: [] } });
      },
    );
    if (released && entries.length === 0)
      throw problems.notFound(
        `No held pay of ${period.name} was released on ${formatIsoDate(released)}: release it from the payslip first.`,
      );
    // Released held pay is credited the day its file is made (a bank refuses a credit date in the past), but never
    // before the period's own pay date.
    const today = manilaToday();
    const creditDate = released && today > period.pay_date ? today : period.pay_date;
    const reference = released ? `Held pay ${period.name}` : `Payroll ${period.name}`;
    // A BPI or BDO file credits that bank's accounts only: the employees whose pay profile names it. Those of
    // other banks are left out of it and named in X-Bank-File-Left-Out (employee numbers), to be paid by their
    // own bank's file; one paid by bank without a bank name stops the file (409), never silently unpaid.
    let leftOut: string[] = [];
    const file = await generated(() => {
      if (q.Bank === 'generic') return genericBankCsv(entries, { reference });
      const split = forBank(entries, q.Bank);
      leftOut = split.leftOut.map((p) => p.employeeNumber);
      if (q.Bank === 'bpi')
        return bpiPayrollFile(split.entries, {
          companyCode: q.CompanyCode ?? '',
          companyAccount: (q.CompanyAccount ?? '').replace(/[\s-]/g, ''),
          batch: q.Batch,
          creditDate,
        });
      return bdoPayrollFile(split.entries, {
        companyCode: q.CompanyCode ?? '',
        companyAccount: q.CompanyAccount ?? '',
        batch: q.Batch,
        creditDate,
      });
    });
    // What the file holds, for the payroll officer to tie to the register before the upload.
    const headers: Record<string, string> = {
      'x-bank-file-count': String(file.count),
      'x-bank-file-total': file.total,
    };
    if (leftOut.length) headers['x-bank-file-left-out'] = leftOut.join(',');
    if (q.Bank === 'generic')
      return {
        ...bytesFile(file, CSV),
        fileName: `bank-credit-${safeName(period.name)}${released ? `-held-pay-released-${released}` : ''}.csv`,
        headers,
      };
    return { ...bytesFile(file, TEXT), headers };
  },

  async sss(tx: Tx, user: CurrentUser, q: z.output<typeof SssReportQuery>): Promise<ReportFile> {
    const company = await companyOf(tx, user);
    const month = monthKey(q.Year, q.Month);
    if (q.Format === 'txt' && !company.sssEmployerNumber) throw fillIn('SSS employer number');
    await completeMonth(tx, user, q.Year, q.Month);
    const rows = await contributionsOf(tx, user, q.Year, q.Month);
    if (rows.length === 0) throw nothingIn(monthTitle(q.Year, q.Month));
    if (q.Format === 'csv') {
      const csv = sssContributionCsv(rows, month);
      return { ...bytesFile(csv, CSV), fileName: `sss-contributions-${month}.csv` };
    }
    return bytesFile(await generated(() => sssR3File(company, rows, month)), TEXT);
  },

  async philhealth(tx: Tx, user: CurrentUser, q: { Year: number; Month: number }): Promise<ReportFile> {
    const month = monthKey(q.Year, q.Month);
    await completeMonth(tx, user, q.Year, q.Month);
    const rows = await contributionsOf(tx, user, q.Year, q.Month);
    if (rows.length === 0) throw nothingIn(monthTitle(q.Year, q.Month));
    const csv = await generated(() => philhealthRf1Csv(rows, month));
    return { ...bytesFile(csv, CSV), fileName: `philhealth-rf1-${month}.csv` };
  },

  async pagibig(tx: Tx, user: CurrentUser, q: { Year: number; Month: number }): Promise<ReportFile> {
    const month = monthKey(q.Year, q.Month);
    await completeMonth(tx, user, q.Year, q.Month);
    const rows = await contributionsOf(tx, user, q.Year, q.Month);
    if (rows.length === 0) throw nothingIn(monthTitle(q.Year, q.Month));
    const csv = await generated(() => pagibigMcrfCsv(rows, month));
    return { ...bytesFile(csv, CSV), fileName: `pagibig-mcrf-${month}.csv` };
  },

  async loanRemittance(
    tx: Tx,
    user: CurrentUser,
    q: z.output<typeof LoanRemittanceQuery>,
  ): Promise<ReportFile> {
    const company = await companyOf(tx, user);
    const month = monthKey(q.Year, q.Month);
    await completeMonth(tx, user, q.Year, q.Month);
    const rows = await payrollReportsRepo.loanPayments(
      tx,
      user.tenantId,
      user.companyId,
      q.Agency,
      q.Year,
      q.Month,
    );
    const format = q.Format as FileFormat;
    const amount = amountFor(format);
    const sss = q.Agency === 'SSS';
    const agency = sss ? 'SSS' : 'Pag-IBIG';
    const total = rows.reduce((s, r) => s + cents(r.amount), 0);
    type Row = { row: LoanPaymentRow } | { total: number };
    const text = (pick: (r: LoanPaymentRow) => string | null) => (r: Row) => ('row' in r ? pick(r.row) : '');
    return exportFile<Row>(
      format,
      `${agency} loan remittance ${monthTitle(q.Year, q.Month)}`,
      [
        {
          header: sss ? 'SS Number' : 'Pag-IBIG MID No.',
          value: (r) => ('row' in r ? (sss ? r.row.sss_number : r.row.pagibig_number) : 'TOTAL'),
          width: 18,
        },
        { header: 'Employee no.', value: text((r) => r.employee_number), width: 14 },
        { header: 'Last Name', value: text((r) => r.last_name), width: 18 },
        { header: 'First Name', value: text((r) => r.first_name), width: 18 },
        { header: 'Middle Name', value: text((r) => r.middle_name), width: 16 },
        { header: 'Loan Type', value: text((r) => r.loan_type), width: 26 },
        { header: 'Loan Reference', value: text((r) => r.reference_number), width: 16 },
        { header: 'Payroll Period', value: text((r) => r.period_name), width: 20 },
        { header: 'Amount', value: (r) => amount('row' in r ? cents(r.row.amount) : r.total), money: true },
      ],
      [...rows.map((row) => ({ row })), { total }],
      `${sss ? 'sss' : 'pagibig'}-loans-${month}`,
      `${company.name} — ${agency} employer no. ${
        (sss ? company.sssEmployerNumber : company.pagibigEmployerNumber) ?? '(not set)'
      }`,
    );
  },

  async bir1601c(tx: Tx, user: CurrentUser, q: z.output<typeof Bir1601cQuery>): Promise<ReportFile> {
    const company = await companyOf(tx, user);
    const month = monthKey(q.Year, q.Month);
    await completeMonth(tx, user, q.Year, q.Month);
    // Every item is a sum over payslips, added up batch by batch; item 23 needs each employee's month whole,
    // and item 25's floor the month's net withholding, so the items are made once, from the month's sums.
    // A complete month without payslips (no compensation paid) is a zero return: the 1601-C is filed every month,
    // with or without withholding (OUTPUTS-research §1; item "any taxes withheld" No).
    const sums = bir1601cSums(month);
    await documentsSource.eachBatch(
      tx,
      user.tenantId,
      user.companyId,
      { year: q.Year, month: q.Month },
      async (batch) => add1601c(sums, batch),
    );
    // Year-end refunds of earlier months above their own withholding are credited against this month's (item 26).
    const earlier = await payrollReportsRepo.monthlyWithholding(
      tx,
      user.tenantId,
      user.companyId,
      `${month}-01`,
    );
    const form = bir1601cItems(sums, { carriedRefund: refundCarriedInto(earlier) });
    const format = q.Format as FileFormat;
    const amount = amountFor(format);
    const rows: { item: string; label: string; value: number | null }[] = ITEMS_1601C.map(
      ([item, label]) => ({
        item,
        label,
        value: cents(form.items[item as keyof typeof form.items]),
      }),
    );
    // What the form's items do not say: how item 23 was found, and refunds carried between months.
    if (cents(form.items['23']) > 0)
      rows.push({
        item: 'Note',
        label:
          `Item 23: the taxable compensation of ${form.notSubjectCount} employee(s), not minimum wage earners, ` +
          'from whom no tax was withheld this month and whose taxable compensation for the year is 250,000.00 ' +
          "or less (the year-end adjustment's figure; in a month without one, the month's × 12)",
        value: null,
      });
    if (cents(form.items['26']) < 0)
      rows.push({
        item: 'Note',
        label: "Item 26: year-end refunds of earlier months credited against this month's withholding",
        value: -cents(form.items['26']),
      });
    if (cents(form.refundsAboveWithholding) > 0)
      rows.push({
        item: 'Note',
        label:
          "Year-end refunds paid this month above this month's withholding (item 25 is not negative): " +
          "credited against the following months' withholding (RR 2-98 as amended), in item 26 of their returns",
        value: cents(form.refundsAboveWithholding),
      });
    if (cents(form.refundCarriedForward) > 0)
      rows.push({
        item: 'Note',
        label: "Refunds still to credit against the following months' withholding",
        value: cents(form.refundCarriedForward),
      });
    return exportFile(
      format,
      `BIR 1601-C ${form.month}`,
      [
        { header: 'Item', value: (r) => r.item, width: 6, pdfWidth: 0.6 },
        { header: 'Description', value: (r) => r.label, width: 80, pdfWidth: 6 },
        {
          header: 'Amount',
          value: (r) => (r.value === null ? '' : amount(r.value)),
          width: 16,
          pdfWidth: 1.6,
          money: true,
        },
      ],
      rows,
      `bir-1601c-${month}`,
      `${company.name}, TIN ${company.tin ?? '(not set)'} — month ${form.month}; any taxes withheld: ${
        form.anyTaxesWithheld ? 'Yes' : 'No'
      }`,
    );
  },

  async bir2316(tx: Tx, user: CurrentUser, q: z.output<typeof Bir2316Query>): Promise<ReportFile> {
    const company = await companyOf(tx, user);
    if (!company.tin) throw fillIn('TIN');
    const certificates = await certificatesOf(tx, user, q.Year, q.EmployeeId || undefined);
    if (certificates.length === 0) throw nothingIn(`${q.Year}${q.EmployeeId ? ' for this employee' : ''}`);
    const signatory = await signatoryOf(tx, user);
    const path = join(tmpdir(), `hrpay-2316-${randomUUID()}.pdf`);
    await generated(() => writeBir2316Pdf(createWriteStream(path), company, certificates, { signatory }));
    const fileName =
      certificates.length === 1 && q.EmployeeId
        ? bir2316FileName(certificates[0]!).replace(/\.pdf$/, '')
        : `bir-2316-${q.Year}`;
    return { kind: 'export', path, format: 'pdf', fileName };
  },

  /** The certificate of final pay of one employee's payslip in a finalised final-pay period. */
  async finalPayCertificate(
    tx: Tx,
    user: CurrentUser,
    q: z.output<typeof FinalPayCertificateQuery>,
  ): Promise<ReportFile> {
    const period = await finalisedPeriod(tx, user, q.PayrollPeriodId);
    if (period.kind !== 'FinalPay')
      throw problems.conflict(
        `Period ${period.name} is not a final pay period: a certificate of final pay comes from a final pay period.`,
        ProblemTypes.invalidState,
      );
    const company = await companyOf(tx, user);
    const entries: DocFinalPay[] = [];
    await documentsSource.eachBatch(
      tx,
      user.tenantId,
      user.companyId,
      { periodId: period.id, employeeId: q.EmployeeId },
      async (batch) => {
        for (const e of batch) {
          // The compute job stores which deduction lines settle loans beside the engine's payslip (compute.ts).
          const loans = (e.payslip as { loans?: { Code: string }[] }).loans ?? [];
          entries.push({ ...e, loanCodes: loans.map((l) => l.Code) });
        }
      },
    );
    const entry = entries[0];
    if (!entry) throw nothingIn(`this employee in ${period.name}`);
    const signatory = await signatoryOf(tx, user);
    const path = join(tmpdir(), `hrpay-final-pay-${randomUUID()}.pdf`);
    await writeFinalPayCertificatePdf(createWriteStream(path), company, [entry], {
      signatory,
    });
    return {
      kind: 'export',
      path,
      format: 'pdf',
      fileName: `final-pay-certificate-${safeName(entry.employee.employeeNumber)}-${safeName(period.name)}`,
    };
  },

  async alphalist(tx: Tx, user: CurrentUser, q: z.output<typeof AlphalistQuery>): Promise<ReportFile> {
    const company = await companyOf(tx, user);
    if (!company.tin) throw fillIn('TIN');
    const certificates = await certificatesOf(tx, user, q.Year);
    if (certificates.length === 0) throw nothingIn(String(q.Year));
    const file = await generated(() =>
      alphalist1604c(
        company,
        q.Year,
        certificates.map((certificate) => {
          const separated = certificate.employee.separationDate?.startsWith(String(q.Year)) ?? false;
          return {
            certificate,
            region: q.Region,
            employmentStatus: 'R' as const,
            // Substituted filing: one employer all year, and the tax withheld equals the tax due.
            substitutedFiling:
              !separated && !certificate.previous && certificate.presentWithheld === certificate.taxDue,
            ...(separated ? { separationReason: 'R' as const } : {}),
          };
        }),
      ),
    );
    return bytesFile(file, TEXT);
  },

  async thirteenthMonth(tx: Tx, user: CurrentUser, q: z.output<typeof YearSheetQuery>): Promise<ReportFile> {
    const company = await companyOf(tx, user);
    const years = await employeeYears(tx, user, q.Year, { thirteenthPaid: true });
    if (years.length === 0) throw nothingIn(String(q.Year));
    const format = q.Format as FileFormat;
    return exportFile(
      format,
      `13th month pay ${q.Year}`,
      withTotal<EmployeeYear>(
        format,
        [
          { header: 'Employee no.', value: (r) => r.employeeNumber, width: 14 },
          { header: 'Name', value: (r) => r.name, width: 30 },
          { header: 'Department', value: (r) => r.departmentName, width: 18 },
        ],
        [
          { header: 'Basic pay earned', value: (r) => r.basicEarned },
          { header: '13th month pay paid', value: (r) => r.thirteenthPaid },
        ],
      ),
      totalled(years, sumYears),
      `thirteenth-month-${q.Year}`,
      company.name,
      isTotal,
    );
  },

  async yearToDate(tx: Tx, user: CurrentUser, q: z.output<typeof YearSheetQuery>): Promise<ReportFile> {
    const company = await companyOf(tx, user);
    // The year-to-date columns need no lines: they are left unread.
    const years = await employeeYears(tx, user, q.Year, { thirteenthPaid: false });
    if (years.length === 0) throw nothingIn(String(q.Year));
    const format = q.Format as FileFormat;
    return exportFile(
      format,
      `Year-to-date ${q.Year}`,
      withTotal<EmployeeYear>(
        format,
        [
          { header: 'Employee no.', value: (r) => r.employeeNumber, width: 14 },
          { header: 'Name', value: (r) => r.name, width: 30 },
          { header: 'Department', value: (r) => r.departmentName, width: 18 },
        ],
        [
          { header: 'Gross pay', value: (r) => r.gross },
          { header: 'Taxable compensation', value: (r) => r.taxable },
          { header: 'Tax withheld', value: (r) => r.taxWithheld },
          { header: 'SSS EE', value: (r) => r.sss },
          { header: 'PhilHealth EE', value: (r) => r.philhealth },
          { header: 'Pag-IBIG EE', value: (r) => r.pagibig },
          { header: 'Total contributions', value: (r) => r.sss + r.philhealth + r.pagibig },
        ],
      ),
      totalled(years, sumYears),
      `year-to-date-${q.Year}`,
      company.name,
      isTotal,
    );
  },

  /**
   * The company's loans after every finalised payroll: each active loan with its principal, what has been paid
   * (every ledger entry: the deductions of finalised or paid payrolls, pay dates still ahead included, and manual
   * adjustments, as the loan screen and the next compute count them) and the balance; and the loans paid off
   * this month (their closing entry dated in this month or later), listed as "Paid off" with balance 0.00, so a
   * payroll officer sees which deductions end with the payroll just finalised. Loans paid off in earlier months
   * are history and left out, as are cancelled loans.
   */
  async loanBalances(tx: Tx, user: CurrentUser, q: z.output<typeof LoanBalancesQuery>): Promise<ReportFile> {
    const company = await companyOf(tx, user);
    const today = manilaToday();
    const rows = await payrollReportsRepo.loanBalances(
      tx,
      user.tenantId,
      user.companyId,
      `${today.slice(0, 7)}-01`,
    );
    const format = q.Format as FileFormat;
    const amount = (text: string) => amountFor(format)(cents(text));
    const name = (r: LoanBalanceRow) =>
      fullName({ lastName: r.last_name, firstName: r.first_name, middleName: r.middle_name });
    return exportFile(
      format,
      `Loan balances ${today}`,
      [
        { header: 'Employee no.', value: (r: LoanBalanceRow) => r.employee_number, width: 14 },
        { header: 'Name', value: name, width: 30 },
        { header: 'Loan type', value: (r) => r.loan_type, width: 24 },
        { header: 'Reference no.', value: (r) => r.reference_number, width: 16 },
        { header: 'Start date', value: (r) => r.start_date, width: 12, date: true },
        { header: 'Principal', value: (r) => amount(r.principal), money: true },
        { header: 'Paid', value: (r) => amount(r.paid), money: true },
        { header: 'Balance', value: (r) => amount(r.balance), money: true },
        { header: 'Status', value: (r) => (r.status === 'Paid' ? 'Paid off' : 'Active'), width: 10 },
      ],
      rows,
      `loan-balances-${today}`,
      `${company.name} — as of ${today}, after every finalised payroll (paid: their deductions, pay dates ` +
        'still ahead included)',
    );
  },
};
