import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { APP_ROLE, assertTenantId, type Database, type FirstQuery, type Tx } from './database.js';
import { lockDataDir } from './data-dir-lock.js';
import type { OwnerSql } from './migrate.js';

/** The PGlite superuser session as the owner's connection that `migrate` takes. */
export const pgliteOwnerSql = (owner: PGlite): OwnerSql => ({
  exec: (sql) => owner.exec(sql),
  query: async <Row>(sql: string, params?: unknown[]) => (await owner.query<Row>(sql, params)).rows,
});

/** A data directory opened with the extensions the app's migrations use (the server, backup and restore). */
export const openPgliteAt = (path: string) => PGlite.create(path, { extensions: { pg_trgm } });

/** How an in-memory database starts (the API suite makes one per test file). */
export interface MemoryStart {
  /** A `dumpDataDir()` tarball to start from instead of an empty database. */
  tarball?: ArrayBuffer;
  /** PostgreSQL's shared_buffers instead of PGlite's 128MB, which took about a second of each start on CI. */
  sharedBuffers?: string;
}

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
// The global WebAssembly object, which the ES2023 lib without the DOM's does not declare.
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } })
  .WebAssembly;
let compiledWasm: Promise<WasmModule> | undefined;
/** PGlite's WebAssembly compiled once per process: PGlite compiles it again for each database otherwise. */
const pgliteWasm = () =>
  (compiledWasm ??= readFile(
    join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm'),
  ).then((bytes) => wasm.compile(bytes)));

/**
 * The tarball as PGlite reads it (`await loadDataDir.arrayBuffer()`), without a Blob: Node's Blob hands its
 * bytes over through a stream, some 40 MB of chunks to gather for each database. PGlite copies the files out.
 */
const tarballBlob = (tarball: ArrayBuffer) =>
  ({ type: '', arrayBuffer: async () => tarball }) as unknown as Blob;

/**
 * Embedded PostgreSQL. PGlite's session is a superuser, so each transaction switches to the application
 * role with SET LOCAL ROLE: RLS then stops a forgotten filter (not injected SQL, hence parameterised
 * queries only). PGlite has one connection; its transaction() serialises callers.
 */
export async function openPglite(
  dataDir: string | 'memory',
  /** In memory only. */
  { tarball, sharedBuffers }: MemoryStart = {},
): Promise<{ db: Database; owner: PGlite }> {
  let release = () => {};
  let pg: PGlite;
  if (dataDir === 'memory') {
    pg = await PGlite.create({
      extensions: { pg_trgm },
      pgliteWasmModule: await pgliteWasm(),
      loadDataDir: tarball && tarballBlob(tarball),
      startParams: sharedBuffers
        ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`]
        : undefined,
    });
  } else {
    mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(dataDir);
    try {
      refuseUnfinishedRestore(dataDir);
    } catch (error) {
      release();
      throw error;
    }
    pg = await openPgliteAt(`${dataDir}/pgdata`);
  }

  const run = async <T>(
    tenantId: string | null,
    work: (tx: Tx, firstRows: Promise<Record<string, unknown>[]>) => Promise<T>,
    first?: FirstQuery,
  ): Promise<T> =>
    pg.transaction(async (t) => {
      await t.query(`SET LOCAL ROLE ${APP_ROLE}`);
      if (tenantId) await t.query(`SELECT set_config('app.tenant_id', $1, true)`, [assertTenantId(tenantId)]);
      const tx: Tx = {
        query: async <Row>(sql: string, params?: unknown[]) => {
          // PGlite runs each statement synchronously on this thread and its promises settle as microtasks:
          // without a turn of the event loop between statements, a long job (an import's batches) would keep
          // every other request, even /api/health, waiting until it ends (issue 13, item 3).
          await new Promise<void>((resolve) => setImmediate(resolve));
          return (await t.query<Row>(sql, params)).rows;
        },
      };
      const firstRows = first ? await tx.query<Record<string, unknown>>(first.sql, first.uuids) : [];
      return work(tx, Promise.resolve(firstRows));
    });

  const db: Database = {
    kind: 'pglite',
    withTenant: (tenantId, work, first) => run(tenantId, work, first),
    withoutTenant: (work) => run(null, (tx) => work(tx)),
    ping: async () => {
      await pg.query('SELECT 1');
    },
    close: async () => {
      if (!pg.closed) {
        if (dataDir !== 'memory') await pg.query('CHECKPOINT');
        await pg.close();
      }
      release();
    },
  };
  return { db, owner: pg };
}

/**
 * No database in DATA_DIR/pgdata, but a restore's directories beside it (npm run restore stopped between moving
 * the database aside and putting the restored one in place): opening would make a new, empty database and seed it
 * as if there had never been one, so the server refuses to start and names them.
 */
function refuseUnfinishedRestore(dataDir: string) {
  const pgdata = join(dataDir, 'pgdata');
  if (existsSync(join(pgdata, 'PG_VERSION'))) return;
  const left = readdirSync(dataDir)
    .filter((name) => /^pgdata\.(before-restore|restoring)-/.test(name))
    .sort();
  if (!left.length) return;
  throw new Error(
    `There is no database in ${pgdata}, but ${left.map((name) => join(dataDir, name)).join(', ')} ${left.length === 1 ? 'is' : 'are'} there: a restore (npm run restore) did not finish. ` +
      'Rename the database to keep to pgdata (pgdata.before-restore-* is the one from before the restore, pgdata.restoring-* the unfinished restored copy), or move these aside to start with a new, empty database.',
  );
}
