import pg from 'pg';
import {
  APP_ROLE,
  assertTenantId,
  inlineUuids,
  type Database,
  type FirstQuery,
  type Tx,
} from './database.js';

/**
 * A PostgreSQL server, reached through a pool that logs in as the application role (not the owner, not
 * superuser, no BYPASSRLS): here RLS is the real security boundary. The tenant setting is transaction-local,
 * sent together with BEGIN in one round trip (the id was checked to be a UUID, so inlining it is safe).
 */
export function appRoleUrl(databaseUrl: string, password: string): string {
  const url = new URL(databaseUrl);
  url.username = APP_ROLE;
  url.password = password;
  return url.toString();
}

export function openPostgres(appUrl: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: appUrl, max: poolSize });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});

  const run = async <T>(
    tenantId: string | null,
    work: (tx: Tx, firstRows: Record<string, unknown>[]) => Promise<T>,
    first?: FirstQuery,
  ): Promise<T> => {
    const client = await pool.connect();
    let broken = false;
    try {
      const opening = tenantId
        ? `BEGIN; SELECT set_config('app.tenant_id', '${assertTenantId(tenantId)}', true)`
        : 'BEGIN';
      // Simple protocol: several statements, one round trip; a multi-statement answer is an array.
      const answers = await client.query(first ? `${opening}; ${inlineUuids(first)}` : opening);
      const firstRows = first
        ? ((answers as unknown as pg.QueryResult[]).at(-1)!.rows as Record<string, unknown>[])
        : [];
      const tx: Tx = {
        query: async <Row>(sql: string, params?: unknown[]) =>
          (await client.query(sql, params)).rows as Row[],
      };
      const result = await work(tx, firstRows);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true; // never return a connection whose transaction state is unknown
      }
      throw error;
    } finally {
      client.release(broken);
    }
  };

  return {
    kind: 'postgres',
    withTenant: (tenantId, work, first) => run(tenantId, work, first),
    withoutTenant: (work) => run(null, (tx) => work(tx)),
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}
