import { DEFAULT_TABLES } from '@hrpay/payroll';
import type {
  PayrollGeneralSettings,
  StatutoryTables,
  UpdatePayrollGeneralSettingsRequest,
} from '@hrpay/contracts';

type ParsedUpdate = ReturnType<typeof UpdatePayrollGeneralSettingsRequest.parse>;
import type { Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { payrollSettingsRepo as repo } from './repository.js';

const STALE =
  'The payroll settings were changed by someone else since you opened them. Reload to see the latest version.';

/** The engine's tables, newest first in each list, as the settings page shows them (read-only). */
const rows = <T extends object>(tables: readonly T[]) =>
  [...tables].reverse().map((t) => ({ ...t }) as Record<string, unknown>);
const STATUTORY: StatutoryTables = {
  Sss: rows(DEFAULT_TABLES.sss),
  PhilHealth: rows(DEFAULT_TABLES.philhealth),
  PagIbig: rows(DEFAULT_TABLES.pagibig),
  Withholding: rows(DEFAULT_TABLES.withholding),
  AnnualTax: rows(DEFAULT_TABLES.annualIncomeTax),
  BenefitsCeiling: rows(DEFAULT_TABLES.benefitsCeiling),
  DeMinimis: rows(DEFAULT_TABLES.deMinimis),
  Premiums: rows(DEFAULT_TABLES.premiums),
};

/** Payroll settings of the signed-in Payroll user's company. */
export const payrollSettingsService = {
  async general(tx: Tx, user: CurrentUser, forUpdate = false): Promise<PayrollGeneralSettings> {
    const settings = await repo.get(tx, user.tenantId, user.companyId, forUpdate);
    if (!settings) throw problems.notFound('The company has no payroll settings.');
    return settings;
  },

  async updateGeneral(tx: Tx, user: CurrentUser, input: ParsedUpdate) {
    const before = await this.general(tx, user, true);
    if (
      before.RowVersion !== input.RowVersion ||
      !(await repo.update(tx, user.tenantId, user.companyId, input))
    ) {
      throw problems.stale(STALE);
    }
    const after = await this.general(tx, user);
    await writeAudit(tx, user, {
      entity: 'payroll-settings',
      entityId: user.companyId,
      action: 'update',
      before,
      after,
    });
    return after;
  },

  statutoryTables: (): StatutoryTables => STATUTORY,
};
