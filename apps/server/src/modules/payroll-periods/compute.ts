import { randomUUID } from 'node:crypto';
import {
  computePayslip,
  isLastPayrollOfYear,
  thirteenthMonthPay,
  type Allowance,
  type Benefit,
  type DayAttendance,
  type DeMinimisKind,
  type MonthToDate,
  type OtherDeduction,
  type Payslip,
  type PayslipInput,
  type PayslipLine,
  type PayrollTables,
  type YearToDate,
} from '@hrpay/payroll';
import {
  formatDateRange,
  formatIsoDate,
  REQUEST_NOT_STORED_WARNING,
  type AdjustmentTaxClass,
  type PayrollGeneralSettings,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import type { PeriodRow } from './repository.js';
import { addDays } from '../../lib/manila.js';
import { dayTypeOf, type HolidayType } from '../timelogs/attendance.js';
import { LEAVE_CASH_CODE, SIL_CASH_CODE } from '../payroll-documents/final-pay-certificate.js';

/** The line of a deduction an earlier payroll could not take (-2, -3... for more). */
export const CARRY_CODE = 'CARRY';

/**
 * The inputs of one period's compute, read by chunk of employees, the pure computation of every payslip and their
 * store (issue 10 §3). The service runs the chunks inside the one transaction that replaces the period's
 * payslips, so a failed or interrupted compute leaves the previous payslips as they were.
 */

// ---------------------------------------------------------------- money in centavos (exact)

export function cents(text: string | null | undefined): number {
  if (text === null || text === undefined || text === '') return 0;
  const s = String(text).trim();
  const negative = s.startsWith('-');
  const [whole = '0', frac = ''] = (negative ? s.slice(1) : s).split('.');
  const value = Number(whole) * 100 + Number((frac + '00').slice(0, 2));
  return negative ? -value : value;
}
/** The usual rate factor (days a year a monthly salary pays) of a week of 5, 6 or 7 workdays. */
const FACTOR_OF_WEEK: Record<number, number> = { 5: 261, 6: 313, 7: 365 };

/** An amount as a warning reads it: "₱1,234.50" (payslip lines and files keep "1234.50"). */
const peso = (amount: string) =>
  `₱${Number(amount).toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function pesos(value: number): string {
  const negative = value < 0;
  const abs = Math.abs(Math.round(value));
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

// ---------------------------------------------------------------- dates

const dayOfWeek = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const lastDayOfMonth = (date: string) => addDays(`${addDays(`${date.slice(0, 8)}01`, 31).slice(0, 8)}01`, -1);

/**
 * The pay period of the company's frequency that holds `date` (the periods the proposal makes): the month, the
 * half-month split after `FirstCutoffEndDay`, or the week ending on `WeeklyCutoffEndDay`. A monthly salary is a
 * salary for this whole period; a cut-off shorter than it (a final pay up to the separation) pays only its part.
 */
export function payPeriodOf(
  frequency: PeriodRow['frequency'],
  date: string,
  settings: Pick<PayrollGeneralSettings, 'FirstCutoffEndDay' | 'WeeklyCutoffEndDay'>,
): { start: string; end: string } {
  if (frequency === 'Monthly') return { start: `${date.slice(0, 8)}01`, end: lastDayOfMonth(date) };
  if (frequency === 'Weekly') {
    const end = addDays(date, (settings.WeeklyCutoffEndDay - dayOfWeek(date) + 7) % 7);
    return { start: addDays(end, -6), end };
  }
  const split = settings.FirstCutoffEndDay;
  const firstEnd = `${date.slice(0, 8)}${String(split).padStart(2, '0')}`;
  return Number(date.slice(8, 10)) <= split
    ? { start: `${date.slice(0, 8)}01`, end: firstEnd }
    : { start: addDays(firstEnd, 1), end: lastDayOfMonth(date) };
}

// ---------------------------------------------------------------- inputs

interface EmployeeRow {
  id: string;
  employee_number: string;
  hire_date: string | null;
  separation_date: string | null;
  rate_type: 'Monthly' | 'Daily' | null;
  basic_rate: string | null;
  tin: string | null;
  sss_number: string | null;
  philhealth_number: string | null;
  pagibig_number: string | null;
  bank_account_number: string | null;
  is_minimum_wage_earner: boolean | null;
  payment_method: 'Bank' | 'Cash' | 'Check' | null;
  exempt_sss: boolean | null;
  exempt_philhealth: boolean | null;
  exempt_pagibig: boolean | null;
  exempt_withholding_tax: boolean | null;
  divisor: number | null;
  work_location_id: string | null;
  /** Days a week the 201 file's schedule works (7 less its rest days); null without a shift or rest days. */
  workdays_per_week: number | null;
}
/** A confirmed holiday of the cut-off (Regular and FinalPay), company-wide or of one work location. */
interface HolidayRow {
  date: string;
  type: HolidayType;
  work_location_id: string | null;
}
interface RateRow {
  employee_id: string;
  effective_from: string;
  rate_type: 'Monthly' | 'Daily';
  rate: string;
  hours_per_day: number;
  cola_per_day: string;
}
interface ItemRow {
  employee_id: string;
  kind: 'Earning' | 'Deduction';
  code: string;
  description: string;
  amount: string;
  taxable: boolean;
  de_minimis: string | null;
  /** Adjustments: the earning's tax class (contracts ADJUSTMENT_TAX_CLASSES); null for a deduction. */
  tax_class?: AdjustmentTaxClass | null;
}
interface LoanRow {
  id: string;
  employee_id: string;
  code: string;
  name: string;
  amortization: string;
  balance: string;
}
interface DayRow {
  employee_id: string;
  date: string;
  day_type: DayAttendance['dayType'];
  rest_day: boolean;
  worked_minutes: number;
  late_minutes: number;
  undertime_minutes: number;
  night_diff_minutes: number;
  overtime_minutes: number;
  payable_overtime_minutes: number;
  overtime_night_minutes: number;
  absent: boolean;
  on_leave: boolean;
  /** The approved leave of an on-leave day: its type paid or not (null: no request found, taken as paid). */
  leave_paid: boolean | null;
  leave_half_day: boolean | null;
  /** The day's attendance anomalies (timelogs attendance.ts: MissingIn, MissingOut, SinglePunch), comma-separated. */
  anomalies: string;
  /** When the day was stored (attendance_days.computed_at), epoch milliseconds. */
  stored_ms: number;
}
/** An approved leave, overtime or undertime request of the cut-off, or one cancelled after its approval: the
 *  attendance store reads the approved ones, so a day stored before the decision pays without it. */
interface RequestRow {
  employee_id: string;
  kind: 'Leave' | 'Overtime' | 'Undertime';
  date_from: string;
  date_to: string;
  status: 'Approved' | 'Cancelled';
  /** The approval, or for a cancelled request its cancellation, epoch milliseconds. */
  changed_ms: number;
}
interface YtdRow {
  employee_id: string;
  taxable: string;
  withheld: string;
  basic: string;
  benefits: string;
  thirteenth: string;
}
type MtdRow = { employee_id: string } & Record<string, string>;
/** A leave ledger entry converting unused days to cash (days > 0 here) that no finalised payslip paid yet. */
interface LeaveCashRow {
  id: string;
  employee_id: string;
  entry_date: string;
  days: string;
  reason: string | null;
  type_code: string;
  type_name: string;
}
interface PreviousEmployerRow {
  employee_id: string;
  taxable: string;
  withheld: string;
  thirteenth: string;
}
/** A deduction an earlier finalised payroll could not take for want of pay, still to be deducted. */
interface CarriedRow {
  id: string;
  employee_id: string;
  code: string;
  description: string;
  amount: string;
  period_name: string;
}
/** A carried deduction on this payslip (finalise marks the carryover settled by it). */
interface CarriedDeduction {
  CarryoverId: string;
  Code: string;
}
/** A deduction this payslip could not take in whole or part, carried to the next payroll on finalise. */
export interface CarryForward {
  Code: string;
  Description: string;
  Amount: string;
}
/** An employee's unused days of a leave type a final pay converts to cash (SIL, or a type convertible to cash). */
interface UnusedLeaveRow {
  employee_id: string;
  leave_type_id: string;
  code: string;
  name: string;
  days: string;
}
/** A leave type whose monetised days are de minimis: vacation leave, by its usual code or its name, and service
 *  incentive leave (counted as vacation leave, REFERENCE §4.5). */
const isMonetizedVacationLeave = (t: { code: string; name: string }) =>
  t.code === 'SIL' || t.code === 'VL' || /vacation/i.test(t.name);
/** What a final pay converted of each leave type (payslip result `finalPayLeaveCash`; finalise posts it). */
export interface FinalPayLeaveCash {
  LeaveTypeId: string;
  Code: string;
  Days: string;
}
interface DeMinimisRow {
  employee_id: string;
  kind: DeMinimisKind;
  year: string;
  month: string | null;
}

/** An earning adjustment's tax class; a row from before the class (0041) reads Taxable, or Benefit when it was
 *  not taxable (contracts ADJUSTMENT_TAX_CLASSES). The adjustments' SQL alias is `a`. */
export const ADJUSTMENT_TAX_CLASS = `CASE WHEN a.kind = 'Earning'
  THEN coalesce(a.tax_class, CASE WHEN a.taxable THEN 'Taxable' ELSE 'Benefit' END) END`;

export interface ComputeInputs {
  period: PeriodRow;
  settings: PayrollGeneralSettings;
  employees: EmployeeRow[];
  rates: Map<string, RateRow[]>;
  items: Map<string, ItemRow[]>;
  loans: Map<string, LoanRow[]>;
  adjustments: Map<string, ItemRow[]>;
  days: Map<string, DayRow[]>;
  /** Regular and FinalPay: the requests of the cut-off decided or cancelled (RequestRow). */
  requests: Map<string, RequestRow[]>;
  /** Regular and FinalPay: the confirmed holidays of the cut-off (a day not stored is paid by its type). */
  holidays: HolidayRow[];
  ytd: Map<string, YtdRow>;
  mtd: Map<string, MtdRow>;
  /** The year's compensation from a previous employer (its 2316), by employee: annualised at the year's end. */
  previousEmployer: Map<string, PreviousEmployerRow>;
  /** Regular and FinalPay: the deductions earlier finalised payrolls could not take, oldest first. */
  carried: Map<string, CarriedRow[]>;
  /** FinalPay: the unused days of SIL and of every leave type convertible to cash, by employee (positive only). */
  unusedLeave: Map<string, UnusedLeaveRow[]>;
  /** Regular and FinalPay: the unpaid cash conversions of unused leave dated by the cut-off's end. */
  leaveCash: Map<string, LeaveCashRow[]>;
  /** De minimis received by kind in the employee's finalised payslips: this year, and this month (the engine's
   *  ytd.deMinimis and ytd.deMinimisMonthToDate, against the yearly and monthly ceilings). */
  deMinimis: Map<string, DeMinimisRow[]>;
  /** ThirteenthMonth: the company's last regular payroll of the year is finalised (this run comes after it). */
  lastRegularOfYearFinalised: boolean;
  /** The pay period a monthly salary is for, when the cut-off lies inside one and is shorter than it. */
  payPeriod: { start: string; end: string };
  /** The engine's statutory tables with the company's added editions (payroll settings). */
  tables: PayrollTables;
}

const group = <R extends { employee_id: string }>(rows: R[]) => {
  const map = new Map<string, R[]>();
  for (const r of rows) {
    const list = map.get(r.employee_id);
    if (list) list.push(r);
    else map.set(r.employee_id, [r]);
  }
  return map;
};

/** The period's employees, in employee-number order: the compute reads and stores them by chunks of these. */
export async function employeeIdsOf(tx: Tx, tenantId: string, period: PeriodRow): Promise<string[]> {
  const { company_id: companyId, cutoff_start: start, cutoff_end: end, kind } = period;
  const scopeStart = kind === 'ThirteenthMonth' ? `${end.slice(0, 4)}-01-01` : start;
  const base = [tenantId, companyId];
  const employeeScope =
    kind === 'FinalPay'
      ? `e.id = ANY($3::uuid[])`
      : kind === 'Adjustment'
        ? `e.id IN (SELECT employee_id FROM payroll_adjustments WHERE tenant_id = $1 AND payroll_period_id = $3)`
        : `(e.hire_date IS NULL OR e.hire_date <= $4::date) AND (e.separation_date IS NULL OR e.separation_date >= $3::date)` +
          (kind === 'Regular'
            ? // A leaver whose final pay covers days of this cut-off is paid there, not twice.
              ` AND NOT EXISTS (SELECT 1 FROM payroll_periods f WHERE f.tenant_id = $1 AND f.company_id = $2
                   AND f.kind = 'FinalPay' AND e.id = ANY(f.employee_ids)
                   AND f.cutoff_start <= $4::date AND f.cutoff_end >= $3::date)`
            : // A leaver of the year with a final pay: it pays the pro-rated 13th month (Labor Advisory 06-2020),
              // so the year's 13th month run has nothing for them (it made a 0.00 payslip).
              ` AND NOT (e.separation_date IS NOT NULL AND e.separation_date <= $4::date AND EXISTS (
                   SELECT 1 FROM payroll_periods f WHERE f.tenant_id = $1 AND f.company_id = $2
                      AND f.kind = 'FinalPay' AND e.id = ANY(f.employee_ids) AND f.cutoff_end >= $3::date))`);
  const rows = await tx.query<{ id: string }>(
    `SELECT e.id FROM employees e WHERE e.tenant_id = $1 AND e.company_id = $2 AND ${employeeScope}
      ORDER BY e.employee_number`,
    kind === 'FinalPay'
      ? [...base, period.employee_ids ?? []]
      : kind === 'Adjustment'
        ? [...base, period.id]
        : [...base, scopeStart, end],
  );
  return rows.map((r) => r.id);
}

/** The inputs of the employees `ids` (a chunk of employeeIdsOf), each query by `employee_id = ANY`. */
export async function readInputs(
  tx: Tx,
  tenantId: string,
  period: PeriodRow,
  settings: PayrollGeneralSettings,
  tables: PayrollTables,
  ids: string[],
): Promise<ComputeInputs> {
  const { company_id: companyId, cutoff_start: start, cutoff_end: end, kind } = period;
  const year = end.slice(0, 4);
  // $3 is always the chunk's employee ids.
  const base = [tenantId, companyId, ids];

  const employees = tx.query<EmployeeRow>(
    `SELECT e.id, e.employee_number, e.hire_date::text AS hire_date, e.separation_date::text AS separation_date,
            e.rate_type, e.basic_rate::text AS basic_rate, e.tin, e.sss_number, e.philhealth_number, e.pagibig_number,
            e.bank_account_number, pp.is_minimum_wage_earner, pp.payment_method, pp.exempt_sss, pp.exempt_philhealth,
            pp.exempt_pagibig, pp.exempt_withholding_tax, pp.divisor, e.work_location_id,
            CASE WHEN e.rest_days IS NULL AND sh.id IS NULL THEN NULL
                 ELSE 7 - cardinality(coalesce(e.rest_days, sh.rest_days)) END AS workdays_per_week
       FROM employees e
       LEFT JOIN employee_pay_profiles pp ON pp.tenant_id = e.tenant_id AND pp.employee_id = e.id
       LEFT JOIN shifts sh ON sh.tenant_id = e.tenant_id AND sh.id = e.shift_id
      WHERE e.tenant_id = $1 AND e.company_id = $2 AND e.id = ANY($3::uuid[])
      ORDER BY e.employee_number`,
    base,
  );

  const rates = tx.query<RateRow>(
    `SELECT employee_id, effective_from::text AS effective_from, rate_type, rate::text AS rate,
            hours_per_day::float8 AS hours_per_day, cola_per_day::text AS cola_per_day
       FROM employee_pay_rates WHERE tenant_id = $1 AND company_id = $2 AND employee_id = ANY($3::uuid[])
        AND effective_from <= $4 ORDER BY employee_id, effective_from`,
    [...base, end],
  );
  const items = tx.query<ItemRow>(
    `SELECT employee_id, kind, code, description, amount::text AS amount, taxable, de_minimis
       FROM employee_pay_items WHERE tenant_id = $1 AND company_id = $2 AND employee_id = ANY($3::uuid[])
        AND effective_from <= $5 AND (effective_to IS NULL OR effective_to >= $4) ORDER BY employee_id, kind, code, id`,
    [...base, start, end],
  );
  const loans =
    kind === 'Regular' || kind === 'FinalPay'
      ? tx.query<LoanRow>(
          `SELECT l.id, l.employee_id, t.code, t.name, l.amortization::text AS amortization,
                  (l.principal - coalesce((SELECT sum(g.amount) FROM loan_ledger g
                                            WHERE g.tenant_id = l.tenant_id AND g.loan_id = l.id), 0))::text AS balance
             FROM employee_loans l JOIN loan_types t ON t.tenant_id = l.tenant_id AND t.id = l.loan_type_id
            WHERE l.tenant_id = $1 AND l.company_id = $2 AND l.employee_id = ANY($3::uuid[]) AND l.status = 'Active'
              AND l.start_date <= $4
            ORDER BY l.employee_id, l.start_date, l.id`,
          [...base, end],
        )
      : Promise.resolve([]);
  const previousEmployer = tx.query<PreviousEmployerRow>(
    `SELECT employee_id, taxable_total::text AS taxable, tax_withheld::text AS withheld,
            thirteenth::text AS thirteenth
       FROM employee_previous_employers
      WHERE tenant_id = $1 AND company_id = $2 AND employee_id = ANY($3::uuid[]) AND year = $4`,
    [...base, Number(end.slice(0, 4))],
  );
  // Deductions an earlier finalised payroll could not take for want of pay (deduction_carryovers), still open.
  const carried =
    kind === 'Regular' || kind === 'FinalPay'
      ? tx.query<CarriedRow>(
          `SELECT c.id, c.employee_id, c.code, c.description, c.amount::text AS amount, p.name AS period_name
             FROM deduction_carryovers c
             JOIN payroll_periods p ON p.tenant_id = c.tenant_id AND p.id = c.from_period_id
            WHERE c.tenant_id = $1 AND c.company_id = $2 AND c.employee_id = ANY($3::uuid[])
              AND c.settled_by_payslip_id IS NULL AND c.waived_at IS NULL AND p.cutoff_end < $4::date
            ORDER BY c.employee_id, p.cutoff_end, c.created_at, c.id`,
          [...base, end],
        )
      : Promise.resolve([]);
  const adjustments = tx.query<ItemRow>(
    `SELECT employee_id, kind, code, description, amount::text AS amount, taxable, de_minimis,
            ${ADJUSTMENT_TAX_CLASS} AS tax_class
       FROM payroll_adjustments a
      WHERE tenant_id = $1 AND payroll_period_id = $2 AND employee_id = ANY($3::uuid[])
      ORDER BY created_at, id`,
    [tenantId, period.id, ids],
  );
  const days =
    kind === 'Regular' || kind === 'FinalPay'
      ? tx.query<DayRow>(
          `SELECT d.employee_id, d.date::text AS date, d.day_type, d.rest_day, d.worked_minutes, d.late_minutes,
                  d.undertime_minutes, d.night_diff_minutes, d.overtime_minutes, d.payable_overtime_minutes,
                  d.overtime_night_minutes, d.absent, d.on_leave, lv.is_paid AS leave_paid, lv.half_day AS leave_half_day,
                  array_to_string(d.anomalies, ',') AS anomalies,
                  (extract(epoch FROM d.computed_at) * 1000)::float8 AS stored_ms
             FROM attendance_days d
             -- Only an on-leave day looks up its leave (a one-time filter): is its type paid, is it a half day.
             LEFT JOIN LATERAL (
               SELECT t.is_paid, r.half_day FROM time_requests r
                 JOIN leave_types t ON t.tenant_id = r.tenant_id AND t.id = r.leave_type_id
                WHERE d.on_leave AND r.tenant_id = d.tenant_id AND r.employee_id = d.employee_id AND r.kind = 'Leave'
                  AND r.status = 'Approved' AND d.date BETWEEN r.date_from AND r.date_to
                LIMIT 1) lv ON true
            WHERE d.tenant_id = $1 AND d.company_id = $2 AND d.employee_id = ANY($3::uuid[])
              AND d.date BETWEEN $4 AND $5 ORDER BY d.employee_id, d.date`,
          // A week before the cut-off too: the workday before a holiday on its first days lies there (Art. 94).
          [...base, addDays(start, -7), end],
        )
      : Promise.resolve([]);
  // The requests of the cut-off approved, or cancelled after their approval: one decided after its days were
  // stored is not in them (computeEmployee warns).
  const requests =
    kind === 'Regular' || kind === 'FinalPay'
      ? tx.query<RequestRow>(
          `SELECT r.employee_id, r.kind, r.date_from::text AS date_from, r.date_to::text AS date_to, r.status,
                  (extract(epoch FROM CASE WHEN r.status = 'Cancelled' THEN r.cancelled_at ELSE r.decided_at END)
                    * 1000)::float8 AS changed_ms
             FROM time_requests r
            WHERE r.tenant_id = $1 AND r.company_id = $2 AND r.employee_id = ANY($3::uuid[])
              AND r.date_from <= $5::date AND r.date_to >= $4::date AND r.decided_at IS NOT NULL
              AND (r.status = 'Approved' OR (r.status = 'Cancelled' AND r.cancelled_at IS NOT NULL))
            ORDER BY r.employee_id, r.date_from`,
          [...base, start, end],
        )
      : Promise.resolve([]);
  // Year to date: the employee's payslips of finalised periods of the year that ended before this one, and of
  // the year's finalised 13th-month runs paid by this one's pay date: a 13th month's cut-off (1 January to
  // 31 December) ends after the December cut-offs, yet it was paid on 23 December, and the year-end adjustment of
  // the second December cut-off must count its benefit (the 90,000 ceiling) and any tax withheld on it; a final
  // pay must not pay again the 13th month it already paid (RR 2-98 as amended, REFERENCE §4.7; PD 851).
  const ytd = tx.query<YtdRow>(
    `SELECT s.employee_id, sum(s.taxable_base)::text AS taxable, sum(s.withholding_tax)::text AS withheld,
            sum(coalesce((s.result->'thisPeriod'->>'basicSalaryEarned')::numeric, 0))::text AS basic,
            sum(coalesce((s.result->'thisPeriod'->>'benefitsReceived')::numeric, 0))::text AS benefits,
            -- 13th month pay already paid this year (a final pay's pro-rated share, an advance).
            coalesce(sum((SELECT sum(l.amount) FROM payslip_lines l
                           WHERE l.tenant_id = s.tenant_id AND l.payslip_id = s.id AND l.code = '13TH')), 0)::text
              AS thirteenth
       FROM payslips s JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
      WHERE s.tenant_id = $1 AND s.company_id = $2 AND s.employee_id = ANY($3::uuid[])
        AND p.status IN ('Finalised', 'Paid') AND s.status <> 'Excluded'
        AND p.cutoff_end >= $4::date AND p.id <> $6
        AND (p.cutoff_end <= $5::date
             OR (p.kind = 'ThirteenthMonth' AND p.cutoff_end <= $7::date AND p.pay_date <= $8::date))
      GROUP BY s.employee_id`,
    [
      ...base,
      `${year}-01-01`,
      kind === 'Regular' ? addDays(start, -1) : end,
      period.id,
      `${year}-12-31`,
      period.pay_date,
    ],
  );
  // A 13th-month run is the year's last payroll, and carries the year-end tax adjustment, only once the
  // company's last regular payroll of the year (its cut-off ending on 31 December; weekly: the last week ending
  // in December, 25-31 December, as the engine reads it) is finalised; paid before it (by 24 December, PD 851),
  // it withholds on its taxable part only and that last payroll annualises the whole year, this run included.
  const yearClosed =
    kind === 'ThirteenthMonth'
      ? tx.query<{ closed: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM payroll_periods p
                    WHERE p.tenant_id = $1 AND p.company_id = $2 AND p.kind = 'Regular'
                      AND p.status IN ('Finalised', 'Paid')
                      AND (p.cutoff_end = $3::date
                           OR (p.frequency = 'Weekly' AND p.cutoff_end BETWEEN $4::date AND $3::date))) AS closed`,
          [tenantId, companyId, `${year}-12-31`, `${year}-12-25`],
        )
      : Promise.resolve([{ closed: false }]);
  // Month to date: finalised regular periods (and final pays) of the same month that ended before this one starts.
  // A final pay reads it too: it is the employee's last pay of the month and settles the month's contributions on
  // the month's actual compensation, as a second cut-off does on the 'month-to-date' split (REFERENCE §8.5 (C)/(D):
  // the month must remit the table amount on the month's pay; each pay taking half of the table on its own pay
  // projected to a month had remitted amounts no table row has, an MPF of 262.50 and an EC of 20.00).
  const mtdFields: [string, string][] = [
    ['sssCompensation', `s.result->'thisPeriod'->>'sssCompensation'`],
    ['pagibigAllowances', `s.result->'thisPeriod'->>'pagibigAllowances'`],
    [
      'sssEmployeeSS',
      `(s.result->'employeeShares'->>'sss')::numeric - (s.result->'employeeShares'->>'sssMpf')::numeric`,
    ],
    ['sssEmployeeMPF', `s.result->'employeeShares'->>'sssMpf'`],
    ['sssEmployer', `s.result->'employerShares'->>'sss'`],
    ['sssEC', `s.result->'employerShares'->>'sssEC'`],
    ['philhealthEmployee', `s.result->'employeeShares'->>'philhealth'`],
    ['philhealthEmployer', `s.result->'employerShares'->>'philhealth'`],
    ['pagibigEmployee', `s.result->'employeeShares'->>'pagibig'`],
    ['pagibigEmployer', `s.result->'employerShares'->>'pagibig'`],
  ];
  const mtd =
    (kind === 'Regular' || kind === 'FinalPay') && period.frequency !== 'Monthly'
      ? tx.query<MtdRow>(
          `SELECT s.employee_id, ${mtdFields
            .map(([k, e]) => `sum(coalesce((${e})::numeric, 0))::text AS "${k}"`)
            .join(', ')}
             FROM payslips s JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
            WHERE s.tenant_id = $1 AND s.company_id = $2 AND s.employee_id = ANY($3::uuid[])
              AND p.kind IN ('Regular', 'FinalPay') AND p.id <> $6
              AND p.status IN ('Finalised', 'Paid') AND s.status <> 'Excluded'
              AND p.cutoff_end >= $4::date AND p.cutoff_end < $5::date
            GROUP BY s.employee_id`,
          [...base, `${end.slice(0, 8)}01`, start, period.id],
        )
      : Promise.resolve([]);
  // De minimis by kind (result.thisPeriod.deMinimis): the year's finalised payslips up to where the year to date
  // stops, and those of them whose cut-off ended in this period's month.
  const deMinimis = tx.query<DeMinimisRow>(
    `SELECT s.employee_id, k.key AS kind, sum(k.value::numeric)::text AS year,
            sum(k.value::numeric) FILTER (WHERE p.cutoff_end >= $7::date)::text AS month
       FROM payslips s JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
       CROSS JOIN LATERAL jsonb_each_text(coalesce(s.result->'thisPeriod'->'deMinimis', '{}'::jsonb)) k
      WHERE s.tenant_id = $1 AND s.company_id = $2 AND s.employee_id = ANY($3::uuid[])
        AND p.status IN ('Finalised', 'Paid') AND s.status <> 'Excluded'
        AND p.cutoff_end >= $4::date AND p.cutoff_end <= $5::date AND p.id <> $6
      GROUP BY s.employee_id, k.key`,
    [
      ...base,
      `${year}-01-01`,
      kind === 'Regular' ? addDays(start, -1) : end,
      period.id,
      `${end.slice(0, 8)}01`,
    ],
  );
  const payPeriod = payPeriodOf(period.frequency, start, settings);
  const inOnePeriod = payPeriod.end >= end;
  // A final pay converts the unused days of service incentive leave (Labor Code art. 95, always) and of every
  // leave type the company made convertible to cash (its policy, as the year-start conversion reads it).
  const unusedLeave =
    kind === 'FinalPay'
      ? tx.query<UnusedLeaveRow>(
          `SELECT l.employee_id, t.id AS leave_type_id, t.code, t.name, sum(l.days)::text AS days
             FROM leave_ledger l JOIN leave_types t ON t.tenant_id = l.tenant_id AND t.id = l.leave_type_id
            WHERE l.tenant_id = $1 AND l.company_id = $2 AND (t.code = 'SIL' OR t.convertible_to_cash)
              AND l.employee_id = ANY($3::uuid[])
            GROUP BY l.employee_id, t.id, t.code, t.name
           HAVING sum(l.days) > 0
            ORDER BY l.employee_id, t.code = 'SIL' DESC, t.code`,
          base,
        )
      : Promise.resolve([]);

  // Unused leave converted to cash (the leave accrual's year-start entries, kind CashConversion, days negative)
  // that no finalised payslip paid (leave_cash_payments): the first regular payroll or final pay whose cut-off
  // ends on or after the entry pays it. A final pay's own conversion (source 'final-pay:…') is its SIL-CASH or
  // LEAVE-CASH line, recorded as paid when it is finalised; never here.
  const leaveCash =
    kind === 'Regular' || kind === 'FinalPay'
      ? tx.query<LeaveCashRow>(
          `SELECT l.id, l.employee_id, l.entry_date::text AS entry_date, (-l.days)::text AS days, l.reason,
                  t.code AS type_code, t.name AS type_name
             FROM leave_ledger l JOIN leave_types t ON t.tenant_id = l.tenant_id AND t.id = l.leave_type_id
            WHERE l.tenant_id = $1 AND l.company_id = $2 AND l.employee_id = ANY($3::uuid[])
              AND l.kind = 'CashConversion' AND l.days < 0 AND l.entry_date <= $4::date
              AND (l.source_key IS NULL OR l.source_key NOT LIKE 'final-pay:%')
              AND NOT EXISTS (SELECT 1 FROM leave_cash_payments p WHERE p.tenant_id = l.tenant_id
                                AND p.leave_ledger_id = l.id)
            ORDER BY l.employee_id, l.entry_date, l.id`,
          [...base, end],
        )
      : Promise.resolve([]);

  // The holidays of the cut-off, as the attendance store reads them (timelogs repository holidays): a day of it
  // with no stored attendance is paid by its type (computeEmployee).
  const holidays =
    kind === 'Regular' || kind === 'FinalPay'
      ? tx.query<HolidayRow>(
          `SELECT date::text AS date, type, work_location_id FROM holidays
            WHERE tenant_id = $1 AND company_id = $2 AND date BETWEEN $3::date AND $4::date AND NOT is_draft`,
          [tenantId, companyId, start, end],
        )
      : Promise.resolve([]);

  // Every query goes out at once: on a pipelined connection they queue ahead of the previous chunk's insert,
  // so the next chunk's inputs never wait behind the write that follows them (see the service's runCompute).
  const [
    employeeRows,
    rateRows,
    itemRows,
    loanRows,
    adjustmentRows,
    dayRows,
    ytdRows,
    mtdRows,
    unusedLeaveRows,
    carriedRows,
    previousEmployerRows,
    deMinimisRows,
    yearClosedRows,
    leaveCashRows,
    requestRows,
    holidayRows,
  ] = await Promise.all([
    employees,
    rates,
    items,
    loans,
    adjustments,
    days,
    ytd,
    mtd,
    unusedLeave,
    carried,
    previousEmployer,
    deMinimis,
    yearClosed,
    leaveCash,
    requests,
    holidays,
  ]);
  return {
    period,
    settings,
    employees: employeeRows,
    rates: group(rateRows),
    items: group(itemRows),
    loans: group(loanRows),
    adjustments: group(adjustmentRows),
    days: group(dayRows),
    requests: group(requestRows),
    holidays: holidayRows,
    ytd: new Map(ytdRows.map((r) => [r.employee_id, r])),
    mtd: new Map(mtdRows.map((r) => [r.employee_id, r])),
    unusedLeave: group(unusedLeaveRows),
    carried: group(carriedRows),
    previousEmployer: new Map(previousEmployerRows.map((r) => [r.employee_id, r])),
    leaveCash: group(leaveCashRows),
    deMinimis: group(deMinimisRows),
    lastRegularOfYearFinalised: yearClosedRows[0]?.closed === true,
    payPeriod: inOnePeriod ? payPeriod : { start, end },
    tables,
  };
}

// ---------------------------------------------------------------- one employee

export interface ComputedPayslip {
  id: string;
  employeeId: string;
  gross: string;
  deductions: string;
  netPay: string;
  taxableBase: string;
  withholdingTax: string;
  employeeShares: string;
  employerShares: string;
  /** The engine payslip without lines, plus thisPeriod figures (year-to-date sums) and the loans it paid. */
  result: Record<string, unknown> | null;
  lines: PayslipLine[];
  warnings: string[];
}

const FREQUENCY = { SemiMonthly: 'semi-monthly', Monthly: 'monthly', Weekly: 'weekly' } as const;

/**
 * The stored attendance days as the engine's. Leave: a whole day of paid leave is paid leave, of unpaid leave
 * (leave without pay, or any unpaid type) an absence; on a half day of leave the employee worked the other half,
 * so the day is a worked day: its paid half adds half a day's hours for the daily-paid (a monthly salary already
 * pays it), its unpaid half is undertime for the monthly-paid (the daily-paid are paid for hours worked). Half a day
 * of paid leave on a day not worked pays the half: half a day's hours for the daily-paid, the other half undertime
 * for the monthly-paid.
 *
 * A day stored with lateness or undertime but no hour of the shift worked nor overtime paid (punches outside the
 * shift or inside its break only, stored before the attendance store counted such a day as absent) is no worked
 * day: a workday without leave is an absence, any other day keeps no lateness; its date goes into `noShiftTime`,
 * for the payslip's warning. The engine refuses lateness on a day not worked, and one such day had left the whole
 * payslip at 0.00 ("Could not compute").
 */
function attendanceOf(
  rows: DayRow[],
  hoursPerDay: number,
  monthly: boolean,
  noShiftTime: string[],
): DayAttendance[] {
  return rows.map((d) => {
    // Regular hours are the worked minutes, capped at the normal day: the attendance (timelogs/attendance.ts)
    // already leaves every overtime minute out of `worked_minutes`, so nothing is taken off again. The overtime
    // paid is the approved (payable) part. Night minutes are kept inside the hours they belong to.
    const regularMinutes = Math.min(Math.max(0, d.worked_minutes), hoursPerDay * 60);
    const overtimeMinutes = Math.max(0, d.payable_overtime_minutes);
    const day: DayAttendance = {
      date: d.date,
      dayType: d.day_type,
      restDay: d.rest_day,
      regularHours: regularMinutes / 60,
      nightHours: Math.min(d.night_diff_minutes, regularMinutes) / 60,
      overtimeHours: overtimeMinutes / 60,
      overtimeNightHours: Math.min(d.overtime_night_minutes, overtimeMinutes) / 60,
      lateMinutes: d.late_minutes,
      undertimeMinutes: d.undertime_minutes,
    };
    const worked = regularMinutes > 0 || overtimeMinutes > 0;
    const paid = d.leave_paid !== false;
    if (d.on_leave && worked) {
      if (d.leave_half_day && paid && !monthly)
        day.regularHours = Math.min(hoursPerDay, day.regularHours! + hoursPerDay / 2);
      if (d.leave_half_day && !paid && monthly)
        day.undertimeMinutes = d.undertime_minutes + Math.floor((hoursPerDay * 60) / 2);
    } else if (d.on_leave && d.leave_half_day && paid) {
      // Half a day of paid leave and no work at all: the leave pays one half (counted as hours, so the engine
      // takes the day as attended), the other half is an absence: undertime for the monthly-paid.
      day.regularHours = hoursPerDay / 2;
      if (monthly) day.undertimeMinutes = Math.floor((hoursPerDay * 60) / 2);
    } else if (d.on_leave && paid) day.paidLeave = true;
    else if (d.on_leave || d.absent) day.absent = true;
    const hours = (day.regularHours ?? 0) + (day.overtimeHours ?? 0);
    if (hours === 0 && ((day.lateMinutes ?? 0) > 0 || (day.undertimeMinutes ?? 0) > 0)) {
      day.lateMinutes = 0;
      day.undertimeMinutes = 0;
      if (!day.absent && !day.paidLeave) {
        noShiftTime.push(d.date);
        if (!d.rest_day && WORKDAY.has(d.day_type)) day.absent = true;
      }
    }
    return day;
  });
}

/** What the payslip's warnings call an anomaly the attendance store flags (timelogs attendance.ts). */
const ANOMALY_TEXT: Record<string, string> = {
  SinglePunch: 'a single punch',
  MissingIn: 'no in punch',
  MissingOut: 'no out punch',
};
const anomalyText = (a: string) => ANOMALY_TEXT[a] ?? a.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** Dates as runs of consecutive days: "2026-11-16 to 2026-11-20, 2026-11-23". */
function dateRuns(dates: string[]): string {
  const runs: string[][] = [];
  for (const d of [...dates].sort()) {
    const run = runs[runs.length - 1];
    if (run && addDays(run[run.length - 1]!, 1) === d) run.push(d);
    else runs.push([d]);
  }
  return runs.map((r) => dateRange(r)).join(', ');
}

const REQUEST_NAME = { Leave: 'leave', Overtime: 'overtime', Undertime: 'undertime' } as const;

/** Who mends an unstored day, and where: payroll reads the attendance HR stores (HR's Time Logs page). */
const STORE_THE_CUTOFF = 'HR must store the attendance of the whole cut-off (Time Logs, Attendance)';

/**
 * What payroll must see on a payslip before approving it, from the stored days of the cut-off's employment
 * (`from` to `to`, some stored): the days with attendance anomalies (a single punch, a missing in or out: paid as
 * stored, a day without hours being neither worked nor absent), the days stored with lateness but no shift time
 * (attendanceOf: taken as absences), the workdays of employment not stored at all (a monthly salary pays them as
 * days present, a daily rate not at all; workdays by the divisor, as the salary's days: the store keeps every day
 * of its range, rest days too, so a gap is a range it never covered), the holidays of employment not stored (no
 * workday: paid by their type as holidays not worked, unstoredHolidays), and the requests approved, or cancelled,
 * after their days were stored (the stored days do not have them: the attendance must be stored again).
 */
function attendanceWarnings(
  days: DayRow[],
  requests: RequestRow[],
  from: string,
  to: string,
  monthly: boolean,
  workday: (date: string) => boolean,
  dayType: (date: string) => NonNullable<DayAttendance['dayType']>,
  noShiftTime: string[],
): string[] {
  if (!days.length) return [];
  const warnings: string[] = [];
  const anomalous = days.filter((d) => d.anomalies);
  if (anomalous.length)
    warnings.push(
      `Attendance anomalies, paid as stored (correct the punches and store the attendance again): ${anomalous
        .map(
          (d) =>
            `${formatIsoDate(d.date)} (${d.anomalies.split(',').map(anomalyText).join(', ')}${
              d.worked_minutes <= 0 && !d.absent && !d.on_leave ? '; no hours counted' : ''
            })`,
        )
        .join('; ')}`,
    );
  if (noShiftTime.length)
    warnings.push(
      `Late or undertime stored on a day without any hour of the shift worked, taken as not worked (an absence on a workday): ${dateRuns(noShiftTime)}`,
    );
  // Every day stored (the common case, one row a day from `from` to `to`): nothing to look for.
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days.length < span) {
    const stored = new Set(days.map((d) => d.date));
    const missing: string[] = [];
    const holidays: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) {
      if (stored.has(d)) continue;
      if (!WORKDAY.has(dayType(d))) holidays.push(d);
      else if (workday(d)) missing.push(d);
    }
    if (missing.length)
      warnings.push(
        `Attendance not stored for ${missing.length} workday(s) of the cut-off: ${dateRuns(missing)} (${
          monthly ? 'paid as days present' : 'not paid'
        }); ${STORE_THE_CUTOFF}`,
      );
    // No workday: paid by their type as holidays not worked (unstoredHolidays), named as holidays.
    const named = holidays.map((d) => `${d} (${HOLIDAY_NAME[dayType(d)] ?? 'holiday'})`).join(', ');
    if (holidays.length)
      warnings.push(
        `Attendance not stored for ${holidays.length === 1 ? 'the holiday' : `${holidays.length} holidays`} ${named}: paid as ${
          holidays.length === 1 ? 'a holiday' : 'holidays'
        } not worked (a regular holiday only when the workday before it was attended or on paid leave); ${STORE_THE_CUTOFF}`,
      );
  }
  const storedAt = new Map(requests.length ? days.map((d) => [d.date, d.stored_ms]) : []);
  const late: string[] = [];
  for (const r of requests) {
    const dates: string[] = [];
    for (let d = r.date_from < from ? from : r.date_from; d <= r.date_to && d <= to; d = addDays(d, 1)) {
      const at = storedAt.get(d);
      if (at !== undefined && at < r.changed_ms) dates.push(d);
    }
    if (dates.length)
      late.push(
        `the ${REQUEST_NAME[r.kind]} request of ${dateRuns(dates)} was ${r.status === 'Approved' ? 'approved' : 'cancelled'}`,
      );
  }
  if (late.length)
    warnings.push(
      `${REQUEST_NOT_STORED_WARNING}, so these days are paid without it: ${late.join('; ')}. Store the attendance of those days again, then compute`,
    );
  return warnings;
}

/** The workdays of a monthly salary's pay period outside employment, given to the engine as such. */
interface OutsideEmployment {
  beforeHire?: string[];
  afterSeparation?: string[];
}
/** The engine's description of those days (packages/payroll earnings.ts), made precise on the payslip. */
const ENGINE_OUTSIDE_EMPLOYMENT = 'Days outside employment';
const dateRange = (days: string[]) =>
  days.length === 1 ? days[0]! : `${days[0]!} to ${days[days.length - 1]!}`;

/**
 * What the employee reads on the payslip (portal, PDF) for the unpaid days outside employment: "Days before hire
 * (2026-12-01 to 2026-12-08)", "Days after separation (2026-11-30)", not "Unpaid absence": they were not absent.
 */
function outsideEmploymentLine({ beforeHire, afterSeparation }: OutsideEmployment): string {
  if (beforeHire && afterSeparation)
    return `Days before hire (${dateRange(beforeHire)}) and after separation (${dateRange(afterSeparation)})`;
  if (beforeHire) return `Days before hire (${dateRange(beforeHire)})`;
  return `Days after separation (${dateRange(afterSeparation ?? [])})`;
}

/** How a payslip the engine refused begins its warning (a 0.00 payslip; its period cannot be approved). */
export const COMPUTE_FAILED = 'Could not compute';

const HOLIDAY_UNWORKED_PAID = new Set<DayAttendance['dayType']>([
  'regular_holiday',
  'double_regular_holiday',
]);
const WORKDAY = new Set<DayAttendance['dayType']>(['ordinary', 'special_working']);
/** What the payslip's warnings call a holiday's day type. */
const HOLIDAY_NAME: Partial<Record<NonNullable<DayAttendance['dayType']>, string>> = {
  regular_holiday: 'regular holiday',
  double_regular_holiday: 'double regular holiday',
  special_non_working: 'special non-working day',
  double_special_non_working: 'double special non-working day',
};

/**
 * The holidays of employment (`from` to `to`) with no stored day, as the store would have stored them unworked:
 * their type, no hours (the engine pays an unworked regular holiday by the Art. 94 day-before rule, a monthly
 * salary forfeits it on the same rule; a special non-working day not worked is unpaid to a daily rate and no
 * absence to a salary). Without it a daily-paid employee lost a regular holiday's pay whenever the holiday itself
 * was not stored (the engine pays only the days it is given). Only when some day is stored (none at all is the
 * period's "No attendance" case).
 */
function unstoredHolidays(
  days: DayRow[],
  from: string,
  to: string,
  dayType: (date: string) => NonNullable<DayAttendance['dayType']>,
): DayAttendance[] {
  if (!days.length) return [];
  const stored = new Set(days.map((d) => d.date));
  const out: DayAttendance[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const type = dayType(d);
    if (!stored.has(d) && !WORKDAY.has(type)) out.push({ date: d, dayType: type });
  }
  return out;
}

/**
 * Art. 94 (REFERENCE §5): an unworked regular holiday is paid when the employee was present or on paid leave on
 * the workday before it. For a holiday on the cut-off's first days that workday lies in the previous cut-off, which
 * the engine does not see (it takes an unknown day as present): the stored days before the cut-off answer it,
 * latest first, passing rest days and unworked holidays. Undefined when nothing stored says.
 */
function presentBefore(before: DayRow[]): boolean | undefined {
  for (let i = before.length - 1; i >= 0; i--) {
    const d = before[i]!;
    if (d.worked_minutes > 0 || (d.on_leave && d.leave_paid !== false)) return true;
    if (d.rest_day || !WORKDAY.has(d.day_type)) continue;
    return d.absent || d.on_leave ? false : undefined;
  }
  return undefined;
}

/** Gives the holidays that open the cut-off (nothing but rest days and holidays before them) that answer. */
function dayBeforeTheCutoff(days: DayAttendance[], start: string, present: boolean | undefined) {
  if (present === undefined) return;
  let expected = start;
  for (const day of [...days].sort((a, b) => (a.date < b.date ? -1 : 1))) {
    // A date with no stored day is an ordinary workday to the engine: the look-back ends there.
    if (day.date !== expected) return;
    const worked = (day.regularHours ?? 0) > 0 || (day.overtimeHours ?? 0) > 0;
    if (worked || day.paidLeave) return;
    if (HOLIDAY_UNWORKED_PAID.has(day.dayType)) day.presentOrPaidLeaveDayBefore = present;
    else if (!day.restDay && WORKDAY.has(day.dayType)) return;
    expected = addDays(expected, 1);
  }
}

/** The de minimis amounts of the allowances, by kind. */
function deMinimisOf(allowances: Allowance[]): Partial<Record<DeMinimisKind, string>> {
  const byKind = new Map<DeMinimisKind, number>();
  for (const a of allowances)
    if (a.deMinimis) byKind.set(a.deMinimis, (byKind.get(a.deMinimis) ?? 0) + cents(a.amount));
  return Object.fromEntries([...byKind].map(([k, v]) => [k, pesos(v)]));
}

/** An earning's tax class (contracts ADJUSTMENT_TAX_CLASSES): an adjustment's own; a recurring pay item's (its
 *  pay component's) from its de minimis kind and Taxable flag. The law exempts no compensation in full, so an
 *  earning marked not taxable and not de minimis can only be 13th month and other benefits (NIRC Sec.
 *  32(B)(7)(e), exempt up to the year's 90,000 with the 13th month, REFERENCE §4.3). */
function taxClassOf(r: ItemRow): AdjustmentTaxClass {
  if (r.tax_class) return r.tax_class;
  return r.de_minimis ? 'DeMinimis' : r.taxable ? 'Taxable' : 'Benefit';
}

/** An earning, recurring or one-off, into the engine's inputs by its tax class: taxable compensation (an
 *  allowance, in the SSS compensation and the Pag-IBIG fund salary), 13th month and other benefits (the engine's
 *  benefits: the 90,000 exclusion of NIRC Sec. 32(B)(7)(e), not SSS compensation, REFERENCE §1.2, §4.3), or a de
 *  minimis benefit of its kind (exempt up to the kind's ceiling, the excess into the 90,000 bucket; not SSS
 *  compensation, §4.5). */
function addEarning(r: ItemRow, allowances: Allowance[], benefits: Benefit[]): void {
  const { code, description, amount } = r;
  const taxClass = taxClassOf(r);
  if (taxClass === 'Benefit') benefits.push({ code, description, amount });
  else if (taxClass === 'DeMinimis' && r.de_minimis)
    allowances.push({ code, description, amount, deMinimis: r.de_minimis as DeMinimisKind });
  else allowances.push({ code, description, amount, taxable: true });
}

function missingIds(e: EmployeeRow): string[] {
  const warnings: string[] = [];
  if (e.payment_method !== 'Cash' && e.payment_method !== 'Check' && !e.bank_account_number?.trim())
    warnings.push('Paid by bank but has no bank account number');
  if (!e.tin?.trim()) warnings.push('Missing TIN');
  if (!e.sss_number?.trim()) warnings.push('Missing SSS number');
  if (!e.philhealth_number?.trim()) warnings.push('Missing PhilHealth number');
  if (!e.pagibig_number?.trim()) warnings.push('Missing Pag-IBIG number');
  return warnings;
}

/**
 * The rate in force at the cut-off end (history first, else the 201 starting rate from the hire date) and, when
 * the rate changed inside the cut-off, the rate on its first day and the changes: the engine then pays each day at
 * the rate in force on it. A change of rate type (monthly to daily), hours or COLA inside a cut-off cannot be
 * split that way: the end rate pays the whole period, with a warning.
 */
function rateOf(
  e: EmployeeRow,
  history: RateRow[] | undefined,
  start: string,
): {
  rate: RateRow | null;
  startRate: string | null;
  changes: { from: string; rate: string }[];
  changed: string | null;
} {
  if (history?.length) {
    const inForce = history[history.length - 1]!;
    const inside = history.filter((r) => r.effective_from > start);
    const before = history.filter((r) => r.effective_from <= start);
    const first: Pick<RateRow, 'rate_type' | 'rate' | 'hours_per_day' | 'cola_per_day'> | null =
      before[before.length - 1] ??
      (e.rate_type && e.basic_rate
        ? { rate_type: e.rate_type, rate: e.basic_rate, hours_per_day: 8, cola_per_day: '0.00' }
        : null);
    if (!inside.length || !first) return { rate: inForce, startRate: null, changes: [], changed: null };
    const splittable = [first, ...inside].every(
      (r) =>
        r.rate_type === inForce.rate_type &&
        r.hours_per_day === inForce.hours_per_day &&
        cents(r.cola_per_day) === cents(inForce.cola_per_day),
    );
    if (splittable)
      return {
        rate: inForce,
        startRate: first.rate,
        changes: inside.map((r) => ({ from: r.effective_from, rate: r.rate })),
        changed: null,
      };
    return {
      rate: inForce,
      startRate: null,
      changes: [],
      changed: `The rate type, hours or COLA changed on ${inside[0]!.effective_from} inside the cut-off; the rate in force on the cut-off end (${inForce.rate_type} ${inForce.rate}) was used for the whole period`,
    };
  }
  if (e.rate_type && e.basic_rate && cents(e.basic_rate) > 0) {
    return {
      rate: {
        employee_id: e.id,
        effective_from: e.hire_date ?? '1900-01-01',
        rate_type: e.rate_type,
        rate: e.basic_rate,
        hours_per_day: 8,
        cola_per_day: '0.00',
      },
      startRate: null,
      changes: [],
      changed: null,
    };
  }
  return { rate: null, startRate: null, changes: [], changed: null };
}

function empty(e: EmployeeRow, warnings: string[]): ComputedPayslip {
  return {
    id: randomUUID(),
    employeeId: e.id,
    gross: '0.00',
    deductions: '0.00',
    netPay: '0.00',
    taxableBase: '0.00',
    withholdingTax: '0.00',
    employeeShares: '0.00',
    employerShares: '0.00',
    result: null,
    lines: [],
    warnings,
  };
}

/** A monthly salary's pay period partly outside employment, for basicPayFloor. */
interface SalaryFloor {
  /** Workdays of employment inside the cut-off in the pay period the engine's salary pays; null: that pay period
   *  has no day outside employment. */
  employedDays: number | null;
  /** A semi-monthly cut-off that runs into the next half-month: those days, its workdays of employment inside the
   *  cut-off and its other workdays (outside the cut-off or employment). */
  second: { from: string; to: string; inside: number; out: number } | null;
}

/** Centavos of `days` at the daily rate monthly × 12 / divisor (REFERENCE §5.5), unrounded until here (half up). */
const daysPay = (monthlyCents: number, divisor: number, days: number) =>
  Math.floor((2 * monthlyCents * 12 * days + divisor) / (2 * divisor));

/** The engine's basic pay lines of a monthly salary: the salary and what attendance took off it. */
const BASIC_PAY = (code: string) =>
  code === 'BASIC' ||
  code === 'RATE_ADJ' ||
  code === 'ABSENT' ||
  code === 'LATE' ||
  code === 'UNDERTIME' ||
  code.startsWith('HOLX_');
const ATTENDANCE_TAKEN = (code: string) =>
  code === 'ABSENT' || code === 'LATE' || code === 'UNDERTIME' || code.startsWith('HOLX_');
const sumOf = (lines: PayslipLine[], which: (code: string) => boolean) =>
  lines.reduce((sum, l) => (l.kind === 'earning' && which(l.code) ? sum + cents(l.amount) : sum), 0);

/**
 * The basic pay of a monthly-paid employee employed only part of a pay period (hired or separated inside it).
 * The engine pays the pay period's salary (half a month on a semi-monthly payroll) less every workday of it outside
 * employment at the daily rate. The salary pays divisor / 24 days a half-month (261: 10.875), and a half-month
 * has 10 to 12 workdays; so in a half-month of 11 or 12 workdays that rule pays less than the days of employment
 * at the daily rate, down to nothing: separated on 16 December and worked that day, 12 workdays in 16-31 December,
 * 16,250.00 less 11 × 1,494.25 (capped at the salary) = 0.00 for a day worked. The rule here (an employer's choice,
 * REFERENCE §8.1, the divisor being the number of days a year the salary pays, §5.5; no work, no pay cuts only the
 * days not worked, Labor Code Art. 88, §5.6): the salary less the workdays outside employment, never less than the
 * workdays of employment in the cut-off at the daily rate, less what attendance takes off those days (absences,
 * lateness, undertime, forfeited holidays). The same in a regular period and a final pay. The difference is a
 * basic pay line of its own (code BASIC: basic pay in the register and the BIR forms, in the 13th month's basic
 * salary, taxable unless a minimum wage earner's, SSS compensation; not Pag-IBIG allowances, the monthly salary
 * being the fund salary already). A cut-off that runs into the next half-month (a final pay 1-16 December) pays
 * that half-month the same way: its salary less its workdays outside the cut-off or employment, never less than
 * its workdays of employment in the cut-off at the daily rate (29,500 a month: 14,750.00 + 1 × 1,356.32).
 * `again` runs the engine on the employee's own days (no unpaid day of the pay period added) to read what
 * attendance takes off them uncapped. Not with a rate changed inside employment (the floor would be at one rate).
 */
function basicPayFloor(
  slip: Payslip,
  floor: SalaryFloor,
  monthlyCents: number,
  divisor: number,
  perMonth: number,
  taxable: boolean,
  again: () => Payslip,
): Allowance[] {
  const salary = Math.floor((2 * monthlyCents + perMonth) / (2 * perMonth));
  const lines: Allowance[] = [];
  const line = (description: string, amount: number) =>
    lines.push({
      code: 'BASIC',
      description,
      amount: pesos(amount),
      taxable,
      inSssBase: true,
      inPagibigBase: false,
    });
  if (floor.employedDays !== null) {
    const paid = sumOf(slip.lines, BASIC_PAY);
    const least = daysPay(monthlyCents, divisor, floor.employedDays);
    if (paid < least) {
      const taken = -sumOf(again().lines, ATTENDANCE_TAKEN);
      const due = Math.max(paid, least - taken);
      if (due > paid)
        line(
          `Days of employment at the daily rate, at least: ${floor.employedDays} workday(s) in the cut-off`,
          due - paid,
        );
    }
  }
  if (floor.second) {
    const { from, to, inside, out } = floor.second;
    const due = Math.max(
      salary - Math.min(salary, daysPay(monthlyCents, divisor, out)),
      daysPay(monthlyCents, divisor, inside),
    );
    if (due > 0) line(`Basic salary ${from} to ${to}: ${inside} workday(s) of employment`, due);
  }
  return lines;
}

/** Computes one employee's payslip of the period; an engine refusal becomes a warning on an empty payslip. */
export function computeEmployee(inp: ComputeInputs, e: EmployeeRow): ComputedPayslip {
  const { period, settings } = inp;
  const { kind, cutoff_start: start, cutoff_end: end } = period;
  const warnings = missingIds(e);
  if (kind === 'FinalPay' && !e.separation_date)
    warnings.push('Not separated: a final pay is for an employee whose separation is recorded');
  const { rate, startRate, changes, changed } = rateOf(e, inp.rates.get(e.id), start);
  if (changed) warnings.push(changed);
  if (!rate) return empty(e, ['No pay rate', ...warnings]);

  const divisor = e.divisor ?? settings.Divisor;
  const dailyCents =
    rate.rate_type === 'Monthly' ? Math.round((cents(rate.rate) * 12) / divisor) : cents(rate.rate);
  const regular = kind === 'Regular' || kind === 'FinalPay';
  const minimum = settings.MinimumDailyWage;
  if (regular && minimum && dailyCents < cents(minimum))
    warnings.push(`Daily rate ${peso(pesos(dailyCents))} is below the minimum daily wage ${peso(minimum)}`);
  // The factor says the workdays a week a salary pays (261: Monday to Friday, 313: to Saturday, 365: every day;
  // unstored days and absences are counted by it, below): a schedule of another length is paid by the wrong week.
  const scheduled = e.workdays_per_week;
  if (regular && rate.rate_type === 'Monthly' && scheduled !== null && scheduled in FACTOR_OF_WEEK) {
    const byFactor = divisor >= 365 ? 7 : divisor >= 313 ? 6 : 5;
    if (scheduled !== byFactor)
      warnings.push(
        `The rate factor ${divisor} is a ${byFactor}-day week's, but the schedule works ${scheduled} days a week: the usual factor for it is ${FACTOR_OF_WEEK[scheduled]} (check the employee's or the company's factor)`,
      );
  }
  const items = inp.items.get(e.id) ?? [];
  const adjustments = inp.adjustments.get(e.id) ?? [];
  const y = inp.ytd.get(e.id);
  const ytd: YearToDate = {
    taxableCompensation: pesos(cents(y?.taxable)),
    withholdingTax: pesos(cents(y?.withheld)),
    basicSalaryEarned: pesos(cents(y?.basic)),
    benefitsReceived: pesos(cents(y?.benefits)),
  };
  // De minimis already received this year and this month, by kind: the ceilings are a month's or a year's, not
  // a payslip's (RR 11-2018 as amended; REFERENCE §4.5).
  const dmRows = inp.deMinimis.get(e.id) ?? [];
  if (dmRows.length) {
    ytd.deMinimis = Object.fromEntries(dmRows.map((r) => [r.kind, pesos(cents(r.year))]));
    const month = dmRows.filter((r) => cents(r.month) !== 0);
    if (month.length)
      ytd.deMinimisMonthToDate = Object.fromEntries(month.map((r) => [r.kind, pesos(cents(r.month))]));
  }
  const frequency = FREQUENCY[period.frequency];
  const cutoff: 1 | 2 =
    period.frequency === 'SemiMonthly' && Number(start.slice(8, 10)) > settings.FirstCutoffEndDay ? 2 : 1;
  // The month's contributions are the table's on the month's actual pay (REFERENCE §8.5). Under the 'equal' split
  // each cut-off takes half of the table amount on its own pay projected to a month, so after a finalised first
  // cut-off the second takes the month's amount less what the first took ('month-to-date'): the halves of a
  // daily-paid employee's month had added up to amounts no table row has (an EC of 20.00). An employee hired
  // inside the second cut-off had no first cut-off take its share ('equal' or 'first-cutoff'): this one takes the
  // month's whole amount. So does one after a finalised first cut-off without compensation: a month projected from
  // no pay has no contribution (the engine's README), so the first took nothing, whatever the month then paid.
  const hiredInSecond = cutoff === 2 && e.hire_date !== null && e.hire_date >= start;
  const firstCutoffPaid = inp.mtd.has(e.id);
  const firstWithoutPay = firstCutoffPaid && cents(inp.mtd.get(e.id)!.sssCompensation) === 0;
  // A final pay is the employee's last pay of the month, whichever half its cut-off lies in: it settles the
  // month, the month's amount on the month's actual compensation (the finalised pays of the month before it, read
  // as month to date, and its own) less what those pays took. The engine does that on a second cut-off under the
  // 'month-to-date' split, so a semi-monthly final pay is one to it (the cut-off number only chooses the split's
  // part, engine contributions.ts); a weekly final pay is the month's last week.
  const settles = kind === 'FinalPay' && period.frequency !== 'Monthly';
  const contributionSplit = settles
    ? 'month-to-date'
    : cutoff === 2 &&
        ((settings.ContributionSplit === 'equal' && (firstCutoffPaid || hiredInSecond)) ||
          (settings.ContributionSplit === 'first-cutoff' && (hiredInSecond || firstWithoutPay)))
      ? 'month-to-date'
      : settings.ContributionSplit;

  const allowances: Allowance[] = [];
  const deductions: OtherDeduction[] = [];
  const benefits: Benefit[] = [];
  const loanCodes: { loanId: string; code: string }[] = [];
  /** A carried deduction's code on this payslip (CARRY, CARRY-2...) -> its carryover. */
  const carriedFrom = new Map<string, CarriedRow>();
  // A cut-off with no day of employment (a final pay whose cut-off lies wholly after the separation, or before the
  // hire) pays no salary, and no recurring allowance nor recurring deduction either: they are the pay of the
  // periods of employment and stop with it. A cut-off with some day of employment pays them in full (the items are
  // amounts per pay period; an end date on the item, effective_to, stops one earlier). Loans are still settled.
  const noEmployment =
    (e.separation_date !== null && e.separation_date < start) || (e.hire_date !== null && e.hire_date > end);
  if (regular && noEmployment) {
    const when =
      e.separation_date !== null && e.separation_date < start
        ? `separated on ${formatIsoDate(e.separation_date)}`
        : `hired on ${formatIsoDate(e.hire_date!)}`;
    warnings.push(
      `The cut-off ${formatDateRange(start, end)} has no day of employment (${when}): no salary and no recurring pay items`,
    );
  }
  if (regular) {
    for (const r of noEmployment ? [] : items) {
      if (r.kind === 'Earning') addEarning(r, allowances, benefits);
      else deductions.push({ code: r.code, description: r.description, amount: r.amount });
    }
    const used = new Map<string, number>();
    for (const loan of inp.loans.get(e.id) ?? []) {
      const balance = cents(loan.balance);
      if (balance <= 0) continue;
      const n = (used.get(loan.code) ?? 0) + 1;
      used.set(loan.code, n);
      const code = n === 1 ? loan.code : `${loan.code}-${n}`;
      // Final pay settles the whole balance; a regular payroll deducts the amortisation, at most the balance.
      const amount = kind === 'FinalPay' ? balance : Math.min(cents(loan.amortization), balance);
      deductions.push({ code, description: loan.name, amount: pesos(amount), allowPartial: true });
      loanCodes.push({ loanId: loan.id, code });
    }
    // What earlier payrolls could not deduct, before this period's own one-off deductions: what fits is taken.
    for (const c of inp.carried.get(e.id) ?? []) {
      const code = carriedFrom.size === 0 ? CARRY_CODE : `${CARRY_CODE}-${carriedFrom.size + 1}`;
      deductions.push({
        code,
        description: `${c.description} (not deducted in ${c.period_name})`,
        amount: c.amount,
        allowPartial: true,
      });
      carriedFrom.set(code, c);
    }
  }
  // An earning adjustment by its tax class, as a recurring earning (addEarning).
  for (const a of adjustments) {
    if (a.kind === 'Earning') addEarning(a, allowances, benefits);
    else deductions.push({ code: a.code, description: a.description, amount: a.amount });
  }
  // Unused leave converted to cash at the year's start and not paid yet (readInputs): −days × the daily rate on
  // the entry's date (the salary rate at the conversion, REFERENCE §5.3). Monetised unused vacation leave (SIL
  // counted as such) is de minimis up to 10 days' pay a year, 12 from 6 January 2026 (RR 29-2025, §4.5), shared
  // with a final pay's SIL-CASH, the excess into the 90,000 bucket; another convertible type is an "other benefit"
  // of that bucket from its first peso, as in a final pay. Not SSS compensation. The entries paid go into the
  // result (finalise records them as paid by this payslip, so no other payroll pays them again).
  const leaveCashPaid: { LedgerId: string; Code: string; Days: string; Amount: string }[] = [];
  const leaveCashOut: FinalPayLeaveCash[] = [];
  if (regular) {
    const history = inp.rates.get(e.id) ?? [];
    for (const c of inp.leaveCash.get(e.id) ?? []) {
      const on = history.filter((r) => r.effective_from <= c.entry_date).at(-1) ?? rate;
      const daily = on.rate_type === 'Monthly' ? Math.round((cents(on.rate) * 12) / divisor) : cents(on.rate);
      const days = Number(c.days);
      const amount = Math.round(days * daily);
      if (amount <= 0) continue;
      const code = leaveCashPaid.length === 0 ? 'LEAVE-CONV' : `LEAVE-CONV-${leaveCashPaid.length + 1}`;
      const line = {
        code,
        description: `${c.type_name}: ${c.reason ?? `converted to cash on ${formatIsoDate(c.entry_date)}`}, ${days} day(s)`,
        amount: pesos(amount),
      };
      if (isMonetizedVacationLeave({ code: c.type_code, name: c.type_name }))
        allowances.push({ ...line, deMinimis: 'monetizedVacationLeaveDays' });
      else benefits.push(line);
      leaveCashPaid.push({ LedgerId: c.id, Code: code, Days: String(days), Amount: pesos(amount) });
    }
  }

  // Only the days of employment are paid, whatever attendance rows are stored for the others.
  const hired = e.hire_date && e.hire_date > start ? e.hire_date : null;
  const left = e.separation_date && e.separation_date < end ? e.separation_date : null;
  const employed = (d: string) => !(hired && d < hired) && !(left && d > left);
  const read = regular ? (inp.days.get(e.id) ?? []) : [];
  const storedDays = read.filter((d) => d.date >= start);
  const daysBefore = read.filter((d) => d.date < start);
  const days = storedDays.filter((d) => employed(d.date));
  if (regular && days.length === 0 && !noEmployment) warnings.push('No attendance in the cut-off');
  const noShiftTime: string[] = [];
  const attendance = attendanceOf(days, rate.hours_per_day, rate.rate_type === 'Monthly', noShiftTime);
  // A holiday of the cut-off by the employee's work location, as the attendance store types it (timelogs).
  const holidaysOn = new Map<string, HolidayRow[]>();
  for (const h of inp.holidays)
    if (h.work_location_id === null || h.work_location_id === e.work_location_id)
      holidaysOn.set(h.date, [...(holidaysOn.get(h.date) ?? []), h]);
  const dayType = (d: string) => dayTypeOf(holidaysOn.get(d) ?? []);
  if (regular && !noEmployment) {
    attendance.push(...unstoredHolidays(days, hired ?? start, left ?? end, dayType));
    attendance.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }
  if (regular && !noEmployment)
    warnings.push(
      ...attendanceWarnings(
        days,
        inp.requests.get(e.id) ?? [],
        hired ?? start,
        left ?? end,
        rate.rate_type === 'Monthly',
        (d) => {
          const dow = dayOfWeek(d);
          return divisor >= 365 || (dow >= 1 && dow <= (divisor >= 313 ? 6 : 5));
        },
        dayType,
        noShiftTime,
      ),
    );
  dayBeforeTheCutoff(attendance, start, presentBefore(daysBefore));
  // The engine's period: the cut-off, or for a monthly salary the whole pay period around a shorter cut-off.
  const outside: OutsideEmployment = {};
  let periodStart = start;
  let periodEnd = end;
  /** The employee's own days, before the unpaid days of the pay period are added (the basic pay floor's pass). */
  const ownDays = attendance.slice();
  /** What the floor of a monthly salary compares (below, basicPayFloor): null when it does not apply. */
  let floor: SalaryFloor | null = null;
  if (regular && rate.rate_type === 'Monthly' && !noEmployment) {
    // A monthly salary pays its whole pay period: every workday of it outside the cut-off or outside employment
    // (before the hire date, after the separation date) is unpaid, at the daily rate (no work, no pay: Labor Code
    // Art. 88, REFERENCE §5.6). Workdays from the divisor: 261 Monday to Friday, 313 to Saturday, 365 every day.
    // Whatever the day's type: the salary pays a regular holiday and (at these divisors) a special non-working day
    // as days of the month, but only to an employee, and only in the cut-off that holds them, so such a day is
    // unpaid here like any other: one day at the daily rate, an ordinary unpaid day for the engine (which takes no
    // absence off a special day, and would take a forfeited double holiday off at 200%).
    // A semi-monthly cut-off that runs into the next half-month (a final pay from 1 to 16 December) pays the
    // first half-month through the engine and the days of the second as below (basicPayFloor's second part).
    const first = payPeriodOf(period.frequency, start, settings);
    const spans =
      period.frequency === 'SemiMonthly' && first.end < end && first.end.slice(0, 7) === end.slice(0, 7);
    periodStart = spans ? first.start : inp.payPeriod.start;
    periodEnd = spans ? end : inp.payPeriod.end;
    const salaryEnd = spans ? first.end : periodEnd;
    const short = periodStart < start || salaryEnd > end;
    const perWeek = divisor >= 365 ? 7 : divisor >= 313 ? 6 : 5;
    const workday = (d: string) => {
      const dow = dayOfWeek(d);
      return perWeek === 7 || (dow >= 1 && dow <= perWeek);
    };
    if (hired || left || short) {
      let unpaid = 0;
      let employedDays = 0;
      for (let d = periodStart; d <= salaryEnd; d = addDays(d, 1)) {
        if (!workday(d)) continue;
        if (d >= start && d <= end && employed(d)) {
          employedDays++;
          continue;
        }
        // A day before the hire or after the separation is no absence: the engine puts it on a line of its own
        // (its payslip says so, below); a day of employment outside a shorter cut-off stays an unpaid day.
        if (e.hire_date && d < e.hire_date) {
          attendance.push({ date: d, dayType: 'ordinary', outsideEmployment: true });
          (outside.beforeHire ??= []).push(d);
        } else if (e.separation_date && d > e.separation_date) {
          attendance.push({ date: d, dayType: 'ordinary', outsideEmployment: true });
          (outside.afterSeparation ??= []).push(d);
        } else attendance.push({ date: d, dayType: 'ordinary', absent: true });
        unpaid++;
      }
      attendance.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      const when = [
        hired && `hired on ${hired}`,
        left && `separated on ${left}`,
        short && `the cut-off is part of the pay period ${periodStart} to ${salaryEnd}`,
      ]
        .filter(Boolean)
        .join(' and ');
      warnings.push(
        short
          ? `${when[0]!.toUpperCase()}${when.slice(1)}: ${unpaid} workday(s) outside the cut-off or employment unpaid`
          : `${when[0]!.toUpperCase()}${when.slice(1)}, inside the cut-off: ${unpaid} workday(s) outside employment unpaid`,
      );
      // Not with a rate changed inside employment (a rate from the hire date is the one rate of the days paid).
      const changedInside = changes.some((c) => c.from > (hired ?? start));
      if ((outside.beforeHire || outside.afterSeparation) && period.frequency !== 'Weekly' && !changedInside)
        floor = { employedDays, second: null };
    }
    if (spans) {
      // The days of the second half-month: that half-month's salary less its workdays outside the cut-off or
      // employment, never less than its workdays of employment in the cut-off, at the daily rate (as below).
      let inside = 0;
      let out = 0;
      for (
        let d = addDays(first.end, 1);
        d <= payPeriodOf(period.frequency, end, settings).end;
        d = addDays(d, 1)
      )
        if (workday(d)) {
          if (d <= end && employed(d)) inside++;
          else out++;
        }
      floor ??= { employedDays: null, second: null };
      floor.second = { from: addDays(first.end, 1), to: end, inside, out };
    }
  }

  const mtdRow = inp.mtd.get(e.id);
  let monthToDate: MonthToDate | undefined;
  if ((kind === 'Regular' || settles) && period.frequency !== 'Monthly') {
    monthToDate = {};
    for (const key of [
      'sssCompensation',
      'pagibigAllowances',
      'sssEmployeeSS',
      'sssEmployeeMPF',
      'sssEmployer',
      'sssEC',
      'philhealthEmployee',
      'philhealthEmployer',
      'pagibigEmployee',
      'pagibigEmployer',
    ] as const) {
      monthToDate[key] = pesos(cents(mtdRow?.[key]));
    }
    const needsFirst =
      !settles &&
      period.frequency === 'SemiMonthly' &&
      cutoff === 2 &&
      !hiredInSecond &&
      (contributionSplit === 'second-cutoff' || contributionSplit === 'month-to-date');
    if (needsFirst && !mtdRow)
      warnings.push(
        'No finalised first cut-off this month: contributions were computed on this cut-off alone',
      );
    // A final pay after days of the month it does not pay (a cut-off from the 16th) whose earlier pay is not
    // finalised yet settles the month on its own pay: that pay, finalised later, takes its own part again.
    const employedBefore = !e.hire_date || e.hire_date < start;
    if (settles && !mtdRow && start.slice(8) !== '01' && employedBefore)
      warnings.push(
        "No finalised earlier payroll this month: the final pay settled the month's contributions on its own pay",
      );
  }

  const profile: PayslipInput['profile'] = {
    rateType: rate.rate_type === 'Monthly' ? 'monthly' : 'daily',
    // A rate changed inside the cut-off: the rate on its first day, and each change from its date.
    rate: startRate ?? rate.rate,
    ...(changes.length ? { rateChanges: changes } : {}),
    divisor,
    hoursPerDay: rate.hours_per_day,
    colaPerDay: rate.cola_per_day,
    isMinimumWageEarner: e.is_minimum_wage_earner ?? false,
    statutory: {
      sss: !e.exempt_sss,
      philhealth: !e.exempt_philhealth,
      pagibig: !e.exempt_pagibig,
      withholdingTax: !e.exempt_withholding_tax,
    },
  };
  if (!regular) {
    // 13th month and adjustment periods pay only their benefits and adjustments: no salary (a daily profile
    // without attendance earns nothing) and no contributions (13th-month pay is not SSS compensation and
    // PhilHealth was paid on the basic salary); withholding tax stays on the taxable part.
    profile.rateType = 'daily';
    profile.rate = pesos(dailyCents);
    delete profile.rateChanges;
    profile.colaPerDay = '0.00';
    profile.statutory = {
      sss: false,
      philhealth: false,
      pagibig: false,
      withholdingTax: !e.exempt_withholding_tax,
    };
  }
  if (regular && noEmployment) {
    // No day of employment, no salary: a monthly salary less the workdays of a half-month of 10 had paid 0.875
    // of a day's pay for none. Paid as a daily rate without a day (nothing earned); the month's contributions are
    // still settled on the month's earlier pay (PhilHealth on the daily rate × divisor / 12, REFERENCE §5.5).
    profile.rateType = 'daily';
    profile.rate = pesos(dailyCents);
    delete profile.rateChanges;
    profile.colaPerDay = '0.00';
  }
  if (kind === 'ThirteenthMonth') {
    const { thirteenthMonthPay: due } = thirteenthMonthPay({
      totalBasicSalaryEarned: ytd.basicSalaryEarned!,
    });
    // PD 851: one twelfth of the year's basic pay in all; what a final pay or an advance already paid of it
    // this year is not paid twice.
    const paid = cents(y?.thirteenth);
    const amount = cents(due) - paid;
    if (cents(due) === 0) warnings.push('No finalised basic pay this year: no 13th month pay');
    else if (amount <= 0) warnings.push(`The 13th month pay of the year, ${peso(due)}, was already paid`);
    else {
      benefits.push({
        code: '13TH',
        description: paid
          ? `13th month pay ${end.slice(0, 4)}, less ${pesos(paid)} already paid`
          : `13th month pay ${end.slice(0, 4)}`,
        amount: pesos(amount),
      });
    }
  }

  // Whether this payslip makes the year-end adjustment: what the engine is told (period.lastPayrollOfYear, below)
  // or else decides itself (a payroll ending on 31 December, a weekly one in its last week).
  const lastPayrollOfYear =
    kind === 'FinalPay'
      ? true
      : kind === 'ThirteenthMonth'
        ? inp.lastRegularOfYearFinalised
        : periodEnd !== end && period.frequency !== 'Weekly'
          ? end.slice(5) === '12-31'
          : undefined;
  const yearEnd = lastPayrollOfYear ?? isLastPayrollOfYear(periodEnd, period.frequency === 'Weekly');
  // A previous employer of the year (its 2316, employee_previous_employers): its non-taxable 13th month and
  // benefits count against the employee's 90,000 ceiling on every payslip of the year (a 13th-month run paid
  // before the year's last payroll too); its taxable compensation and the tax it withheld only in the year-end
  // adjustment, which annualises the whole year (RR 2-98 as amended by RR 11-2018). The per-period tables and the
  // cumulative projection are of this employer's own periods.
  const previous = inp.previousEmployer.get(e.id);
  const previousYearEnd = previous && yearEnd ? previous : undefined;
  if (previous) ytd.benefitsReceived = pesos(cents(ytd.benefitsReceived) + cents(previous.thirteenth));
  if (previousYearEnd) {
    ytd.taxableCompensation = pesos(cents(ytd.taxableCompensation) + cents(previousYearEnd.taxable));
    ytd.withholdingTax = pesos(cents(ytd.withholdingTax) + cents(previousYearEnd.withheld));
  }

  const input: PayslipInput = {
    employeeId: e.id,
    // 13th month and adjustment periods may span months (a year's 13th month): the engine sees the month they
    // are paid in, so the tax table of the period's frequency applies to them.
    period: {
      start: regular ? periodStart : start.slice(0, 7) === end.slice(0, 7) ? start : `${end.slice(0, 8)}01`,
      end: periodEnd,
      frequency,
      ...(period.frequency === 'SemiMonthly' ? { cutoff: settles ? 2 : cutoff } : {}),
      // A final pay is the employee's last compensation of the year here: its tax is annualised, and what was
      // withheld over it refunded (RR 2-98 as amended by RR 11-2018, REFERENCE §4.7). A pay period stretched
      // past the cut-off is the year's last payroll only when the cut-off is. A 13th-month run ends on
      // 31 December but is paid by 24 December (PD 851), before the year's last payroll, which makes the
      // year-end adjustment on the whole year: the run annualises only when it comes after that payroll.
      ...(lastPayrollOfYear === undefined ? {} : { lastPayrollOfYear }),
    },
    profile,
    attendance,
    allowances,
    benefits,
    deductions,
    ytd,
    tables: inp.tables,
    settings: {
      divisor,
      contributionSplit,
      taxMethod: settings.TaxMethod,
      weeklyContributions: settings.WeeklyContributions,
      minimumNetPay: settings.MinimumNetPay,
    },
  };
  if (period.frequency === 'Weekly') {
    input.period.lastWeekOfMonth = settles || addDays(periodEnd, 7).slice(0, 7) !== periodEnd.slice(0, 7);
  }
  if (monthToDate) input.monthToDate = monthToDate;

  let slip: Payslip;
  /** Basic pay paid on lines of the employee's own (the salary's floor): part of the basic salary earned. */
  let basicFloor = 0;
  try {
    slip = computePayslip(input);
    if (floor) {
      const topUp = basicPayFloor(
        slip,
        floor,
        cents(rate.rate),
        divisor,
        period.frequency === 'Monthly' ? 1 : 2,
        !(e.is_minimum_wage_earner ?? false),
        () => computePayslip({ ...input, attendance: ownDays }),
      );
      if (topUp.length) {
        basicFloor = topUp.reduce((sum, a) => sum + cents(a.amount), 0);
        input.allowances = [...allowances, ...topUp];
        slip = computePayslip(input);
      }
    }
    if (kind === 'FinalPay') {
      // Final pay: the last salary, the pro-rated 13th month on the year's basic pay including this one (a
      // benefit), and the cash conversion of unused service incentive leave at the daily rate.
      const basicThis = cents(slip.ytd.basicSalaryEarned) - cents(ytd.basicSalaryEarned) + basicFloor;
      const { thirteenthMonthPay: due } = thirteenthMonthPay({
        totalBasicSalaryEarned: pesos(cents(ytd.basicSalaryEarned) + basicThis),
      });
      // Less what the year already paid of it (an advance), as the year's 13th month run does.
      const amount = cents(due) - cents(y?.thirteenth);
      if (amount > 0)
        benefits.push({ code: '13TH', description: 'Pro-rated 13th month pay', amount: pesos(amount) });
      // Monetised unused leave credits are a de minimis benefit up to 10 days' pay a year (12 from 6 January 2026,
      // RR 29-2025; REFERENCE §4.5), shared with the year's other monetised leave (a year-end conversion), the
      // excess into the 90,000 bucket: an allowance of that kind, not a benefit of the bucket from its first peso.
      // Not SSS compensation (the engine's default for de minimis). SIL's line is SIL-CASH, each other convertible
      // type's LEAVE-CASH (-2, -3...); the part above the ceiling is the engine's <code>_EXCESS. What each
      // converted goes into the result (finalPayLeaveCash), which finalise takes off the balances.
      // The de minimis exemption is for unused vacation leave (SIL is counted as such); another convertible type
      // (sick leave) is an "other benefit" of the 90,000 bucket from its first peso (RR 11-2018, §4.5).
      const deMinimisLeaveCash: Allowance[] = [];
      let others = 0;
      for (const u of inp.unusedLeave.get(e.id) ?? []) {
        const days = Number(u.days);
        const sil = u.code === 'SIL';
        const code = sil ? SIL_CASH_CODE : ++others === 1 ? LEAVE_CASH_CODE : `${LEAVE_CASH_CODE}-${others}`;
        const line = {
          code,
          description: sil
            ? `Unused service incentive leave, ${days} day(s)`
            : `Unused ${u.name.toLowerCase()}, ${days} day(s)`,
          amount: pesos(Math.round(days * dailyCents)),
        };
        if (isMonetizedVacationLeave(u))
          deMinimisLeaveCash.push({ ...line, deMinimis: 'monetizedVacationLeaveDays' });
        else benefits.push(line);
        leaveCashOut.push({ LeaveTypeId: u.leave_type_id, Code: code, Days: u.days });
      }
      // (input.allowances may be `allowances` itself: the run's list is taken before the leave cash joins the latter,
      // which the de minimis of the year to date reads below.)
      const withLeaveCash = [...(input.allowances ?? []), ...deMinimisLeaveCash];
      allowances.push(...deMinimisLeaveCash);
      if (benefits.length || deMinimisLeaveCash.length)
        slip = computePayslip({ ...input, allowances: withLeaveCash, benefits });
    }
  } catch (error) {
    return empty(e, [`${COMPUTE_FAILED}: ${(error as Error).message}`, ...warnings]);
  }
  if (outside.beforeHire || outside.afterSeparation) {
    const description = outsideEmploymentLine(outside);
    slip = {
      ...slip,
      lines: slip.lines.map((l) =>
        l.code === 'ABSENT' && l.description === ENGINE_OUTSIDE_EMPLOYMENT ? { ...l, description } : l,
      ),
    };
  }

  const deferredBy = new Map(slip.deferred.map((d) => [d.code, d]));
  // What a one-off or recurring deduction, or one carried here, could not take is carried to the next payroll
  // (finalise posts it); a loan's stays in its balance, and a statutory share is not one of these deductions.
  const loanCode = new Set(loanCodes.map((l) => l.code));
  const carriedOn = slip.deferred.filter(
    (d) => !loanCode.has(d.code) && deductions.some((o) => o.code === d.code),
  );
  const carryForward: CarryForward[] = carriedOn.map((d) => ({
    Code: carriedFrom.get(d.code)?.code ?? d.code,
    Description: carriedFrom.get(d.code)?.description ?? d.description,
    Amount: d.deferred,
  }));
  for (const d of slip.deferred)
    warnings.push(
      `Deduction ${d.code} deferred: ${peso(d.deferred)} of ${peso(d.amount)} not deducted` +
        (carriedOn.includes(d) ? '; carried to the next payroll' : ''),
    );
  const loans = loanCodes.map(({ loanId, code }) => {
    const requested = deductions.find((d) => d.code === code)!.amount;
    const deferred = deferredBy.get(code);
    return { LoanId: loanId, Code: code, Amount: deferred ? deferred.deducted : requested };
  });

  const { lines, ...rest } = slip;
  const basicEarned = cents(slip.ytd.basicSalaryEarned) - cents(ytd.basicSalaryEarned) + basicFloor;
  const benefitsReceived = cents(slip.ytd.benefitsReceived) - cents(ytd.benefitsReceived);
  const monthly = period.frequency === 'Monthly';
  const actualMonth =
    period.frequency === 'Weekly' ||
    settles ||
    (cutoff === 2 && (contributionSplit === 'second-cutoff' || contributionSplit === 'month-to-date'));
  // This period's own SSS compensation and Pag-IBIG allowances, for the next cut-off's month to date.
  const sssBase = cents(slip.contributionBases.sssCompensation);
  const hdmfAllowances =
    cents(slip.contributionBases.pagibigFundSalary) - cents(slip.contributionBases.philhealthBasicSalary);
  const own = (monthlyAmount: number, mtdAmount: string | undefined) =>
    monthly ? monthlyAmount : actualMonth ? monthlyAmount - cents(mtdAmount) : Math.round(monthlyAmount / 2);
  const result: Record<string, unknown> = {
    ...rest,
    // The year to date after this payslip: the engine's counts its own basic pay lines only, not the salary's
    // floor (an allowance coded BASIC, basicPayFloor), which is basic pay earned all the same (thisPeriod).
    // This employer's own year to date (as every other payslip's): the previous employer's figures it was computed
    // with are kept apart (previousEmployer).
    ytd: {
      ...rest.ytd,
      basicSalaryEarned: pesos(cents(ytd.basicSalaryEarned) + basicEarned),
      ...(previous
        ? { benefitsReceived: pesos(cents(rest.ytd.benefitsReceived) - cents(previous.thirteenth)) }
        : {}),
      ...(previousYearEnd
        ? {
            taxableCompensation: pesos(cents(rest.ytd.taxableCompensation) - cents(previousYearEnd.taxable)),
            withholdingTax: pesos(cents(rest.ytd.withholdingTax) - cents(previousYearEnd.withheld)),
          }
        : {}),
    },
    ...(previousYearEnd
      ? { previousEmployer: { taxable: previousYearEnd.taxable, withheld: previousYearEnd.withheld } }
      : {}),
    thisPeriod: {
      basicSalaryEarned: pesos(basicEarned),
      // De minimis paid by kind, for the later payslips' month and year to date.
      deMinimis: deMinimisOf(allowances),
      benefitsReceived: pesos(benefitsReceived),
      sssCompensation: pesos(own(sssBase, monthToDate?.sssCompensation)),
      pagibigAllowances: pesos(own(hdmfAllowances, monthToDate?.pagibigAllowances)),
    },
    loans,
    ...(leaveCashPaid.length ? { leaveCashConversions: leaveCashPaid } : {}),
    ...(leaveCashOut.length ? { finalPayLeaveCash: leaveCashOut } : {}),
    ...(carriedFrom.size
      ? {
          carriedDeductions: [...carriedFrom].map(([Code, c]): CarriedDeduction => ({
            CarryoverId: c.id,
            Code,
          })),
        }
      : {}),
    ...(carryForward.length ? { carryForward } : {}),
    // The codes of 13th month pay and other benefits on this payslip (NIRC Sec. 32(B)(7)(e)): an adjustment of
    // that class has a code of its own, which the BIR 2316 split (item 34, not 37) cannot guess from a list.
    ...(benefits.length ? { benefitCodes: benefits.map((b) => b.code) } : {}),
  };
  return {
    id: randomUUID(),
    employeeId: e.id,
    gross: slip.gross,
    deductions: slip.deductions,
    netPay: slip.netPay,
    taxableBase: slip.taxableBase,
    withholdingTax: slip.withholdingTax,
    employeeShares: slip.employeeShares.total,
    employerShares: slip.employerShares.total,
    result,
    lines,
    warnings,
  };
}

// ---------------------------------------------------------------- store (inside the compute's one transaction)

/** Deletes the period's payslips (lines cascade) inside the compute's transaction and answers each employee's
 *  Held / Excluded choice, which the new payslips keep. */
export async function clearPayslips(
  tx: Tx,
  tenantId: string,
  period: PeriodRow,
): Promise<Map<string, string>> {
  const kept = await tx.query<{ employee_id: string; status: string }>(
    `SELECT employee_id, status FROM payslips WHERE tenant_id = $1 AND payroll_period_id = $2 AND status <> 'Included'`,
    [tenantId, period.id],
  );
  await tx.query(`DELETE FROM payslips WHERE tenant_id = $1 AND payroll_period_id = $2`, [
    tenantId,
    period.id,
  ]);
  return new Map(kept.map((r) => [r.employee_id, r.status]));
}

/**
 * Inserts one chunk's payslips and their lines: two statements, sent together (the connection runs them in
 * order, the lines after their payslips). The payslips travel as one JSON document (`json_to_recordset`): an
 * array parameter of JSON texts costs an escaped array literal to build and parse, about twice the insert itself.
 */
export function insertPayslips(
  tx: Tx,
  tenantId: string,
  period: PeriodRow,
  slips: ComputedPayslip[],
  statusOf: Map<string, string>,
): Promise<unknown> {
  const payslips = tx.query(
    `INSERT INTO payslips (tenant_id, id, company_id, payroll_period_id, employee_id, status, gross, deductions, net_pay,
            taxable_base, withholding_tax, employee_shares, employer_shares, result, warnings)
     SELECT $1, s.id, $2, $3, s.employee_id, s.status, s.gross, s.deductions, s.net_pay, s.taxable_base,
            s.withholding_tax, s.employee_shares, s.employer_shares, s.result, s.warnings
       FROM json_to_recordset($4::json) AS s(id uuid, employee_id uuid, status text, gross numeric, deductions numeric,
            net_pay numeric, taxable_base numeric, withholding_tax numeric, employee_shares numeric,
            employer_shares numeric, result jsonb, warnings text[])`,
    [
      tenantId,
      period.company_id,
      period.id,
      JSON.stringify(
        slips.map((s) => ({
          id: s.id,
          employee_id: s.employeeId,
          status: statusOf.get(s.employeeId) ?? 'Included',
          gross: s.gross,
          deductions: s.deductions,
          net_pay: s.netPay,
          taxable_base: s.taxableBase,
          withholding_tax: s.withholdingTax,
          employee_shares: s.employeeShares,
          employer_shares: s.employerShares,
          result: s.result,
          warnings: s.warnings,
        })),
      ),
    ],
  );
  const lines = slips.flatMap((s) => s.lines.map((l, n) => ({ id: s.id, n: n + 1, l })));
  const linesInserted = tx.query(
    `INSERT INTO payslip_lines (tenant_id, payslip_id, line_no, code, description, kind, quantity, unit, rate, amount,
            taxable)
     SELECT $1, l.* FROM unnest($2::uuid[], $3::int2[], $4::text[], $5::text[], $6::text[], $7::numeric[],
                                $8::text[], $9::text[], $10::numeric[], $11::boolean[])
       AS l(payslip_id, line_no, code, description, kind, quantity, unit, rate, amount, taxable)`,
    [
      tenantId,
      lines.map((x) => x.id),
      lines.map((x) => x.n),
      lines.map((x) => x.l.code),
      lines.map((x) => x.l.description),
      lines.map((x) => x.l.kind),
      lines.map((x) => x.l.quantity),
      lines.map((x) => x.l.unit),
      lines.map((x) => x.l.rate),
      lines.map((x) => x.l.amount),
      lines.map((x) => x.l.taxable),
    ],
  );
  return Promise.all([payslips, linesInserted]);
}
