import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  AttendanceRequest,
  AttendanceResponse,
  CreateTimeLogRequest,
  DeleteTimeLogRequest,
  IdParams,
  PUNCH_IMPORT_MAX_FILE_BYTES,
  PunchImport,
  StoreAttendanceRequest,
  StoreAttendanceResult,
  TimeLog,
  TimeLogListRequest,
  TimeLogListResponse,
  UpdateTimeLogRequest,
} from '@hrpay/contracts';
import { contextOf } from '../../lib/route-access.js';
import { streamUploadedFile } from '../../lib/upload.js';
import { fileErrorsAsProblems } from '../employee-import/import-problem.js';
import type { PunchImportService } from './import-job.js';
import type { ReceivedPunchFile } from './punch-file.js';
import { parseFields, storeAttendance, timeLogsService as timeLogs } from './service.js';

// HR keeps the punches of its own company; the company is the user's, never a client parameter.
const hr = { userTypes: ['HRUser'] as const, companyScoped: true };
const hrById = { ...hr, idOf: 'time_logs' };
const hrImport = { ...hr, idOf: 'punch_imports' };
const tags = ['timelogs'];

declare module 'fastify' {
  interface FastifyRequest {
    punchFile?: ReceivedPunchFile;
  }
}

/**
 * Reads and checks the punch file as it arrives, before the handler's transaction (decision 0008: never held
 * whole): a bad file is a clear 4xx, nothing stored.
 */
function readPunchUpload(imports: PunchImportService) {
  return async (req: FastifyRequest) => {
    const { sink } = await streamUploadedFile(
      req,
      {
        noFile: 'No file was uploaded. Choose a .csv, .txt or .dat punch file.',
        tooLarge: `The file is larger than ${PUNCH_IMPORT_MAX_FILE_BYTES / (1024 * 1024)} MB. Export a shorter period and import the parts.`,
      },
      imports.receive,
    );
    req.punchFile = await fileErrorsAsProblems(() => sink.end());
  };
}

export const timeLogRoutes: FastifyPluginAsyncZod<{ imports: PunchImportService }> = async (
  app,
  { imports },
) => {
  await app.register(multipart, {
    limits: { fileSize: PUNCH_IMPORT_MAX_FILE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.post('/api/v1/timelogs/list', {
    config: { access: hr },
    schema: { tags, body: TimeLogListRequest, response: { 200: TimeLogListResponse } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return timeLogs.list(tx, user, req.body);
    },
  });

  app.post('/api/v1/timelogs', {
    config: { access: hr },
    schema: { tags, body: CreateTimeLogRequest, response: { 201: TimeLog } },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      return reply.code(201).send(await timeLogs.create(tx, user, parseFields(req.body)));
    },
  });

  app.put('/api/v1/timelogs/:id', {
    config: { bodyIds: { TimeLogId: 'id' }, access: hrById },
    schema: { tags, params: IdParams, body: UpdateTimeLogRequest, response: { 200: TimeLog } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return timeLogs.update(tx, user, req.params.id, req.body);
    },
  });

  app.delete('/api/v1/timelogs/:id', {
    config: { access: hrById },
    schema: {
      tags,
      params: IdParams,
      body: DeleteTimeLogRequest,
      response: { 200: z.object({ Message: z.string() }) },
    },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return timeLogs.remove(tx, user, req.params.id, req.body);
    },
  });

  // A punch file is imported as a job (decision 0008): upload, watch it checked, commit, watch it stored.
  app.post('/api/v1/timelogs/imports', {
    config: { access: hr },
    schema: { tags, consumes: ['multipart/form-data'], response: { 202: PunchImport } },
    preHandler: readPunchUpload(imports),
    handler: async (req, reply) => {
      const { tx, user, afterCommit } = contextOf(req);
      const file = req.punchFile!;
      // The parts are let go as they are stored; the request does not keep them.
      req.punchFile = undefined;
      const { row, start } = await imports.enqueue(tx, user, file);
      afterCommit(start);
      return reply.code(202).send(imports.present(row));
    },
  });

  app.get('/api/v1/timelogs/imports/:id', {
    config: { access: hrImport },
    schema: { tags, params: IdParams, response: { 200: PunchImport } },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      return imports.present(await imports.get(tx, user, req.params.id));
    },
  });

  app.post('/api/v1/timelogs/imports/:id/commit', {
    config: { access: hrImport },
    schema: { tags, params: IdParams, response: { 202: PunchImport } },
    handler: async (req, reply) => {
      const { tx, user, afterCommit } = contextOf(req);
      const { row, start } = await imports.requestCommit(tx, user, req.params.id);
      afterCommit(start);
      return reply.code(202).send(imports.present(row));
    },
  });

  app.post('/api/v1/timelogs/imports/:id/discard', {
    config: { access: hrImport },
    schema: { tags, params: IdParams, response: { 200: PunchImport } },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      return imports.present(await imports.discard(tx, user, req.params.id));
    },
  });

  app.post('/api/v1/timelogs/attendance', {
    config: { access: hr },
    schema: { tags, body: AttendanceRequest, response: { 200: AttendanceResponse } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return timeLogs.attendance(tx, user, req.body);
    },
  });

  // Computes the range's days for every active employee of the company and stores them for payroll.
  app.post('/api/v1/timelogs/attendance/store', {
    config: { access: hr },
    schema: { tags, body: StoreAttendanceRequest, response: { 200: StoreAttendanceResult } },
    handler: (req) => {
      const { tx, user } = contextOf(req);
      return storeAttendance(tx, user, req.body);
    },
  });
};
