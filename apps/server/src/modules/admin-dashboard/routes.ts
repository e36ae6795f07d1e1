import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminDashboard } from '@hrpay/contracts';
import { contextOf } from '../../lib/route-access.js';
import type { EmployeeImportService } from '../employee-import/service.js';
import { adminDashboard } from './service.js';

export const adminDashboardRoutes: FastifyPluginAsyncZod<{ imports: EmployeeImportService }> = async (
  app,
  { imports },
) => {
  app.get('/api/v1/admin/dashboard', {
    config: { access: { userTypes: ['Admin'] } },
    schema: { tags: ['admin'], response: { 200: AdminDashboard } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return adminDashboard(tx, user, imports);
    },
  });
};
