import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApplicationSettings, UpdateApplicationSettingsRequest, userTypeNames } from '@hrpay/contracts';
import { contextOf } from '../../lib/route-access.js';
import { applicationSettingsService as settings } from './service.js';

const tags = ['application-settings'];

export const applicationSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every screen may read its company's options (the time pickers' clock); only Payroll changes them.
  app.get('/api/v1/application-settings', {
    config: { access: { userTypes: userTypeNames } },
    schema: { tags, response: { 200: ApplicationSettings } },
    handler: (req) => settings.get(contextOf(req).tx, contextOf(req).user),
  });

  app.put('/api/v1/application-settings', {
    config: { access: { userTypes: ['PayrollUser'] as const, companyScoped: true } },
    schema: { tags, body: UpdateApplicationSettingsRequest, response: { 200: ApplicationSettings } },
    handler: (req) => settings.update(contextOf(req).tx, contextOf(req).user, req.body),
  });
};
