import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateEmployeeRequest,
  Employee,
  EmployeeHistoryResponse,
  EmployeeExportRequest,
  EmployeeListRequest,
  EmployeeListResponse,
  EmployeeOptionsQuery,
  EmployeeOptionsResponse,
  EmployeeSearchQuery,
  EmployeeSearchResult,
  HrDashboard,
  HrReportParams,
  HrReportRequest,
  IdParams,
  ReinstateEmployeeRequest,
  SeparateEmployeeRequest,
  UpcomingBirthdaysQuery,
  UpcomingBirthdaysResponse,
  UpdateEmployeeRequest,
} from '@hrpay/contracts';
import { sendExport } from '../../lib/export.js';
import { manilaToday } from '../../lib/manila.js';
import { companyToRead, contextOf } from '../../lib/route-access.js';
import { employeesRepo as repo } from './repository.js';
import { writeHrReport } from './reports.js';
import { employeesService as employees, hrDashboard } from './service.js';

const staff = { userTypes: ['Admin', 'HRUser', 'PayrollUser'] as const, companyScoped: true };
// HR keeps the 201 files of its own company; the company is the user's, never a client parameter.
const hr = { userTypes: ['HRUser'] as const, companyScoped: true };
const hrById = { ...hr, idOf: 'employees' };
const tags = ['employees'];
const Schedule = z.object({
  EffectiveDate: z.string(),
  ShiftId: z.uuid().nullable(),
  ShiftName: z.string().nullable(),
  RestDays: z.array(z.number().int()).nullable(),
});

export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec §7: the employee picker (linking a user, choosing a supervisor). HR and payroll users see their own
  // company only; an Admin may search any company of the tenant.
  app.get('/api/v1/employees/search', {
    config: { access: { userTypes: ['Admin', 'HRUser', 'PayrollUser'] } },
    schema: { tags, querystring: EmployeeSearchQuery, response: { 200: EmployeeSearchResult } },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      const companyId = await companyToRead(tx, user, req.query.CompanyId);
      return repo.search(tx, user.tenantId, companyId, req.query.SearchText ?? null);
    },
  });

  // Spec §7: active employees of the company for pickers; an Admin names the company or gets the tenant's.
  app.get('/api/v1/employees/options', {
    config: { access: staff },
    schema: { tags, querystring: EmployeeOptionsQuery, response: { 200: EmployeeOptionsResponse } },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      return repo.options(tx, user.tenantId, await companyToRead(tx, user, req.query.CompanyId));
    },
  });

  // Spec §7: birthdays in the next `Days` days (1-366), today included, across the year end, soonest first.
  app.get('/api/v1/employees/upcoming-birthdays', {
    config: { access: staff },
    schema: { tags, querystring: UpcomingBirthdaysQuery, response: { 200: UpcomingBirthdaysResponse } },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      const companyId = await companyToRead(tx, user, req.query.CompanyId);
      return repo.upcomingBirthdays(
        tx,
        user.tenantId,
        companyId,
        manilaToday(),
        req.query.Days,
        req.query.Limit,
      );
    },
  });

  app.get('/api/v1/hr/dashboard', {
    config: { access: hr },
    schema: { tags: ['hr'], response: { 200: HrDashboard } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return hrDashboard(tx, user);
    },
  });

  // Issue 8 §5: one HR report as XLSX, CSV or PDF, written batch by batch to a file, then streamed.
  app.post('/api/v1/hr/reports/:report', {
    config: { access: hr },
    schema: {
      tags: ['hr'],
      params: HrReportParams,
      body: HrReportRequest,
      response: { 200: z.unknown().describe('an XLSX, CSV or PDF file') },
    },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      const { path, fileName } = await writeHrReport(tx, user, req.params.report, req.body);
      return sendExport(reply, path, req.body.Format, fileName);
    },
  });

  // Spec §3 / §7: the employee list (Search, DepartmentId, EmploymentStatusId, EmploymentType).
  app.post('/api/v1/employees/list', {
    config: { access: hr },
    schema: { tags, body: EmployeeListRequest, response: { 200: EmployeeListResponse } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return employees.list(tx, user, req.body);
    },
  });

  // The master list of the list's filter (issue 8 §0, §5): written to a file batch by batch, then streamed.
  app.post('/api/v1/employees/export', {
    config: { access: hr },
    schema: {
      tags,
      body: EmployeeExportRequest,
      response: { 200: z.unknown().describe('an XLSX or CSV file') },
    },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      const path = await employees.exportFile(tx, user, req.body);
      return sendExport(reply, path, req.body.Format, `employees-${manilaToday()}`);
    },
  });

  app.get('/api/v1/employees/:id', {
    config: { access: hrById },
    schema: { tags, params: IdParams, response: { 200: Employee } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return employees.get(tx, user, req.params.id);
    },
  });

  app.post('/api/v1/employees', {
    config: { access: hr },
    schema: { tags, body: CreateEmployeeRequest, response: { 201: Employee } },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      return reply.code(201).send(await employees.create(tx, user, req.body));
    },
  });

  app.put('/api/v1/employees/:id', {
    config: { bodyIds: { EmployeeId: 'id' }, access: hrById },
    schema: { tags, params: IdParams, body: UpdateEmployeeRequest, response: { 200: Employee } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return employees.update(tx, user, req.params.id, req.body);
    },
  });

  app.delete('/api/v1/employees/:id', {
    config: { access: hrById },
    schema: { tags, params: IdParams, response: { 200: z.object({ Message: z.string() }) } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return employees.remove(tx, user, req.params.id);
    },
  });

  app.post('/api/v1/employees/:id/separation', {
    config: { access: hrById },
    schema: { tags, params: IdParams, body: SeparateEmployeeRequest, response: { 200: Employee } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return employees.separate(tx, user, req.params.id, req.body);
    },
  });

  app.post('/api/v1/employees/:id/reinstatement', {
    config: { access: hrById },
    schema: { tags, params: IdParams, body: ReinstateEmployeeRequest, response: { 200: Employee } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return employees.reinstate(tx, user, req.params.id, req.body.RowVersion);
    },
  });

  app.get('/api/v1/employees/:id/history', {
    config: { access: hrById },
    schema: { tags, params: IdParams, response: { 200: EmployeeHistoryResponse } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return employees.history(tx, user, req.params.id);
    },
  });

  app.get('/api/v1/employees/:id/schedules', {
    config: { access: hrById },
    schema: { tags, params: IdParams, response: { 200: z.array(Schedule) } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return employees.schedules(tx, user, req.params.id);
    },
  });
};
