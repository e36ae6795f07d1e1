import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatePayComponentRequest,
  CreateStatutoryRowRequest,
  IdParams,
  PayComponent,
  PayComponentListRequest,
  PayComponentListResponse,
  PayComponentOptionsResponse,
  PayrollGeneralSettings,
  StatutoryRow,
  StatutoryTables,
  UpdatePayComponentRequest,
  UpdatePayrollGeneralSettingsRequest,
} from '@hrpay/contracts';
import { contextOf } from '../../lib/route-access.js';
import { payrollSettingsService as settings } from './service.js';

const payroll = { userTypes: ['PayrollUser'] as const, companyScoped: true };
const tags = ['payroll-settings'];
const Message = z.object({ Message: z.string() });

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
    handler: (req) => settings.statutoryTables(contextOf(req).tx, contextOf(req).user),
  });

  // A company's own edition of a table for a future month, checked by the engine before it is stored.
  app.post('/api/v1/payroll/settings/statutory-tables', {
    config: { access: payroll },
    schema: { tags, body: CreateStatutoryRowRequest, response: { 201: StatutoryRow } },
    handler: async (req, reply) =>
      reply.code(201).send(await settings.addStatutoryRow(contextOf(req).tx, contextOf(req).user, req.body)),
  });

  app.delete('/api/v1/payroll/settings/statutory-tables/:id', {
    config: { access: { ...payroll, idOf: 'company_statutory_tables' } },
    schema: { tags, params: IdParams, response: { 200: Message } },
    handler: (req) => settings.removeStatutoryRow(contextOf(req).tx, contextOf(req).user, req.params.id),
  });

  // ---------- pay components (payroll settings tab) ----------
  const components = '/api/v1/pay-components';
  const byComponent = { ...payroll, idOf: 'pay_components' };
  const componentTags = ['pay-components'];

  app.post(`${components}/list`, {
    config: { access: payroll },
    schema: {
      tags: componentTags,
      body: PayComponentListRequest,
      response: { 200: PayComponentListResponse },
    },
    handler: (req) => settings.listPayComponents(contextOf(req).tx, contextOf(req).user, req.body),
  });

  app.get(`${components}/options`, {
    config: { access: payroll },
    schema: { tags: componentTags, response: { 200: PayComponentOptionsResponse } },
    handler: (req) => settings.payComponentOptions(contextOf(req).tx, contextOf(req).user),
  });

  app.get(`${components}/:id`, {
    config: { access: byComponent },
    schema: { tags: componentTags, params: IdParams, response: { 200: PayComponent } },
    handler: (req) => settings.getPayComponent(contextOf(req).tx, contextOf(req).user, req.params.id),
  });

  app.post(components, {
    config: { access: payroll },
    schema: { tags: componentTags, body: CreatePayComponentRequest, response: { 201: PayComponent } },
    handler: async (req, reply) =>
      reply
        .code(201)
        .send(await settings.createPayComponent(contextOf(req).tx, contextOf(req).user, req.body)),
  });

  app.put(`${components}/:id`, {
    config: { bodyIds: { PayComponentId: 'id' }, access: byComponent },
    schema: {
      tags: componentTags,
      params: IdParams,
      body: UpdatePayComponentRequest,
      response: { 200: PayComponent },
    },
    handler: (req) =>
      settings.updatePayComponent(contextOf(req).tx, contextOf(req).user, req.params.id, req.body),
  });

  app.delete(`${components}/:id`, {
    config: { access: byComponent },
    schema: { tags: componentTags, params: IdParams, response: { 200: Message } },
    handler: (req) => settings.removePayComponent(contextOf(req).tx, contextOf(req).user, req.params.id),
  });
};
