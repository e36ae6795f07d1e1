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

export const payrollReportsRepo = {
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
        ORDER BY lower(e.last_name), lower(e.first_name), e.employee_number, t.name, l.start_date, l.id`,
      [tenantId, companyId, asOf],
    );
  },
};
