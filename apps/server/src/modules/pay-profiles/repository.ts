import type { z } from 'zod';
import {
  PREVIOUS_EMPLOYER_AMOUNTS,
  type PreviousEmployerAmount,
  type PreviousEmployerCompensation,
  type SavePreviousEmployerRequest,
} from '@hrpay/contracts';
import type {
  CarriedDeduction,
  CreateLoanTypeRequest,
  EmployeePayFlag,
  EmployeePayListRequest,
  EmployeePayRow,
  Loan,
  LoanLedgerEntry,
  LoanType,
  LoanTypeListRequest,
  PayItem,
  PayRate,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { catalogCodeOrNameTaken, lockCatalogEntry } from '../../lib/company-catalog.js';
import { cursorPages, exportRowLimit } from '../../lib/export.js';
import { Conditions, containsPattern, orderClause, pageClause } from '../../lib/lists.js';
import { notSeparatedOn, separatedBefore } from '../employees/employment.js';

/** The SQL of employee payroll details (issue 10 §1). Every statement is confined to one company of one tenant. */

/**
 * The rate in force on `$date` (a parameter placeholder): the latest history row on or before it, else the 201
 * starting rate (employees.rate_type / basic_rate, in force from the hire date) when it is complete.
 */
const currentRateJoin = (date: string) => `
  LEFT JOIN LATERAL (
    SELECT r.rate_type, r.rate, r.hours_per_day, r.cola_per_day, r.effective_from
      FROM employee_pay_rates r
     WHERE r.tenant_id = e.tenant_id AND r.employee_id = e.id AND r.effective_from <= ${date}::date
     ORDER BY r.effective_from DESC LIMIT 1) cr ON true`;
const STARTING_OK = `(e.rate_type IS NOT NULL AND e.basic_rate > 0)`;
const CUR_RATE = `coalesce(cr.rate, CASE WHEN ${STARTING_OK} THEN e.basic_rate END)`;
const CUR_TYPE = `coalesce(cr.rate_type, CASE WHEN ${STARTING_OK} THEN e.rate_type END)`;
const METHOD = `coalesce(p.payment_method, 'Bank')`;

const FLAG_SQL: Record<EmployeePayFlag, string> = {
  NoRate: `${CUR_RATE} IS NULL`,
  NoBankAccount: `(${METHOD} = 'Bank' AND coalesce(trim(e.bank_account_number), '') = '')`,
  MissingTIN: `coalesce(trim(e.tin), '') = ''`,
  MissingSSS: `coalesce(trim(e.sss_number), '') = ''`,
  MissingPhilHealth: `coalesce(trim(e.philhealth_number), '') = ''`,
  MissingPagIbig: `coalesce(trim(e.pagibig_number), '') = ''`,
};
const FLAGS = Object.keys(FLAG_SQL) as EmployeePayFlag[];

const FROM_EMPLOYEES = (date: string) => `
    FROM employees e
    LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
    LEFT JOIN employee_pay_profiles p ON p.tenant_id = e.tenant_id AND p.employee_id = e.id
    ${currentRateJoin(date)}`;

const PAY_SORT = {
  EmployeeNumber: 'lower(e.employee_number)',
  FullName: ['lower(e.last_name)', 'lower(e.first_name)'],
  DepartmentName: 'lower(d.name)',
  Rate: CUR_RATE,
  PaymentMethod: METHOD,
} as const;
const PAY_SORT_DEFAULTS = { sortBy: 'FullName', tieBreaker: 'e.id' } as const;

/** The list's filter (search words, department, separated, missing data), for the page and the export alike. */
function payWhere(
  tenantId: string,
  companyId: string,
  today: string,
  req: Pick<
    ReturnType<typeof EmployeePayListRequest.parse>,
    'Search' | 'DepartmentId' | 'IncludeSeparated' | 'MissingData'
  >,
) {
  const where = new Conditions(tenantId, companyId, today).add('e.tenant_id = $1 AND e.company_id = $2');
  for (const word of (req.Search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
    where.add('e.search_text LIKE $?', containsPattern(word));
  }
  if (req.DepartmentId) where.add('e.department_id = $?', req.DepartmentId);
  // Separated once the date has passed (`$3` is today): a scheduled separation is still on the payroll.
  if (!req.IncludeSeparated) where.add(notSeparatedOn('e', '$3::date'));
  if (req.MissingData) where.add(`(${FLAGS.map((f) => FLAG_SQL[f]).join(' OR ')})`);
  return where;
}

interface PayRowDb {
  id: string;
  employee_number: string;
  full_name: string;
  department_name: string | null;
  rate_type: 'Monthly' | 'Daily' | null;
  rate: string | null;
  payment_method: 'Bank' | 'Cash' | 'Check';
  bank_name: string | null;
  mwe: boolean;
  flags: Record<EmployeePayFlag, boolean>;
}

const ROW_SELECT = `SELECT e.id, e.employee_number,
    concat_ws(' ', e.first_name, e.middle_name, e.last_name, e.suffix) AS full_name, d.name AS department_name,
    ${CUR_TYPE} AS rate_type, ${CUR_RATE}::text AS rate, ${METHOD} AS payment_method, e.bank_name,
    coalesce(p.is_minimum_wage_earner, false) AS mwe,
    json_build_object(${FLAGS.map((f) => `'${f}', ${FLAG_SQL[f]}`).join(', ')}) AS flags`;

function toPayRow(r: PayRowDb): EmployeePayRow {
  return {
    EmployeeId: r.id,
    EmployeeNumber: r.employee_number,
    FullName: r.full_name,
    DepartmentName: r.department_name,
    RateType: r.rate_type,
    Rate: r.rate,
    PaymentMethod: r.payment_method,
    BankName: r.bank_name,
    IsMinimumWageEarner: r.mwe,
    ...r.flags,
  };
}

export interface PayDetailsDb {
  id: string;
  employee_number: string;
  full_name: string;
  department_name: string | null;
  hire_date: string | null;
  separated: boolean;
  tin: string | null;
  sss_number: string | null;
  philhealth_number: string | null;
  pagibig_number: string | null;
  bank_name: string | null;
  bank_account_number: string | null;
  has_profile: boolean;
  mwe: boolean;
  payment_method: 'Bank' | 'Cash' | 'Check';
  exempt_sss: boolean;
  exempt_philhealth: boolean;
  exempt_pagibig: boolean;
  exempt_withholding_tax: boolean;
  divisor: number | null;
  row_version: number;
  updated_at: Date | null;
  cur_from: string | null;
  cur_type: 'Monthly' | 'Daily' | null;
  cur_rate: string | null;
  cur_hours: string | null;
  cur_cola: string | null;
  flags: Record<EmployeePayFlag, boolean>;
}

interface RateDb {
  id: string;
  employee_id: string;
  effective_from: string;
  rate_type: 'Monthly' | 'Daily';
  rate: string;
  hours_per_day: string;
  cola_per_day: string;
  reason: string | null;
  created_at: Date;
}

interface ItemDb {
  id: string;
  employee_id: string;
  kind: 'Earning' | 'Deduction';
  code: string;
  description: string;
  amount: string;
  taxable: boolean;
  de_minimis: PayItem['DeMinimis'];
  effective_from: string;
  effective_to: string | null;
  row_version: number;
  created_at: Date;
}

interface LoanDb {
  id: string;
  employee_id: string;
  loan_type_id: string;
  loan_type_code: string;
  loan_type_name: string;
  reference_number: string | null;
  principal: string;
  amortization: string;
  start_date: string;
  status: Loan['Status'];
  remarks: string | null;
  total_paid: string;
  balance: string;
  ledger_count: number;
  row_version: number;
  created_at: Date;
}

interface LoanTypeDb {
  id: string;
  code: string;
  name: string;
  agency: LoanType['Agency'];
  is_active: boolean;
  loan_count: number;
  row_version: number;
  created_at: Date;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const toPayItem = (r: ItemDb): PayItem => ({
  PayItemId: r.id,
  EmployeeId: r.employee_id,
  Kind: r.kind,
  Code: r.code,
  Description: r.description,
  Amount: r.amount,
  Taxable: r.taxable,
  DeMinimis: r.de_minimis,
  EffectiveFrom: r.effective_from,
  EffectiveTo: r.effective_to,
  RowVersion: r.row_version,
  CreatedAt: iso(r.created_at)!,
});

const toLoanType = (r: LoanTypeDb): LoanType => ({
  LoanTypeId: r.id,
  Code: r.code,
  Name: r.name,
  Agency: r.agency,
  IsActive: r.is_active,
  LoanCount: r.loan_count,
  RowVersion: r.row_version,
  CreatedAt: iso(r.created_at)!,
});

// Dates leave the database as text (YYYY-MM-DD) on both PGlite and PostgreSQL.
const SELECT_ITEM = `SELECT id, employee_id, kind, code, description, amount::text AS amount, taxable, de_minimis,
    effective_from::text AS effective_from, effective_to::text AS effective_to, row_version, created_at
  FROM employee_pay_items`;

const SELECT_LOAN = `SELECT l.id, l.employee_id, l.loan_type_id, t.code AS loan_type_code, t.name AS loan_type_name,
    l.reference_number, l.principal::text AS principal, l.amortization::text AS amortization,
    l.start_date::text AS start_date, l.status, l.remarks, l.row_version, l.created_at,
    coalesce(g.paid, 0)::numeric(14, 2)::text AS total_paid,
    (l.principal - coalesce(g.paid, 0))::numeric(14, 2)::text AS balance, coalesce(g.n, 0)::int AS ledger_count
  FROM employee_loans l
  JOIN loan_types t ON t.tenant_id = l.tenant_id AND t.id = l.loan_type_id
  LEFT JOIN LATERAL (SELECT sum(x.amount) AS paid, count(*) AS n FROM loan_ledger x
                      WHERE x.tenant_id = l.tenant_id AND x.loan_id = l.id) g ON true`;

const SELECT_LOAN_TYPE = `SELECT t.id, t.code, t.name, t.agency, t.is_active, t.row_version, t.created_at,
    (SELECT count(*)::int FROM employee_loans l WHERE l.tenant_id = t.tenant_id AND l.loan_type_id = t.id)
      AS loan_count
  FROM loan_types t`;

const LOAN_TYPE_SORT = {
  Code: 'lower(t.code)',
  Name: 'lower(t.name)',
  Agency: 't.agency',
  IsActive: 't.is_active',
} as const;

/** snake_case column of each amount of a previous employer's 2316 (PREVIOUS_EMPLOYER_AMOUNTS). */
const amountColumn = (key: PreviousEmployerAmount) => key.replace(/[a-z](?=[A-Z])/g, '$&_').toLowerCase();
const PREVIOUS_COLUMNS = [
  'employer_name',
  'employer_tin',
  'employer_address',
  ...PREVIOUS_EMPLOYER_AMOUNTS.map(([key]) => amountColumn(key)),
].join(', ');

function toPreviousEmployer(r: Record<string, unknown>): PreviousEmployerCompensation {
  const amounts = Object.fromEntries(
    // numeric columns come as their exact text ("1234.50").
    PREVIOUS_EMPLOYER_AMOUNTS.map(([key]) => [key, String(r[amountColumn(key)])]),
  ) as Record<PreviousEmployerAmount, string>;
  return {
    EmployeeId: r.employee_id as string,
    Year: Number(r.year),
    EmployerName: r.employer_name as string,
    EmployerTIN: (r.employer_tin as string | null) ?? null,
    EmployerAddress: (r.employer_address as string | null) ?? null,
    ...amounts,
    NonTaxableTotal: r.non_taxable_total as string,
    TaxableTotal: r.taxable_total as string,
    Gross: r.gross as string,
    UpdatedAt: new Date(r.updated_at as Date).toISOString(),
    RowVersion: Number(r.row_version),
  };
}

export const payProfilesRepo = {
  // ---------- compensation from a previous employer of the year ----------

  async previousEmployers(tx: Tx, tenantId: string, employeeId: string, year?: number, forUpdate = false) {
    const rows = await tx.query<Record<string, unknown>>(
      `SELECT ${PREVIOUS_COLUMNS}, employee_id, year, row_version, updated_at, non_taxable_total::text,
              taxable_total::text, (non_taxable_total + taxable_total)::text AS gross
         FROM employee_previous_employers
        WHERE tenant_id = $1 AND employee_id = $2 AND ($3::int IS NULL OR year = $3)
        ORDER BY year DESC ${forUpdate ? 'FOR UPDATE' : ''}`,
      [tenantId, employeeId, year ?? null],
    );
    return rows.map(toPreviousEmployer);
  },

  /** Inserts the year's figures, or replaces them when `rowVersion` matches; false when it does not. */
  async savePreviousEmployer(
    tx: Tx,
    tenantId: string,
    companyId: string,
    employeeId: string,
    year: number,
    input: z.output<typeof SavePreviousEmployerRequest>,
    rowVersion: number | null,
  ): Promise<boolean> {
    const values = [
      input.EmployerName,
      input.EmployerTIN || null,
      input.EmployerAddress || null,
      ...PREVIOUS_EMPLOYER_AMOUNTS.map(([key]) => input[key]),
    ];
    const columns = PREVIOUS_COLUMNS.split(', ');
    if (rowVersion === null) {
      const inserted = await tx.query(
        `INSERT INTO employee_previous_employers (tenant_id, company_id, employee_id, year, ${PREVIOUS_COLUMNS})
         VALUES ($1, $2, $3, $4, ${columns.map((_, i) => `$${i + 5}`).join(', ')})
         ON CONFLICT (tenant_id, employee_id, year) DO NOTHING RETURNING id`,
        [tenantId, companyId, employeeId, year, ...values],
      );
      return inserted.length === 1;
    }
    const updated = await tx.query(
      `UPDATE employee_previous_employers
          SET ${columns.map((c, i) => `${c} = $${i + 5}`).join(', ')}, row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND employee_id = $2 AND year = $3 AND row_version = $4 RETURNING id`,
      [tenantId, employeeId, year, rowVersion, ...values],
    );
    return updated.length === 1;
  },

  async deletePreviousEmployer(tx: Tx, tenantId: string, employeeId: string, year: number) {
    await tx.query(
      `DELETE FROM employee_previous_employers WHERE tenant_id = $1 AND employee_id = $2 AND year = $3`,
      [tenantId, employeeId, year],
    );
  },

  // ---------- deductions carried from earlier payrolls (written by the payroll periods' finalise) ----------

  /** The employee's carried deductions, open first, then newest first. */
  async carriedDeductions(
    tx: Tx,
    tenantId: string,
    employeeId: string,
    id?: string,
  ): Promise<CarriedDeduction[]> {
    const rows = await tx.query<{
      id: string;
      from_period_name: string;
      from_period_kind: string;
      from_pay_date: string;
      code: string;
      description: string;
      amount: string;
      deducted_in: string | null;
      waived_at: Date | null;
      waived_by_name: string | null;
      waive_reason: string | null;
      cutoff_end: string;
    }>(
      `SELECT c.id, p.name AS from_period_name, p.kind AS from_period_kind, p.pay_date::text AS from_pay_date, c.code, c.description,
              c.amount::text AS amount, sp.name AS deducted_in, c.waived_at, u.full_name AS waived_by_name,
              c.waive_reason, p.cutoff_end::text AS cutoff_end
         FROM deduction_carryovers c
         JOIN payroll_periods p ON p.tenant_id = c.tenant_id AND p.id = c.from_period_id
         LEFT JOIN payslips s ON s.tenant_id = c.tenant_id AND s.id = c.settled_by_payslip_id
         LEFT JOIN payroll_periods sp ON sp.tenant_id = s.tenant_id AND sp.id = s.payroll_period_id
         LEFT JOIN users u ON u.tenant_id = c.tenant_id AND u.id = c.waived_by
        WHERE c.tenant_id = $1 AND c.employee_id = $2 AND ($3::uuid IS NULL OR c.id = $3)
        ORDER BY (c.settled_by_payslip_id IS NULL AND c.waived_at IS NULL) DESC, p.cutoff_end DESC, c.created_at DESC`,
      [tenantId, employeeId, id ?? null],
    );
    return rows.map((r) => ({
      CarryoverId: r.id,
      FromPeriodName: r.from_period_name,
      FromPeriodKind: r.from_period_kind,
      FromPayDate: r.from_pay_date,
      Code: r.code,
      Description: r.description,
      Amount: r.amount,
      Status: r.waived_at ? 'Waived' : r.deducted_in ? 'Taken' : 'Open',
      TakenInPeriodName: r.deducted_in,
      WaivedAt: r.waived_at ? new Date(r.waived_at).toISOString() : null,
      WaivedByName: r.waived_by_name,
      WaiveReason: r.waive_reason,
    }));
  },

  /** Waives an open carried deduction; the cut-off end of the payroll it came from, or null if it was not open. */
  async waiveCarriedDeduction(
    tx: Tx,
    tenantId: string,
    employeeId: string,
    id: string,
    userId: string,
    reason: string,
  ): Promise<string | null> {
    const [row] = await tx.query<{ cutoff_end: string }>(
      `UPDATE deduction_carryovers c SET waived_at = now(), waived_by = $4, waive_reason = $5
         FROM payroll_periods p
        WHERE c.tenant_id = $1 AND c.employee_id = $2 AND c.id = $3
          AND c.settled_by_payslip_id IS NULL AND c.waived_at IS NULL
          AND p.tenant_id = c.tenant_id AND p.id = c.from_period_id
       RETURNING p.cutoff_end::text AS cutoff_end`,
      [tenantId, employeeId, id, userId, reason],
    );
    return row?.cutoff_end ?? null;
  },

  async list(
    tx: Tx,
    tenantId: string,
    companyId: string,
    today: string,
    req: Omit<ReturnType<typeof EmployeePayListRequest.parse>, 'Page' | 'PageSize'> & {
      Page: number;
      PageSize: number;
    },
  ) {
    const where = payWhere(tenantId, companyId, today, req);
    const [total] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n ${FROM_EMPLOYEES('$3')} WHERE ${where.sql}`,
      where.params,
    );
    const page = pageClause(req, PAY_SORT, PAY_SORT_DEFAULTS, where);
    const rows = await tx.query<PayRowDb>(
      `${ROW_SELECT} ${FROM_EMPLOYEES('$3')} WHERE ${where.sql} ${page}`,
      where.params,
    );
    return { Items: rows.map(toPayRow), TotalCount: total!.n };
  },

  /** Every row of the list's filter in its order, batch by batch through a cursor, for the export. */
  exportPages(
    tx: Tx,
    tenantId: string,
    companyId: string,
    today: string,
    req: Omit<ReturnType<typeof EmployeePayListRequest.parse>, 'Page' | 'PageSize'>,
  ) {
    const where = payWhere(tenantId, companyId, today, req);
    return cursorPages(
      tx,
      `${ROW_SELECT} ${FROM_EMPLOYEES('$3')} WHERE ${where.sql}
        ${orderClause(req, PAY_SORT, PAY_SORT_DEFAULTS)} LIMIT ${exportRowLimit() + 1}`,
      where.params,
      toPayRow,
    );
  },

  async details(tx: Tx, tenantId: string, companyId: string, today: string, id: string, forUpdate = false) {
    const [row] = await tx.query<PayDetailsDb>(
      `SELECT e.id, e.employee_number,
              concat_ws(' ', e.first_name, e.middle_name, e.last_name, e.suffix) AS full_name,
              d.name AS department_name, e.hire_date::text AS hire_date,
              coalesce(${separatedBefore('e', '$4::date')}, false) AS separated,
              e.tin, e.sss_number, e.philhealth_number, e.pagibig_number, e.bank_name, e.bank_account_number,
              p.employee_id IS NOT NULL AS has_profile, coalesce(p.is_minimum_wage_earner, false) AS mwe,
              ${METHOD} AS payment_method, coalesce(p.exempt_sss, false) AS exempt_sss,
              coalesce(p.exempt_philhealth, false) AS exempt_philhealth,
              coalesce(p.exempt_pagibig, false) AS exempt_pagibig,
              coalesce(p.exempt_withholding_tax, false) AS exempt_withholding_tax, p.divisor,
              coalesce(p.row_version, 1) AS row_version, p.updated_at,
              CASE WHEN cr.rate IS NOT NULL THEN cr.effective_from::text ELSE e.hire_date::text END AS cur_from,
              ${CUR_TYPE} AS cur_type, ${CUR_RATE}::text AS cur_rate,
              coalesce(cr.hours_per_day, 8)::text AS cur_hours, coalesce(cr.cola_per_day, 0)::numeric(14, 2)::text AS cur_cola,
              json_build_object(${FLAGS.map((f) => `'${f}', ${FLAG_SQL[f]}`).join(', ')}) AS flags
         ${FROM_EMPLOYEES('$4')}
        WHERE e.tenant_id = $1 AND e.company_id = $2 AND e.id = $3${forUpdate ? ' FOR UPDATE OF e' : ''}`,
      [tenantId, companyId, id, today],
    );
    return row ?? null;
  },

  /** Saves the profile when its version still matches (no row yet counts as version 1); answers whether it did. */
  async saveProfile(
    tx: Tx,
    tenantId: string,
    companyId: string,
    employeeId: string,
    rowVersion: number,
    v: {
      mwe: boolean;
      method: string;
      sss: boolean;
      philhealth: boolean;
      pagibig: boolean;
      tax: boolean;
      divisor: number | null;
    },
  ) {
    const rows = await tx.query(
      `INSERT INTO employee_pay_profiles AS p (tenant_id, employee_id, company_id, is_minimum_wage_earner,
              payment_method, exempt_sss, exempt_philhealth, exempt_pagibig, exempt_withholding_tax, divisor,
              row_version)
       SELECT $1, $3, $2, $5, $6, $7, $8, $9, $10, $11, 2 WHERE $4 = 1
       ON CONFLICT (tenant_id, employee_id) DO UPDATE SET
              is_minimum_wage_earner = EXCLUDED.is_minimum_wage_earner, payment_method = EXCLUDED.payment_method,
              exempt_sss = EXCLUDED.exempt_sss, exempt_philhealth = EXCLUDED.exempt_philhealth,
              exempt_pagibig = EXCLUDED.exempt_pagibig, exempt_withholding_tax = EXCLUDED.exempt_withholding_tax,
              divisor = EXCLUDED.divisor, row_version = p.row_version + 1, updated_at = now()
        WHERE p.row_version = $4
       RETURNING employee_id`,
      [
        tenantId,
        companyId,
        employeeId,
        rowVersion,
        v.mwe,
        v.method,
        v.sss,
        v.philhealth,
        v.pagibig,
        v.tax,
        v.divisor,
      ],
    );
    if (rows.length > 0) return true;
    // Version 1 with no row inserts above; version n > 1 against an existing row updates above.
    if (rowVersion !== 1) {
      const updated = await tx.query(
        `UPDATE employee_pay_profiles SET is_minimum_wage_earner = $5, payment_method = $6, exempt_sss = $7,
                exempt_philhealth = $8, exempt_pagibig = $9, exempt_withholding_tax = $10, divisor = $11,
                row_version = row_version + 1, updated_at = now()
          WHERE tenant_id = $1 AND company_id = $2 AND employee_id = $3 AND row_version = $4 RETURNING employee_id`,
        [
          tenantId,
          companyId,
          employeeId,
          rowVersion,
          v.mwe,
          v.method,
          v.sss,
          v.philhealth,
          v.pagibig,
          v.tax,
          v.divisor,
        ],
      );
      return updated.length > 0;
    }
    return false;
  },

  // ---------- rates ----------

  rates: (tx: Tx, tenantId: string, employeeId: string) =>
    tx.query<RateDb>(
      `SELECT id, employee_id, effective_from::text AS effective_from, rate_type, rate::text AS rate,
              hours_per_day::text AS hours_per_day, cola_per_day::text AS cola_per_day, reason, created_at
         FROM employee_pay_rates WHERE tenant_id = $1 AND employee_id = $2 ORDER BY effective_from DESC`,
      [tenantId, employeeId],
    ),

  async rate(tx: Tx, tenantId: string, employeeId: string, id: string) {
    const [row] = await tx.query<RateDb>(
      `SELECT id, employee_id, effective_from::text AS effective_from, rate_type, rate::text AS rate,
              hours_per_day::text AS hours_per_day, cola_per_day::text AS cola_per_day, reason, created_at
         FROM employee_pay_rates WHERE tenant_id = $1 AND employee_id = $2 AND id = $3 FOR UPDATE`,
      [tenantId, employeeId, id],
    );
    return row ?? null;
  },

  async insertRate(
    tx: Tx,
    tenantId: string,
    companyId: string,
    userId: string,
    r: {
      employeeId: string;
      effectiveFrom: string;
      rateType: string;
      rate: string;
      hoursPerDay: number | string;
      colaPerDay: string;
      reason: string | null;
    },
  ) {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate,
              hours_per_day, cola_per_day, reason, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        tenantId,
        companyId,
        r.employeeId,
        r.effectiveFrom,
        r.rateType,
        r.rate,
        r.hoursPerDay,
        r.colaPerDay,
        r.reason,
        userId,
      ],
    );
    return row!.id;
  },

  /** Many rates in one statement (the bulk rate update). */
  async insertRates(
    tx: Tx,
    tenantId: string,
    companyId: string,
    userId: string,
    reason: string,
    rows: {
      employeeId: string;
      effectiveFrom: string;
      rateType: string;
      rate: string;
      hoursPerDay: string;
      colaPerDay: string;
    }[],
  ) {
    if (!rows.length) return;
    await tx.query(
      `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate,
              hours_per_day, cola_per_day, reason, created_by)
       SELECT $1, $2, r.employee_id, r.effective_from, r.rate_type, r.rate, r.hours_per_day, r.cola_per_day, $3, $4
         FROM unnest($5::uuid[], $6::date[], $7::text[], $8::numeric[], $9::numeric[], $10::numeric[])
              AS r(employee_id, effective_from, rate_type, rate, hours_per_day, cola_per_day)`,
      [
        tenantId,
        companyId,
        reason,
        userId,
        rows.map((r) => r.employeeId),
        rows.map((r) => r.effectiveFrom),
        rows.map((r) => r.rateType),
        rows.map((r) => r.rate),
        rows.map((r) => r.hoursPerDay),
        rows.map((r) => r.colaPerDay),
      ],
    );
  },

  async deleteRate(tx: Tx, tenantId: string, id: string) {
    await tx.query(`DELETE FROM employee_pay_rates WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  },

  /** The company's employees by lower-cased number, with their rates, for a bulk rate file. */
  async importLookup(tx: Tx, tenantId: string, companyId: string, numbers: string[]) {
    const employees = await tx.query<{
      id: string;
      number: string;
      name: string;
      hire_date: string | null;
    }>(
      `SELECT id, lower(employee_number) AS number, concat_ws(' ', first_name, last_name) AS name,
              hire_date::text AS hire_date
         FROM employees WHERE tenant_id = $1 AND company_id = $2 AND lower(employee_number) = ANY($3::text[])
          FOR UPDATE`,
      [tenantId, companyId, numbers],
    );
    const rates = await tx.query<{
      employee_id: string;
      effective_from: string;
      rate_type: string;
      rate: string;
      hours_per_day: string;
      cola_per_day: string;
    }>(
      `SELECT employee_id, effective_from::text AS effective_from, rate_type, rate::text AS rate,
              hours_per_day::text AS hours_per_day, cola_per_day::text AS cola_per_day
         FROM employee_pay_rates WHERE tenant_id = $1 AND employee_id = ANY($2::uuid[])
        ORDER BY effective_from`,
      [tenantId, employees.map((e) => e.id)],
    );
    return { employees, rates };
  },

  // ---------- recurring items ----------

  items: async (tx: Tx, tenantId: string, employeeId: string) =>
    (
      await tx.query<ItemDb>(
        `${SELECT_ITEM} WHERE tenant_id = $1 AND employee_id = $2 ORDER BY kind DESC, effective_from DESC, code`,
        [tenantId, employeeId],
      )
    ).map(toPayItem),

  async item(tx: Tx, tenantId: string, employeeId: string, id: string, forUpdate = false) {
    const [row] = await tx.query<ItemDb>(
      `${SELECT_ITEM} WHERE tenant_id = $1 AND employee_id = $2 AND id = $3${forUpdate ? ' FOR UPDATE' : ''}`,
      [tenantId, employeeId, id],
    );
    return row ? toPayItem(row) : null;
  },

  async insertItem(tx: Tx, tenantId: string, companyId: string, employeeId: string, v: unknown[]) {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO employee_pay_items (tenant_id, company_id, employee_id, kind, code, description, amount,
              taxable, de_minimis, effective_from, effective_to)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [tenantId, companyId, employeeId, ...v],
    );
    return row!.id;
  },

  async updateItem(tx: Tx, tenantId: string, id: string, rowVersion: number, v: unknown[]) {
    const rows = await tx.query(
      `UPDATE employee_pay_items SET kind = $4, code = $5, description = $6, amount = $7, taxable = $8,
              de_minimis = $9, effective_from = $10, effective_to = $11, row_version = row_version + 1
        WHERE tenant_id = $1 AND id = $2 AND row_version = $3 RETURNING id`,
      [tenantId, id, rowVersion, ...v],
    );
    return rows.length > 0;
  },

  async deleteItem(tx: Tx, tenantId: string, id: string) {
    await tx.query(`DELETE FROM employee_pay_items WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  },

  // ---------- loans ----------

  async loans(tx: Tx, tenantId: string, employeeId: string) {
    const rows = await tx.query<LoanDb>(
      `${SELECT_LOAN} WHERE l.tenant_id = $1 AND l.employee_id = $2 ORDER BY l.start_date DESC, l.created_at DESC`,
      [tenantId, employeeId],
    );
    const ledger = await this.ledger(
      tx,
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toLoan(r, ledger.get(r.id) ?? []));
  },

  async loan(tx: Tx, tenantId: string, employeeId: string, id: string, forUpdate = false) {
    if (forUpdate) {
      // Lock the bare loan row first (PostgreSQL refuses FOR UPDATE beside an aggregate).
      const locked = await tx.query(
        `SELECT 1 FROM employee_loans WHERE tenant_id = $1 AND employee_id = $2 AND id = $3 FOR UPDATE`,
        [tenantId, employeeId, id],
      );
      if (!locked.length) return null;
    }
    const [row] = await tx.query<LoanDb>(
      `${SELECT_LOAN} WHERE l.tenant_id = $1 AND l.employee_id = $2 AND l.id = $3`,
      [tenantId, employeeId, id],
    );
    if (!row) return null;
    const ledger = await this.ledger(tx, tenantId, [row.id]);
    return { loan: toLoan(row, ledger.get(row.id) ?? []), ledgerCount: row.ledger_count };
  },

  async ledger(tx: Tx, tenantId: string, loanIds: string[]) {
    const map = new Map<string, LoanLedgerEntry[]>();
    if (!loanIds.length) return map;
    const rows = await tx.query<{
      id: string;
      loan_id: string;
      entry_date: string;
      kind: 'Payment' | 'Adjustment';
      amount: string;
      payroll_period_id: string | null;
      remarks: string | null;
      created_at: Date;
    }>(
      `SELECT id, loan_id, entry_date::text AS entry_date, kind, amount::text AS amount, payroll_period_id,
              remarks, created_at
         FROM loan_ledger WHERE tenant_id = $1 AND loan_id = ANY($2::uuid[]) ORDER BY entry_date, created_at`,
      [tenantId, loanIds],
    );
    for (const r of rows) {
      const list = map.get(r.loan_id) ?? [];
      list.push({
        LoanLedgerEntryId: r.id,
        EntryDate: r.entry_date,
        Kind: r.kind,
        Amount: r.amount,
        PayrollPeriodId: r.payroll_period_id,
        Remarks: r.remarks,
        CreatedAt: iso(r.created_at)!,
      });
      map.set(r.loan_id, list);
    }
    return map;
  },

  async insertLoan(tx: Tx, tenantId: string, companyId: string, employeeId: string, v: unknown[]) {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO employee_loans (tenant_id, company_id, employee_id, loan_type_id, reference_number, principal,
              amortization, start_date, remarks)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [tenantId, companyId, employeeId, ...v],
    );
    return row!.id;
  },

  async updateLoan(tx: Tx, tenantId: string, id: string, rowVersion: number, v: unknown[]) {
    const rows = await tx.query(
      `UPDATE employee_loans SET loan_type_id = $4, reference_number = $5, principal = $6, amortization = $7,
              start_date = $8, remarks = $9, row_version = row_version + 1
        WHERE tenant_id = $1 AND id = $2 AND row_version = $3 RETURNING id`,
      [tenantId, id, rowVersion, ...v],
    );
    return rows.length > 0;
  },

  async setLoanStatus(tx: Tx, tenantId: string, id: string, status: string, remarks?: string | null) {
    await tx.query(
      `UPDATE employee_loans SET status = $3, remarks = coalesce($4, remarks), row_version = row_version + 1
        WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, status, remarks ?? null],
    );
  },

  async insertLedger(
    tx: Tx,
    tenantId: string,
    userId: string,
    loanId: string,
    entryDate: string,
    amount: string,
    remarks: string,
  ) {
    await tx.query(
      `INSERT INTO loan_ledger (tenant_id, loan_id, entry_date, kind, amount, remarks, created_by)
       VALUES ($1, $2, $3, 'Adjustment', $4, $5, $6)`,
      [tenantId, loanId, entryDate, amount, remarks, userId],
    );
  },

  // ---------- loan types ----------

  async listLoanTypes(
    tx: Tx,
    tenantId: string,
    companyId: string,
    req: ReturnType<typeof LoanTypeListRequest.parse>,
  ) {
    const where = new Conditions(tenantId, companyId).add('t.tenant_id = $1 AND t.company_id = $2');
    if (req.Search) where.add(`(t.name ILIKE $? OR t.code ILIKE $?)`, containsPattern(req.Search));
    if (req.IsActive !== undefined) where.add('t.is_active = $?', req.IsActive);
    const [total] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM loan_types t WHERE ${where.sql}`,
      where.params,
    );
    const page = pageClause(req, LOAN_TYPE_SORT, { sortBy: 'Name', tieBreaker: 't.id' }, where);
    const rows = await tx.query<LoanTypeDb>(`${SELECT_LOAN_TYPE} WHERE ${where.sql} ${page}`, where.params);
    return { Items: rows.map(toLoanType), TotalCount: total!.n };
  },

  loanTypeOptions: (tx: Tx, tenantId: string, companyId: string) =>
    tx.query<{ LoanTypeId: string; Code: string; Name: string; IsActive: boolean }>(
      `SELECT id AS "LoanTypeId", code AS "Code", name AS "Name", is_active AS "IsActive" FROM loan_types
        WHERE tenant_id = $1 AND company_id = $2 ORDER BY lower(name), id`,
      [tenantId, companyId],
    ),

  async loanType(tx: Tx, tenantId: string, companyId: string, id: string, forUpdate = false) {
    if (forUpdate) await lockCatalogEntry(tx, 'loan_types', tenantId, companyId, id);
    const [row] = await tx.query<LoanTypeDb>(
      `${SELECT_LOAN_TYPE} WHERE t.tenant_id = $1 AND t.company_id = $2 AND t.id = $3`,
      [tenantId, companyId, id],
    );
    return row ? toLoanType(row) : null;
  },

  loanTypeTaken: (
    tx: Tx,
    tenantId: string,
    companyId: string,
    code: string,
    name: string,
    exceptId?: string,
  ) => catalogCodeOrNameTaken(tx, 'loan_types', tenantId, companyId, code, name, exceptId),

  async insertLoanType(tx: Tx, tenantId: string, companyId: string, id: string, v: CreateLoanTypeRequest) {
    await tx.query(
      `INSERT INTO loan_types (tenant_id, company_id, id, code, name, agency, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [tenantId, companyId, id, v.Code, v.Name, v.Agency ?? 'Company', v.IsActive ?? true],
    );
  },

  async updateLoanType(tx: Tx, tenantId: string, id: string, rowVersion: number, v: CreateLoanTypeRequest) {
    const rows = await tx.query(
      `UPDATE loan_types SET code = $4, name = $5, agency = $6, is_active = $7, row_version = row_version + 1
        WHERE tenant_id = $1 AND id = $2 AND row_version = $3 RETURNING id`,
      [tenantId, id, rowVersion, v.Code, v.Name, v.Agency ?? 'Company', v.IsActive ?? true],
    );
    return rows.length > 0;
  },

  async deleteLoanType(tx: Tx, tenantId: string, id: string) {
    await tx.query(`DELETE FROM loan_types WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  },
};

function toLoan(r: LoanDb, ledger: LoanLedgerEntry[]): Loan {
  return {
    LoanId: r.id,
    EmployeeId: r.employee_id,
    LoanTypeId: r.loan_type_id,
    LoanTypeCode: r.loan_type_code,
    LoanTypeName: r.loan_type_name,
    ReferenceNumber: r.reference_number,
    Principal: r.principal,
    Amortization: r.amortization,
    StartDate: r.start_date,
    Status: r.status,
    Remarks: r.remarks,
    TotalPaid: r.total_paid,
    Balance: r.balance,
    Ledger: ledger,
    RowVersion: r.row_version,
    CreatedAt: iso(r.created_at)!,
  };
}

export const toPayRate = (r: RateDb, today: string, currentId: string | null): PayRate => ({
  PayRateId: r.id,
  EmployeeId: r.employee_id,
  EffectiveFrom: r.effective_from,
  RateType: r.rate_type,
  Rate: r.rate,
  HoursPerDay: r.hours_per_day,
  ColaPerDay: r.cola_per_day,
  Reason: r.reason,
  IsCurrent: r.id === currentId,
  IsFuture: r.effective_from > today,
  IsStartingRate: false,
  CreatedAt: iso(r.created_at),
});
