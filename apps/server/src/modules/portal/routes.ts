import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmployeeBasicInfo, PortalDashboard, userTypeNames } from '@hrpay/contracts';
import type { Mailer } from '../../lib/mailer.js';
import { contextOf } from '../../lib/route-access.js';
import { createRequestsService } from '../requests/service.js';
import { portalService as portal } from './service.js';

export const portalRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, { mailer }) => {
  const requests = createRequestsService({ mailer });

  // The profile card of every signed-in user reads this; it only ever answers the caller's own employee.
  app.get('/api/v1/portal/employees/basic-info', {
    config: { access: { userTypes: userTypeNames } },
    schema: { tags: ['portal'], response: { 200: EmployeeBasicInfo } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return portal.basicInfo(tx, user);
    },
  });

  // The portal dashboard's one call on load: the caller's own day, balances, requests and latest payslip.
  app.get('/api/v1/portal/dashboard', {
    config: { access: { userTypes: ['PortalUser'] as const } },
    schema: { tags: ['portal'], response: { 200: PortalDashboard } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return portal.dashboard(tx, user, requests);
    },
  });
};
