import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateLeaveTypeRequest,
  EmployeeLeaveCredits,
  IdParams,
  LeaveAccrualRunRequest,
  LeaveAccrualRunResponse,
  LeaveAdjustmentRequest,
  LeaveCreditListRequest,
  LeaveCreditListResponse,
  LEAVE_GRANT_RULE_LABELS,
  LeaveType,
  LeaveTypeExportRequest,
  LeaveTypeListRequest,
  LeaveTypeListResponse,
  LeaveTypeOptionsQuery,
  LeaveTypeOptionsResponse,
  UpdateLeaveTypeRequest,
} from '@hrpay/contracts';
import { listPages, sendExport, writeExport, type ExportColumn } from '../../lib/export.js';
import { manilaToday } from '../../lib/manila.js';
import { contextOf } from '../../lib/route-access.js';
import { leaveService as leave } from './service.js';

// HR keeps its own company's leave types and credits; a portal user reads the type options and their own credits.
const hr = { userTypes: ['HRUser'] as const, companyScoped: true };
const filers = { userTypes: ['HRUser', 'PortalUser'] as const, companyScoped: true };
const tags = ['leave'];

/** The leave types list (Lookups, "Leave types") as a file: what the list shows, days as numbers. */
const TYPE_COLUMNS: ExportColumn<LeaveType>[] = [
  { header: 'Name', value: (t) => t.Name, width: 32 },
  { header: 'Code', value: (t) => t.Code },
  { header: 'Credits', value: (t) => LEAVE_GRANT_RULE_LABELS[t.GrantRule], width: 30 },
  { header: 'Days a year', value: (t) => (t.NeedsBalance ? t.AnnualDays : null) },
  { header: 'Most days a request', value: (t) => t.MaxDaysPerRequest, width: 20 },
  { header: 'Paid', value: (t) => (t.IsPaid ? 'Yes' : 'No') },
  { header: 'Status', value: (t) => (t.IsActive ? 'Active' : 'Inactive') },
];

export const leaveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/v1/leave-types/list', {
    config: { access: hr },
    schema: { tags, body: LeaveTypeListRequest, response: { 200: LeaveTypeListResponse } },
    handler: (req) => leave.listTypes(contextOf(req).tx, contextOf(req).user, req.body),
  });

  app.post('/api/v1/leave-types/export', {
    config: { access: hr },
    schema: {
      tags,
      body: LeaveTypeExportRequest,
      response: { 200: z.unknown().describe('an XLSX or CSV file') },
    },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      const pages = listPages((r) => leave.listTypes(tx, user, r), req.body);
      const path = await writeExport(req.body.Format, 'Leave types', TYPE_COLUMNS, pages);
      return sendExport(reply, path, req.body.Format, `leave-types-${manilaToday()}`);
    },
  });

  app.get('/api/v1/leave-types/options', {
    config: { access: filers },
    schema: { tags, querystring: LeaveTypeOptionsQuery, response: { 200: LeaveTypeOptionsResponse } },
    handler: (req) => leave.typeOptions(contextOf(req).tx, contextOf(req).user, req.query.All === 'true'),
  });

  app.get('/api/v1/leave-types/:id', {
    config: { access: { ...hr, idOf: 'leave_types' } },
    schema: { tags, params: IdParams, response: { 200: LeaveType } },
    handler: (req) => leave.getType(contextOf(req).tx, contextOf(req).user, req.params.id),
  });

  app.post('/api/v1/leave-types', {
    config: { access: hr },
    schema: { tags, body: CreateLeaveTypeRequest, response: { 201: LeaveType } },
    handler: async (req, reply) =>
      reply.code(201).send(await leave.createType(contextOf(req).tx, contextOf(req).user, req.body)),
  });

  app.put('/api/v1/leave-types/:id', {
    config: { bodyIds: { LeaveTypeId: 'id' }, access: { ...hr, idOf: 'leave_types' } },
    schema: { tags, params: IdParams, body: UpdateLeaveTypeRequest, response: { 200: LeaveType } },
    handler: (req) => leave.updateType(contextOf(req).tx, contextOf(req).user, req.params.id, req.body),
  });

  app.delete('/api/v1/leave-types/:id', {
    config: { access: { ...hr, idOf: 'leave_types' } },
    schema: { tags, params: IdParams, response: { 200: z.object({ Message: z.string() }) } },
    handler: (req) => leave.removeType(contextOf(req).tx, contextOf(req).user, req.params.id),
  });

  app.post('/api/v1/leave-credits/list', {
    config: { access: hr },
    schema: { tags, body: LeaveCreditListRequest, response: { 200: LeaveCreditListResponse } },
    handler: (req) => leave.listCredits(contextOf(req).tx, contextOf(req).user, req.body),
  });

  app.get('/api/v1/leave-credits/employees/:id', {
    config: { access: { ...hr, idOf: 'employees' } },
    schema: { tags, params: IdParams, response: { 200: EmployeeLeaveCredits } },
    handler: (req) => leave.employeeCredits(contextOf(req).tx, contextOf(req).user, req.params.id),
  });

  app.post('/api/v1/leave-credits/adjustments', {
    config: { access: hr },
    schema: { tags, body: LeaveAdjustmentRequest, response: { 201: EmployeeLeaveCredits } },
    handler: async (req, reply) =>
      reply.code(201).send(await leave.adjust(contextOf(req).tx, contextOf(req).user, req.body)),
  });

  app.post('/api/v1/leave-credits/accrual-runs', {
    config: { access: hr },
    schema: { tags, body: LeaveAccrualRunRequest, response: { 200: LeaveAccrualRunResponse } },
    handler: (req) => leave.runAccrual(contextOf(req).tx, contextOf(req).user, req.body.AsOf),
  });

  app.get('/api/v1/portal/leave-credits', {
    config: { access: { userTypes: ['PortalUser'] as const } },
    schema: { tags, response: { 200: EmployeeLeaveCredits } },
    handler: (req) => leave.myCredits(contextOf(req).tx, contextOf(req).user),
  });
};
