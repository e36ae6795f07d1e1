import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { migrate } from './migrate.js';
import { openPglite, pgliteOwnerSql } from './pglite.js';

/** The embedded database's side of `npm run backup` / `npm run restore` (src/cli): PGlite stays inside src/db. */

export interface DatabaseSummary {
  tenants: number;
  companies: number;
  employees: number;
  users: number;
}

/** Row counts read through the owner's connection (a superuser: every tenant, no row-level security). */
async function summarize(owner: PGlite): Promise<DatabaseSummary> {
  const { rows } = await owner.query<Record<keyof DatabaseSummary, number>>(
    `SELECT (SELECT count(*) FROM tenants)::int AS tenants, (SELECT count(*) FROM companies)::int AS companies,
            (SELECT count(*) FROM employees)::int AS employees, (SELECT count(*) FROM users)::int AS users`,
  );
  return rows[0]!;
}

/**
 * DATA_DIR/pgdata as a gzipped tarball (PGlite's dumpDataDir). Opened as the server opens it, so DATA_DIR's lock
 * refuses while a server runs there; the session is read-only, and a CHECKPOINT first puts every committed change
 * in the data files.
 */
export async function dumpEmbedded(dataDir: string): Promise<{ tarball: Buffer; summary: DatabaseSummary }> {
  const { db, owner } = await openPglite(dataDir);
  try {
    await owner.exec('SET default_transaction_read_only = on');
    const summary = await summarize(owner);
    await owner.query('CHECKPOINT');
    const tarball = Buffer.from(await (await owner.dumpDataDir('gzip')).arrayBuffer());
    return { tarball, summary };
  } finally {
    await db.close();
  }
}

/**
 * Writes a data-directory tarball into `pgdataPath` (a new directory: PGlite extracts `loadDataDir` into its
 * NodeFS path), opens it, and applies the pending migrations. The caller holds DATA_DIR's lock.
 */
export async function loadEmbedded(
  pgdataPath: string,
  tarball: Buffer,
  appPassword: string,
): Promise<{ migrationsApplied: number; summary: DatabaseSummary }> {
  const pg = await PGlite.create(pgdataPath, { extensions: { pg_trgm }, loadDataDir: new Blob([tarball]) });
  try {
    const applied = async () =>
      (await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')).rows[0]!.n;
    const before = await applied();
    await migrate(pgliteOwnerSql(pg), { appPassword, serverLock: false });
    const migrationsApplied = (await applied()) - before;
    const summary = await summarize(pg);
    await pg.query('CHECKPOINT');
    return { migrationsApplied, summary };
  } finally {
    await pg.close();
  }
}
