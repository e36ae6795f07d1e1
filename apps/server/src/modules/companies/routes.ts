import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Company,
  CompanyExportRequest,
  CompanyListRequest,
  CompanyListResponse,
  CompanyOptionsResponse,
  CreateCompanyRequest,
  DeleteCompanyResponse,
  IdParams,
  UpdateCompanyRequest,
  type ValidationError,
  ProblemTypes,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { problems } from '../../lib/problem.js';
import { listPages, sendExport, writeExport, type ExportColumn } from '../../lib/export.js';
import { manilaToday } from '../../lib/manila.js';
import { contextOf } from '../../lib/route-access.js';
import { companiesRepo as repo } from './repository.js';

const admin = { userTypes: ['Admin'] as const };
const adminById = { userTypes: ['Admin'] as const, idOf: 'companies' };
const tags = ['companies'];
const COMPANY_COLUMNS: ExportColumn<Company>[] = [
  { header: 'Name', value: (c) => c.Name, width: 30 },
  { header: 'Registered name', value: (c) => c.RegisteredName, width: 30 },
  { header: 'TIN', value: (c) => c.Tin, width: 18 },
  { header: 'RDO code', value: (c) => c.RdoCode },
  { header: 'SSS employer number', value: (c) => c.SssEmployerNumber, width: 18 },
  { header: 'PhilHealth employer number', value: (c) => c.PhilHealthEmployerNumber, width: 18 },
  { header: 'Pag-IBIG employer number', value: (c) => c.PagIbigEmployerNumber, width: 18 },
  { header: 'Pay frequency', value: (c) => c.PayFrequency },
  { header: 'Employees', value: (c) => c.EmployeeCount },
  { header: 'Users', value: (c) => c.UserCount },
  { header: 'Status', value: (c) => (c.IsActive ? 'Active' : 'Inactive') },
];

/**
 * Name and TIN are unique within the tenant (the name case-insensitively: every company picker shows the name
 * alone, so two "Acme Inc." would be indistinguishable). Both are checked, so the form shows every clash at once.
 */
async function refuseDuplicates(
  tx: Tx,
  tenantId: string,
  input: { Name: string; Tin: string },
  exceptId?: string,
): Promise<void> {
  const name = input.Name.trim();
  const tin = input.Tin.trim();
  const errors: ValidationError[] = [];
  if (await repo.nameTaken(tx, tenantId, name, exceptId)) {
    errors.push({ Code: 'Name', Description: `Another company of your account is already named ${name}` });
  }
  if (await repo.tinTaken(tx, tenantId, tin, exceptId)) {
    errors.push({ Code: 'Tin', Description: `Another company of your account already has TIN ${tin}` });
  }
  if (errors.length) throw problems.badRequest('One or more fields are invalid.', errors);
}

export const STALE_COMPANY =
  'This company was changed by someone else since you opened it. Reload to see the latest version.';

async function companyOr404(tx: Tx, tenantId: string, id: string, forUpdate = false) {
  const company = await repo.get(tx, tenantId, id, forUpdate);
  if (!company) throw problems.notFound('The company was not found.');
  return company;
}

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/v1/companies/export', {
    config: { access: admin },
    schema: {
      tags,
      body: CompanyExportRequest,
      response: { 200: z.unknown().describe('an XLSX or CSV file') },
    },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      const pages = listPages((r) => repo.list(tx, user.tenantId, r), req.body);
      const path = await writeExport(req.body.Format, 'Companies', COMPANY_COLUMNS, pages);
      return sendExport(reply, path, req.body.Format, `companies-${manilaToday()}`);
    },
  });

  app.post('/api/v1/companies/list', {
    config: { access: admin },
    schema: { tags, body: CompanyListRequest, response: { 200: CompanyListResponse } },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      return repo.list(tx, user.tenantId, req.body);
    },
  });

  app.get('/api/v1/companies/options', {
    config: { access: admin },
    schema: { tags, response: { 200: CompanyOptionsResponse } },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      return repo.options(tx, user.tenantId);
    },
  });

  app.get('/api/v1/companies/:id', {
    config: { access: adminById },
    schema: { tags, params: IdParams, response: { 200: Company } },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      return companyOr404(tx, user.tenantId, req.params.id);
    },
  });

  app.post('/api/v1/companies', {
    config: { access: admin },
    schema: { tags, body: CreateCompanyRequest, response: { 201: Company } },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      await refuseDuplicates(tx, user.tenantId, req.body);
      const id = randomUUID();
      await repo.insert(tx, user.tenantId, id, req.body);
      const saved = await companyOr404(tx, user.tenantId, id);
      await writeAudit(tx, user, { entity: 'company', entityId: id, action: 'create', after: saved });
      return reply.code(201).send(saved);
    },
  });

  app.put('/api/v1/companies/:id', {
    config: { access: adminById },
    schema: { tags, params: IdParams, body: UpdateCompanyRequest, response: { 200: Company } },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      if (req.body.CompanyId && req.body.CompanyId.toLowerCase() !== req.params.id.toLowerCase()) {
        throw problems.badRequest('CompanyId in the body does not match the address.');
      }
      const before = await companyOr404(tx, user.tenantId, req.params.id, true);
      // The stored id, not the address (which may spell it in upper case): the audit row is found by it.
      const id = before.CompanyId;
      if (before.RowVersion !== req.body.RowVersion) throw problems.stale(STALE_COMPANY);
      await refuseDuplicates(tx, user.tenantId, req.body, id);
      if (!(await repo.update(tx, user.tenantId, id, req.body.RowVersion, req.body))) {
        throw problems.stale(STALE_COMPANY);
      }
      const after = await companyOr404(tx, user.tenantId, id);
      await writeAudit(tx, user, { entity: 'company', entityId: id, action: 'update', before, after });
      return after;
    },
  });

  app.delete('/api/v1/companies/:id', {
    config: { access: adminById },
    schema: { tags, params: IdParams, response: { 200: DeleteCompanyResponse } },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      const before = await companyOr404(tx, user.tenantId, req.params.id, true);
      const references = await repo.references(tx, user.tenantId, before.CompanyId);
      if (references) {
        throw problems.conflict(
          `${before.Name} cannot be deleted: it still has ${references}. Deactivate it instead.`,
          ProblemTypes.stillReferenced,
        );
      }
      await repo.delete(tx, user.tenantId, before.CompanyId);
      await writeAudit(tx, user, { entity: 'company', entityId: before.CompanyId, action: 'delete', before });
      return { Message: `${before.Name} was deleted.` };
    },
  });
};
