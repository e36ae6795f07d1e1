import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PayrollDashboard, PortalPayslipDetail, PortalPayslipList } from '@hrpay/contracts';
import type { Mailer } from '../../lib/mailer.js';
import { sendExport } from '../../lib/export.js';
import { contextOf } from '../../lib/route-access.js';
import { payrollOutputsService as outputs } from './service.js';

const payroll = { userTypes: ['PayrollUser'] as const, companyScoped: true };
const portal = { userTypes: ['PortalUser'] as const };
const PdfFile = z.unknown().describe('a PDF file');

export const payrollOutputsRoutes: FastifyPluginAsyncZod<{ mailer: Mailer; appBaseUrl: string }> = async (
  app,
  { mailer, appBaseUrl },
) => {
  app.get('/api/v1/payroll/dashboard', {
    config: { access: payroll },
    schema: { tags: ['payroll-dashboard'], response: { 200: PayrollDashboard } },
    handler: (req) => outputs.dashboard(contextOf(req).tx, contextOf(req).user),
  });

  // The portal answers only the caller's own payslips of finalised periods.
  app.get('/api/v1/portal/payslips', {
    config: { access: portal },
    schema: { tags: ['portal'], response: { 200: PortalPayslipList } },
    handler: async (req) => ({ Items: await outputs.myPayslips(contextOf(req).tx, contextOf(req).user) }),
  });

  app.get('/api/v1/portal/payslips/:id', {
    config: { access: { ...portal, idOf: 'payslips' } },
    schema: { tags: ['portal'], params: z.object({ id: z.uuid() }), response: { 200: PortalPayslipDetail } },
    handler: (req) => outputs.myPayslip(contextOf(req).tx, contextOf(req).user, req.params.id),
  });

  app.get('/api/v1/portal/payslips/:id/pdf', {
    config: { access: { ...portal, idOf: 'payslips' } },
    schema: { tags: ['portal'], params: z.object({ id: z.uuid() }), response: { 200: PdfFile } },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      const file = await outputs.myPayslipPdf(tx, user, req.params.id);
      return sendExport(reply, file.path, 'pdf', file.fileName);
    },
  });

  app.get('/api/v1/payroll-periods/:id/payslips-pdf', {
    config: { access: { ...payroll, idOf: 'payroll_periods' } },
    schema: {
      tags: ['payroll-periods'],
      params: z.object({ id: z.uuid() }),
      querystring: z.object({ EmployeeId: z.uuid().optional() }),
      response: { 200: PdfFile },
    },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      const file = await outputs.periodPayslipsPdf(tx, user, req.params.id, req.query.EmployeeId);
      return sendExport(reply, file.path, 'pdf', file.fileName);
    },
  });

  app.post('/api/v1/payroll-periods/:id/payslips-email', {
    config: { access: { ...payroll, idOf: 'payroll_periods' } },
    schema: {
      tags: ['payroll-periods'],
      params: z.object({ id: z.uuid() }),
      response: { 200: z.object({ Sent: z.number().int() }) },
    },
    handler: (req) => outputs.emailPayslipNotices(contextOf(req), mailer, appBaseUrl, req.params.id),
  });
};
