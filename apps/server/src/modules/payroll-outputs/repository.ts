import type { Tx } from '../../db/database.js';
import { manilaToday } from '../../lib/manila.js';
import { notSeparatedOn } from '../employees/employment.js';

/** Finalised or paid: the only periods whose payslips anyone outside payroll operations may read. */
const CLOSED = `p.status IN ('Finalised', 'Paid')`;

export interface PayslipHeaderRow {
  id: string;
  payroll_period_id: string;
  period_name: string;
  kind: string;
  cutoff_start: string;
  cutoff_end: string;
  pay_date: string;
  period_status: 'Finalised' | 'Paid';
  gross: string;
  deductions: string;
  net_pay: string;
  pay_held: boolean;
  released_on: string | null;
}

export interface PeriodFiguresRow {
  id: string;
  name: string;
  status: string;
  kind: string;
  cutoff_start: string;
  cutoff_end: string;
  pay_date: string;
  gross: string;
  deductions: string;
  net_pay: string;
  employer_cost: string;
  headcount: number;
}

const HEADER_COLUMNS = `s.id, s.payroll_period_id, p.name AS period_name, p.kind, p.cutoff_start::text AS cutoff_start,
  p.cutoff_end::text AS cutoff_end, p.pay_date::text AS pay_date, p.status AS period_status, s.gross::text AS gross,
  s.deductions::text AS deductions, s.net_pay::text AS net_pay, s.status = 'Held' AS pay_held,
  (SELECT rel.released_on::text FROM payslip_releases rel WHERE rel.tenant_id = s.tenant_id AND rel.payslip_id = s.id)
    AS released_on`;

/** The SQL of what finalised payroll produces: an employee's payslips, the payroll dashboard's figures. */
export const payrollOutputsRepo = {
  /** Held payslips of the company's closed periods not released yet (payslip_releases), oldest first. */
  async heldPay(tx: Tx, tenantId: string, companyId: string, limit: number) {
    return tx.query<{
      id: string;
      payroll_period_id: string;
      period_name: string;
      pay_date: string;
      employee_number: string;
      full_name: string;
      net_pay: string;
    }>(
      `SELECT s.id, s.payroll_period_id, p.name AS period_name, p.pay_date::text AS pay_date, e.employee_number,
              concat_ws(' ', e.first_name, e.last_name) AS full_name, s.net_pay::text AS net_pay
         FROM payslips s
         JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
         JOIN employees e ON e.tenant_id = s.tenant_id AND e.id = s.employee_id
        WHERE s.tenant_id = $1 AND s.company_id = $2 AND s.status = 'Held' AND ${CLOSED}
          AND NOT EXISTS (SELECT 1 FROM payslip_releases r WHERE r.tenant_id = s.tenant_id AND r.payslip_id = s.id)
        ORDER BY p.pay_date, e.employee_number
        LIMIT $3`,
      [tenantId, companyId, limit],
    );
  },

  async employeePayslips(tx: Tx, tenantId: string, employeeId: string): Promise<PayslipHeaderRow[]> {
    return tx.query<PayslipHeaderRow>(
      `SELECT ${HEADER_COLUMNS}
         FROM payslips s JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
        WHERE s.tenant_id = $1 AND s.employee_id = $2 AND s.status <> 'Excluded' AND ${CLOSED}
        ORDER BY p.pay_date DESC, p.cutoff_end DESC`,
      [tenantId, employeeId],
    );
  },

  async employeePayslip(tx: Tx, tenantId: string, employeeId: string, payslipId: string) {
    const [row] = await tx.query<
      PayslipHeaderRow & {
        employee_id: string;
        employee_number: string;
        full_name: string;
        withholding_tax: string;
        ytd_taxable: string | null;
        ytd_tax: string | null;
      }
    >(
      `SELECT ${HEADER_COLUMNS}, s.employee_id, e.employee_number, concat_ws(' ', e.first_name, e.last_name) AS full_name,
              s.withholding_tax::text AS withholding_tax, s.result #>> '{ytd,taxableCompensation}' AS ytd_taxable,
              s.result #>> '{ytd,withholdingTax}' AS ytd_tax
         FROM payslips s
         JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
         JOIN employees e ON e.tenant_id = s.tenant_id AND e.id = s.employee_id
        WHERE s.tenant_id = $1 AND s.employee_id = $2 AND s.id = $3 AND s.status <> 'Excluded' AND ${CLOSED}`,
      [tenantId, employeeId, payslipId],
    );
    return row ?? null;
  },

  async lines(tx: Tx, tenantId: string, payslipId: string) {
    return tx.query<{
      code: string;
      description: string;
      kind: 'earning' | 'deduction';
      quantity: string;
      unit: string;
      rate: string;
      amount: string;
    }>(
      `SELECT code, description, kind, quantity::text AS quantity, unit, rate, amount::text AS amount
         FROM payslip_lines WHERE tenant_id = $1 AND payslip_id = $2 ORDER BY line_no`,
      [tenantId, payslipId],
    );
  },

  /** Totals of the company's last `limit` finalised (or paid) regular periods, newest first. */
  async finalisedPeriodFigures(tx: Tx, tenantId: string, companyId: string, limit: number) {
    return tx.query<PeriodFiguresRow>(
      `SELECT p.id, p.name, p.status, p.kind, p.cutoff_start::text AS cutoff_start, p.cutoff_end::text AS cutoff_end,
              p.pay_date::text AS pay_date,
              coalesce(sum(s.gross), 0)::text AS gross, coalesce(sum(s.deductions), 0)::text AS deductions,
              coalesce(sum(s.net_pay), 0)::text AS net_pay, coalesce(sum(s.employer_shares), 0)::text AS employer_cost,
              count(s.id)::int AS headcount
         FROM payroll_periods p
         LEFT JOIN payslips s ON s.tenant_id = p.tenant_id AND s.payroll_period_id = p.id AND s.status = 'Included'
        WHERE p.tenant_id = $1 AND p.company_id = $2 AND ${CLOSED} AND p.kind = 'Regular'
        GROUP BY p.tenant_id, p.id
        ORDER BY p.pay_date DESC, p.cutoff_end DESC
        LIMIT $3`,
      [tenantId, companyId, limit],
    );
  },

  /** The earliest pay date, on or after `today`, of a finalised period of any kind not yet marked paid. */
  async nextFinalisedPayDate(tx: Tx, tenantId: string, companyId: string, today: string) {
    const [row] = await tx.query<{ pay_date: string | null }>(
      `SELECT min(pay_date)::text AS pay_date FROM payroll_periods
        WHERE tenant_id = $1 AND company_id = $2 AND status = 'Finalised' AND pay_date >= $3::date`,
      [tenantId, companyId, today],
    );
    return row?.pay_date ?? null;
  },

  async openPeriods(tx: Tx, tenantId: string, companyId: string) {
    return tx.query<{
      id: string;
      name: string;
      status: string;
      job_status: string | null;
      pay_date: string;
    }>(
      `SELECT id, name, status, job_status, pay_date::text AS pay_date FROM payroll_periods p
        WHERE tenant_id = $1 AND company_id = $2 AND NOT ${CLOSED}
        ORDER BY pay_date, cutoff_start`,
      [tenantId, companyId],
    );
  },

  /**
   * Employees of the company not separated today (a scheduled separation is still paid through its date, a hire
   * yet to start is prepared for: employees/employment.ts) and how many lack what the next run needs.
   */
  async dataProblems(tx: Tx, tenantId: string, companyId: string) {
    const [row] = await tx.query<{
      active: number;
      no_rate: number;
      no_bank_account: number;
      missing_tin: number;
      missing_sss: number;
      missing_philhealth: number;
      missing_pagibig: number;
    }>(
      `SELECT count(*)::int AS active,
              count(*) FILTER (WHERE e.basic_rate IS NULL AND NOT EXISTS (
                SELECT 1 FROM employee_pay_rates r WHERE r.tenant_id = e.tenant_id AND r.employee_id = e.id))::int
                AS no_rate,
              count(*) FILTER (WHERE coalesce(pp.payment_method, 'Bank') = 'Bank'
                AND coalesce(e.bank_account_number, '') = '')::int AS no_bank_account,
              count(*) FILTER (WHERE coalesce(e.tin, '') = '')::int AS missing_tin,
              count(*) FILTER (WHERE coalesce(e.sss_number, '') = '')::int AS missing_sss,
              count(*) FILTER (WHERE coalesce(e.philhealth_number, '') = '')::int AS missing_philhealth,
              count(*) FILTER (WHERE coalesce(e.pagibig_number, '') = '')::int AS missing_pagibig
         FROM employees e
         LEFT JOIN employee_pay_profiles pp ON pp.tenant_id = e.tenant_id AND pp.employee_id = e.id
        WHERE e.tenant_id = $1 AND e.company_id = $2 AND ${notSeparatedOn('e', '$3::date')}`,
      [tenantId, companyId, manilaToday()],
    );
    return row!;
  },

  /** The employees of a finalised period with an e-mail address, and their net pay. */
  async payslipRecipients(tx: Tx, tenantId: string, companyId: string, periodId: string) {
    return tx.query<{ email: string; first_name: string; net_pay: string }>(
      `SELECT e.email, e.first_name, s.net_pay::text AS net_pay
         FROM payslips s
         JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
         JOIN employees e ON e.tenant_id = s.tenant_id AND e.id = s.employee_id
        WHERE s.tenant_id = $1 AND p.company_id = $2 AND p.id = $3 AND s.status <> 'Excluded'
          AND ${CLOSED} AND coalesce(e.email, '') <> ''
        ORDER BY e.last_name, e.first_name`,
      [tenantId, companyId, periodId],
    );
  },
};
