import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateLeaveRequest,
  CreateOvertimeRequest,
  CreateUndertimeRequest,
  IdParams,
  PendingRequestCounts,
  PortalToday,
  RejectRequest,
  REQUEST_SEGMENTS,
  REQUEST_KINDS,
  ReviewRequest,
  TimeRequest,
  TimeRequestListRequest,
  TimeRequestListResponse,
  UndertimeDetails,
  type RequestKind,
} from '@hrpay/contracts';
import type { Mailer } from '../../lib/mailer.js';
import { contextOf } from '../../lib/route-access.js';
import { createRequestsService, portalToday } from './service.js';

// HR files for and reviews anyone of its company; a portal user files their own and reviews those routed to them.
const access = { userTypes: ['HRUser', 'PortalUser'] as const, companyScoped: true };
/** The view of one kind, so an :id names a request of that kind (the route matrix probes it). */
const VIEWS = {
  Leave: 'leave_requests',
  Overtime: 'overtime_requests',
  Undertime: 'undertime_requests',
} as const;
const byId = (kind: RequestKind) => ({ ...access, idOf: VIEWS[kind] });

export const requestRoutes: FastifyPluginAsyncZod<{ mailer: Mailer; appBaseUrl?: string }> = async (
  app,
  { mailer, appBaseUrl },
) => {
  const requests = createRequestsService({ mailer, appBaseUrl });

  for (const kind of REQUEST_KINDS) {
    const base = `/api/v1/${REQUEST_SEGMENTS[kind]}`;
    const tags = [REQUEST_SEGMENTS[kind]];

    app.post(`${base}/list`, {
      config: { access },
      schema: { tags, body: TimeRequestListRequest, response: { 200: TimeRequestListResponse } },
      handler: (req) => requests.list(contextOf(req).tx, contextOf(req).user, kind, req.body),
    });

    app.get(`${base}/:id`, {
      config: { access: byId(kind) },
      schema: { tags, params: IdParams, response: { 200: TimeRequest } },
      handler: (req) => requests.get(contextOf(req).tx, contextOf(req).user, kind, req.params.id),
    });

    for (const [action, body] of [
      ['approve', ReviewRequest],
      ['reject', RejectRequest],
      ['cancel', ReviewRequest],
    ] as const) {
      app.post(`${base}/:id/${action}`, {
        config: { access: byId(kind) },
        schema: { tags, params: IdParams, body, response: { 200: TimeRequest } },
        handler: (req) =>
          requests[action](
            contextOf(req),
            kind,
            req.params.id,
            req.body as { RowVersion: number; Remarks: string },
          ),
      });
    }
  }

  const fileRoute = <K extends RequestKind>(kind: K) => ({
    base: `/api/v1/${REQUEST_SEGMENTS[kind]}`,
    tags: [REQUEST_SEGMENTS[kind]],
  });

  const leave = fileRoute('Leave');
  app.post(leave.base, {
    config: { access },
    schema: { tags: leave.tags, body: CreateLeaveRequest, response: { 201: TimeRequest } },
    handler: async (req, reply) => reply.code(201).send(await requests.fileLeave(contextOf(req), req.body)),
  });
  const ot = fileRoute('Overtime');
  app.post(ot.base, {
    config: { access },
    schema: { tags: ot.tags, body: CreateOvertimeRequest, response: { 201: TimeRequest } },
    handler: async (req, reply) =>
      reply.code(201).send(await requests.fileOvertime(contextOf(req), req.body)),
  });
  const ut = fileRoute('Undertime');
  app.post(ut.base, {
    config: { access },
    schema: { tags: ut.tags, body: CreateUndertimeRequest, response: { 201: TimeRequest } },
    handler: async (req, reply) =>
      reply.code(201).send(await requests.fileUndertime(contextOf(req), req.body)),
  });

  app.get(`${ut.base}/:id/details`, {
    config: { access: byId('Undertime') },
    schema: { tags: ut.tags, params: IdParams, response: { 200: UndertimeDetails } },
    handler: (req) => requests.undertimeDetails(contextOf(req).tx, contextOf(req).user, req.params.id),
  });

  app.get('/api/v1/requests/pending-counts', {
    config: { access },
    schema: { tags: ['requests'], response: { 200: PendingRequestCounts } },
    handler: (req) => requests.pendingCounts(contextOf(req).tx, contextOf(req).user),
  });

  app.get('/api/v1/portal/today', {
    config: { access: { userTypes: ['PortalUser'] as const } },
    schema: { tags: ['portal'], response: { 200: PortalToday } },
    handler: (req) => portalToday(contextOf(req).tx, contextOf(req).user),
  });
};
