import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { APP_ROLE } from './database.js';

/** The owner's connection (PGlite's superuser session, or the DATABASE_URL login): used for DDL only. */
export interface OwnerSql {
  exec(sql: string): Promise<unknown>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_LOCK = 727_274;

export function migrationFiles(): string[] {
  return readdirSync(migrationsDir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/** Applies each committed migration once, in order, each in its own transaction. Safe to run concurrently. */
export async function migrate(owner: OwnerSql, options: { appPassword: string; serverLock: boolean }) {
  await ensureAppRole(owner, options.appPassword);
  if (options.serverLock) await owner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await owner.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Set(
      (await owner.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    for (const file of migrationFiles()) {
      if (applied.has(file)) continue;
      const sql = readFileSync(migrationsDir + file, 'utf8');
      await owner.exec('BEGIN');
      try {
        await owner.exec(sql);
        await owner.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await owner.exec('COMMIT');
      } catch (error) {
        await owner.exec('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    if (options.serverLock) await owner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}

/** The application role: may log in, owns nothing, is not superuser and never bypasses RLS. */
async function ensureAppRole(owner: OwnerSql, password: string) {
  const quoted = `'${password.replaceAll("'", "''")}'`;
  await owner.exec(`DO $$ BEGIN
    CREATE ROLE ${APP_ROLE} LOGIN PASSWORD ${quoted} NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
}
