import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateLookupRequest,
  IdParams,
  LOOKUP_KINDS,
  LookupItem,
  LookupExportRequest,
  LookupListRequest,
  LookupListResponse,
  lookupKinds,
  UpdateLookupRequest,
} from '@hrpay/contracts';
import { listPages, sendExport, writeExport, type ExportColumn } from '../../lib/export.js';
import { manilaToday } from '../../lib/manila.js';
import { contextOf } from '../../lib/route-access.js';
import { lookupService } from './service.js';

/** `/api/v1/positions/...` and `/api/v1/employment-statuses/...`: one shape for every simple list of HR. */
const LOOKUP_COLUMNS: ExportColumn<LookupItem>[] = [
  { header: 'Name', value: (l) => l.Name, width: 32 },
  { header: 'Employees', value: (l) => l.EmployeeCount },
  { header: 'Status', value: (l) => (l.IsActive ? 'Active' : 'Inactive') },
];

export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of lookupKinds) {
    const service = lookupService(kind);
    const hr = { userTypes: ['HRUser'] as const, companyScoped: true };
    const hrById = { ...hr, idOf: LOOKUP_KINDS[kind].table };
    const tags = ['lookups'];
    const base = `/api/v1/${kind}`;

    app.post(`${base}/list`, {
      config: { access: hr },
      schema: { tags, body: LookupListRequest, response: { 200: LookupListResponse } },
      handler: (req) => {
        const { tx, user } = contextOf(req);
        return service.list(tx, user, req.body);
      },
    });
    app.post(`${base}/export`, {
      config: { access: hr },
      schema: {
        tags,
        body: LookupExportRequest,
        response: { 200: z.unknown().describe('an XLSX or CSV file') },
      },
      handler: async (req, reply) => {
        const { tx, user } = contextOf(req);
        const pages = listPages((r) => service.list(tx, user, r), req.body);
        const path = await writeExport(req.body.Format, LOOKUP_KINDS[kind].title, LOOKUP_COLUMNS, pages);
        return sendExport(reply, path, req.body.Format, `${kind}-${manilaToday()}`);
      },
    });
    app.get(`${base}/:id`, {
      config: { access: hrById },
      schema: { tags, params: IdParams, response: { 200: LookupItem } },
      handler: (req) => {
        const { tx, user } = contextOf(req);
        return service.get(tx, user, req.params.id);
      },
    });
    app.post(base, {
      config: { access: hr },
      schema: { tags, body: CreateLookupRequest, response: { 201: LookupItem } },
      handler: async (req, reply) => {
        const { tx, user } = contextOf(req);
        return reply.code(201).send(await service.create(tx, user, req.body));
      },
    });
    app.put(`${base}/:id`, {
      config: { bodyIds: { Id: 'id' }, access: hrById },
      schema: { tags, params: IdParams, body: UpdateLookupRequest, response: { 200: LookupItem } },
      handler: (req) => {
        const { tx, user } = contextOf(req);
        return service.update(tx, user, req.params.id, req.body);
      },
    });
    app.delete(`${base}/:id`, {
      config: { access: hrById },
      schema: { tags, params: IdParams, response: { 200: z.object({ Message: z.string() }) } },
      handler: (req) => {
        const { tx, user } = contextOf(req);
        return service.remove(tx, user, req.params.id);
      },
    });
  }
};
