import type { PayrollGeneralSettings } from '@hrpay/contracts';
import type { UpdatePayrollGeneralSettingsRequest } from '@hrpay/contracts';

type ParsedUpdate = ReturnType<typeof UpdatePayrollGeneralSettingsRequest.parse>;
import type { Tx } from '../../db/database.js';

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
      first_cutoff_end_day: number;
      weekly_cutoff_end_dow: number;
      pay_date_lag_days: number;
      row_version: number;
      updated_at: Date;
    }>(
      `SELECT s.company_id, c.name AS company_name, c.pay_frequency, s.divisor, s.contribution_split, s.tax_method,
              s.weekly_contributions, s.minimum_net_pay::text AS minimum_net_pay, s.first_cutoff_end_day,
              s.weekly_cutoff_end_dow, s.pay_date_lag_days, s.row_version, s.updated_at
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
      FirstCutoffEndDay: r.first_cutoff_end_day,
      WeeklyCutoffEndDay: r.weekly_cutoff_end_dow,
      PayDateLagDays: r.pay_date_lag_days,
      RowVersion: r.row_version,
      UpdatedAt: new Date(r.updated_at).toISOString(),
    };
  },

  async update(tx: Tx, tenantId: string, companyId: string, input: ParsedUpdate) {
    const rows = await tx.query(
      `UPDATE payroll_settings SET divisor = $4, contribution_split = $5, tax_method = $6, weekly_contributions = $7,
              minimum_net_pay = $8, first_cutoff_end_day = $9, weekly_cutoff_end_dow = $10, pay_date_lag_days = $11,
              row_version = row_version + 1, updated_at = now()
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
      ],
    );
    return rows.length === 1;
  },
};
