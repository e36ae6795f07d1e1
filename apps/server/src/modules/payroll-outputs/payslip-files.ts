import { ProblemTypes } from '@hrpay/contracts';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tx } from '../../db/database.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { applicationSettingsService } from '../application-settings/service.js';
import { writePayslipsPdf } from '../payroll-documents/payslip-pdf.js';
import { documentsSource, type SourcedPayslip } from './documents-source.js';

/** The most payslips one PDF holds: a bigger company downloads them per department or employee. */
export const PAYSLIP_PDF_MAX = 5_000;

/** The password a protected payslip opens with: the employee's birth date as YYYYMMDD (application settings). */
const passwordOf = (p: SourcedPayslip) => p.employee.birthDate?.replaceAll('-', '') ?? undefined;

/**
 * Writes the finalised payslips of a period (all, or one employee's) to a temporary PDF and answers its path;
 * the caller streams it and the stream's close removes it. The footer and signatory come from the company's
 * application settings; a single employee's payslip is encrypted with their birth date when the settings say so.
 */
export async function payslipsPdf(
  tx: Tx,
  user: CurrentUser,
  scope: { periodId: string; employeeId?: string },
): Promise<{ path: string; fileName: string }> {
  const company = await documentsSource.company(tx, user.tenantId, user.companyId);
  const period = await documentsSource.period(tx, user.tenantId, user.companyId, scope.periodId);
  if (!company || !period) throw problems.notFound();
  if (period.status !== 'Finalised' && period.status !== 'Paid')
    throw problems.conflict('Payslips are released when the period is finalised.', ProblemTypes.invalidState);
  const entries: SourcedPayslip[] = [];
  await documentsSource.eachBatch(tx, user.tenantId, user.companyId, scope, async (batch) => {
    entries.push(...batch);
    if (entries.length > PAYSLIP_PDF_MAX)
      throw problems.badRequest(
        `A PDF holds at most ${PAYSLIP_PDF_MAX} payslips; download them per employee.`,
      );
  });
  if (entries.length === 0) throw problems.notFound();
  const settings = await applicationSettingsService.get(tx, user);
  const signatory = [settings.PayslipSignatoryName, settings.PayslipSignatoryTitle]
    .filter(Boolean)
    .join(', ');
  const path = join(tmpdir(), `hrpay-payslips-${randomUUID()}.pdf`);
  const one = scope.employeeId ? entries[0] : undefined;
  await writePayslipsPdf(createWriteStream(path), company, entries, {
    footer: settings.PayslipFooter ?? undefined,
    signatory: signatory || undefined,
    userPassword: one && settings.PayslipPasswordProtected ? passwordOf(one) : undefined,
  });
  const who = one ? `-${one.employee.employeeNumber}` : '';
  return { path, fileName: `payslips-${period.name.replace(/[^\w.-]+/g, '-')}${who}` };
}
