import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PayrollGeneralSettings,
  StatutoryTables,
  UpdatePayrollGeneralSettingsRequest,
} from '@hrpay/contracts';
import { contextOf } from '../../lib/route-access.js';
import { payrollSettingsService as settings } from './service.js';

const payroll = { userTypes: ['PayrollUser'] as const, companyScoped: true };
const tags = ['payroll-settings'];

export const payrollSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/v1/payroll/settings/general', {
    config: { access: payroll },
    schema: { tags, response: { 200: PayrollGeneralSettings } },
    handler: (req) => settings.general(contextOf(req).tx, contextOf(req).user),
  });

  app.put('/api/v1/payroll/settings/general', {
    config: { access: payroll },
    schema: { tags, body: UpdatePayrollGeneralSettingsRequest, response: { 200: PayrollGeneralSettings } },
    handler: (req) => settings.updateGeneral(contextOf(req).tx, contextOf(req).user, req.body),
  });

  app.get('/api/v1/payroll/settings/statutory-tables', {
    config: { access: payroll },
    schema: { tags, response: { 200: StatutoryTables } },
    handler: () => settings.statutoryTables(),
  });
};
