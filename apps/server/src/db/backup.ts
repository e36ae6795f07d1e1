import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { writeArchive } from './data-dir-archive.js';
import { lockDataDir } from './data-dir-lock.js';
import { migrate, migrationFiles } from './migrate.js';
import { openPgliteAt, pgliteOwnerSql } from './pglite.js';

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
 * DATA_DIR/pgdata written to `file` as a gzipped tarball in the layout of PGlite's dumpDataDir, a file at a time
 * (memory stays flat). DATA_DIR's lock is held throughout, so it refuses while a server runs there: the database
 * is opened read-only for its summary, checkpointed and closed, and the closed directory, a consistent cold copy,
 * is archived before the lock is released.
 */
export async function dumpEmbedded(dataDir: string, file: string): Promise<{ summary: DatabaseSummary }> {
  const release = lockDataDir(dataDir);
  try {
    const pgdata = join(dataDir, 'pgdata');
    // Checked under the lock: PGlite would make a new database in a directory without one.
    if (!existsSync(join(pgdata, 'PG_VERSION')))
      throw new Error(`There is no embedded database in ${pgdata}.`);
    const pg = await openPgliteAt(pgdata);
    let summary: DatabaseSummary;
    try {
      await pg.exec('SET default_transaction_read_only = on');
      summary = await summarize(pg);
      await pg.query('CHECKPOINT');
    } finally {
      await pg.close();
    }
    await writeArchive(pgdata, file);
    return { summary };
  } finally {
    release();
  }
}

/**
 * Opens the data directory `pgdataPath` (extracted from a backup; the caller holds DATA_DIR's lock and has checked
 * it holds PG_VERSION), refuses a database of a newer release (a migration this code does not have), and applies
 * the pending migrations.
 */
export async function loadEmbedded(
  pgdataPath: string,
  appPassword: string,
): Promise<{ migrationsApplied: number; summary: DatabaseSummary }> {
  const pg = await openPgliteAt(pgdataPath);
  try {
    const names = async () =>
      (await pg.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map(
        (r) => r.name,
      );
    const before = await names();
    const known = new Set(migrationFiles());
    const unknown = before.filter((name) => !known.has(name));
    if (unknown.length)
      throw new Error(
        `it is a database of a newer release of HRPAY (migrations this release does not have: ${unknown.join(', ')}); restore it with that release or a later one`,
      );
    await migrate(pgliteOwnerSql(pg), { appPassword, serverLock: false });
    const migrationsApplied = (await names()).length - before.length;
    const summary = await summarize(pg);
    await pg.query('CHECKPOINT');
    return { migrationsApplied, summary };
  } finally {
    await pg.close();
  }
}
