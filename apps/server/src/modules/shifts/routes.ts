import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateShiftRequest,
  IdParams,
  Shift,
  ShiftExportRequest,
  ShiftListRequest,
  ShiftListResponse,
  UpdateShiftRequest,
} from '@hrpay/contracts';
import { listPages, sendExport, writeExport, type ExportColumn } from '../../lib/export.js';
import { manilaToday } from '../../lib/manila.js';
import { contextOf } from '../../lib/route-access.js';
import { shiftsService as shifts } from './service.js';

const hr = { userTypes: ['HRUser'] as const, companyScoped: true };
const hrById = { ...hr, idOf: 'shifts' };
const tags = ['shifts'];

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const COLUMNS: ExportColumn<Shift>[] = [
  { header: 'Name', value: (s) => s.Name, width: 24 },
  { header: 'Time in', value: (s) => s.TimeIn.slice(0, 5) },
  {
    header: 'Time out',
    value: (s) => `${s.TimeOut.slice(0, 5)}${s.IsOvernight ? ' (next day)' : ''}`,
    width: 18,
  },
  { header: 'Unpaid break (min)', value: (s) => s.BreakMinutes },
  { header: 'Grace (min)', value: (s) => s.GraceMinutes },
  // As the list shows them (8.17, not 8.166666666666666).
  { header: 'Work hours', value: (s) => Math.round(s.WorkHours * 100) / 100 },
  { header: 'Flexible', value: (s) => (s.IsFlexible ? `Yes, ${s.RequiredHours} h a day` : 'No'), width: 16 },
  { header: 'Night shift', value: (s) => (s.IsNightShift ? 'Yes' : 'No') },
  { header: 'Rest days', value: (s) => s.RestDays.map((d) => DAYS[d]).join(', '), width: 16 },
  { header: 'Employees', value: (s) => s.EmployeeCount },
  { header: 'Status', value: (s) => (s.IsActive ? 'Active' : 'Inactive') },
];

export const shiftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/v1/shifts/export', {
    config: { access: hr },
    schema: {
      tags,
      body: ShiftExportRequest,
      response: { 200: z.unknown().describe('an XLSX or CSV file') },
    },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      const pages = listPages((r) => shifts.list(tx, user, r), req.body);
      const path = await writeExport(req.body.Format, 'Shifts', COLUMNS, pages);
      return sendExport(reply, path, req.body.Format, `shifts-${manilaToday()}`);
    },
  });

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
    config: { bodyIds: { ShiftId: 'id' }, access: hrById },
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
