import type { ApplicationSettings, UpdateApplicationSettingsRequest } from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';

/** The SQL of a company's application settings: one row per company, made when the company is. */
export const applicationSettingsRepo = {
  async get(
    tx: Tx,
    tenantId: string,
    companyId: string,
    forUpdate = false,
  ): Promise<ApplicationSettings | null> {
    const [row] = await tx.query<{
      company_id: string;
      company_name: string;
      time_format: ApplicationSettings['TimeFormat'];
      payslip_footer: string | null;
      payslip_signatory_name: string | null;
      payslip_signatory_title: string | null;
      payslip_password_protected: boolean;
      mail_sender_name: string | null;
      row_version: number;
      updated_at: Date;
    }>(
      `SELECT s.company_id, c.name AS company_name, s.time_format, s.payslip_footer, s.payslip_signatory_name,
              s.payslip_signatory_title, s.payslip_password_protected, s.mail_sender_name, s.row_version, s.updated_at
         FROM application_settings s JOIN companies c ON c.tenant_id = s.tenant_id AND c.id = s.company_id
        WHERE s.tenant_id = $1 AND s.company_id = $2${forUpdate ? ' FOR UPDATE OF s' : ''}`,
      [tenantId, companyId],
    );
    if (!row) return null;
    return {
      CompanyId: row.company_id,
      CompanyName: row.company_name,
      TimeFormat: row.time_format,
      PayslipFooter: row.payslip_footer,
      PayslipSignatoryName: row.payslip_signatory_name,
      PayslipSignatoryTitle: row.payslip_signatory_title,
      PayslipPasswordProtected: row.payslip_password_protected,
      MailSenderName: row.mail_sender_name,
      RowVersion: row.row_version,
      UpdatedAt: new Date(row.updated_at).toISOString(),
    };
  },

  async update(tx: Tx, tenantId: string, companyId: string, input: UpdateApplicationSettingsRequest) {
    const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
    const rows = await tx.query(
      `UPDATE application_settings SET time_format = $4, payslip_footer = $5, payslip_signatory_name = $6,
              payslip_signatory_title = $7, payslip_password_protected = $8, mail_sender_name = $9,
              row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND company_id = $2 AND row_version = $3 RETURNING company_id`,
      [
        tenantId,
        companyId,
        input.RowVersion,
        input.TimeFormat ?? '24h',
        text(input.PayslipFooter),
        text(input.PayslipSignatoryName),
        text(input.PayslipSignatoryTitle),
        input.PayslipPasswordProtected ?? false,
        text(input.MailSenderName),
      ],
    );
    return rows.length === 1;
  },
};
