import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  EmployeeImport,
  EmployeeImportSummary,
  IdParams,
  IMPORT_MAX_FILE_BYTES,
  type ImportRowError,
} from '@hrpay/contracts';
import { toCsv } from '../../lib/csv.js';
import { problems } from '../../lib/problem.js';
import { contextOf } from '../../lib/route-access.js';
import { fileErrorsAsProblems } from './import-problem.js';
import { importsRepo as repo } from './repository.js';
import type { EmployeeImportService } from './service.js';
import { templateCsv, templateXlsx } from './template.js';
import { attachment } from '../../lib/export.js';
import { readUploadedFile } from '../../lib/upload.js';

const admin = { userTypes: ['Admin'] as const };
const tags = ['employee-import'];
const FileResponse = z.unknown().describe('a CSV or XLSX file');

interface Upload {
  fileName: string;
  data: Buffer;
  parsed: Awaited<ReturnType<EmployeeImportService['parseUpload']>>;
}
declare module 'fastify' {
  interface FastifyRequest {
    upload?: Upload;
  }
}

export const employeeImportRoutes: FastifyPluginAsyncZod<{ imports: EmployeeImportService }> = async (
  app,
  { imports },
) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  /**
   * Reads and parses the multipart file before the handler's transaction starts, so a 50 MB upload never holds
   * a database connection, and a bad file is refused with a clear 4xx before anything is stored.
   */
  const readUpload = async (req: FastifyRequest) => {
    const { fileName, data } = await readUploadedFile(req, {
      noFile: 'No file was uploaded. Choose a .csv or .xlsx file.',
      tooLarge: 'The file is larger than 50 MB. Split it and import the parts.',
    });
    const parsed = await fileErrorsAsProblems(() => imports.parseUpload(fileName, data));
    req.upload = { fileName, data, parsed };
  };

  app.get('/api/v1/companies/:id/employee-imports/template', {
    config: { access: { ...admin, idOf: 'companies' } },
    schema: {
      tags,
      params: IdParams,
      querystring: z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }),
      response: { 200: FileResponse },
    },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      if (!(await repo.lockCompany(tx, user.tenantId, req.params.id))) {
        throw problems.notFound('The company was not found.');
      }
      if (req.query.format === 'xlsx') {
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', attachment('employee-import-template.xlsx'))
          .send(await templateXlsx());
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment('employee-import-template.csv'))
        .send(templateCsv());
    },
  });

  app.post('/api/v1/companies/:id/employee-imports', {
    config: { access: { ...admin, idOf: 'companies' } },
    schema: { tags, params: IdParams, consumes: ['multipart/form-data'], response: { 202: EmployeeImport } },
    preHandler: readUpload,
    handler: async (req, reply) => {
      const { tx, user, afterCommit } = contextOf(req);
      const { row, start } = await imports.enqueue(tx, user, req.params.id, req.upload!);
      afterCommit(start);
      return reply.code(202).send(imports.present(row));
    },
  });

  app.get('/api/v1/companies/:id/employee-imports', {
    config: { access: { ...admin, idOf: 'companies' } },
    schema: { tags, params: IdParams, response: { 200: z.array(EmployeeImportSummary) } },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      if (!(await repo.lockCompany(tx, user.tenantId, req.params.id))) {
        throw problems.notFound('The company was not found.');
      }
      const rows = await repo.recent(tx, user.tenantId, req.params.id, 20);
      return rows.map((r) => imports.present(r));
    },
  });

  app.get('/api/v1/employee-imports/:id', {
    config: { access: { ...admin, idOf: 'employee_imports' } },
    schema: { tags, params: IdParams, response: { 200: EmployeeImport } },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      const row = await repo.get(tx, user.tenantId, req.params.id);
      if (!row) throw problems.notFound('The import was not found.');
      return imports.present(await imports.settleIfStale(tx, user.tenantId, row));
    },
  });

  app.get('/api/v1/employee-imports/:id/errors.csv', {
    config: { access: { ...admin, idOf: 'employee_imports' } },
    schema: { tags, params: IdParams, response: { 200: FileResponse } },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      const row = await repo.get(tx, user.tenantId, req.params.id);
      if (!row) throw problems.notFound('The import was not found.');
      const errors: ImportRowError[] = await repo.errors(tx, user.tenantId, row.id);
      const base = row.file_name.replace(/\.[^.]*$/, '');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${base}-errors.csv`))
        .send(
          toCsv(
            ['Row', 'Column', 'Value', 'Message'],
            errors.map((e) => [e.Row, e.Column, e.Value, e.Message]),
          ),
        );
    },
  });

  app.post('/api/v1/employee-imports/:id/commit', {
    config: { access: { ...admin, idOf: 'employee_imports' } },
    schema: { tags, params: IdParams, response: { 202: EmployeeImport } },
    handler: async (req, reply) => {
      const { tx, user, afterCommit } = contextOf(req);
      const { row, start } = await imports.requestCommit(tx, user, req.params.id);
      afterCommit(start);
      return reply.code(202).send(imports.present(row));
    },
  });

  app.post('/api/v1/employee-imports/:id/discard', {
    config: { access: { ...admin, idOf: 'employee_imports' } },
    schema: { tags, params: IdParams, response: { 200: EmployeeImport } },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      return imports.present(await imports.discard(tx, user, req.params.id));
    },
  });
};
