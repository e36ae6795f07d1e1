import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Company,
  CompanyExportRequest,
  CompanyListRequest,
  CompanyListResponse,
  CompanyOptionsResponse,
  CreateCompanyRequest,
  DeleteCompanyResponse,
  IdParams,
  UpdateCompanyRequest,
} from '@hrpay/contracts';
import { sendExport } from '../../lib/export.js';
import { manilaToday } from '../../lib/manila.js';
import { contextOf } from '../../lib/route-access.js';
import { companiesService as companies } from './service.js';

// The Admin keeps the companies of its tenant; the rules live in the service.
const admin = { userTypes: ['Admin'] as const };
const adminById = { userTypes: ['Admin'] as const, idOf: 'companies' };
const tags = ['companies'];

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/v1/companies/export', {
    config: { access: admin },
    schema: {
      tags,
      body: CompanyExportRequest,
      response: { 200: z.unknown().describe('an XLSX or CSV file') },
    },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      const path = await companies.exportFile(tx, user, req.body);
      return sendExport(reply, path, req.body.Format, `companies-${manilaToday()}`);
    },
  });

  app.post('/api/v1/companies/list', {
    config: { access: admin },
    schema: { tags, body: CompanyListRequest, response: { 200: CompanyListResponse } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return companies.list(tx, user, req.body);
    },
  });

  app.get('/api/v1/companies/options', {
    config: { access: admin },
    schema: { tags, response: { 200: CompanyOptionsResponse } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return companies.options(tx, user);
    },
  });

  app.get('/api/v1/companies/:id', {
    config: { access: adminById },
    schema: { tags, params: IdParams, response: { 200: Company } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return companies.get(tx, user, req.params.id);
    },
  });

  app.post('/api/v1/companies', {
    config: { access: admin },
    schema: { tags, body: CreateCompanyRequest, response: { 201: Company } },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      return reply.code(201).send(await companies.create(tx, user, req.body));
    },
  });

  app.put('/api/v1/companies/:id', {
    config: { access: adminById },
    schema: { tags, params: IdParams, body: UpdateCompanyRequest, response: { 200: Company } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return companies.update(tx, user, req.params.id, req.body);
    },
  });

  app.delete('/api/v1/companies/:id', {
    config: { access: adminById },
    schema: { tags, params: IdParams, response: { 200: DeleteCompanyResponse } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return companies.remove(tx, user, req.params.id);
    },
  });
};
