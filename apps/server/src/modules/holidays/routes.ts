import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CopyHolidayYearRequest,
  CopyHolidayYearResponse,
  CreateHolidayRequest,
  DeleteHolidayRequest,
  Holiday,
  HolidayCalendarYears,
  HolidayDayTypesQuery,
  HolidayDayTypesResponse,
  HolidayExportRequest,
  HolidayListRequest,
  HolidayListResponse,
  HOLIDAY_TYPE_LABELS,
  IdParams,
  UpdateHolidayRequest,
} from '@hrpay/contracts';
import { listPages, sendExport, writeExport, type ExportColumn } from '../../lib/export.js';
import { contextOf } from '../../lib/route-access.js';
import { holidaysService as holidays } from './service.js';

// HR keeps the holidays of its own company; payroll reads the day types. The company is the user's.
const hr = { userTypes: ['HRUser'] as const, companyScoped: true };
const hrById = { ...hr, idOf: 'holidays' };
/** Who files leave (HR for anyone, an employee for themself) reads which years have their calendar on file. */
const filers = { userTypes: ['HRUser', 'PortalUser'] as const, companyScoped: true };
const tags = ['holidays'];

const COLUMNS: ExportColumn<Holiday>[] = [
  { header: 'Date', value: (h) => h.Date, date: true },
  { header: 'Name', value: (h) => h.Name, width: 36 },
  { header: 'Type', value: (h) => HOLIDAY_TYPE_LABELS[h.Type], width: 24 },
  {
    header: 'Applies to',
    value: (h) => (h.IsNational ? 'National' : (h.WorkLocationName ?? 'Whole company')),
    width: 18,
  },
  { header: 'Proclaimed date', value: (h) => h.ProclaimedDate, date: true },
  { header: 'Double holiday', value: (h) => (h.IsDouble ? 'Yes' : '') },
  { header: 'Draft', value: (h) => (h.IsDraft ? 'Yes' : '') },
];

export const holidayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/v1/holidays/export', {
    config: { access: hr },
    schema: {
      tags,
      body: HolidayExportRequest,
      response: { 200: z.unknown().describe('an XLSX or CSV file') },
    },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      const pages = listPages((r) => holidays.list(tx, user, r), req.body);
      const path = await writeExport(req.body.Format, 'Holidays', COLUMNS, pages);
      // Without a Year filter the file holds every year: its name carries none.
      return sendExport(
        reply,
        path,
        req.body.Format,
        req.body.Year ? `holidays-${req.body.Year}` : 'holidays',
      );
    },
  });

  app.post('/api/v1/holidays/list', {
    config: { access: hr },
    schema: { tags, body: HolidayListRequest, response: { 200: HolidayListResponse } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return holidays.list(tx, user, req.body);
    },
  });

  app.get('/api/v1/holidays/calendar-years', {
    config: { access: filers },
    schema: { tags, response: { 200: HolidayCalendarYears } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return holidays.calendarYears(tx, user);
    },
  });

  app.get('/api/v1/holidays/day-types', {
    config: { access: { userTypes: ['HRUser', 'PayrollUser'] as const, companyScoped: true } },
    schema: { tags, querystring: HolidayDayTypesQuery, response: { 200: HolidayDayTypesResponse } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return holidays.dayTypes(tx, user, req.query.From, req.query.To, req.query.WorkLocationId ?? null);
    },
  });

  app.post('/api/v1/holidays/copy-year', {
    config: { access: hr },
    schema: { tags, body: CopyHolidayYearRequest, response: { 200: CopyHolidayYearResponse } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return holidays.copyYear(tx, user, req.body.FromYear);
    },
  });

  app.get('/api/v1/holidays/:id', {
    config: { access: hrById },
    schema: { tags, params: IdParams, response: { 200: Holiday } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return holidays.get(tx, user, req.params.id);
    },
  });

  app.post('/api/v1/holidays', {
    config: { access: hr },
    schema: { tags, body: CreateHolidayRequest, response: { 201: Holiday } },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      return reply.code(201).send(await holidays.create(tx, user, req.body));
    },
  });

  app.put('/api/v1/holidays/:id', {
    config: { bodyIds: { HolidayId: 'id' }, access: hrById },
    schema: { tags, params: IdParams, body: UpdateHolidayRequest, response: { 200: Holiday } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return holidays.update(tx, user, req.params.id, req.body);
    },
  });

  // The body is optional (the RowVersion read, as a time log's delete takes it): a delete sent without one is
  // read as an empty body, so it is not checked.
  app.delete('/api/v1/holidays/:id', {
    config: { access: hrById },
    preValidation: async (req) => {
      req.body ??= {};
    },
    schema: {
      tags,
      params: IdParams,
      body: DeleteHolidayRequest,
      response: { 200: z.object({ Message: z.string() }) },
    },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return holidays.remove(tx, user, req.params.id, req.body.RowVersion);
    },
  });
};
