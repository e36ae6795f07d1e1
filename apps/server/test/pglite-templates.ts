/**
 * Vitest global setup of the API suite on PGlite: migrates one embedded database, and seeds the demo tenants into
 * it, once for the whole run, and leaves both states as data-directory tarballs that every test file's database
 * starts from (`createTestDatabase`). A new PGlite's first start and the migrations took about 5 s for each of the
 * suite's ~50 databases. On PostgreSQL each file still migrates and seeds its own database (about 1 s).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { seedDemo } from '../src/tenants/demo-seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplates: { migrated: string; seeded: string };
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'hrpay-pglite-templates-'));
  const paths = { migrated: join(dir, 'migrated.tar'), seeded: join(dir, 'seeded.tar') };
  project.provide('pgliteTemplates', paths);
  if (process.env.HRPAY_TEST_DB !== 'postgres') {
    const { db, owner } = await openPglite('memory');
    try {
      await migrate(
        {
          exec: (sql) => owner.exec(sql),
          query: async <Row>(sql: string, p?: unknown[]) => (await owner.query<Row>(sql, p)).rows,
        },
        { appPassword: 'hrpay_app', serverLock: false },
      );
      const dump = async (path: string) =>
        writeFileSync(path, Buffer.from(await (await owner.dumpDataDir('none')).arrayBuffer()));
      await dump(paths.migrated);
      await seedDemo(db);
      await dump(paths.seeded);
    } finally {
      await db.close();
    }
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
