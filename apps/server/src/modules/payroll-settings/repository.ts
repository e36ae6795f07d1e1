import type {
  CreatePayComponentRequest,
  PayComponent,
  PayComponentListRequest,
  PayComponentOption,
  PayrollGeneralSettings,
  StatutoryRowKind,
  UpdatePayrollGeneralSettingsRequest,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { catalogCodeOrNameTaken, lockCatalogEntry } from '../../lib/company-catalog.js';
import { Conditions, containsPattern, pageClause } from '../../lib/lists.js';

type ParsedUpdate = ReturnType<typeof UpdatePayrollGeneralSettingsRequest.parse>;
type ParsedComponent = ReturnType<typeof CreatePayComponentRequest.parse>;

interface PayComponentDb {
  id: string;
  code: string;
  name: string;
  kind: PayComponent['Kind'];
  taxable: boolean;
  de_minimis: PayComponent['DeMinimis'];
  is_active: boolean;
  item_count: number;
  adjustment_count: number;
  row_version: number;
  created_at: Date;
}
export type PayComponentWithUsage = PayComponent & { ItemCount: number; AdjustmentCount: number };

const toPayComponent = (r: PayComponentDb): PayComponentWithUsage => ({
  PayComponentId: r.id,
  Code: r.code,
  Name: r.name,
  Kind: r.kind,
  Taxable: r.taxable,
  DeMinimis: r.de_minimis,
  IsActive: r.is_active,
  UsageCount: r.item_count + r.adjustment_count,
  ItemCount: r.item_count,
  AdjustmentCount: r.adjustment_count,
  RowVersion: r.row_version,
  CreatedAt: new Date(r.created_at).toISOString(),
});

// Recurring items and adjustments copy the code (free codes stay allowed), so a component is used by code.
const SELECT_PAY_COMPONENT = `SELECT c.id, c.code, c.name, c.kind, c.taxable, c.de_minimis, c.is_active,
    c.row_version, c.created_at,
    (SELECT count(*)::int FROM employee_pay_items i
      WHERE i.tenant_id = c.tenant_id AND i.company_id = c.company_id AND lower(i.code) = lower(c.code)) AS item_count,
    (SELECT count(*)::int FROM payroll_adjustments a
       JOIN payroll_periods p ON p.tenant_id = a.tenant_id AND p.id = a.payroll_period_id
      WHERE a.tenant_id = c.tenant_id AND p.company_id = c.company_id AND lower(a.code) = lower(c.code))
      AS adjustment_count
  FROM pay_components c`;

const PAY_COMPONENT_SORT = {
  Code: 'lower(c.code)',
  Name: 'lower(c.name)',
  Kind: 'c.kind',
  IsActive: 'c.is_active',
} as const;

/** A deduction is never taxable and a de minimis earning is exempt (the table's checks say the same). */
const componentValues = (v: ParsedComponent) => {
  const earning = v.Kind === 'Earning';
  const deMinimis = earning ? (v.DeMinimis ?? null) : null;
  return [v.Code, v.Name, v.Kind, earning && v.Taxable && !deMinimis, deMinimis, v.IsActive];
};

export interface StatutoryRowDb {
  id: string;
  kind: StatutoryRowKind;
  effective_from: string;
  source: string;
  payload: Record<string, string>;
  created_at: Date;
}
const SELECT_STATUTORY_ROW = `SELECT id, kind, effective_from::text AS effective_from, source, payload, created_at
  FROM company_statutory_tables`;

/** The SQL of a company's payroll settings: one row per company, made when the company is. */
export const payrollSettingsRepo = {
  async get(
    tx: Tx,
    tenantId: string,
    companyId: string,
    forUpdate = false,
  ): Promise<PayrollGeneralSettings | null> {
    const [r] = await tx.query<{
      company_id: string;
      company_name: string;
      pay_frequency: string | null;
      divisor: number;
      contribution_split: PayrollGeneralSettings['ContributionSplit'];
      tax_method: PayrollGeneralSettings['TaxMethod'];
      weekly_contributions: PayrollGeneralSettings['WeeklyContributions'];
      minimum_net_pay: string;
      minimum_daily_wage: string | null;
      first_cutoff_end_day: number;
      weekly_cutoff_end_dow: number;
      pay_date_lag_days: number;
      approver_must_differ: boolean;
      bpi_company_code: string | null;
      bpi_company_account: string | null;
      bdo_company_code: string | null;
      bdo_company_account: string | null;
      row_version: number;
      updated_at: Date;
    }>(
      `SELECT s.company_id, c.name AS company_name, c.pay_frequency, s.divisor, s.contribution_split, s.tax_method,
              s.weekly_contributions, s.minimum_net_pay::text AS minimum_net_pay,
              s.minimum_daily_wage::text AS minimum_daily_wage, s.first_cutoff_end_day,
              s.weekly_cutoff_end_dow, s.pay_date_lag_days, s.approver_must_differ, s.bpi_company_code,
              s.bpi_company_account, s.bdo_company_code, s.bdo_company_account, s.row_version, s.updated_at
         FROM payroll_settings s JOIN companies c ON c.tenant_id = s.tenant_id AND c.id = s.company_id
        WHERE s.tenant_id = $1 AND s.company_id = $2${forUpdate ? ' FOR UPDATE OF s' : ''}`,
      [tenantId, companyId],
    );
    if (!r) return null;
    return {
      CompanyId: r.company_id,
      CompanyName: r.company_name,
      PayFrequency: r.pay_frequency,
      Divisor: r.divisor,
      ContributionSplit: r.contribution_split,
      TaxMethod: r.tax_method,
      WeeklyContributions: r.weekly_contributions,
      MinimumNetPay: r.minimum_net_pay,
      MinimumDailyWage: r.minimum_daily_wage,
      FirstCutoffEndDay: r.first_cutoff_end_day,
      WeeklyCutoffEndDay: r.weekly_cutoff_end_dow,
      PayDateLagDays: r.pay_date_lag_days,
      ApproverMustDiffer: r.approver_must_differ,
      BpiCompanyCode: r.bpi_company_code,
      BpiCompanyAccount: r.bpi_company_account,
      BdoCompanyCode: r.bdo_company_code,
      BdoCompanyAccount: r.bdo_company_account,
      RowVersion: r.row_version,
      UpdatedAt: new Date(r.updated_at).toISOString(),
    };
  },

  async update(tx: Tx, tenantId: string, companyId: string, input: ParsedUpdate) {
    const rows = await tx.query(
      `UPDATE payroll_settings SET divisor = $4, contribution_split = $5, tax_method = $6, weekly_contributions = $7,
              minimum_net_pay = $8, first_cutoff_end_day = $9, weekly_cutoff_end_dow = $10, pay_date_lag_days = $11,
              minimum_daily_wage = $12, approver_must_differ = $13, bpi_company_code = $14, bpi_company_account = $15,
              bdo_company_code = $16, bdo_company_account = $17, row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND company_id = $2 AND row_version = $3 RETURNING company_id`,
      [
        tenantId,
        companyId,
        input.RowVersion,
        input.Divisor,
        input.ContributionSplit,
        input.TaxMethod,
        input.WeeklyContributions,
        input.MinimumNetPay,
        input.FirstCutoffEndDay,
        input.WeeklyCutoffEndDay,
        input.PayDateLagDays,
        input.MinimumDailyWage,
        input.ApproverMustDiffer,
        input.BpiCompanyCode,
        input.BpiCompanyAccount,
        input.BdoCompanyCode,
        input.BdoCompanyAccount,
      ],
    );
    return rows.length === 1;
  },

  // ---------- pay components ----------

  async listPayComponents(
    tx: Tx,
    tenantId: string,
    companyId: string,
    req: ReturnType<typeof PayComponentListRequest.parse>,
  ) {
    const where = new Conditions(tenantId, companyId).add('c.tenant_id = $1 AND c.company_id = $2');
    if (req.Search) where.add(`(c.name ILIKE $? OR c.code ILIKE $?)`, containsPattern(req.Search));
    if (req.Kind) where.add('c.kind = $?', req.Kind);
    if (req.IsActive !== undefined) where.add('c.is_active = $?', req.IsActive);
    const [total] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pay_components c WHERE ${where.sql}`,
      where.params,
    );
    const page = pageClause(req, PAY_COMPONENT_SORT, { sortBy: 'Name', tieBreaker: 'c.id' }, where);
    const rows = await tx.query<PayComponentDb>(
      `${SELECT_PAY_COMPONENT} WHERE ${where.sql} ${page}`,
      where.params,
    );
    return {
      Items: rows.map((r) => {
        const { ItemCount: _i, AdjustmentCount: _a, ...component } = toPayComponent(r);
        return component;
      }),
      TotalCount: total!.n,
    };
  },

  payComponentOptions: (tx: Tx, tenantId: string, companyId: string) =>
    tx.query<PayComponentOption>(
      `SELECT id AS "PayComponentId", code AS "Code", name AS "Name", kind AS "Kind", taxable AS "Taxable",
              de_minimis AS "DeMinimis"
         FROM pay_components WHERE tenant_id = $1 AND company_id = $2 AND is_active ORDER BY lower(name), id`,
      [tenantId, companyId],
    ),

  async payComponent(tx: Tx, tenantId: string, companyId: string, id: string, forUpdate = false) {
    if (forUpdate) await lockCatalogEntry(tx, 'pay_components', tenantId, companyId, id);
    const [row] = await tx.query<PayComponentDb>(
      `${SELECT_PAY_COMPONENT} WHERE c.tenant_id = $1 AND c.company_id = $2 AND c.id = $3`,
      [tenantId, companyId, id],
    );
    return row ? toPayComponent(row) : null;
  },

  payComponentTaken: (
    tx: Tx,
    tenantId: string,
    companyId: string,
    code: string,
    name: string,
    exceptId?: string,
  ) => catalogCodeOrNameTaken(tx, 'pay_components', tenantId, companyId, code, name, exceptId),

  async insertPayComponent(tx: Tx, tenantId: string, companyId: string, id: string, v: ParsedComponent) {
    await tx.query(
      `INSERT INTO pay_components (tenant_id, company_id, id, code, name, kind, taxable, de_minimis, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [tenantId, companyId, id, ...componentValues(v)],
    );
  },

  async updatePayComponent(tx: Tx, tenantId: string, id: string, rowVersion: number, v: ParsedComponent) {
    const rows = await tx.query(
      `UPDATE pay_components SET code = $4, name = $5, kind = $6, taxable = $7, de_minimis = $8, is_active = $9,
              row_version = row_version + 1
        WHERE tenant_id = $1 AND id = $2 AND row_version = $3 RETURNING id`,
      [tenantId, id, rowVersion, ...componentValues(v)],
    );
    return rows.length > 0;
  },

  async deletePayComponent(tx: Tx, tenantId: string, id: string) {
    await tx.query(`DELETE FROM pay_components WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  },

  // ---------- statutory table rows added by the company ----------

  statutoryRows: (tx: Tx, tenantId: string, companyId: string) =>
    tx.query<StatutoryRowDb>(
      `${SELECT_STATUTORY_ROW} WHERE tenant_id = $1 AND company_id = $2 ORDER BY kind, effective_from`,
      [tenantId, companyId],
    ),

  async statutoryRow(tx: Tx, tenantId: string, companyId: string, id: string) {
    const [row] = await tx.query<StatutoryRowDb>(
      `${SELECT_STATUTORY_ROW} WHERE tenant_id = $1 AND company_id = $2 AND id = $3 FOR UPDATE`,
      [tenantId, companyId, id],
    );
    return row ?? null;
  },

  async insertStatutoryRow(
    tx: Tx,
    tenantId: string,
    companyId: string,
    userId: string,
    v: { kind: StatutoryRowKind; effectiveFrom: string; source: string; payload: Record<string, string> },
  ) {
    const [row] = await tx.query<StatutoryRowDb>(
      `INSERT INTO company_statutory_tables (tenant_id, company_id, kind, effective_from, source, payload, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING id, kind, effective_from::text AS effective_from, source, payload, created_at`,
      [tenantId, companyId, v.kind, v.effectiveFrom, v.source, JSON.stringify(v.payload), userId],
    );
    return row!;
  },

  async deleteStatutoryRow(tx: Tx, tenantId: string, id: string) {
    await tx.query(`DELETE FROM company_statutory_tables WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  },
};
