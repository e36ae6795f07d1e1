import { randomUUID } from 'node:crypto';
import {
  ProblemTypes,
  type Company,
  type CompanyExportRequest,
  type CompanyListRequest,
  type CreateCompanyRequest,
  type UpdateCompanyRequest,
  type ValidationError,
  PAY_FREQUENCY_LABELS,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { listPages, writeExport, type ExportColumn } from '../../lib/export.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { companiesRepo as repo } from './repository.js';

export const STALE_COMPANY =
  'This company was changed by someone else since you opened it. Reload to see the latest version.';

const COMPANY_COLUMNS: ExportColumn<Company>[] = [
  { header: 'Name', value: (c) => c.Name, width: 30 },
  { header: 'Registered name', value: (c) => c.RegisteredName, width: 30 },
  { header: 'TIN', value: (c) => c.Tin, width: 18 },
  { header: 'RDO code', value: (c) => c.RdoCode },
  { header: 'SSS employer number', value: (c) => c.SssEmployerNumber, width: 18 },
  { header: 'PhilHealth employer number', value: (c) => c.PhilHealthEmployerNumber, width: 18 },
  { header: 'Pag-IBIG employer number', value: (c) => c.PagIbigEmployerNumber, width: 18 },
  { header: 'Pay frequency', value: (c) => PAY_FREQUENCY_LABELS[c.PayFrequency] },
  { header: 'Employees', value: (c) => c.EmployeeCount },
  { header: 'Users', value: (c) => c.UserCount },
  { header: 'Status', value: (c) => (c.IsActive ? 'Active' : 'Inactive') },
];

/**
 * The companies of the Admin's tenant: name and TIN unique in the tenant, row versions, audit rows, delete only
 * while nothing refers to the company.
 */
export const companiesService = {
  list: (tx: Tx, user: CurrentUser, req: ReturnType<typeof CompanyListRequest.parse>) =>
    repo.list(tx, user.tenantId, req),

  options: (tx: Tx, user: CurrentUser) => repo.options(tx, user.tenantId),

  exportFile: (tx: Tx, user: CurrentUser, req: ReturnType<typeof CompanyExportRequest.parse>) =>
    writeExport(
      req.Format,
      'Companies',
      COMPANY_COLUMNS,
      listPages((r) => repo.list(tx, user.tenantId, r), req),
    ),

  async get(tx: Tx, user: CurrentUser, id: string, forUpdate = false): Promise<Company> {
    const company = await repo.get(tx, user.tenantId, id, forUpdate);
    if (!company) throw problems.notFound('The company was not found.');
    return company;
  },

  async create(tx: Tx, user: CurrentUser, input: CreateCompanyRequest): Promise<Company> {
    await refuseDuplicates(tx, user.tenantId, input);
    const id = randomUUID();
    await repo.insert(tx, user.tenantId, id, input);
    const saved = await this.get(tx, user, id);
    await writeAudit(tx, user, { entity: 'company', entityId: id, action: 'create', after: saved });
    return saved;
  },

  async update(tx: Tx, user: CurrentUser, id: string, input: UpdateCompanyRequest): Promise<Company> {
    if (input.CompanyId && input.CompanyId.toLowerCase() !== id.toLowerCase()) {
      throw problems.badRequest('CompanyId in the body does not match the address.');
    }
    const before = await this.get(tx, user, id, true);
    // The stored id, not the address (which may spell it in upper case): the audit row is found by it.
    const storedId = before.CompanyId;
    if (before.RowVersion !== input.RowVersion) throw problems.stale(STALE_COMPANY);
    await refuseDuplicates(tx, user.tenantId, input, storedId);
    if (!(await repo.update(tx, user.tenantId, storedId, input.RowVersion, input))) {
      throw problems.stale(STALE_COMPANY);
    }
    const after = await this.get(tx, user, storedId);
    await writeAudit(tx, user, { entity: 'company', entityId: storedId, action: 'update', before, after });
    return after;
  },

  async remove(tx: Tx, user: CurrentUser, id: string): Promise<{ Message: string }> {
    const before = await this.get(tx, user, id, true);
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
};

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
