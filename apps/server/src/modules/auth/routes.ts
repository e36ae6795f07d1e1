import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountSetupRequest,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  RefreshRequest,
  RefreshResponse,
  ResetPasswordRequest,
  userTypeNames,
} from '@hrpay/contracts';
import { contextOf } from '../../lib/route-access.js';
import type { AuthService } from './service.js';

const anyUser = { userTypes: userTypeNames };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post('/api/v1/users/login', {
    config: { access: { public: true } },
    schema: { tags: ['auth'], body: LoginRequest, response: { 200: LoginResponse } },
    handler: (req) => auth.login(req.body, req.ip),
  });

  app.post('/api/v1/users/refresh-token', {
    config: { access: { public: true } },
    schema: { tags: ['auth'], body: RefreshRequest, response: { 200: RefreshResponse } },
    handler: async (req, reply) => {
      const token = await auth.refresh(req.body.refreshToken, req.ip);
      // Fastify sends a bare string as text; the contract is a JSON string, so serialise it here.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(token));
    },
  });

  app.post('/api/v1/users/logout', {
    config: { access: anyUser },
    schema: { tags: ['auth'], response: { 204: z.null() } },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      await auth.logout(tx, user);
      reply.code(204);
      return null;
    },
  });

  app.post('/api/v1/users/change-password', {
    config: { access: anyUser },
    // Counted after authentication and before the body's current password is checked (issue 13, item 7).
    onRequest: async (req) => auth.reserveChangePassword(req.claims!.sub),
    schema: { tags: ['auth'], body: ChangePasswordRequest, response: { 200: MessageResponse } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return auth.changePassword(tx, user, req.body);
    },
  });

  app.post('/api/v1/users/forgot-password', {
    config: { access: { public: true } },
    schema: { tags: ['auth'], body: ForgotPasswordRequest, response: { 200: MessageResponse } },
    handler: (req) => auth.forgotPassword(req.body, req.ip),
  });

  app.post('/api/v1/users/reset-password', {
    config: { access: { public: true } },
    schema: { tags: ['auth'], body: ResetPasswordRequest, response: { 200: MessageResponse } },
    handler: (req) => auth.setPasswordWithLink('reset', req.body, req.ip),
  });

  app.post('/api/v1/users/account-setup', {
    config: { access: { public: true } },
    schema: { tags: ['auth'], body: AccountSetupRequest, response: { 200: MessageResponse } },
    handler: (req) => auth.setPasswordWithLink('invite', req.body, req.ip),
  });
};
