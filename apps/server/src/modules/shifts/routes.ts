import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateShiftRequest,
  IdParams,
  Shift,
  ShiftListRequest,
  ShiftListResponse,
  UpdateShiftRequest,
} from '@hrpay/contracts';
import { contextOf } from '../../lib/route-access.js';
import { shiftsService as shifts } from './service.js';

const hr = { userTypes: ['HRUser'] as const, companyScoped: true };
const hrById = { ...hr, idOf: 'shifts' };
const tags = ['shifts'];

export const shiftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/v1/shifts/list', {
    config: { access: hr },
    schema: { tags, body: ShiftListRequest, response: { 200: ShiftListResponse } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return shifts.list(tx, user, req.body);
    },
  });
  app.get('/api/v1/shifts/:id', {
    config: { access: hrById },
    schema: { tags, params: IdParams, response: { 200: Shift } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return shifts.get(tx, user, req.params.id);
    },
  });
  app.post('/api/v1/shifts', {
    config: { access: hr },
    schema: { tags, body: CreateShiftRequest, response: { 201: Shift } },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      return reply.code(201).send(await shifts.create(tx, user, req.body));
    },
  });
  app.put('/api/v1/shifts/:id', {
    config: { access: hrById },
    schema: { tags, params: IdParams, body: UpdateShiftRequest, response: { 200: Shift } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return shifts.update(tx, user, req.params.id, req.body);
    },
  });
  app.delete('/api/v1/shifts/:id', {
    config: { access: hrById },
    schema: { tags, params: IdParams, response: { 200: z.object({ Message: z.string() }) } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return shifts.remove(tx, user, req.params.id);
    },
  });
};
