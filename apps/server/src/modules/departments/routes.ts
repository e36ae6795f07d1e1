import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateDepartmentRequest,
  Department,
  DepartmentExportRequest,
  DepartmentListRequest,
  DepartmentListResponse,
  DepartmentOptionsResponse,
  IdParams,
  UpdateDepartmentRequest,
} from '@hrpay/contracts';
import { listPages, sendExport, writeExport, type ExportColumn } from '../../lib/export.js';
import { manilaToday } from '../../lib/manila.js';
import { contextOf } from '../../lib/route-access.js';
import { departmentsService as departments } from './service.js';

// HR keeps the departments of its own company; the company is the user's, never a client parameter.
const hr = { userTypes: ['HRUser'] as const, companyScoped: true };
const hrById = { ...hr, idOf: 'departments' };
const tags = ['departments'];

const COLUMNS: ExportColumn<Department>[] = [
  { header: 'Name', value: (d) => d.Name, width: 30 },
  { header: 'Code', value: (d) => d.Code },
  { header: 'Parent department', value: (d) => d.ParentName, width: 30 },
  { header: 'Head', value: (d) => d.HeadName, width: 28 },
  { header: 'Headcount', value: (d) => d.Headcount },
  { header: 'Status', value: (d) => (d.IsActive ? 'Active' : 'Inactive') },
];

export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/v1/departments/export', {
    config: { access: hr },
    schema: {
      tags,
      body: DepartmentExportRequest,
      response: { 200: z.unknown().describe('an XLSX or CSV file') },
    },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      const pages = listPages((r) => departments.list(tx, user, r), req.body);
      const path = await writeExport(req.body.Format, 'Departments', COLUMNS, pages);
      return sendExport(reply, path, req.body.Format, `departments-${manilaToday()}`);
    },
  });

  app.post('/api/v1/departments/list', {
    config: { access: hr },
    schema: { tags, body: DepartmentListRequest, response: { 200: DepartmentListResponse } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return departments.list(tx, user, req.body);
    },
  });

  app.get('/api/v1/departments/options', {
    config: { access: hr },
    schema: { tags, response: { 200: DepartmentOptionsResponse } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return departments.options(tx, user);
    },
  });

  app.get('/api/v1/departments/:id', {
    config: { access: hrById },
    schema: { tags, params: IdParams, response: { 200: Department } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return departments.get(tx, user, req.params.id);
    },
  });

  app.post('/api/v1/departments', {
    config: { access: hr },
    schema: { tags, body: CreateDepartmentRequest, response: { 201: Department } },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      return reply.code(201).send(await departments.create(tx, user, req.body));
    },
  });

  app.put('/api/v1/departments/:id', {
    config: { bodyIds: { DepartmentId: 'id' }, access: hrById },
    schema: { tags, params: IdParams, body: UpdateDepartmentRequest, response: { 200: Department } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return departments.update(tx, user, req.params.id, req.body);
    },
  });

  app.delete('/api/v1/departments/:id', {
    config: { access: hrById },
    schema: { tags, params: IdParams, response: { 200: z.object({ Message: z.string() }) } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return departments.remove(tx, user, req.params.id);
    },
  });
};
