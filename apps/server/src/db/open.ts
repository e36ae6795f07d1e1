import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './database.js';
import { migrate, type OwnerSql } from './migrate.js';
import { openPglite, pgliteOwnerSql } from './pglite.js';
import { appRoleUrl, openPostgres } from './postgres.js';

export interface OpenedDatabase {
  db: Database;
  /** True when this start created the schema (an empty database). */
  fresh: boolean;
}

/** Opens the configured database, applies pending migrations as the owner, and hands back the app-role door. */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'APP_DB_PASSWORD' | 'DB_POOL_SIZE'> & {
    memory?: boolean;
  },
): Promise<OpenedDatabase> {
  if (!config.DATABASE_URL) {
    const { db, owner } = await openPglite(config.memory ? 'memory' : config.DATA_DIR);
    const ownerSql = pgliteOwnerSql(owner);
    try {
      const fresh = !(await tableExists(ownerSql, 'schema_migrations'));
      await migrate(ownerSql, { appPassword: config.APP_DB_PASSWORD, serverLock: false });
      return { db, fresh };
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  const owner = new pg.Client({ connectionString: config.DATABASE_URL });
  await owner.connect();
  let fresh: boolean;
  try {
    const ownerSql: OwnerSql = {
      exec: (sql) => owner.query(sql),
      query: async <Row>(sql: string, params?: unknown[]) => (await owner.query(sql, params)).rows as Row[],
    };
    fresh = !(await tableExists(ownerSql, 'schema_migrations'));
    await migrate(ownerSql, { appPassword: config.APP_DB_PASSWORD, serverLock: true });
  } finally {
    await owner.end();
  }
  const db = openPostgres(appRoleUrl(config.DATABASE_URL, config.APP_DB_PASSWORD), config.DB_POOL_SIZE);
  return { db, fresh };
}

async function tableExists(owner: OwnerSql, name: string) {
  const rows = await owner.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [name]);
  return rows[0]?.exists === true;
}
