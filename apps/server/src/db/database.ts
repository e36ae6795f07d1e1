/**
 * The only door to the database. Every piece of application SQL runs inside `withTenant` (RLS scoped to one
 * tenant) or `withoutTenant` (global tables only), always as the non-owner application role, always in one
 * transaction with a transaction-local tenant setting (ARCHITECTURE §3). Nothing else touches the pool.
 */
export interface Tx {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/**
 * A query run first in a tenant transaction, with text parameters (UUIDs, and the Manila date the session re-read
 * of every authenticated request checks a separation against): on a server it travels with BEGIN and the tenant
 * setting in one round trip.
 */
export interface FirstQuery {
  sql: string;
  uuids: string[];
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /**
   * `work` is called as soon as the opening (BEGIN, tenant setting, `first`) is written, before its answer: a
   * query it issues at once leaves in the same round trip. `firstRows` settles with `first`'s rows, or rejects
   * if the opening failed; work that depends on them (anything that writes) must await them before its first
   * query. The transaction fails if the opening failed, whatever `work` answered. A transaction that only read
   * does not wait for COMMIT's answer (there is nothing to make durable; it saves a round trip on a server).
   */
  withTenant<T>(
    tenantId: string,
    work: (tx: Tx, firstRows: Promise<Record<string, unknown>[]>) => Promise<T>,
    first?: FirstQuery,
  ): Promise<T>;
  withoutTenant<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Liveness of the database itself (GET /api/ready). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const APP_ROLE = 'hrpay_app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A tenant id reaches SQL only after this check, so a malformed claim can never become SQL text. */
export function assertTenantId(tenantId: string): string {
  if (!isUuid(tenantId)) throw new Error('invalid tenant id');
  return tenantId.toLowerCase();
}
