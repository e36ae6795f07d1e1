import { nameSortKey } from '../../lib/lists.js';
import type { Tx } from '../../db/database.js';

/** An employee's loan with what the ledger has taken off it (payments and adjustments) up to a date. */
export interface LoanBalanceRow {
  employee_number: string;
  last_name: string;
  first_name: string;
  middle_name: string | null;
  loan_type: string;
  reference_number: string | null;
  start_date: string;
  principal: string;
  paid: string;
  balance: string;
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

export const payrollReportsRepo = {
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
      `SELECT to_char(p.cutoff_end, 'YYYY-MM') AS month, sum(s.withholding_tax)::text AS withheld
         FROM payslips s JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
        WHERE s.tenant_id = $1 AND p.company_id = $2 AND s.status <> 'Excluded' AND s.result IS NOT NULL
          AND p.status IN ('Finalised', 'Paid') AND p.cutoff_end < $3::date
        GROUP BY 1 ORDER BY 1`,
      [tenantId, companyId, before],
    );
  },

  /** Active loans of the company with their principal, ledger total until `asOf` and balance, exact numerics. */
  loanBalances(tx: Tx, tenantId: string, companyId: string, asOf: string): Promise<LoanBalanceRow[]> {
    return tx.query<LoanBalanceRow>(
      `SELECT e.employee_number, e.last_name, e.first_name, e.middle_name, t.name AS loan_type,
              l.reference_number, l.start_date::text, l.principal::text,
              coalesce(g.paid, 0)::numeric(14, 2)::text AS paid,
              (l.principal - coalesce(g.paid, 0))::numeric(14, 2)::text AS balance
         FROM employee_loans l
         JOIN employees e ON e.tenant_id = l.tenant_id AND e.id = l.employee_id
         JOIN loan_types t ON t.tenant_id = l.tenant_id AND t.id = l.loan_type_id
         LEFT JOIN LATERAL (
           SELECT sum(g.amount) AS paid FROM loan_ledger g
            WHERE g.tenant_id = l.tenant_id AND g.loan_id = l.id AND g.entry_date <= $3::date
         ) g ON true
        WHERE l.tenant_id = $1 AND l.company_id = $2 AND l.status = 'Active'
        ORDER BY ${nameSortKey('e.last_name')}, ${nameSortKey('e.first_name')}, e.employee_number, t.name, l.start_date, l.id`,
      [tenantId, companyId, asOf],
    );
  },
};
