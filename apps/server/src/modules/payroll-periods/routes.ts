import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatePayrollAdjustmentRequest,
  CreatePayrollPeriodRequest,
  IdParams,
  PayrollAdjustment,
  PayrollAdjustmentListResponse,
  PayrollPeriodActionRequest,
  PayrollPeriodDetail,
  PayrollPeriodListRequest,
  PayrollPeriodListResponse,
  PayrollPeriodProposal,
  PayrollPeriodProposalQuery,
  PayrollRegisterQuery,
  PayslipDetail,
  PayslipListRequest,
  PayslipListResponse,
  PayslipStatusRequest,
  UpdatePayrollPeriodRequest,
} from '@hrpay/contracts';
import { sendExport } from '../../lib/export.js';
import { payrollReportsService } from '../payroll-reports/service.js';
import { contextOf } from '../../lib/route-access.js';
import type { PayrollPeriodsService } from './service.js';

// The Payroll user of a company works on its own company's periods (as the payroll settings).
const payroll = { userTypes: ['PayrollUser'] as const, companyScoped: true };
const byId = { ...payroll, idOf: 'payroll_periods' };
const payslipById = { ...payroll, idOf: 'payslips' };
const tags = ['payroll-periods'];
const base = '/api/v1/payroll-periods';
const Message = z.object({ Message: z.string() });

export const payrollPeriodRoutes: FastifyPluginAsyncZod<{ periods: PayrollPeriodsService }> = async (
  app,
  { periods },
) => {
  app.post(`${base}/list`, {
    config: { access: payroll },
    schema: { tags, body: PayrollPeriodListRequest, response: { 200: PayrollPeriodListResponse } },
    handler: (req) => periods.list(contextOf(req).tx, contextOf(req).user, req.body),
  });

  app.get(`${base}/proposal`, {
    config: { access: payroll },
    schema: { tags, querystring: PayrollPeriodProposalQuery, response: { 200: PayrollPeriodProposal } },
    handler: (req) => periods.proposal(contextOf(req).tx, contextOf(req).user, req.query.CompanyId),
  });

  app.post(base, {
    config: { access: payroll },
    schema: { tags, body: CreatePayrollPeriodRequest, response: { 201: PayrollPeriodDetail } },
    handler: async (req, reply) =>
      reply.code(201).send(await periods.create(contextOf(req).tx, contextOf(req).user, req.body)),
  });

  app.get(`${base}/:id`, {
    config: { access: byId },
    schema: { tags, params: IdParams, response: { 200: PayrollPeriodDetail } },
    handler: (req) => periods.detail(contextOf(req).tx, contextOf(req).user, req.params.id),
  });

  app.put(`${base}/:id`, {
    config: { bodyIds: { Id: 'id' }, access: byId },
    schema: {
      tags,
      params: IdParams,
      body: UpdatePayrollPeriodRequest,
      response: { 200: PayrollPeriodDetail },
    },
    handler: (req) => periods.update(contextOf(req).tx, contextOf(req).user, req.params.id, req.body),
  });

  app.delete(`${base}/:id`, {
    config: { access: byId },
    schema: { tags, params: IdParams, response: { 200: Message } },
    handler: (req) => periods.remove(contextOf(req).tx, contextOf(req).user, req.params.id),
  });

  // ---------------------------------------------------------------- compute and transitions

  app.post(`${base}/:id/compute`, {
    config: { access: byId },
    schema: {
      tags,
      params: IdParams,
      body: PayrollPeriodActionRequest,
      response: { 202: PayrollPeriodDetail },
    },
    handler: async (req, reply) =>
      reply.code(202).send(await periods.compute(contextOf(req), req.params.id, req.body.RowVersion)),
  });

  app.post(`${base}/:id/approve`, {
    config: { access: byId },
    schema: {
      tags,
      params: IdParams,
      body: PayrollPeriodActionRequest,
      response: { 200: PayrollPeriodDetail },
    },
    handler: (req) =>
      periods.approve(contextOf(req).tx, contextOf(req).user, req.params.id, req.body.RowVersion),
  });

  app.post(`${base}/:id/return-to-draft`, {
    config: { access: byId },
    schema: {
      tags,
      params: IdParams,
      body: PayrollPeriodActionRequest,
      response: { 200: PayrollPeriodDetail },
    },
    handler: (req) =>
      periods.returnToDraft(contextOf(req).tx, contextOf(req).user, req.params.id, req.body.RowVersion),
  });

  const idempotencyHeaders = z.object({ 'idempotency-key': z.string().optional() });
  for (const [action, run] of [
    ['finalise', periods.finalise],
    ['mark-paid', periods.markPaid],
  ] as const) {
    app.post(`${base}/:id/${action}`, {
      config: { access: byId },
      schema: {
        tags,
        params: IdParams,
        headers: idempotencyHeaders,
        body: PayrollPeriodActionRequest,
        response: { 200: PayrollPeriodDetail },
      },
      handler: async (req, reply) => {
        const answer = await run(contextOf(req), req.params.id, req.headers['idempotency-key'], req.body);
        return reply.code(answer.status as 200).send(answer.body as PayrollPeriodDetail);
      },
    });
  }

  // ---------------------------------------------------------------- review

  app.post(`${base}/:id/payslips/list`, {
    config: { access: byId },
    schema: { tags, params: IdParams, body: PayslipListRequest, response: { 200: PayslipListResponse } },
    handler: (req) => periods.payslips(contextOf(req).tx, contextOf(req).user, req.params.id, req.body),
  });

  app.get(`${base}/payslips/:id`, {
    config: { access: payslipById },
    schema: { tags, params: IdParams, response: { 200: PayslipDetail } },
    handler: (req) => periods.payslip(contextOf(req).tx, contextOf(req).user, req.params.id),
  });

  for (const [action, status] of [
    ['hold', 'Held'],
    ['include', 'Included'],
    ['exclude', 'Excluded'],
  ] as const) {
    app.post(`${base}/payslips/:id/${action}`, {
      config: { access: payslipById },
      schema: { tags, params: IdParams, body: PayslipStatusRequest, response: { 200: PayslipDetail } },
      handler: (req) =>
        periods.setPayslipStatus(
          contextOf(req).tx,
          contextOf(req).user,
          req.params.id,
          status,
          req.body.Remarks,
        ),
    });
  }

  // Pay held back from a finalised period goes to the bank later, by its own file (reports: bank file, ReleasedOn).
  app.post(`${base}/payslips/:id/release`, {
    config: { access: payslipById },
    schema: { tags, params: IdParams, body: PayslipStatusRequest, response: { 200: PayslipDetail } },
    handler: (req) =>
      periods.releaseHeldPay(contextOf(req).tx, contextOf(req).user, req.params.id, req.body.Remarks),
  });

  app.get(`${base}/:id/adjustments`, {
    config: { access: byId },
    schema: { tags, params: IdParams, response: { 200: PayrollAdjustmentListResponse } },
    handler: (req) => periods.adjustments(contextOf(req).tx, contextOf(req).user, req.params.id),
  });

  app.post(`${base}/:id/adjustments`, {
    config: { access: byId },
    schema: {
      tags,
      params: IdParams,
      body: CreatePayrollAdjustmentRequest,
      response: { 201: PayrollAdjustment },
    },
    handler: async (req, reply) =>
      reply
        .code(201)
        .send(await periods.addAdjustment(contextOf(req).tx, contextOf(req).user, req.params.id, req.body)),
  });

  app.delete(`${base}/:id/adjustments/:adjustmentId`, {
    config: { access: byId },
    schema: {
      tags,
      params: z.object({ id: z.uuid(), adjustmentId: z.uuid() }),
      response: { 200: Message },
    },
    handler: (req) =>
      periods.removeAdjustment(
        contextOf(req).tx,
        contextOf(req).user,
        req.params.id,
        req.params.adjustmentId,
      ),
  });

  app.get(`${base}/:id/register`, {
    config: { access: byId },
    schema: {
      tags,
      params: IdParams,
      querystring: PayrollRegisterQuery,
      response: { 200: z.unknown().describe('an XLSX, CSV or PDF file') },
    },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      const file = await payrollReportsService.register(
        tx,
        user,
        { PayrollPeriodId: req.params.id, Format: req.query.Format },
        { inReview: true },
      );
      if (file.kind !== 'export') throw new Error('the register is an export');
      return sendExport(reply, file.path, file.format, file.fileName);
    },
  });
};
