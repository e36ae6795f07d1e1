/**
 * Vitest global setup of the API suite: migrates one database, and seeds the demo tenants into a second, once
 * for the whole run; every test file's database starts as a copy of one of them (`createTestDatabase`).
 * - PGlite: the two states are data-directory tarballs. A new PGlite's first start and the migrations took about
 *   5 s for each of the suite's ~50 databases; a copy loads in under one.
 * - PostgreSQL: the two states are template databases (`CREATE DATABASE … TEMPLATE`, a file copy on the server).
 *   Migrating and seeding each file's database took 1-3 s of the run's single worker.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate.js';
import { openDatabase } from '../src/db/open.js';
import { openPglite, pgliteOwnerSql } from '../src/db/pglite.js';
import { seedDemo } from '../src/tenants/demo-seed.js';

/** Which database the API suite runs on: embedded PGlite by default, a real server with HRPAY_TEST_DB=postgres. */
export const onPostgres = process.env.HRPAY_TEST_DB === 'postgres';
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of one database on the test server, as the owner (the server URL's login). */
export function databaseUrl(name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements on one connection as the owner: on a database's URL, or on the server's maintenance database. */
export async function asOwner(url: string, ...statements: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const sql of statements) await client.query(sql);
  } finally {
    await client.end();
  }
}

/** CREATE / DROP DATABASE on the test server. */
export const onServer = (...statements: string[]) => asOwner(serverUrl, ...statements);

/** Opens (and migrates, when needed) a database of the test server as the app does. */
export const openOnServer = (name: string, poolSize: number) =>
  openDatabase({
    DATABASE_URL: databaseUrl(name),
    DATA_DIR: '',
    APP_DB_PASSWORD: 'hrpay_app',
    DB_POOL_SIZE: poolSize,
  });

/**
 * `CREATE DATABASE name TEMPLATE template`. The copy needs the template to have no session, and a closed pool's
 * server processes can take a moment to exit after their clients hung up: retried while the server says so.
 */
export async function copyDatabase(template: string, name: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await onServer(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } catch (error) {
      const inUse = (error as { code?: string }).code === '55006'; // object_in_use
      if (!inUse || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Where each template is: tarball paths on PGlite, database names on PostgreSQL. */
export interface DbTemplates {
  migrated: string;
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}

export default async function setup(project: TestProject) {
  if (onPostgres) {
    const prefix = `hrpay_template_${randomBytes(4).toString('hex')}`;
    const names = { migrated: `${prefix}_migrated`, seeded: `${prefix}_seeded` };
    await onServer(`CREATE DATABASE ${names.migrated}`);
    await (await openOnServer(names.migrated, 2)).db.close();
    await copyDatabase(names.migrated, names.seeded);
    const { db } = await openOnServer(names.seeded, 2);
    try {
      await seedDemo(db);
    } finally {
      await db.close();
    }
    project.provide('dbTemplates', names);
    return () =>
      onServer(
        `DROP DATABASE IF EXISTS ${names.migrated} WITH (FORCE)`,
        `DROP DATABASE IF EXISTS ${names.seeded} WITH (FORCE)`,
      );
  }
  const dir = mkdtempSync(join(tmpdir(), 'hrpay-pglite-templates-'));
  const paths = { migrated: join(dir, 'migrated.tar'), seeded: join(dir, 'seeded.tar') };
  project.provide('dbTemplates', paths);
  const { db, owner } = await openPglite('memory');
  try {
    await migrate(pgliteOwnerSql(owner), { appPassword: 'hrpay_app', serverLock: false });
    const dump = async (path: string) =>
      writeFileSync(path, Buffer.from(await (await owner.dumpDataDir('none')).arrayBuffer()));
    await dump(paths.migrated);
    await seedDemo(db);
    await dump(paths.seeded);
  } finally {
    await db.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
