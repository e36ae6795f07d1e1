import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmployeeBasicInfo, userTypeNames } from '@hrpay/contracts';
import { contextOf } from '../../lib/route-access.js';
import { portalService as portal } from './service.js';

export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  // The profile card of every signed-in user reads this; it only ever answers the caller's own employee.
  app.get('/api/v1/portal/employees/basic-info', {
    config: { access: { userTypes: userTypeNames } },
    schema: { tags: ['portal'], response: { 200: EmployeeBasicInfo } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return portal.basicInfo(tx, user);
    },
  });
};
