import type { Tx } from '../db/database.js';

/** A company's catalogue of coded entries, unique by code and by name (loan types, pay components). */
type CatalogTable = 'loan_types' | 'pay_components';

/**
 * Locks an entry's bare row for the rest of the transaction, in a query of its own: PostgreSQL refuses FOR UPDATE
 * beside the usage counts an entry is read with.
 */
export async function lockCatalogEntry(
  tx: Tx,
  table: CatalogTable,
  tenantId: string,
  companyId: string,
  id: string,
) {
  await tx.query(`SELECT 1 FROM ${table} WHERE tenant_id = $1 AND company_id = $2 AND id = $3 FOR UPDATE`, [
    tenantId,
    companyId,
    id,
  ]);
}

/** Whether another entry of the company (not `exceptId`) already has the code, or the name, in any case. */
export async function catalogCodeOrNameTaken(
  tx: Tx,
  table: CatalogTable,
  tenantId: string,
  companyId: string,
  code: string,
  name: string,
  exceptId?: string,
) {
  const [row] = await tx.query<{ code: boolean; name: boolean }>(
    `SELECT coalesce(bool_or(lower(code) = lower($3)), false) AS code,
            coalesce(bool_or(lower(name) = lower($4)), false) AS name
       FROM ${table} WHERE tenant_id = $1 AND company_id = $2 AND ($5::uuid IS NULL OR id <> $5)`,
    [tenantId, companyId, code, name, exceptId ?? null],
  );
  return row!;
}
