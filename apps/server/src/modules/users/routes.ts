import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateUserRequest,
  IdParams,
  MessageResponse,
  UpdateUserRequest,
  User,
  UserExportRequest,
  UserListRequest,
  UserListResponse,
  UserListSegment,
} from '@hrpay/contracts';
import { sendExport } from '../../lib/export.js';
import type { Mailer } from '../../lib/mailer.js';
import { manilaToday } from '../../lib/manila.js';
import { contextOf } from '../../lib/route-access.js';
import type { AuthService } from '../auth/service.js';
import { createUsersService } from './service.js';

// The Admin keeps the users of its tenant; the rules live in the service.
const admin = { userTypes: ['Admin'] as const };
const adminById = { userTypes: ['Admin'] as const, idOf: 'users' };
const tags = ['users'];
const segmentParams = z.object({ segment: UserListSegment });

export const userRoutes: FastifyPluginAsyncZod<{ auth: AuthService; mailer: Mailer }> = async (
  app,
  { auth, mailer },
) => {
  const users = createUsersService({ auth, mailer });

  // Every user of the tenant in the filter on screen (the page's company, if one, is a filter of the list).
  app.post('/api/v1/users/export/:segment', {
    config: { access: { ...admin, idOf: 'companies' } },
    schema: {
      tags,
      params: segmentParams,
      body: UserExportRequest,
      response: { 200: z.unknown().describe('an XLSX or CSV file') },
    },
    handler: async (req, reply) => {
      const path = await users.exportFile(contextOf(req), req.params.segment, req.body);
      return sendExport(reply, path, req.body.Format, `users-${manilaToday()}`);
    },
  });

  app.post('/api/v1/users/list/:segment', {
    config: { access: { ...admin, idOf: 'companies' } },
    schema: { tags, params: segmentParams, body: UserListRequest, response: { 200: UserListResponse } },
    handler: (req) => users.list(contextOf(req), req.params.segment, req.body),
  });

  app.get('/api/v1/users/:id', {
    config: { access: adminById },
    schema: { tags, params: IdParams, response: { 200: User } },
    handler: (req) => users.get(contextOf(req), req.params.id),
  });

  app.post('/api/v1/users', {
    config: { access: admin },
    schema: { tags, body: CreateUserRequest, response: { 201: User } },
    handler: async (req, reply) => reply.code(201).send(await users.create(contextOf(req), req.body)),
  });

  app.put('/api/v1/users/:id', {
    config: { access: adminById },
    schema: { tags, params: IdParams, body: UpdateUserRequest, response: { 200: User } },
    handler: (req) => users.update(contextOf(req), req.params.id, req.body),
  });

  app.delete('/api/v1/users/:id', {
    config: { access: adminById },
    schema: { tags, params: IdParams, response: { 200: MessageResponse } },
    handler: (req) => users.remove(contextOf(req), req.params.id),
  });

  app.post('/api/v1/users/:id/resend-invitation', {
    config: { access: adminById },
    schema: { tags, params: IdParams, response: { 200: MessageResponse } },
    handler: (req) => users.resendInvitation(contextOf(req), req.params.id),
  });
};
