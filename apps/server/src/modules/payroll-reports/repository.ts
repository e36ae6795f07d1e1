import { nameSortKey } from '../../lib/lists.js';
import type { Tx } from '../../db/database.js';

/** An employee's loan with what the ledger has taken off it (payments and adjustments). */
export interface LoanBalanceRow {
  employee_number: string;
  last_name: string;
  first_name: string;
  middle_name: string | null;
  loan_type: string;
  reference_number: string | null;
  start_date: string;
  status: 'Active' | 'Paid';
  principal: string;
  paid: string;
  balance: string;
}

/** How the company cuts its months into pay periods (payroll settings; the defaults where a row is missing). */
export interface CutoffRules {
  frequency: 'SemiMonthly' | 'Monthly' | 'Weekly';
  firstCutoffEndDay: number;
  weeklyCutoffEndDay: number;
}

/** A regular pay period that covers days of a month, whatever its status. */
export interface MonthPeriodRow {
  name: string;
  cutoff_start: string;
  cutoff_end: string;
  status: string;
}

/** When an employee of the company was employed: hired on `hire_date`, through `separation_date` (null: unknown / none). */
export interface EmploymentSpan {
  hire_date: string | null;
  separation_date: string | null;
}

/** A loan payment a finalised payroll of the month deducted. */
export interface LoanPaymentRow {
  employee_number: string;
  last_name: string;
  first_name: string;
  middle_name: string | null;
  sss_number: string | null;
  pagibig_number: string | null;
  loan_type: string;
  reference_number: string | null;
  period_name: string;
  amount: string;
}

/**
 * An employee's year in the payroll reports, amounts as exact decimal text: the year to date, the basic salary
 * earned (the 13th month base) and the 13th month paid.
 */
export interface EmployeeYearRow {
  employee_number: string;
  last_name: string;
  first_name: string;
  middle_name: string | null;
  department_name: string | null;
  basic_earned: string;
  thirteenth_paid: string;
  gross: string;
  taxable: string;
  tax_withheld: string;
  sss: string;
  philhealth: string;
  pagibig: string;
}

export const payrollReportsRepo = {
  /**
   * The company's employees' compensation from a previous employer in the year (their 2316s, recorded on the
   * employee's payroll details), as the 2316 generator's Part III reads it: amounts as exact text, the totals summed
   * in the database.
   */
  async previousEmployers(tx: Tx, tenantId: string, companyId: string, year: number) {
    return tx.query<{
      employee_id: string;
      employer_name: string;
      employer_tin: string | null;
      employer_address: string | null;
      basic_smw: string;
      holiday: string;
      overtime: string;
      night_diff: string;
      hazard: string;
      thirteenth: string;
      de_minimis: string;
      contributions: string;
      salaries: string;
      taxable_basic: string;
      taxable_thirteenth: string;
      taxable_salaries: string;
      tax_withheld: string;
      non_taxable_total: string;
      taxable_total: string;
    }>(
      `SELECT employee_id, employer_name, employer_tin, employer_address, basic_smw::text, holiday::text,
              overtime::text, night_diff::text, hazard::text, thirteenth::text, de_minimis::text,
              contributions::text, salaries::text, taxable_basic::text, taxable_thirteenth::text,
              taxable_salaries::text, tax_withheld::text, non_taxable_total::text, taxable_total::text
         FROM employee_previous_employers
        WHERE tenant_id = $1 AND company_id = $2 AND year = $3`,
      [tenantId, companyId, year],
    );
  },

  /**
   * Each employee's year, added up in the database from the payslips the reports read (payroll-outputs documents
   * source, `eachBatch({ year })`): the company's periods finalised or paid whose cut-off ends in the year, their
   * payslips Included or Held (never Excluded) that have a result; one row an employee paid in them, in the
   * documents source's employee order (by name). Reading every payslip whole (result and lines) through `eachBatch`
   * to add it up in JS took 17.6 s for 240,000 payslips.
   *
   * Per payslip: gross, taxable and withheld from its columns (the compute job stores the engine's gross /
   * taxableBase / withholdingTax there, payroll-periods/compute.ts insertPayslips); the employee shares from
   * result.employeeShares; the basic salary earned from result.thisPeriod.basicSalaryEarned (0 without it) outside
   * 13th month runs; the 13th month paid: every earning line of a 13th month run, elsewhere the earning lines coded
   * 13TH... or THIRTEENTH... (in any case). `thirteenthPaid` false (the year-to-date report) leaves the lines unread
   * and answers 0.00 for it.
   *
   * How it reads: the result once a payslip (`jsonb_to_record`; each `->` of the column would decompress it
   * again). A 13th month run's lines by payslip; the other runs' 13th month lines from one pass over the tenant's
   * earning lines filtered by code (few match), each matched line to its payslip by key. Looking up each payslip's
   * lines instead added 2.3 s at 240,000 payslips, the pass about 0.1 s (bench/report-batches.bench.ts). The pass
   * reads the lines of every year the tenant has: a partial index on those codes would make it a lookup.
   */
  employeeYears(
    tx: Tx,
    tenantId: string,
    companyId: string,
    year: number,
    { thirteenthPaid = true } = {},
  ): Promise<EmployeeYearRow[]> {
    const amount = (sum: string) => `coalesce(${sum}, 0)::numeric(16, 2)::text`;
    const counted = `s.company_id = $2 AND s.status <> 'Excluded' AND s.result IS NOT NULL`;
    return tx.query<EmployeeYearRow>(
      `WITH periods AS MATERIALIZED (
         SELECT p.id, p.kind = 'ThirteenthMonth' AS thirteenth FROM payroll_periods p
          WHERE p.tenant_id = $1 AND p.company_id = $2 AND p.status IN ('Finalised', 'Paid')
            AND extract(year FROM p.cutoff_end) = $3
       ),
       sums AS (
         SELECT s.employee_id, sum(s.gross) AS gross, sum(s.taxable_base) AS taxable,
                sum(s.withholding_tax) AS tax_withheld, sum((r."employeeShares"->>'sss')::numeric) AS sss,
                sum((r."employeeShares"->>'philhealth')::numeric) AS philhealth,
                sum((r."employeeShares"->>'pagibig')::numeric) AS pagibig,
                sum(nullif(r."thisPeriod"->>'basicSalaryEarned', '')::numeric) FILTER (WHERE NOT per.thirteenth)
                  AS basic_earned
           FROM periods per
           JOIN payslips s ON s.tenant_id = $1 AND s.payroll_period_id = per.id
           CROSS JOIN LATERAL jsonb_to_record(s.result) AS r("employeeShares" jsonb, "thisPeriod" jsonb)
          WHERE ${counted}
          GROUP BY s.employee_id
       ),
       marked AS MATERIALIZED (
         SELECT l.payslip_id, l.amount FROM payslip_lines l
          WHERE $4 AND l.tenant_id = $1 AND l.kind = 'earning' AND l.code ~* '^(13TH|THIRTEENTH)'
       ),
       thirteenth AS (
         SELECT employee_id, sum(amount) AS paid FROM (
           SELECT s.employee_id, l.amount
             FROM periods per
             JOIN payslips s ON s.tenant_id = $1 AND s.payroll_period_id = per.id
             JOIN payslip_lines l ON l.tenant_id = $1 AND l.payslip_id = s.id
            WHERE $4 AND per.thirteenth AND ${counted} AND l.kind = 'earning'
           UNION ALL
           SELECT s.employee_id, m.amount
             FROM marked m
             JOIN payslips s ON s.tenant_id = $1 AND s.id = m.payslip_id
            WHERE s.payroll_period_id = ANY (ARRAY(SELECT id FROM periods WHERE NOT thirteenth)) AND ${counted}
         ) paid GROUP BY employee_id
       )
       SELECT e.employee_number, e.last_name, e.first_name, e.middle_name, d.name AS department_name,
              ${amount('x.basic_earned')} AS basic_earned, ${amount('t.paid')} AS thirteenth_paid,
              ${amount('x.gross')} AS gross, ${amount('x.taxable')} AS taxable,
              ${amount('x.tax_withheld')} AS tax_withheld, ${amount('x.sss')} AS sss,
              ${amount('x.philhealth')} AS philhealth, ${amount('x.pagibig')} AS pagibig
         FROM sums x
         JOIN employees e ON e.tenant_id = $1 AND e.id = x.employee_id
         LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
         LEFT JOIN thirteenth t ON t.employee_id = x.employee_id
        ORDER BY ${nameSortKey('e.last_name')}, ${nameSortKey('e.first_name')}, e.id`,
      [tenantId, companyId, year, thirteenthPaid],
    );
  },

  /**
   * The ledger's payments that finalised (or paid) payrolls of the month took for one agency's loans; a payment
   * of a period still open is not remitted yet.
   */
  loanPayments(
    tx: Tx,
    tenantId: string,
    companyId: string,
    agency: 'SSS' | 'PagIbig',
    year: number,
    month: number,
  ): Promise<LoanPaymentRow[]> {
    return tx.query<LoanPaymentRow>(
      `SELECT e.employee_number, e.last_name, e.first_name, e.middle_name, e.sss_number, e.pagibig_number,
              t.name AS loan_type, l.reference_number, p.name AS period_name, g.amount::text
         FROM loan_ledger g
         JOIN employee_loans l ON l.tenant_id = g.tenant_id AND l.id = g.loan_id
         JOIN loan_types t ON t.tenant_id = l.tenant_id AND t.id = l.loan_type_id
         JOIN employees e ON e.tenant_id = l.tenant_id AND e.id = l.employee_id
         JOIN payroll_periods p ON p.tenant_id = g.tenant_id AND p.id = g.payroll_period_id
        WHERE g.tenant_id = $1 AND l.company_id = $2 AND p.company_id = $2 AND t.agency = $3
          AND g.kind = 'Payment' AND p.status IN ('Finalised', 'Paid')
          AND extract(year FROM p.cutoff_end) = $4 AND extract(month FROM p.cutoff_end) = $5
        ORDER BY ${nameSortKey('e.last_name')}, ${nameSortKey('e.first_name')}, e.employee_number, t.name, p.cutoff_end, g.id`,
      [tenantId, companyId, agency, year, month],
    );
  },

  /**
   * The company's net tax withheld (withholding less year-end refunds) in each month before `before` (the first
   * day of a month), oldest first, from the payslips a report reads: finalised or paid periods, not excluded,
   * computed, by the month their cut-off ends in (payroll-outputs documents source).
   */
  monthlyWithholding(
    tx: Tx,
    tenantId: string,
    companyId: string,
    before: string,
  ): Promise<{ month: string; withheld: string }[]> {
    return tx.query<{ month: string; withheld: string }>(
      // From the totals the database keeps a period (migration 0047): summing the payslips read every payslip the
      // company was ever paid (2.5 s at 100,000 employees in a scale review). A payslip the engine could not
      // compute withholds 0.00, so the totals' sum over the payslips not Excluded is the same.
      `SELECT to_char(p.cutoff_end, 'YYYY-MM') AS month, sum(t.withholding_tax)::numeric(16, 2)::text AS withheld
         FROM payroll_periods p
         JOIN payroll_period_totals t ON t.tenant_id = p.tenant_id AND t.payroll_period_id = p.id
        WHERE p.tenant_id = $1 AND p.company_id = $2
          AND p.status IN ('Finalised', 'Paid') AND p.cutoff_end < $3::date
        GROUP BY 1 ORDER BY 1`,
      [tenantId, companyId, before],
    );
  },

  /** The company's pay frequency and cut-off days, from its payroll settings. */
  async cutoffRules(tx: Tx, tenantId: string, companyId: string): Promise<CutoffRules> {
    const [r] = await tx.query<{ frequency: CutoffRules['frequency']; first: number; weekly: number }>(
      `SELECT c.pay_frequency AS frequency, coalesce(s.first_cutoff_end_day, 15)::int AS first,
              coalesce(s.weekly_cutoff_end_dow, 6)::int AS weekly
         FROM companies c
         LEFT JOIN payroll_settings s ON s.tenant_id = c.tenant_id AND s.company_id = c.id
        WHERE c.tenant_id = $1 AND c.id = $2`,
      [tenantId, companyId],
    );
    return {
      frequency: r?.frequency ?? 'SemiMonthly',
      firstCutoffEndDay: r?.first ?? 15,
      weeklyCutoffEndDay: r?.weekly ?? 6,
    };
  },

  /** The company's regular periods (any status) with a day in [from, to], by cut-off. */
  regularPeriodsOver(
    tx: Tx,
    tenantId: string,
    companyId: string,
    from: string,
    to: string,
  ): Promise<MonthPeriodRow[]> {
    return tx.query<MonthPeriodRow>(
      `SELECT name, cutoff_start::text, cutoff_end::text, status FROM payroll_periods
        WHERE tenant_id = $1 AND company_id = $2 AND kind = 'Regular'
          AND cutoff_start <= $4::date AND cutoff_end >= $3::date
        ORDER BY cutoff_start, cutoff_end, name`,
      [tenantId, companyId, from, to],
    );
  },

  /**
   * The distinct employment spans of the company's employees (separated ones too) that touch [from, to]: hired on
   * or before `to` (or without a hire date on file) and not separated before `from`.
   */
  employmentOver(
    tx: Tx,
    tenantId: string,
    companyId: string,
    from: string,
    to: string,
  ): Promise<EmploymentSpan[]> {
    return tx.query<EmploymentSpan>(
      `SELECT DISTINCT hire_date::text, separation_date::text FROM employees
        WHERE tenant_id = $1 AND company_id = $2
          AND (hire_date IS NULL OR hire_date <= $4::date)
          AND (separation_date IS NULL OR separation_date >= $3::date)`,
      [tenantId, companyId, from, to],
    );
  },

  /**
   * The company's loans with their principal, what the ledger has taken off them and the balance: the active
   * ones, and those paid off by a ledger entry dated on or after `settledFrom` (listed with balance 0.00).
   *
   * Every ledger entry counts, whatever its date: a payment is posted when its payroll is finalised (dated the
   * pay date, which may still be ahead) and a finalised payroll is committed, so the report shows what the loan
   * screen and the next payroll's compute read (both sum the whole ledger). Counting only entries up to today
   * showed a loan as unpaid after finalised payrolls had deducted it.
   */
  loanBalances(tx: Tx, tenantId: string, companyId: string, settledFrom: string): Promise<LoanBalanceRow[]> {
    return tx.query<LoanBalanceRow>(
      `SELECT e.employee_number, e.last_name, e.first_name, e.middle_name, t.name AS loan_type,
              l.reference_number, l.start_date::text, l.status, l.principal::text,
              coalesce(g.paid, 0)::numeric(14, 2)::text AS paid,
              (l.principal - coalesce(g.paid, 0))::numeric(14, 2)::text AS balance
         FROM employee_loans l
         JOIN employees e ON e.tenant_id = l.tenant_id AND e.id = l.employee_id
         JOIN loan_types t ON t.tenant_id = l.tenant_id AND t.id = l.loan_type_id
         LEFT JOIN LATERAL (
           SELECT sum(g.amount) AS paid, max(g.entry_date) AS last_entry FROM loan_ledger g
            WHERE g.tenant_id = l.tenant_id AND g.loan_id = l.id
         ) g ON true
        WHERE l.tenant_id = $1 AND l.company_id = $2
          AND (l.status = 'Active' OR (l.status = 'Paid' AND g.last_entry >= $3::date))
        ORDER BY ${nameSortKey('e.last_name')}, ${nameSortKey('e.first_name')}, e.employee_number, t.name, l.start_date, l.id`,
      [tenantId, companyId, settledFrom],
    );
  },
};
