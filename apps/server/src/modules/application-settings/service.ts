import type { ApplicationSettings, UpdateApplicationSettingsRequest } from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { refuseAnotherCompanysBody } from '../../lib/body-ids.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { applicationSettingsRepo as repo } from './repository.js';

const STALE =
  'The settings were changed by someone else since you opened them. Reload to see the latest version.';

/** The signed-in user's company's application settings; everyone reads them, Payroll keeps them. */
export const applicationSettingsService = {
  async get(tx: Tx, user: CurrentUser, forUpdate = false): Promise<ApplicationSettings> {
    const settings = await repo.get(tx, user.tenantId, user.companyId, forUpdate);
    if (!settings) throw problems.notFound('The company has no settings.');
    return settings;
  },

  async update(tx: Tx, user: CurrentUser, input: UpdateApplicationSettingsRequest) {
    refuseAnotherCompanysBody(input, user.companyId);
    const before = await this.get(tx, user, true);
    if (
      before.RowVersion !== input.RowVersion ||
      !(await repo.update(tx, user.tenantId, user.companyId, input))
    ) {
      throw problems.stale(STALE);
    }
    const after = await this.get(tx, user);
    await writeAudit(tx, user, {
      entity: 'application-settings',
      entityId: user.companyId,
      action: 'update',
      before,
      after,
    });
    return after;
  },
};
