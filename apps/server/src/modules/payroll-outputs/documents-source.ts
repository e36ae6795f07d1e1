import { nameSortKey } from '../../lib/lists.js';
import type { Payslip } from '@hrpay/payroll';
import type { Tx } from '../../db/database.js';
import type { DocCompany, DocEmployee, DocPayslip, DocPeriod } from '../payroll-documents/types.js';

/**
 * Which finalised payslips a report reads: one period, the periods whose cut-off ends in a month (the month
 * a contribution or tax applies to), or in a year. Reports never read an open period.
 */
export type PayslipScope =
  | { periodId: string; employeeId?: string; releasedOn?: string }
  | { year: number; month: number }
  | { year: number; employeeId?: string };

/**
 * A payslip as the generators read it, whether payroll held it back from the period's bank file, and the day
 * held pay was released since (paid by that day's own bank file), if it was.
 */
export type SourcedPayslip = DocPayslip & { held: boolean; releasedOn: string | null };

/** Rows per read: a 100,000-employee register streams in batches and never sits in memory whole. */
export const DOCUMENT_BATCH = 2_000;

interface Row {
  id: string;
  period_id: string;
  period_name: string;
  kind: DocPeriod['kind'];
  cutoff_start: string;
  cutoff_end: string;
  pay_date: string;
  status: string;
  released_on: string | null;
  result: Omit<Payslip, 'lines'>;
  employee_id: string;
  employee_number: string;
  last_name: string;
  first_name: string;
  middle_name: string | null;
  department_name: string | null;
  position_name: string | null;
  tin: string | null;
  sss_number: string | null;
  philhealth_number: string | null;
  pagibig_number: string | null;
  birth_date: string | null;
  gender: DocEmployee['gender'];
  hire_date: string | null;
  separation_date: string | null;
  payment_method: DocEmployee['paymentMethod'];
  bank_name: string | null;
  bank_account_number: string | null;
  is_minimum_wage_earner: boolean;
}

type LineRow = Payslip['lines'][number] & { payslip_id: string; line_no: number };

/** Text order as PostgreSQL sorts ISO dates and uuids (bytewise). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The scope's condition on its periods (`p`). */
function periodScopeSql(scope: PayslipScope, params: unknown[]): string {
  if ('periodId' in scope) {
    params.push(scope.periodId);
    return `p.id = $${params.length}`;
  }
  params.push(scope.year);
  let sql = `extract(year FROM p.cutoff_end) = $${params.length}`;
  if ('month' in scope) {
    params.push(scope.month);
    sql += ` AND extract(month FROM p.cutoff_end) = $${params.length}`;
  }
  return sql;
}

const NAME_ORDER = `${nameSortKey('e.last_name')}, ${nameSortKey('e.first_name')}, e.id`;

/** The SQL that turns finalised payslips into the generators' input (payroll-documents/types.ts). */
export const documentsSource = {
  async company(tx: Tx, tenantId: string, companyId: string): Promise<DocCompany | null> {
    const [c] = await tx.query<{
      name: string;
      registered_name: string | null;
      tin: string | null;
      address: string | null;
      sss_employer_number: string | null;
      philhealth_employer_number: string | null;
      pagibig_employer_number: string | null;
    }>(
      `SELECT name, registered_name, tin, address, sss_employer_number, philhealth_employer_number,
              pagibig_employer_number FROM companies WHERE tenant_id = $1 AND id = $2`,
      [tenantId, companyId],
    );
    if (!c) return null;
    return {
      name: c.registered_name || c.name,
      tin: c.tin,
      address: c.address,
      sssEmployerNumber: c.sss_employer_number,
      philhealthEmployerNumber: c.philhealth_employer_number,
      pagibigEmployerNumber: c.pagibig_employer_number,
    };
  },

  async period(tx: Tx, tenantId: string, companyId: string, periodId: string) {
    const [p] = await tx.query<{
      id: string;
      name: string;
      kind: DocPeriod['kind'];
      cutoff_start: string;
      cutoff_end: string;
      pay_date: string;
      status: string;
    }>(
      `SELECT id, name, kind, cutoff_start::text, cutoff_end::text, pay_date::text, status FROM payroll_periods
        WHERE tenant_id = $1 AND company_id = $2 AND id = $3`,
      [tenantId, companyId, periodId],
    );
    return p ?? null;
  },

  /**
   * Calls `each` with batches of the scope's payslips (Included and Held; never Excluded), ordered by employee
   * name then pay date. `closedOnly` false lets payroll export the register of a period still in review.
   */
  async eachBatch(
    tx: Tx,
    tenantId: string,
    companyId: string,
    scope: PayslipScope,
    each: (batch: SourcedPayslip[]) => Promise<void>,
    { closedOnly = true, batchSize = DOCUMENT_BATCH } = {},
  ): Promise<number> {
    // The scope's periods (a year holds a few dozen), then the employees paid in them in name order; the payslips
    // are read a chunk of employees at a time by the (period, employee) key. Each batch costs its own rows: a
    // batch that filtered and sorted the whole scope after the last one's key made a year of 100,000 employees
    // quadratic (88 s a batch in the scale review).
    const periodParams: unknown[] = [tenantId, companyId];
    const periods = await tx.query<{ id: string }>(
      `SELECT p.id FROM payroll_periods p
        WHERE p.tenant_id = $1 AND p.company_id = $2 ${closedOnly ? `AND p.status IN ('Finalised', 'Paid')` : ''}
          AND ${periodScopeSql(scope, periodParams)}`,
      periodParams,
    );
    if (periods.length === 0) return 0;
    const periodIds = periods.map((p) => p.id);
    const employeeId = 'employeeId' in scope ? scope.employeeId : undefined;
    // Held pay released on a day: only its payslips (a handful of a 100,000-payslip period).
    const releasedOn = 'releasedOn' in scope ? scope.releasedOn : undefined;
    const employeeParams: unknown[] = [tenantId, periodIds];
    const only = (sql: string, value: string | undefined) => {
      if (value === undefined) return '';
      employeeParams.push(value);
      return sql.replace('?', `$${employeeParams.length}`);
    };
    const employees = await tx.query<{ id: string }>(
      `SELECT e.id FROM employees e
        WHERE e.tenant_id = $1
          AND e.id IN (SELECT s.employee_id FROM payslips s
                        WHERE s.tenant_id = $1 AND s.payroll_period_id = ANY($2::uuid[])
                          ${only('AND s.employee_id = ?', employeeId)}
                          ${only(
                            `AND EXISTS (SELECT 1 FROM payslip_releases r WHERE r.tenant_id = s.tenant_id
                                            AND r.payslip_id = s.id AND r.released_on = ?::date)`,
                            releasedOn,
                          )})
        ORDER BY ${NAME_ORDER}`,
      employeeParams,
    );
    // An employee's payslips of the scope stay in one batch: at most one per period.
    const perBatch = Math.max(1, Math.floor(batchSize / periodIds.length));
    let total = 0;
    for (let i = 0; i < employees.length; i += perBatch) {
      const chunk = employees.slice(i, i + perBatch).map((e) => e.id);
      const rows = await tx.query<Row>(
        `SELECT s.id, p.id AS period_id, p.name AS period_name, p.kind, p.cutoff_start::text, p.cutoff_end::text,
                p.pay_date::text, s.status, rel.released_on::text AS released_on, s.result,
                e.id AS employee_id, e.employee_number, e.last_name, e.first_name, e.middle_name,
                d.name AS department_name, pos.name AS position_name, e.tin, e.sss_number, e.philhealth_number,
                e.pagibig_number, e.birth_date::text, e.gender, e.hire_date::text, e.separation_date::text,
                coalesce(pp.payment_method, 'Bank') AS payment_method, e.bank_name, e.bank_account_number,
                coalesce(pp.is_minimum_wage_earner, false) AS is_minimum_wage_earner
           FROM payslips s
           JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
           JOIN employees e ON e.tenant_id = s.tenant_id AND e.id = s.employee_id
           LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
           LEFT JOIN positions pos ON pos.tenant_id = e.tenant_id AND pos.id = e.position_id
           LEFT JOIN employee_pay_profiles pp ON pp.tenant_id = e.tenant_id AND pp.employee_id = e.id
           LEFT JOIN payslip_releases rel ON rel.tenant_id = s.tenant_id AND rel.payslip_id = s.id
          WHERE s.tenant_id = $1 AND s.payroll_period_id = ANY($2::uuid[]) AND s.employee_id = ANY($3::uuid[])
            AND s.status <> 'Excluded'
            -- A payslip the engine could not compute has no figures (its warning says why): nothing to report.
            AND s.result IS NOT NULL`,
        [tenantId, periodIds, chunk],
      );
      if (rows.length === 0) continue;
      // The chunk's lines in one read, the order in JS: an ORDER BY here sorted whole rows (their result and
      // lines) and spilled to disk, a lines subquery per payslip cost more than the payslip's own read, and
      // sorting the lines in SQL cost more than reading them. The join keeps one index lookup per payslip (with
      // `= ANY` the planner chose a seq scan of payslip_lines).
      const lines = await tx.query<LineRow>(
        `SELECT l.payslip_id, l.line_no, l.code, l.description, l.kind, l.quantity, l.unit, l.rate,
                l.amount::text AS amount, l.taxable
           FROM unnest($2::uuid[]) AS x(id) JOIN payslip_lines l ON l.tenant_id = $1 AND l.payslip_id = x.id`,
        [tenantId, rows.map((r) => r.id)],
      );
      const linesOf = new Map<string, LineRow[]>();
      for (const line of lines) {
        const of = linesOf.get(line.payslip_id);
        if (of) of.push(line);
        else linesOf.set(line.payslip_id, [line]);
      }
      const rank = new Map(chunk.map((id, n) => [id, n]));
      rows.sort(
        (a, b) =>
          rank.get(a.employee_id)! - rank.get(b.employee_id)! ||
          compare(a.pay_date, b.pay_date) ||
          compare(a.id, b.id),
      );
      total += rows.length;
      await each(rows.map((r) => toDocPayslip(r, linesOf.get(r.id) ?? [])));
    }
    return total;
  },
};

function toDocPayslip(r: Row, lines: LineRow[]): SourcedPayslip {
  return {
    employee: {
      employeeId: r.employee_id,
      employeeNumber: r.employee_number,
      lastName: r.last_name,
      firstName: r.first_name,
      middleName: r.middle_name,
      departmentName: r.department_name,
      positionName: r.position_name,
      tin: r.tin,
      sssNumber: r.sss_number,
      philhealthNumber: r.philhealth_number,
      pagibigNumber: r.pagibig_number,
      birthDate: r.birth_date,
      gender: r.gender,
      hireDate: r.hire_date ?? '',
      separationDate: r.separation_date,
      paymentMethod: r.payment_method,
      bankName: r.bank_name,
      bankAccountNumber: r.bank_account_number,
      isMinimumWageEarner: r.is_minimum_wage_earner,
    },
    period: {
      id: r.period_id,
      name: r.period_name,
      kind: r.kind,
      start: r.cutoff_start,
      end: r.cutoff_end,
      payDate: r.pay_date,
    },
    payslip: {
      ...r.result,
      lines: lines
        .sort((a, b) => a.line_no - b.line_no)
        .map((l) => ({
          code: l.code,
          description: l.description,
          kind: l.kind,
          quantity: Number(l.quantity),
          unit: l.unit,
          rate: l.rate,
          amount: l.amount,
          taxable: l.taxable,
        })),
    },
    held: r.status === 'Held',
    releasedOn: r.released_on,
  };
}
