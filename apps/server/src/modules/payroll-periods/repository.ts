import {
  NO_ATTENDANCE_WARNING,
  REQUEST_NOT_STORED_WARNING,
  type FinalPayDueItem,
  type PayrollAdjustment,
  type PayrollPeriodDetail,
  type PayrollPeriodListItem,
  type PayrollPeriodListRequest,
  type PayrollPeriodTotals,
  type PayslipLineView,
  type PayslipListItem,
  type PayslipListRequest,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { Conditions, containsPattern, pageClause } from '../../lib/lists.js';
import { ADJUSTMENT_TAX_CLASS, COMPUTE_FAILED } from './compute.js';

type ParsedPeriodList = ReturnType<typeof PayrollPeriodListRequest.parse>;
type ParsedPayslipList = ReturnType<typeof PayslipListRequest.parse>;

/** The stored period row (snake case), as the service reads it before a change. */
export interface PeriodRow {
  id: string;
  company_id: string;
  name: string;
  kind: PayrollPeriodListItem['Kind'];
  frequency: PayrollPeriodListItem['Frequency'];
  cutoff_start: string;
  cutoff_end: string;
  pay_date: string;
  status: PayrollPeriodListItem['Status'];
  employee_ids: string[] | null;
  references_period_id: string | null;
  job_status: PayrollPeriodListItem['JobStatus'];
  job_progress: number;
  job_total: number;
  job_error: string | null;
  computed_at: Date | null;
  /** Who asked for the last compute (migration 0036). */
  computed_by: string | null;
  row_version: number;
  updated_at: Date;
}

/** The detail's fields that say what the signed-in user may do; the service adds them. */
type UserActions =
  | 'CanEdit'
  | 'CanCompute'
  | 'CanApprove'
  | 'AwaitsAnotherApprover'
  | 'CanReturnToDraft'
  | 'CanFinalise'
  | 'CanMarkPaid';

const PERIOD_COLUMNS = `p.id, p.company_id, p.name, p.kind, p.frequency, p.cutoff_start::text AS cutoff_start,
  p.cutoff_end::text AS cutoff_end, p.pay_date::text AS pay_date, p.status, p.employee_ids, p.references_period_id,
  p.job_status, p.job_progress, p.job_total, p.job_error, p.computed_at, p.computed_by, p.row_version, p.updated_at`;

/**
 * When HR last stored the attendance of the day `date` (an SQL date expression) for the period `p`'s company:
 * the latest store audit row whose range holds it (timelogs storeAttendance), found by the audit log's entity
 * index; null when the day was never stored.
 */
const lastStoreOf = (date: string) => `(SELECT max(s.at) FROM audit_log s
    WHERE s.tenant_id = p.tenant_id AND s.entity = 'attendance_days' AND s.entity_id = p.company_id::text
      AND (s.after->>'DateFrom')::date <= ${date} AND (s.after->>'DateTo')::date >= ${date})`;

/**
 * The earliest of the last stores of the cut-off's days (a day never stored has none): a punch changed before it
 * is not newer than the last store of any day of the cut-off, so the 'punches' check reads only the punch audit
 * rows written since, in order of time from migration 0044's index (the ORDER BY makes the planner read that
 * index from the bound rather than scan the table: with 2,000,000 hand-entered punches, 1 ms instead of 15 s).
 */
const EARLIEST_LAST_STORE = `(SELECT min(${lastStoreOf('g.d::date')})
    FROM generate_series(p.cutoff_start, p.cutoff_end, interval '1 day') g(d))`;

/**
 * Why a computed period's payslips are out of date although nothing of the period changed, read when the period
 * is (the modules that make the change know nothing of periods): 'attendance' when HR stored the attendance of
 * days of its cut-off again after the compute (the store's audit row, timelogs storeAttendance: its range and
 * time; one row a store, found by the audit log's entity index, where the stored days themselves would be a scan
 * of every employee's day of the cut-off), 'request' when a leave, overtime or undertime request of its cut-off
 * was approved, or cancelled after its approval, after the compute (the attendance store reads them: the
 * attendance must be stored again, and the compute's payslips warn which days), 'holiday' when a confirmed holiday
 * of the company on a date of its cut-off was added, moved, retyped, confirmed or deleted (its audit row, holidays
 * service: before and after are the whole holiday, its CompanyId, Date, Type, WorkLocationId and IsDraft; a new
 * name alone pays the same and does not count) after the compute, or after the last store of the attendance of
 * that date: the store types each day by the holidays as they are then (timelogs storeAttendance, attendance_days
 * day_type) and the compute pays a stored day by its stored type (only a day not stored by the holidays as they
 * are, compute's unstoredHolidays), so computing again alone does not pay the change: HR stores the attendance
 * again (then 'attendance' until the compute), then the period is computed. The holiday rows are found by the
 * audit log's entity index (few: a company's own holidays and moves), the stores of the date by it too.
 * 'punches' when a punch of the company that a day of its cut-off may count was added, corrected or deleted after
 * the last store of that day's attendance (payroll pays the stored days: the change is paid once HR stores them
 * again, then 'attendance' until the compute; a day never stored is the compute's warning, not this): a punch's
 * audit row (timelogs service, entity 'time_log': create's after, update's before and after, delete's before are
 * the whole punch, its CompanyId and PunchedAt on the Manila clock), found by the entity index. A punch on date D
 * counts for D, for D + 1 from 20:00 (a day's window opens 4 h before its shift, never before 20:00 the evening
 * before), and for D - 1 before 08:00 (a day shift's window closes 8 h after it ends) or, when the company has an
 * overnight shift, before that shift's end + 8 h (attendance.ts windows; the schedules are not read, so it errs on
 * the side of stale). A punch-file import writes one audit row (import-job, entity 'time_log_import')
 * with its company and its first and last punch added (Manila clock): it counts when that span reaches the
 * cut-off's punches (from 20:00 the evening before its first day to 08:00, or an overnight shift's end + 8 h, the
 * day after its last) and it was made after the last store of a day of the cut-off within a day of the span (an
 * import made before these fields were written does not count). 'employment' when an employee of the period was
 * hired, separated or reinstated, or had a hire or separation date moved, in its cut-off after the compute (the
 * employee's audit rows, by migration 0051's index): computing again pays the days of employment. A
 * Computed period and an Approved one alike (approve and finalise refuse it: return it for changes and compute it
 * again). Only periods that pay attendance (Regular, FinalPay: of its employees; a local holiday or a final pay
 * marks the period whichever employees it pays: the store and the compute are of the whole company); null
 * otherwise. Alias `p` is the period.
 */
export const STALE_REASON = `CASE WHEN p.status IN ('Computed', 'Approved') AND p.computed_at IS NOT NULL AND p.kind IN ('Regular', 'FinalPay') THEN
    CASE WHEN EXISTS (SELECT 1 FROM audit_log a
                       WHERE a.tenant_id = p.tenant_id AND a.entity = 'attendance_days'
                         AND a.entity_id = p.company_id::text AND a.at > p.computed_at
                         AND (a.after->>'DateFrom')::date <= p.cutoff_end
                         AND (a.after->>'DateTo')::date >= p.cutoff_start)
         THEN 'attendance'
         WHEN EXISTS (SELECT 1 FROM audit_log a CROSS JOIN LATERAL (VALUES (a.before), (a.after)) h(v)
                       WHERE a.tenant_id = p.tenant_id AND a.entity = 'holiday'
                         AND h.v->>'CompanyId' = p.company_id::text AND (h.v->>'IsDraft') = 'false'
                         AND (h.v->>'Date')::date BETWEEN p.cutoff_start AND p.cutoff_end
                         AND (a.before->>'Date', a.before->>'Type', a.before->>'WorkLocationId', a.before->>'IsDraft')
                             IS DISTINCT FROM
                             (a.after->>'Date', a.after->>'Type', a.after->>'WorkLocationId', a.after->>'IsDraft')
                         AND (a.at > p.computed_at
                              OR a.at > ${lastStoreOf("(h.v->>'Date')::date")}))
         THEN 'holiday'
         WHEN EXISTS (SELECT 1 FROM (SELECT a.at, a.before, a.after FROM audit_log a
                                      WHERE a.tenant_id = p.tenant_id AND a.entity = 'time_log'
                                        AND a.at > ${EARLIEST_LAST_STORE}
                                      ORDER BY a.at) a
                        CROSS JOIN LATERAL (VALUES (a.before), (a.after)) t(v)
                        CROSS JOIN LATERAL (SELECT (t.v->>'PunchedAt')::timestamp AS l) pl
                        CROSS JOIN LATERAL (VALUES (pl.l::date - 1,
                                                    pl.l::time < '08:00'
                                                    OR EXISTS (SELECT 1 FROM shifts sh
                                                                WHERE sh.tenant_id = p.tenant_id
                                                                  AND sh.company_id = p.company_id
                                                                  AND sh.time_out <= sh.time_in
                                                                  AND (sh.time_out >= '16:00'
                                                                       OR pl.l::time < sh.time_out + interval '8 hours'))),
                                                   (pl.l::date, true),
                                                   (pl.l::date + 1, pl.l::time >= '20:00')) c(d, may)
                       WHERE t.v->>'CompanyId' = p.company_id::text
                         AND c.d BETWEEN p.cutoff_start AND p.cutoff_end AND c.may
                         AND a.at > ${lastStoreOf('c.d')})
              OR EXISTS (SELECT 1 FROM audit_log a
                           CROSS JOIN LATERAL (SELECT (a.after->>'FirstPunchAt')::timestamp AS f,
                                                      (a.after->>'LastPunchAt')::timestamp AS l) r
                          WHERE a.tenant_id = p.tenant_id AND a.entity = 'time_log_import'
                            AND a.after->>'CompanyId' = p.company_id::text
                            AND r.l >= (p.cutoff_start - 1) + time '20:00'
                            AND r.f < (p.cutoff_end + 1) + (SELECT CASE WHEN bool_or(sh.time_out >= '16:00') THEN interval '24 hours'
                                                                      ELSE greatest(interval '8 hours', max(sh.time_out - time '00:00') + interval '8 hours') END
                                                             FROM shifts sh
                                                            WHERE sh.tenant_id = p.tenant_id AND sh.company_id = p.company_id
                                                              AND sh.time_out <= sh.time_in)
                            AND EXISTS (SELECT 1 FROM generate_series(greatest(p.cutoff_start, r.f::date - 1),
                                                                      least(p.cutoff_end, r.l::date + 1), interval '1 day') g(d)
                                         WHERE a.at > ${lastStoreOf('g.d::date')}))
         THEN 'punches'
         WHEN EXISTS (SELECT 1 FROM audit_log a
                        JOIN employees e ON e.tenant_id = a.tenant_id AND e.id::text = a.entity_id
                       WHERE a.tenant_id = p.tenant_id AND a.entity = 'employee' AND a.at > p.computed_at
                         AND e.company_id = p.company_id AND (p.kind = 'Regular' OR e.id = ANY(p.employee_ids))
                         AND (a.before->>'HireDate', a.before->>'SeparationDate')
                             IS DISTINCT FROM (a.after->>'HireDate', a.after->>'SeparationDate')
                         AND EXISTS (SELECT 1 FROM (VALUES (a.before->>'HireDate'), (a.after->>'HireDate'),
                                                           (a.before->>'SeparationDate'), (a.after->>'SeparationDate')) d(v)
                                      WHERE d.v::date BETWEEN p.cutoff_start AND p.cutoff_end))
         THEN 'employment'
         WHEN EXISTS (SELECT 1 FROM time_requests r
                       WHERE r.tenant_id = p.tenant_id AND r.company_id = p.company_id
                         AND r.date_from <= p.cutoff_end AND r.date_to >= p.cutoff_start
                         AND (p.kind = 'Regular' OR r.employee_id = ANY(p.employee_ids))
                         AND r.decided_at IS NOT NULL
                         AND ((r.status = 'Approved' AND r.decided_at > p.computed_at)
                              OR (r.status = 'Cancelled' AND r.cancelled_at > p.computed_at)))
         THEN 'request' END END`;

export type StaleReason = 'attendance' | 'holiday' | 'punches' | 'employment' | 'request';

/** What approve and finalise answer for a stale period (STALE_REASON); the period page shows it too. */
export const STALE_MESSAGE: Record<StaleReason, string> = {
  attendance:
    'The attendance of days of this cut-off was stored again after the period was computed; compute it again before approving.',
  holiday:
    'A holiday on a day of this cut-off was added, moved, retyped or deleted after the period was computed or after the attendance of that day was stored, and the stored attendance keeps the day as it was: HR must store the attendance of the days of the cut-off again, then compute the period again before approving.',
  punches:
    'Punches of a day of this cut-off were added, changed or deleted after the attendance of that day was stored, and the stored attendance keeps them as they were: HR must store the attendance of the days of the cut-off again, then compute the period again before approving.',
  employment:
    "An employee's hire or separation date in this cut-off was set or changed after the period was computed; compute it again before approving.",
  request:
    'A leave, overtime or undertime request of this cut-off was approved or cancelled after the period was computed; HR must store the attendance of its days again, then compute the period again before approving.',
};

/** What approve answers while payslips carry REQUEST_NOT_STORED_WARNING (repository requestsNotStored). */
export const REQUEST_NOT_STORED_MESSAGE =
  'A leave, overtime or undertime request was approved or cancelled after the attendance of its days was stored, so payslips of this period pay those days without it (their warnings name the days); computing again does not change that: HR must store the attendance of those days again, then compute the period again before approving.';

/**
 * The totals of the payslips a period pays (Excluded ones are counted, not summed), as the database keeps them
 * (migration 0047's triggers on payslips): summing the payslips here cost every period the list's filter matched
 * all of its payslips, before the ORDER BY and LIMIT. An aggregate over the period's one row or none, so a period
 * without payslips still has its zeros.
 */
const SUMS = `LEFT JOIN LATERAL (
    SELECT coalesce(sum(pt.employee_count), 0)::int AS employee_count,
           coalesce(sum(pt.gross), 0)::numeric(16, 2)::text AS gross,
           coalesce(sum(pt.deductions), 0)::numeric(16, 2)::text AS deductions,
           coalesce(sum(pt.net), 0)::numeric(16, 2)::text AS net,
           coalesce(sum(pt.warning_count), 0)::int AS warning_count
      FROM payroll_period_totals pt WHERE pt.tenant_id = p.tenant_id AND pt.payroll_period_id = p.id) t ON true`;

interface ListRow extends PeriodRow {
  stale: StaleReason | null;
  employee_count: number;
  gross: string;
  deductions: string;
  net: string;
  warning_count: number;
  created_at: Date;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function listItem(r: ListRow): PayrollPeriodListItem {
  return {
    Id: r.id,
    CompanyId: r.company_id,
    Name: r.name,
    Kind: r.kind,
    Frequency: r.frequency,
    CutoffStart: r.cutoff_start,
    CutoffEnd: r.cutoff_end,
    PayDate: r.pay_date,
    Status: r.status,
    // Changed since the compute: an adjustment, dates, rates (back to Draft), or what the payslips read from
    // attendance (STALE_REASON).
    NeedsRecompute: (r.status === 'Draft' && r.computed_at !== null) || r.stale !== null,
    JobStatus: r.job_status,
    JobProgress: r.job_progress,
    JobTotal: r.job_total,
    EmployeeCount: r.employee_count,
    Gross: r.gross,
    Deductions: r.deductions,
    Net: r.net,
    WarningCount: r.warning_count,
    ReferencesPeriodId: r.references_period_id,
    CreatedAt: new Date(r.created_at).toISOString(),
    RowVersion: r.row_version,
  };
}

const PAYSLIP_SELECT = `SELECT s.id, s.employee_id, e.employee_number,
       concat_ws(' ', e.first_name, e.middle_name, e.last_name, e.suffix) AS full_name, d.name AS department_name,
       s.status, s.gross::text AS gross, s.deductions::text AS deductions, s.net_pay::text AS net_pay,
       s.withholding_tax::text AS withholding_tax, s.employee_shares::text AS employee_shares,
       s.employer_shares::text AS employer_shares, s.taxable_base::text AS taxable_base, s.warnings,
       s.payroll_period_id, s.computed_at, rel.released_on::text AS released_on
  FROM payslips s JOIN employees e ON e.tenant_id = s.tenant_id AND e.id = s.employee_id
  LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
  LEFT JOIN payslip_releases rel ON rel.tenant_id = s.tenant_id AND rel.payslip_id = s.id`;

export interface PayslipRow {
  id: string;
  employee_id: string;
  employee_number: string;
  full_name: string;
  department_name: string | null;
  status: PayslipListItem['Status'];
  gross: string;
  deductions: string;
  net_pay: string;
  withholding_tax: string;
  employee_shares: string;
  employer_shares: string;
  taxable_base: string;
  warnings: string[];
  payroll_period_id: string;
  computed_at: Date;
  released_on: string | null;
}

export function payslipItem(r: PayslipRow): PayslipListItem {
  return {
    Id: r.id,
    EmployeeId: r.employee_id,
    EmployeeNumber: r.employee_number,
    FullName: r.full_name,
    DepartmentName: r.department_name,
    Status: r.status,
    Gross: r.gross,
    Deductions: r.deductions,
    NetPay: r.net_pay,
    WithholdingTax: r.withholding_tax,
    EmployeeShares: r.employee_shares,
    EmployerShares: r.employer_shares,
    Warnings: r.warnings,
    ReleasedOn: r.released_on,
  };
}

const ADJUSTMENT_SELECT = `SELECT a.id, a.payroll_period_id, a.employee_id, e.employee_number,
       concat_ws(' ', e.first_name, e.middle_name, e.last_name, e.suffix) AS full_name, a.kind, a.code, a.description,
       a.amount::text AS amount, a.taxable, ${ADJUSTMENT_TAX_CLASS} AS tax_class, a.de_minimis, a.reason,
       u.full_name AS created_by_name, a.created_at
  FROM payroll_adjustments a JOIN employees e ON e.tenant_id = a.tenant_id AND e.id = a.employee_id
  LEFT JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.created_by`;

function adjustment(r: Record<string, unknown>): PayrollAdjustment {
  return {
    Id: r.id as string,
    PayrollPeriodId: r.payroll_period_id as string,
    EmployeeId: r.employee_id as string,
    EmployeeNumber: r.employee_number as string,
    FullName: r.full_name as string,
    Kind: r.kind as PayrollAdjustment['Kind'],
    Code: r.code as string,
    Description: r.description as string,
    Amount: r.amount as string,
    Taxable: r.kind === 'Earning' ? r.tax_class === 'Taxable' : (r.taxable as boolean),
    TaxClass: (r.tax_class as PayrollAdjustment['TaxClass']) ?? null,
    DeMinimis: (r.de_minimis as PayrollAdjustment['DeMinimis']) ?? null,
    Reason: r.reason as string,
    CreatedByName: (r.created_by_name as string | null) ?? null,
    CreatedAt: new Date(r.created_at as Date).toISOString(),
  };
}

/** The SQL of payroll periods, payslips and adjustments; every query names the tenant and the company. */
export const periodsRepo = {
  /** Employee numbers of the period's included payslips the engine could not compute (they hold 0.00). */
  async failedPayslips(tx: Tx, tenantId: string, periodId: string): Promise<string[]> {
    const rows = await tx.query<{ number: string }>(
      `SELECT e.employee_number AS number FROM payslips s
         JOIN employees e ON e.tenant_id = s.tenant_id AND e.id = s.employee_id
        WHERE s.tenant_id = $1 AND s.payroll_period_id = $2 AND s.status <> 'Excluded'
          AND EXISTS (SELECT 1 FROM unnest(s.warnings) w WHERE starts_with(w, $3))
        ORDER BY e.employee_number`,
      [tenantId, periodId, COMPUTE_FAILED],
    );
    return rows.map((r) => r.number);
  },

  /** Included and Held payslips of the period carrying REQUEST_NOT_STORED_WARNING. */
  async requestsNotStored(tx: Tx, tenantId: string, id: string): Promise<number> {
    const [row] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payslips ws
        WHERE ws.tenant_id = $1 AND ws.payroll_period_id = $2 AND ws.status <> 'Excluded'
          AND EXISTS (SELECT 1 FROM unnest(ws.warnings) w WHERE starts_with(w, $3))`,
      [tenantId, id, REQUEST_NOT_STORED_WARNING],
    );
    return Number(row?.n ?? 0);
  },

  /** Why the computed period's payslips are out of date (STALE_REASON), or null. */
  async staleReason(tx: Tx, tenantId: string, id: string): Promise<StaleReason | null> {
    const [row] = await tx.query<{ stale: StaleReason | null }>(
      `SELECT ${STALE_REASON} AS stale FROM payroll_periods p WHERE p.tenant_id = $1 AND p.id = $2`,
      [tenantId, id],
    );
    return row?.stale ?? null;
  },

  async lockCompany(tx: Tx, tenantId: string, companyId: string) {
    const [row] = await tx.query<{ id: string; name: string; pay_frequency: PeriodRow['frequency'] }>(
      `SELECT id, name, pay_frequency FROM companies WHERE tenant_id = $1 AND id = $2 FOR UPDATE`,
      [tenantId, companyId],
    );
    return row ?? null;
  },

  async get(tx: Tx, tenantId: string, companyId: string, id: string, forUpdate = false) {
    const [row] = await tx.query<PeriodRow>(
      `SELECT ${PERIOD_COLUMNS} FROM payroll_periods p
        WHERE p.tenant_id = $1 AND p.company_id = $2 AND p.id = $3${forUpdate ? ' FOR UPDATE' : ''}`,
      [tenantId, companyId, id],
    );
    return row ?? null;
  },

  async list(tx: Tx, tenantId: string, companyId: string, request: ParsedPeriodList) {
    const where = new Conditions(tenantId, companyId).add('p.tenant_id = $1').add('p.company_id = $2');
    if (request.Search) where.add(`p.name ILIKE $?`, containsPattern(request.Search));
    if (request.Kind) where.add('p.kind = $?', request.Kind);
    if (request.Status) where.add('p.status = $?', request.Status);
    if (request.Year) where.add('extract(year FROM p.cutoff_end) = $?', request.Year);
    const [{ total }] = (await tx.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM payroll_periods p WHERE ${where.sql}`,
      where.params,
    )) as [{ total: number }];
    const tail = pageClause(
      request,
      {
        CutoffStart: 'p.cutoff_start',
        PayDate: 'p.pay_date',
        Name: 'lower(p.name)',
        Status: 'p.status',
        Kind: 'p.kind',
      },
      // Periods of one cut-off start (a regular one and its final pays) in the order they were made, not by id.
      { sortBy: 'CutoffStart', tieBreaker: ['p.created_at', 'p.id'] },
      where,
    );
    const rows = await tx.query<ListRow>(
      `SELECT ${PERIOD_COLUMNS}, p.created_at, t.*, ${STALE_REASON} AS stale
         FROM payroll_periods p ${SUMS} WHERE ${where.sql} ${tail}`,
      where.params,
    );
    return { Items: rows.map(listItem), TotalCount: total };
  },

  async detail(
    tx: Tx,
    tenantId: string,
    companyId: string,
    id: string,
  ): Promise<{
    detail: Omit<PayrollPeriodDetail, UserActions>;
    computedBy: string | null;
    approverMustDiffer: boolean;
  } | null> {
    const [r] = await tx.query<
      ListRow & {
        company_name: string;
        references_period_name: string | null;
        remarks: string | null;
        approved_by_name: string | null;
        approved_at: Date | null;
        finalised_by_name: string | null;
        finalised_at: Date | null;
        paid_at: Date | null;
        without_attendance: number;
        requests_not_stored: number;
        holiday_years_missing: number[];
        computed_by_name: string | null;
        approver_must_differ: boolean | null;
      }
    >(
      `SELECT ${PERIOD_COLUMNS}, p.created_at, p.remarks, p.approved_at, p.finalised_at, p.paid_at, t.*,
              ${STALE_REASON} AS stale,
              c.name AS company_name, rp.name AS references_period_name, ua.full_name AS approved_by_name,
              uf.full_name AS finalised_by_name, uc.full_name AS computed_by_name,
              (SELECT ps.approver_must_differ FROM payroll_settings ps
                WHERE ps.tenant_id = p.tenant_id AND ps.company_id = p.company_id) AS approver_must_differ,
              (SELECT count(*)::int FROM payslips ws
                WHERE ws.tenant_id = p.tenant_id AND ws.payroll_period_id = p.id AND ws.status <> 'Excluded'
                  AND $4 = ANY(ws.warnings)) AS without_attendance,
              (SELECT count(*)::int FROM payslips ws
                WHERE ws.tenant_id = p.tenant_id AND ws.payroll_period_id = p.id AND ws.status <> 'Excluded'
                  AND EXISTS (SELECT 1 FROM unnest(ws.warnings) w WHERE starts_with(w, $5))) AS requests_not_stored,
              -- A year of the cut-off without one confirmed company-wide regular holiday (every year has ten or
              -- more): its calendar is not on file (the payroll package loads the proclaimed years; HR adds a later
              -- one), so its holidays would pay as ordinary days, silently.
              ARRAY(SELECT y FROM generate_series(extract(year FROM p.cutoff_start)::int,
                                                  extract(year FROM p.cutoff_end)::int) y
                     WHERE NOT EXISTS (SELECT 1 FROM holidays h
                                        WHERE h.tenant_id = p.tenant_id AND h.company_id = p.company_id
                                          AND h.type = 'Regular' AND h.work_location_id IS NULL
                                          AND NOT h.is_draft
                                          AND h.date >= make_date(y, 1, 1) AND h.date < make_date(y + 1, 1, 1))
                     ORDER BY y) AS holiday_years_missing
         FROM payroll_periods p ${SUMS}
         JOIN companies c ON c.tenant_id = p.tenant_id AND c.id = p.company_id
         LEFT JOIN payroll_periods rp ON rp.tenant_id = p.tenant_id AND rp.id = p.references_period_id
         LEFT JOIN users ua ON ua.tenant_id = p.tenant_id AND ua.id = p.approved_by
         LEFT JOIN users uf ON uf.tenant_id = p.tenant_id AND uf.id = p.finalised_by
         LEFT JOIN users uc ON uc.tenant_id = p.tenant_id AND uc.id = p.computed_by
        WHERE p.tenant_id = $1 AND p.company_id = $2 AND p.id = $3`,
      [tenantId, companyId, id, NO_ATTENDANCE_WARNING, REQUEST_NOT_STORED_WARNING],
    );
    if (!r) return null;
    const detail = {
      ...listItem(r),
      CompanyName: r.company_name,
      ReferencesPeriodName: r.references_period_name,
      EmployeeIds: r.employee_ids,
      Remarks: r.remarks,
      JobError: r.job_error,
      ComputedAt: iso(r.computed_at),
      ComputedByName: r.computed_by_name,
      ApprovedByName: r.approved_by_name,
      ApprovedAt: iso(r.approved_at),
      FinalisedByName: r.finalised_by_name,
      FinalisedAt: iso(r.finalised_at),
      PaidAt: iso(r.paid_at),
      Totals: await this.totals(tx, tenantId, id),
      WithoutAttendance: Number(r.without_attendance),
      HolidayYearsMissing: r.holiday_years_missing.map(Number),
      StaleReason: r.stale,
      RequestsNotStored: Number(r.requests_not_stored),
    };
    return { detail, computedBy: r.computed_by, approverMustDiffer: r.approver_must_differ === true };
  },

  async totals(tx: Tx, tenantId: string, id: string): Promise<PayrollPeriodTotals> {
    const [r] = (await tx.query<Record<string, string | number>>(
      `SELECT count(*)::int AS employees,
              (count(*) FILTER (WHERE status = 'Included'))::int AS included,
              (count(*) FILTER (WHERE status = 'Held'))::int AS held,
              (count(*) FILTER (WHERE status = 'Excluded'))::int AS excluded,
              (count(*) FILTER (WHERE cardinality(warnings) > 0))::int AS with_warnings,
              ${[
                ['gross', 'gross'],
                ['deductions', 'deductions'],
                ['net_pay', 'net_pay'],
                ['taxable_base', 'taxable_base'],
                ['withholding_tax', 'withholding_tax'],
                ['ee_sss', `(result->'employeeShares'->>'sss')::numeric`],
                ['ee_mpf', `(result->'employeeShares'->>'sssMpf')::numeric`],
                ['ee_ph', `(result->'employeeShares'->>'philhealth')::numeric`],
                ['ee_pg', `(result->'employeeShares'->>'pagibig')::numeric`],
                ['ee_total', 'employee_shares'],
                ['er_sss', `(result->'employerShares'->>'sss')::numeric`],
                ['er_ec', `(result->'employerShares'->>'sssEC')::numeric`],
                ['er_ph', `(result->'employerShares'->>'philhealth')::numeric`],
                ['er_pg', `(result->'employerShares'->>'pagibig')::numeric`],
                ['er_total', 'employer_shares'],
              ]
                .map(
                  ([alias, expr]) =>
                    `coalesce(sum(${expr}) FILTER (WHERE status <> 'Excluded'), 0)::numeric(16, 2)::text AS ${alias}`,
                )
                .join(', ')},
              coalesce(sum(net_pay) FILTER (WHERE status = 'Included'), 0)::numeric(16, 2)::text AS net_included
         FROM payslips WHERE tenant_id = $1 AND payroll_period_id = $2`,
      [tenantId, id],
    )) as [Record<string, string | number>];
    const s = (k: string) => String(r[k]);
    return {
      Employees: Number(r.employees),
      Included: Number(r.included),
      Held: Number(r.held),
      Excluded: Number(r.excluded),
      WithWarnings: Number(r.with_warnings),
      Gross: s('gross'),
      Deductions: s('deductions'),
      NetPay: s('net_pay'),
      NetPayIncluded: s('net_included'),
      TaxableBase: s('taxable_base'),
      WithholdingTax: s('withholding_tax'),
      EmployeeShares: {
        Sss: s('ee_sss'),
        SssMpf: s('ee_mpf'),
        PhilHealth: s('ee_ph'),
        PagIbig: s('ee_pg'),
        Total: s('ee_total'),
      },
      EmployerShares: {
        Sss: s('er_sss'),
        SssEc: s('er_ec'),
        PhilHealth: s('er_ph'),
        PagIbig: s('er_pg'),
        Total: s('er_total'),
      },
    };
  },

  /** The last regular period of a company (the proposal starts after it). */
  async lastRegularEnd(tx: Tx, tenantId: string, companyId: string) {
    const [row] = await tx.query<{ cutoff_end: string }>(
      `SELECT cutoff_end::text AS cutoff_end FROM payroll_periods
        WHERE tenant_id = $1 AND company_id = $2 AND kind = 'Regular' ORDER BY cutoff_end DESC LIMIT 1`,
      [tenantId, companyId],
    );
    return row?.cutoff_end ?? null;
  },

  /** Separated employees of the company that no final pay period names, latest separation first. */
  async finalPayDue(tx: Tx, tenantId: string, companyId: string) {
    return tx.query<FinalPayDueItem>(
      `SELECT e.id AS "EmployeeId", e.employee_number AS "EmployeeNumber",
              concat_ws(' ', e.first_name, e.middle_name, e.last_name, e.suffix) AS "FullName",
              e.separation_date::text AS "SeparationDate"
         FROM employees e
        WHERE e.tenant_id = $1 AND e.company_id = $2 AND e.separation_date IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM payroll_periods p
                           WHERE p.tenant_id = e.tenant_id AND p.company_id = e.company_id AND p.kind = 'FinalPay'
                             AND e.id = ANY(p.employee_ids))
        ORDER BY e.separation_date DESC, e.employee_number LIMIT 50`,
      [tenantId, companyId],
    );
  },

  /** The company's non-working holidays between two dates (the pay date moves off them). */
  async holidays(tx: Tx, tenantId: string, companyId: string, from: string, to: string) {
    const rows = await tx.query<{ date: string }>(
      `SELECT DISTINCT date::text AS date FROM holidays
        WHERE tenant_id = $1 AND company_id = $2 AND date BETWEEN $3 AND $4 AND NOT is_draft
          AND work_location_id IS NULL AND type <> 'SpecialWorking'`,
      [tenantId, companyId, from, to],
    );
    return new Set(rows.map((r) => r.date));
  },

  async overlappingRegular(
    tx: Tx,
    tenantId: string,
    companyId: string,
    start: string,
    end: string,
    exceptId: string | null,
  ) {
    const [row] = await tx.query<{ name: string }>(
      `SELECT name FROM payroll_periods
        WHERE tenant_id = $1 AND company_id = $2 AND kind = 'Regular' AND cutoff_start <= $4 AND cutoff_end >= $3
          AND ($5::uuid IS NULL OR id <> $5) LIMIT 1`,
      [tenantId, companyId, start, end, exceptId],
    );
    return row?.name ?? null;
  },

  /**
   * The first of `employeeIds` already paid for a day from `start` to `end` elsewhere: a payslip not excluded in
   * another regular or final pay period whose cut-off overlaps, or another final pay period naming the employee
   * over overlapping dates (not computed yet). 13th month and adjustment periods pay no days.
   */
  async paidElsewhere(
    tx: Tx,
    tenantId: string,
    companyId: string,
    employeeIds: string[],
    start: string,
    end: string,
    exceptId: string | null,
  ) {
    const [row] = await tx.query<{ period: string; employee_number: string }>(
      `SELECT p.name AS period, e.employee_number
         FROM payroll_periods p
         JOIN employees e ON e.tenant_id = p.tenant_id AND e.id = ANY($3::uuid[])
        WHERE p.tenant_id = $1 AND p.company_id = $2 AND p.kind IN ('Regular', 'FinalPay')
          AND p.cutoff_start <= $5::date AND p.cutoff_end >= $4::date AND ($6::uuid IS NULL OR p.id <> $6)
          AND (EXISTS (SELECT 1 FROM payslips s WHERE s.tenant_id = p.tenant_id AND s.payroll_period_id = p.id
                         AND s.employee_id = e.id AND s.status <> 'Excluded')
               OR (p.kind = 'FinalPay' AND e.id = ANY(p.employee_ids)))
        ORDER BY p.cutoff_start, e.employee_number LIMIT 1`,
      [tenantId, companyId, employeeIds, start, end, exceptId],
    );
    return row ?? null;
  },

  async employeesOfCompany(tx: Tx, tenantId: string, companyId: string, ids: string[]) {
    const rows = await tx.query<{ id: string }>(
      `SELECT id FROM employees WHERE tenant_id = $1 AND company_id = $2 AND id = ANY($3::uuid[])`,
      [tenantId, companyId, ids],
    );
    return new Set(rows.map((r) => r.id));
  },

  async insert(
    tx: Tx,
    tenantId: string,
    values: {
      id: string;
      companyId: string;
      name: string;
      kind: string;
      frequency: string;
      start: string;
      end: string;
      payDate: string;
      employeeIds: string[] | null;
      referencesPeriodId: string | null;
      remarks: string | null;
      userId: string;
    },
  ) {
    await tx.query(
      `INSERT INTO payroll_periods (tenant_id, id, company_id, name, kind, frequency, cutoff_start, cutoff_end, pay_date,
              employee_ids, references_period_id, remarks, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        tenantId,
        values.id,
        values.companyId,
        values.name,
        values.kind,
        values.frequency,
        values.start,
        values.end,
        values.payDate,
        values.employeeIds,
        values.referencesPeriodId,
        values.remarks,
        values.userId,
      ],
    );
  },

  async update(
    tx: Tx,
    tenantId: string,
    id: string,
    rowVersion: number,
    values: {
      name: string;
      start: string;
      end: string;
      payDate: string;
      employeeIds: string[] | null;
      remarks: string | null;
      status: string;
    },
  ) {
    const rows = await tx.query(
      `UPDATE payroll_periods SET name = $4, cutoff_start = $5, cutoff_end = $6, pay_date = $7, employee_ids = $8,
              remarks = $9, status = $10, row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND row_version = $3 RETURNING id`,
      [
        tenantId,
        id,
        rowVersion,
        values.name,
        values.start,
        values.end,
        values.payDate,
        values.employeeIds,
        values.remarks,
        values.status,
      ],
    );
    return rows.length === 1;
  },

  /** Moves the period to a status (with the extra assignments given), bumping its row version. */
  async setStatus(tx: Tx, tenantId: string, id: string, status: string, extra = '', params: unknown[] = []) {
    await tx.query(
      `UPDATE payroll_periods SET status = $3, row_version = row_version + 1, updated_at = now()${extra}
        WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, status, ...params],
    );
  },

  async remove(tx: Tx, tenantId: string, id: string) {
    await tx.query(`DELETE FROM payroll_periods WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  },

  async queueJob(tx: Tx, tenantId: string, id: string, userId: string) {
    await tx.query(
      `UPDATE payroll_periods SET job_status = 'Queued', job_progress = 0, job_total = 0, job_error = NULL,
              computed_by = $3, row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, userId],
    );
  },

  async claimJob(tx: Tx, tenantId: string, id: string) {
    const rows = await tx.query(
      `UPDATE payroll_periods SET job_status = 'Running', updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND job_status = 'Queued' RETURNING id`,
      [tenantId, id],
    );
    return rows.length === 1;
  },

  async failJob(tx: Tx, tenantId: string, id: string, message: string) {
    await tx.query(
      `UPDATE payroll_periods SET job_status = 'Failed', job_error = $3, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND job_status IN ('Queued', 'Running')`,
      [tenantId, id, message],
    );
  },

  // ---------------------------------------------------------------- payslips

  async payslips(tx: Tx, tenantId: string, periodId: string, request: ParsedPayslipList) {
    const where = new Conditions(tenantId, periodId).add('s.tenant_id = $1').add('s.payroll_period_id = $2');
    if (request.Search) {
      const p = where.param(containsPattern(request.Search));
      where.add(
        `(e.employee_number ILIKE ${p} OR concat_ws(' ', e.first_name, e.middle_name, e.last_name) ILIKE ${p})`,
      );
    }
    if (request.HasWarnings !== undefined)
      where.add(request.HasWarnings ? 'cardinality(s.warnings) > 0' : 'cardinality(s.warnings) = 0');
    if (request.Status) where.add('s.status = $?', request.Status);
    if (request.DepartmentId) where.add('e.department_id = $?', request.DepartmentId);
    // Every payslip has its employee (a foreign key): the count joins employees only for their filters.
    const byEmployee = request.Search || request.DepartmentId;
    const [{ total }] = (await tx.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM payslips s
         ${byEmployee ? 'JOIN employees e ON e.tenant_id = s.tenant_id AND e.id = s.employee_id' : ''} WHERE ${where.sql}`,
      where.params,
    )) as [{ total: number }];
    const tail = pageClause(
      request,
      {
        EmployeeNumber: 'lower(e.employee_number)',
        FullName: ['lower(e.last_name)', 'lower(e.first_name)'],
        DepartmentName: 'lower(d.name)',
        NetPay: 's.net_pay',
        Gross: 's.gross',
      },
      { sortBy: 'EmployeeNumber', tieBreaker: 's.id' },
      where,
    );
    const rows = await tx.query<PayslipRow>(`${PAYSLIP_SELECT} WHERE ${where.sql} ${tail}`, where.params);
    return { Items: rows.map(payslipItem), TotalCount: total };
  },

  /** A payslip of the company (through its period), with the period's status. */
  async payslip(tx: Tx, tenantId: string, companyId: string, id: string) {
    const [row] = await tx.query<PayslipRow & { result: Record<string, unknown> | null }>(
      `${PAYSLIP_SELECT.replace('s.computed_at', 's.computed_at, s.result')}
        WHERE s.tenant_id = $1 AND s.company_id = $2 AND s.id = $3`,
      [tenantId, companyId, id],
    );
    return row ?? null;
  },

  async lines(tx: Tx, tenantId: string, payslipId: string): Promise<PayslipLineView[]> {
    const rows = await tx.query<Record<string, unknown>>(
      `SELECT line_no, code, description, kind, quantity::float8 AS quantity, unit, rate, amount::text AS amount, taxable
         FROM payslip_lines WHERE tenant_id = $1 AND payslip_id = $2 ORDER BY line_no`,
      [tenantId, payslipId],
    );
    return rows.map((r) => ({
      LineNo: Number(r.line_no),
      Code: r.code as string,
      Description: r.description as string,
      Kind: r.kind as PayslipLineView['Kind'],
      Quantity: Number(r.quantity),
      Unit: r.unit as string,
      Rate: r.rate as string,
      Amount: r.amount as string,
      Taxable: r.taxable as boolean,
    }));
  },

  async setPayslipStatus(tx: Tx, tenantId: string, id: string, status: string) {
    await tx.query(`UPDATE payslips SET status = $3 WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
      status,
    ]);
  },

  /** Records the release of a held payslip; false when it was released already (one release a payslip). */
  async releasePayslip(
    tx: Tx,
    tenantId: string,
    release: { payslipId: string; periodId: string; on: string; userId: string; remarks: string | null },
  ): Promise<boolean> {
    const inserted = await tx.query(
      `INSERT INTO payslip_releases (tenant_id, payslip_id, payroll_period_id, released_on, released_by, remarks)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant_id, payslip_id) DO NOTHING RETURNING payslip_id`,
      [tenantId, release.payslipId, release.periodId, release.on, release.userId, release.remarks],
    );
    return inserted.length === 1;
  },

  // ---------------------------------------------------------------- adjustments

  async adjustments(tx: Tx, tenantId: string, periodId: string, employeeId?: string) {
    const rows = await tx.query<Record<string, unknown>>(
      `${ADJUSTMENT_SELECT} WHERE a.tenant_id = $1 AND a.payroll_period_id = $2 AND ($3::uuid IS NULL OR a.employee_id = $3)
        ORDER BY a.created_at, a.id`,
      [tenantId, periodId, employeeId ?? null],
    );
    return rows.map(adjustment);
  },

  async adjustment(tx: Tx, tenantId: string, periodId: string, id: string) {
    const [row] = await tx.query<Record<string, unknown>>(
      `${ADJUSTMENT_SELECT} WHERE a.tenant_id = $1 AND a.payroll_period_id = $2 AND a.id = $3`,
      [tenantId, periodId, id],
    );
    return row ? adjustment(row) : null;
  },

  async insertAdjustment(
    tx: Tx,
    tenantId: string,
    v: {
      id: string;
      periodId: string;
      employeeId: string;
      kind: string;
      code: string;
      description: string;
      amount: string;
      taxClass: string | null;
      deMinimis: string | null;
      reason: string;
      userId: string;
    },
  ) {
    await tx.query(
      `INSERT INTO payroll_adjustments (tenant_id, id, payroll_period_id, employee_id, kind, code, description, amount,
              taxable, tax_class, de_minimis, reason, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        tenantId,
        v.id,
        v.periodId,
        v.employeeId,
        v.kind,
        v.code,
        v.description,
        v.amount,
        v.taxClass === null || v.taxClass === 'Taxable',
        v.taxClass,
        v.deMinimis,
        v.reason,
        v.userId,
      ],
    );
  },

  async deleteAdjustment(tx: Tx, tenantId: string, id: string) {
    await tx.query(`DELETE FROM payroll_adjustments WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  },

  // ---------------------------------------------------------------- finalise

  /**
   * Loan payments of the period's paid payslips, once per loan (source_key), then loans paid off -> Paid. A
   * payment never takes a loan below zero: it is cut to the balance left (the service refuses to finalise a
   * payslip that deducts more than that, see loanOverpayments; this is the ledger's own guard).
   */
  async postLoanPayments(tx: Tx, tenantId: string, periodId: string, entryDate: string, userId: string) {
    await tx.query(
      `INSERT INTO loan_ledger (tenant_id, loan_id, entry_date, kind, amount, payroll_period_id, source_key, created_by)
       SELECT x.tenant_id, x.loan_id, $3::date, 'Payment', least(x.amount, x.balance), x.payroll_period_id,
              'period:' || x.payroll_period_id || ':' || x.loan_id, $4
         FROM (SELECT s.tenant_id, s.payroll_period_id, el.id AS loan_id, (l->>'Amount')::numeric AS amount,
                      el.principal - coalesce((SELECT sum(g.amount) FROM loan_ledger g
                                                WHERE g.tenant_id = el.tenant_id AND g.loan_id = el.id), 0) AS balance
                 FROM payslips s CROSS JOIN LATERAL jsonb_array_elements(coalesce(s.result->'loans', '[]'::jsonb)) l
                 JOIN employee_loans el ON el.tenant_id = s.tenant_id AND el.id = (l->>'LoanId')::uuid
                WHERE s.tenant_id = $1 AND s.payroll_period_id = $2 AND s.status <> 'Excluded'
                  AND (l->>'Amount')::numeric > 0) x
        WHERE least(x.amount, x.balance) > 0
       ON CONFLICT DO NOTHING`,
      [tenantId, periodId, entryDate, userId],
    );
    await tx.query(
      `UPDATE employee_loans el SET status = 'Paid', row_version = row_version + 1
        WHERE el.tenant_id = $1 AND el.status = 'Active'
          AND el.id IN (SELECT loan_id FROM loan_ledger WHERE tenant_id = $1 AND payroll_period_id = $2)
          AND el.principal <= (SELECT coalesce(sum(amount), 0) FROM loan_ledger g
                                WHERE g.tenant_id = el.tenant_id AND g.loan_id = el.id)`,
      [tenantId, periodId],
    );
  },

  /**
   * The period's loan deductions larger than what the ledger says is left of the loan now (another period paid
   * it meanwhile): the payslip was computed on an old balance. Not posted when the period was posted already.
   */
  async loanOverpayments(tx: Tx, tenantId: string, periodId: string) {
    return tx.query<{ employee_number: string; code: string; amount: string; balance: string }>(
      `SELECT e.employee_number, l->>'Code' AS code, (l->>'Amount')::numeric(14, 2)::text AS amount,
              (el.principal - coalesce((SELECT sum(g.amount) FROM loan_ledger g
                                         WHERE g.tenant_id = el.tenant_id AND g.loan_id = el.id), 0))::numeric(14, 2)::text
                AS balance
         FROM payslips s CROSS JOIN LATERAL jsonb_array_elements(coalesce(s.result->'loans', '[]'::jsonb)) l
         JOIN employee_loans el ON el.tenant_id = s.tenant_id AND el.id = (l->>'LoanId')::uuid
         JOIN employees e ON e.tenant_id = s.tenant_id AND e.id = s.employee_id
        WHERE s.tenant_id = $1 AND s.payroll_period_id = $2 AND s.status <> 'Excluded'
          AND (l->>'Amount')::numeric > 0
          AND NOT EXISTS (SELECT 1 FROM loan_ledger g WHERE g.tenant_id = s.tenant_id
                            AND g.source_key = 'period:' || s.payroll_period_id || ':' || el.id)
          AND (l->>'Amount')::numeric > el.principal - coalesce((SELECT sum(g.amount) FROM loan_ledger g
                                                                  WHERE g.tenant_id = el.tenant_id AND g.loan_id = el.id), 0)
        ORDER BY e.employee_number, l->>'Code'`,
      [tenantId, periodId],
    );
  },

  /**
   * Ordering rule (what approve and finalise check): a period's figures are read from finalised periods only
   * (year to date, month to date, 13th month already paid, loan balances; see compute.ts readInputs). So a period
   * is not approved or finalised while another period of the company that comes before it, pays one of its
   * employees (a payslip not excluded in both) and is not finalised yet has been computed. "Before" is: the
   * other's cut-off ends before this one's starts, in the same year (the year to date starts on 1 January) or in
   * an earlier year when both settle the same loan; for a 13th-month run (its cut-off is the year), a period
   * ending inside its cut-off and paid before it (a 13th-month run paid strictly before it). The last regular
   * payroll of December and the 13th-month run paid before it may be finalised in either order (PD 851 pays the
   * 13th month by 24 December; compute.ts takes either order): finalising one returns the other to a compute.
   * Answers the first such period, or null.
   */
  async unfinishedEarlier(tx: Tx, tenantId: string, period: PeriodRow) {
    const [row] = await tx.query<{ name: string; status: string; cutoff_start: string; cutoff_end: string }>(
      `SELECT p.name, p.status, p.cutoff_start::text AS cutoff_start, p.cutoff_end::text AS cutoff_end
         FROM payroll_periods p
        WHERE p.tenant_id = $1 AND p.company_id = $2 AND p.id <> $3 AND p.status NOT IN ('Finalised', 'Paid')
          AND (
            (p.cutoff_end < $4::date
              AND (extract(year FROM p.cutoff_end) = extract(year FROM $5::date)
                   OR EXISTS (SELECT 1 FROM payslips ps
                                CROSS JOIN LATERAL jsonb_array_elements(coalesce(ps.result->'loans', '[]'::jsonb)) pl
                                JOIN payslips qs ON qs.tenant_id = ps.tenant_id AND qs.payroll_period_id = $3
                                CROSS JOIN LATERAL jsonb_array_elements(coalesce(qs.result->'loans', '[]'::jsonb)) ql
                               WHERE ps.tenant_id = p.tenant_id AND ps.payroll_period_id = p.id
                                 AND ps.status <> 'Excluded' AND qs.status <> 'Excluded'
                                 AND pl->>'LoanId' = ql->>'LoanId' AND (pl->>'Amount')::numeric > 0)))
            OR ($6 = 'ThirteenthMonth' AND p.cutoff_end <= $5::date
                AND extract(year FROM p.cutoff_end) = extract(year FROM $5::date)
                AND (p.pay_date < $7::date OR (p.kind <> 'ThirteenthMonth' AND p.pay_date <= $7::date))))
          AND EXISTS (SELECT 1 FROM payslips ps
                        JOIN payslips qs ON qs.tenant_id = ps.tenant_id AND qs.payroll_period_id = $3
                                        AND qs.employee_id = ps.employee_id AND qs.status <> 'Excluded'
                       WHERE ps.tenant_id = p.tenant_id AND ps.payroll_period_id = p.id AND ps.status <> 'Excluded')
        ORDER BY p.cutoff_end, p.cutoff_start, p.name LIMIT 1`,
      [
        tenantId,
        period.company_id,
        period.id,
        period.cutoff_start,
        period.cutoff_end,
        period.kind,
        period.pay_date,
      ],
    );
    return row ?? null;
  },

  /**
   * The periods of the company whose computed figures read the period `done` just finalised (locked, the newest
   * version): computed or approved, or being computed, and either of the same year and ending on or after it
   * (or paid on or after a 13th-month run, which every later payroll of the year counts) with one of its
   * employees (any 13th-month run of the year: the year's last regular payroll decides whether it settles the
   * year's tax),
   * or settling a loan `done` paid (whatever the year). Mirrors what compute.ts readInputs reads from finalised
   * periods; wider rather than narrower.
   */
  async dependentsOf(tx: Tx, tenantId: string, done: PeriodRow) {
    return tx.query<{ id: string; name: string; status: string; job_status: string | null }>(
      `SELECT q.id, q.name, q.status, q.job_status FROM payroll_periods q
        WHERE q.tenant_id = $1 AND q.company_id = $2 AND q.id <> $3
          AND (q.status IN ('Computed', 'Approved') OR q.job_status IN ('Queued', 'Running'))
          AND (
            (extract(year FROM q.cutoff_end) = extract(year FROM $4::date)
              AND (q.cutoff_end >= $4::date OR q.kind = 'ThirteenthMonth'
                   OR ($5 = 'ThirteenthMonth' AND q.pay_date >= $6::date))
              AND (q.kind = 'ThirteenthMonth' OR q.job_status IN ('Queued', 'Running')
                   OR EXISTS (SELECT 1 FROM payslips qs
                                JOIN payslips fs ON fs.tenant_id = qs.tenant_id AND fs.payroll_period_id = $3
                                                AND fs.employee_id = qs.employee_id AND fs.status <> 'Excluded'
                               WHERE qs.tenant_id = q.tenant_id AND qs.payroll_period_id = q.id)))
            -- Deductions it carried to the next payroll, of an employee q pays (across a year end too).
            OR EXISTS (SELECT 1 FROM deduction_carryovers c
                        WHERE c.tenant_id = q.tenant_id AND c.from_period_id = $3
                          AND (q.job_status IN ('Queued', 'Running')
                               OR EXISTS (SELECT 1 FROM payslips qs
                                           WHERE qs.tenant_id = q.tenant_id AND qs.payroll_period_id = q.id
                                             AND qs.employee_id = c.employee_id)))
            OR EXISTS (SELECT 1 FROM loan_ledger g
                        WHERE g.tenant_id = q.tenant_id AND g.payroll_period_id = $3
                          AND (q.job_status IN ('Queued', 'Running')
                               OR EXISTS (SELECT 1 FROM payslips qs
                                            CROSS JOIN LATERAL jsonb_array_elements(coalesce(qs.result->'loans', '[]'::jsonb)) ql
                                           WHERE qs.tenant_id = q.tenant_id AND qs.payroll_period_id = q.id
                                             AND ql->>'LoanId' = g.loan_id::text))))
        ORDER BY q.cutoff_start, q.name
        FOR UPDATE OF q`,
      [tenantId, done.company_id, done.id, done.cutoff_end, done.kind, done.pay_date],
    );
  },

  /**
   * Returns a period whose inputs changed to needing a compute (Draft, payslips kept to see: NeedsRecompute),
   * its approval withdrawn; a compute under way is stopped (failed: it read the old figures), so it stores
   * nothing.
   */
  async markNeedsRecompute(tx: Tx, tenantId: string, id: string, jobError: string) {
    await tx.query(
      `UPDATE payroll_periods SET status = 'Draft', approved_by = NULL, approved_at = NULL,
              job_error = CASE WHEN job_status IN ('Queued', 'Running') THEN $3 ELSE job_error END,
              job_status = CASE WHEN job_status IN ('Queued', 'Running') THEN 'Failed' ELSE job_status END,
              row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, jobError],
    );
  },

  /** Final pay: another final pay period of the company, finalised or paid, paying one of `employeeIds`. */
  async finalisedFinalPay(
    tx: Tx,
    tenantId: string,
    companyId: string,
    employeeIds: string[],
    exceptId: string | null,
  ) {
    const [row] = await tx.query<{ period: string; employee_number: string }>(
      `SELECT p.name AS period, e.employee_number
         FROM payroll_periods p
         JOIN payslips s ON s.tenant_id = p.tenant_id AND s.payroll_period_id = p.id AND s.status <> 'Excluded'
         JOIN employees e ON e.tenant_id = s.tenant_id AND e.id = s.employee_id
        WHERE p.tenant_id = $1 AND p.company_id = $2 AND p.kind = 'FinalPay' AND p.status IN ('Finalised', 'Paid')
          AND s.employee_id = ANY($3::uuid[]) AND ($4::uuid IS NULL OR p.id <> $4)
        ORDER BY e.employee_number LIMIT 1`,
      [tenantId, companyId, employeeIds, exceptId],
    );
    return row ?? null;
  },

  /** The separation dates of the company's employees `ids`, with their numbers. */
  async separations(tx: Tx, tenantId: string, companyId: string, ids: string[]) {
    return tx.query<{ id: string; employee_number: string; separation_date: string | null }>(
      `SELECT id, employee_number, separation_date::text AS separation_date FROM employees
        WHERE tenant_id = $1 AND company_id = $2 AND id = ANY($3::uuid[]) ORDER BY employee_number`,
      [tenantId, companyId, ids],
    );
  },

  /**
   * What a final pay's payslips convert to cash of each leave type (their result's finalPayLeaveCash, written by
   * compute.ts), with the type's name and the employee's balance of it in the ledger now. A payslip computed
   * before that list was kept has a SIL-CASH line and no list: one row with `days` null, to be computed again.
   */
  async finalPayLeaveCash(tx: Tx, tenantId: string, periodId: string) {
    return tx.query<{
      employee_id: string;
      employee_number: string;
      leave_type_id: string | null;
      type_code: string | null;
      type_name: string | null;
      days: string | null;
      balance: string;
    }>(
      `SELECT s.employee_id, e.employee_number, t.id AS leave_type_id, t.code AS type_code, t.name AS type_name,
              c->>'Days' AS days,
              coalesce((SELECT sum(g.days) FROM leave_ledger g
                         WHERE g.tenant_id = s.tenant_id AND g.employee_id = s.employee_id AND g.leave_type_id = t.id),
                       0)::text AS balance
         FROM payslips s
         JOIN employees e ON e.tenant_id = s.tenant_id AND e.id = s.employee_id
         LEFT JOIN LATERAL jsonb_array_elements(s.result->'finalPayLeaveCash') c ON true
         LEFT JOIN leave_types t ON t.tenant_id = s.tenant_id AND t.company_id = s.company_id
                                AND t.id = (c->>'LeaveTypeId')::uuid
        WHERE s.tenant_id = $1 AND s.payroll_period_id = $2 AND s.status <> 'Excluded'
          AND (c IS NOT NULL OR EXISTS (SELECT 1 FROM payslip_lines l
                                         WHERE l.tenant_id = s.tenant_id AND l.payslip_id = s.id
                                           AND l.code IN ('SIL-CASH', 'SIL-CASH_EXCESS')))
        ORDER BY e.employee_number, t.code`,
      [tenantId, periodId],
    );
  },

  /**
   * Takes the unused days of a leave type a finalised final pay converted to cash off the employee's balance: one
   * CashConversion entry in the leave ledger per employee and type, keyed by the period (a replay adds nothing). The same
   * row the leave module's addEntry writes; its repository is its own (lint), and its service has no call for a
   * conversion yet, so the statement is here, as postLoanPayments writes the loan ledger.
   */
  async postLeaveCashConversion(
    tx: Tx,
    tenantId: string,
    entry: {
      companyId: string;
      employeeId: string;
      leaveTypeId: string;
      entryDate: string;
      days: number;
      reason: string;
      sourceKey: string;
      userId: string;
      /** The final pay period (its payslip of the employee paid the entry). */
      periodId: string;
    },
  ) {
    // The entry is paid by the final pay's payslip of the employee (its SIL-CASH or LEAVE-CASH line): recorded
    // with it, so no regular payroll pays it again (compute.ts leaveCash).
    await tx.query(
      `WITH entry AS (
         INSERT INTO leave_ledger (tenant_id, company_id, employee_id, leave_type_id, entry_date, kind, days, reason,
                                   source_key, created_by_user_id)
         VALUES ($1, $2, $3, $4, $5, 'CashConversion', $6, $7, $8, $9)
         ON CONFLICT (tenant_id, employee_id, leave_type_id, source_key) WHERE source_key IS NOT NULL DO NOTHING
         RETURNING tenant_id, id, employee_id)
       INSERT INTO leave_cash_payments (tenant_id, leave_ledger_id, payslip_id)
       SELECT entry.tenant_id, entry.id, s.id
         FROM entry JOIN payslips s ON s.tenant_id = entry.tenant_id AND s.employee_id = entry.employee_id
                                   AND s.payroll_period_id = $10
       ON CONFLICT DO NOTHING`,
      [
        tenantId,
        entry.companyId,
        entry.employeeId,
        entry.leaveTypeId,
        entry.entryDate,
        -entry.days,
        entry.reason,
        entry.sourceKey,
        entry.userId,
        entry.periodId,
      ],
    );
  },

  /**
   * The carried deductions the period's payslips take (result.carriedDeductions, compute.ts), locked until the
   * finalise commits (a waive, or another period's finalise, waits for it and then finds them taken), each with
   * whether a payslip of another period took it, or payroll waived it, since this one was computed.
   */
  async lockCarried(tx: Tx, tenantId: string, periodId: string) {
    return tx.query<{ employee_number: string; description: string; waived: boolean; taken: boolean }>(
      `SELECT e.employee_number, c.description, c.waived_at IS NOT NULL AS waived,
              (c.settled_by_payslip_id IS NOT NULL AND c.settled_by_payslip_id <> s.id) AS taken
         FROM payslips s CROSS JOIN LATERAL jsonb_array_elements(coalesce(s.result->'carriedDeductions', '[]'::jsonb)) x
         JOIN deduction_carryovers c ON c.tenant_id = s.tenant_id AND c.id = (x->>'CarryoverId')::uuid
         JOIN employees e ON e.tenant_id = s.tenant_id AND e.id = s.employee_id
        WHERE s.tenant_id = $1 AND s.payroll_period_id = $2 AND s.status <> 'Excluded'
        ORDER BY c.id
        FOR UPDATE OF c`,
      [tenantId, periodId],
    );
  },

  /**
   * On finalise: the carried deductions the period's payslips took are settled by them, and what each payslip
   * could not deduct (result.carryForward) is carried to the employee's next payroll.
   */
  async postCarryovers(tx: Tx, tenantId: string, periodId: string) {
    await tx.query(
      `UPDATE deduction_carryovers c SET settled_by_payslip_id = s.id
         FROM payslips s CROSS JOIN LATERAL jsonb_array_elements(coalesce(s.result->'carriedDeductions', '[]'::jsonb)) x
        WHERE s.tenant_id = $1 AND s.payroll_period_id = $2 AND s.status <> 'Excluded'
          AND c.tenant_id = s.tenant_id AND c.id = (x->>'CarryoverId')::uuid AND c.settled_by_payslip_id IS NULL
          AND c.waived_at IS NULL`,
      [tenantId, periodId],
    );
    await tx.query(
      `INSERT INTO deduction_carryovers (tenant_id, company_id, employee_id, from_payslip_id, from_period_id, seq,
                                         code, description, amount)
       SELECT s.tenant_id, s.company_id, s.employee_id, s.id, s.payroll_period_id, x.n, x.v->>'Code',
              x.v->>'Description', (x.v->>'Amount')::numeric
         FROM payslips s
        CROSS JOIN LATERAL jsonb_array_elements(coalesce(s.result->'carryForward', '[]'::jsonb)) WITH ORDINALITY x(v, n)
        WHERE s.tenant_id = $1 AND s.payroll_period_id = $2 AND s.status <> 'Excluded'
       ON CONFLICT (tenant_id, from_payslip_id, seq) DO NOTHING`,
      [tenantId, periodId],
    );
  },

  /**
   * The leave cash conversions the period's paid payslips pay (result.leaveCashConversions, compute.ts) that a
   * payslip of another period has paid since this one was computed: it must be computed again.
   */
  async leaveCashPaidElsewhere(tx: Tx, tenantId: string, periodId: string) {
    return tx.query<{ employee_number: string; description: string }>(
      `SELECT e.employee_number, coalesce(pl.description, c->>'Code') AS description
         FROM payslips s CROSS JOIN LATERAL jsonb_array_elements(coalesce(s.result->'leaveCashConversions', '[]'::jsonb)) c
         JOIN leave_cash_payments p ON p.tenant_id = s.tenant_id AND p.leave_ledger_id = (c->>'LedgerId')::uuid
         JOIN employees e ON e.tenant_id = s.tenant_id AND e.id = s.employee_id
         LEFT JOIN payslip_lines pl ON pl.tenant_id = s.tenant_id AND pl.payslip_id = s.id AND pl.code = c->>'Code'
        WHERE s.tenant_id = $1 AND s.payroll_period_id = $2 AND s.status <> 'Excluded' AND p.payslip_id <> s.id
        ORDER BY e.employee_number`,
      [tenantId, periodId],
    );
  },

  /** Records the leave cash conversions the finalised period's paid payslips paid (a replay adds nothing). */
  async postLeaveCashPayments(tx: Tx, tenantId: string, periodId: string) {
    await tx.query(
      `INSERT INTO leave_cash_payments (tenant_id, leave_ledger_id, payslip_id)
       SELECT s.tenant_id, (c->>'LedgerId')::uuid, s.id
         FROM payslips s CROSS JOIN LATERAL jsonb_array_elements(coalesce(s.result->'leaveCashConversions', '[]'::jsonb)) c
        WHERE s.tenant_id = $1 AND s.payroll_period_id = $2 AND s.status <> 'Excluded'
       ON CONFLICT DO NOTHING`,
      [tenantId, periodId],
    );
  },

  // ---------------------------------------------------------------- idempotency

  /** Claims the key (answers true) or, when a request with it came first, answers the stored row. */
  async claimIdempotencyKey(tx: Tx, tenantId: string, scope: string, key: string, hash: string) {
    const inserted = await tx.query(
      `INSERT INTO idempotency_keys (tenant_id, key, scope, request_hash, status_code)
       VALUES ($1, $2, $3, $4, 0) ON CONFLICT DO NOTHING RETURNING key`,
      [tenantId, key, scope, hash],
    );
    if (inserted.length) return { claimed: true as const };
    const [row] = await tx.query<{ request_hash: string; status_code: number; response: unknown }>(
      `SELECT request_hash, status_code, response FROM idempotency_keys WHERE tenant_id = $1 AND scope = $2 AND key = $3`,
      [tenantId, scope, key],
    );
    return { claimed: false as const, stored: row ?? null };
  },

  async storeIdempotentAnswer(
    tx: Tx,
    tenantId: string,
    scope: string,
    key: string,
    status: number,
    body: unknown,
  ) {
    await tx.query(
      `UPDATE idempotency_keys SET status_code = $4, response = $5 WHERE tenant_id = $1 AND scope = $2 AND key = $3`,
      [tenantId, scope, key, status, JSON.stringify(body)],
    );
  },
};
