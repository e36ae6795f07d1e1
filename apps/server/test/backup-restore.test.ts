/**
 * `npm run backup` / `npm run restore` of the embedded database: a seeded DATA_DIR is backed up and restored into
 * another, which then holds the same rows and lets the demo users sign in through HTTP. The commands refuse a
 * data directory a running process holds, a target that already has a database (unless --force, which keeps it
 * aside) and a damaged backup, which leaves the target as it was. PGlite only: PostgreSQL uses pg_dump.
 */
import { execFile } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserTypeId } from '@hrpay/contracts';
import { buildApp } from '../src/app.js';
import { runBackup } from '../src/cli/backup.js';
import { putInPlace, runRestore } from '../src/cli/restore.js';
import { loadConfig } from '../src/config.js';
import { APP_ROLE } from '../src/db/database.js';
import { migrate, migrationFiles } from '../src/db/migrate.js';
import { openDatabase } from '../src/db/open.js';
import { openPglite, pgliteOwnerSql } from '../src/db/pglite.js';
import { seedDemo } from '../src/tenants/demo-seed.js';
import { decodeClaims, demo, onPostgres, signIn } from './helpers.js';

const serverDir = new URL('..', import.meta.url).pathname;
const repoRoot = new URL('../../..', import.meta.url).pathname;
const root = join(tmpdir(), `hrpay-backup-${process.pid}-${Date.now()}`); // made in beforeAll: not when skipped
const source = join(root, 'source');
const backupFile = join(root, 'hrpay.backup.tgz');
const serverConfig = (dataDir: string) =>
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', SEED_DEMO: 'never' });

/** Rows of every table of the schema, read as the owner. */
async function tableCounts(dataDir: string): Promise<Record<string, number>> {
  const { db, owner } = await openPglite(dataDir);
  try {
    const tables = await owner.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows)
      counts[name] = (
        await owner.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`)
      ).rows[0]!.n;
    return counts;
  } finally {
    await db.close();
  }
}

/** The app on a data directory as the server starts it; the JWT key is given, as DATA_DIR/jwt-secret would be. */
async function startApp(dataDir: string, jwtSecret: string) {
  const config = serverConfig(dataDir);
  const { db } = await openDatabase(config);
  const app = await buildApp({ config, db, jwtSecret, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** A command as a child process (in the server workspace unless `cwd`): its exit code and output. */
function run(command: string, args: string[], env: Record<string, string>, cwd = serverDir) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const { DATABASE_URL: _unset, ...inherited } = process.env;
    execFile(command, args, { cwd, env: { ...inherited, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
const backupCli = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', ...args], { DATA_DIR: dataDir });

/** One regular file as a ustar entry (header and padded body), for hand-made archives. */
function tarEntry(name: string, content: string) {
  const header = Buffer.alloc(512);
  header.write(name, 0);
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${content.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write('0', 156);
  header.write('ustar\x0000', 257);
  header.fill(' ', 148, 156);
  const sum = header.reduce((a, b) => a + b, 0);
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  const body = Buffer.alloc(Math.ceil(content.length / 512) * 512);
  body.write(content);
  return Buffer.concat([header, body]);
}

/** A directory's entries, recursively, to show a refused restore changed nothing. */
const listing = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).sort() : null;

describe.skipIf(onPostgres)('backup and restore of the embedded database', () => {
  let sourceCounts: Record<string, number>;
  let refreshTokenBeforeBackup: string;

  beforeAll(async () => {
    mkdirSync(root);
    const { db } = await openDatabase(serverConfig(source));
    try {
      await seedDemo(db);
    } finally {
      await db.close();
    }
    const started = await startApp(source, 'key-of-the-source-machine-0123456789abcdef');
    try {
      refreshTokenBeforeBackup = (await signIn(started.app, demo.employee)).refreshToken;
      const hr = await signIn(started.app, demo.hr);
      const audited = await started.app.inject({
        method: 'POST',
        url: '/api/v1/departments',
        headers: hr.headers,
        payload: { Name: 'Backed Up Department' },
      });
      expect(audited.statusCode).toBe(201); // a change the audit log records
    } finally {
      await started.close();
    }
    sourceCounts = await tableCounts(source);
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('restores into a new DATA_DIR the same rows, and the demo users sign in there', async () => {
    const backup = await runBackup(serverConfig(source), { out: backupFile });
    expect(backup.bytes).toBe(readFileSync(backupFile).length);
    expect(backup.summary).toEqual({
      tenants: sourceCounts.tenants,
      companies: sourceCounts.companies,
      employees: sourceCounts.employees,
      users: sourceCounts.users,
    });
    expect(readdirSync(root).filter((f) => f.includes('.partial-'))).toEqual([]);

    const target = join(root, 'restored');
    const restored = await runRestore(serverConfig(target), { from: backupFile });
    expect(restored).toMatchObject({
      pgdata: join(target, 'pgdata'),
      migrationsApplied: 0,
      movedAside: undefined,
    });
    expect(restored.summary).toEqual(backup.summary);
    expect(readdirSync(target).sort()).toEqual(['pgdata']); // the lock released, no staging copy left

    const counts = await tableCounts(target);
    expect(counts).toEqual(sourceCounts);
    for (const table of ['tenants', 'companies', 'employees', 'users', 'audit_log'])
      expect(counts[table], table).toBeGreaterThan(0);

    // A new machine makes a new JWT key: sessions still go on, their refresh tokens being in the database.
    const started = await startApp(target, 'key-of-the-restored-machine-0123456789abcd');
    try {
      const session = await signIn(started.app, demo.hr);
      expect(session.tenantId).toBeTruthy();
      const refreshed = await started.app.inject({
        method: 'POST',
        url: '/api/v1/users/refresh-token',
        payload: { refreshToken: refreshTokenBeforeBackup },
      });
      expect(refreshed.statusCode).toBe(200);
      const accessToken: string = refreshed.json();
      const own = await started.app.inject({
        method: 'GET',
        url: '/api/v1/portal/employees/basic-info',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'x-tenant-id': String(decodeClaims(accessToken).tenant_id),
        },
      });
      expect(own.statusCode).toBe(200);
      const wrongPassword = await started.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: demo.hr.email, password: 'not-the-password', userType: UserTypeId.HRUser },
      });
      expect(wrongPassword.statusCode).toBe(401);
    } finally {
      await started.close();
    }
  });

  it('runs as `npm run backup` from the repository root; refuses (exit 1) while another process has the DATA_DIR open', async () => {
    const viaNpm = join(root, 'via-npm.tgz');
    const ok = await run('npm', ['run', 'backup', '--', '--out', viaNpm], { DATA_DIR: source }, repoRoot);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(
      new RegExp(`Backup written to ${viaNpm} \\([\\d,]+ bytes\\): tenants 2, companies`),
    );
    expect(existsSync(viaNpm)).toBe(true);

    const { db } = await openDatabase(serverConfig(source)); // as a running server holds it
    let refused: Awaited<ReturnType<typeof run>>;
    try {
      refused = await backupCli(source, '--out', join(root, 'while-open.tgz'));
    } finally {
      await db.close();
    }
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The data directory ${source} is in use by process ${process.pid}.`);
    expect(refused.stderr).toContain('Stop the server first.');
    expect(readdirSync(root).filter((f) => f.startsWith('while-open'))).toEqual([]);
  });

  it('points to pg_dump (exit 2) with DATABASE_URL, and asks for --out (exit 2)', async () => {
    const onServer = await run(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', '--out', 'x.tgz'], {
      DATA_DIR: source,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing',
    });
    expect(onServer.code).toBe(2);
    expect(onServer.stderr).toContain('pg_dump -Fc');
    const noOut = await backupCli(source);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain('Usage: npm run backup -- --out FILE');
  });

  it('refuses a DATA_DIR that holds a database; --force moves that one aside, never deletes it', async () => {
    const target = join(root, 'occupied');
    await runRestore(serverConfig(target), { from: backupFile });
    writeFileSync(join(target, 'pgdata', 'marker-of-the-old-database'), 'old');

    await expect(runRestore(serverConfig(target), { from: backupFile })).rejects.toThrow(
      `${join(target, 'pgdata')} already holds a database. Restore into an empty DATA_DIR, or add --force`,
    );
    const viaCli = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/restore.ts', '--from', backupFile],
      {
        DATA_DIR: target,
      },
    );
    expect(viaCli.code).toBe(1);
    expect(viaCli.stderr).toContain('already holds a database');
    expect(existsSync(join(target, 'pgdata', 'marker-of-the-old-database'))).toBe(true);

    const forced = await runRestore(serverConfig(target), { from: backupFile, force: true });
    expect(forced.movedAside).toMatch(/pgdata\.before-restore-\d{4}-\d\d-\d\dT[\d-]+Z$/);
    expect(readFileSync(join(forced.movedAside!, 'marker-of-the-old-database'), 'utf8')).toBe('old');
    expect(existsSync(join(forced.movedAside!, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(target, 'pgdata', 'marker-of-the-old-database'))).toBe(false);
    expect(await tableCounts(target)).toEqual(sourceCounts);
  });

  it('refuses a truncated or foreign backup and leaves the target DATA_DIR as it was', async () => {
    const whole = readFileSync(backupFile);
    const truncated = join(root, 'truncated.tgz');
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const foreign = join(root, 'foreign.tgz');
    writeFileSync(foreign, gzipSync(Buffer.from('not a tar archive at all')));

    const empty = join(root, 'never-created');
    await expect(runRestore(serverConfig(empty), { from: truncated })).rejects.toThrow(
      `${truncated} is not a readable backup (unexpected end of file); nothing was changed.`,
    );
    expect(existsSync(empty)).toBe(false);

    const occupied = join(root, 'kept');
    mkdirSync(occupied);
    await runRestore(serverConfig(occupied), { from: backupFile });
    const before = listing(occupied);
    await expect(runRestore(serverConfig(occupied), { from: truncated, force: true })).rejects.toThrow(
      'is not a readable backup',
    );
    await expect(runRestore(serverConfig(occupied), { from: foreign, force: true })).rejects.toThrow(
      `${foreign} is not a backup of the embedded database (the archive ends inside a header); nothing was changed.`,
    );
    const noVersion = join(root, 'no-version.tgz');
    writeFileSync(noVersion, gzipSync(Buffer.concat([tarEntry('base/hello', 'hi'), Buffer.alloc(1024)])));
    await expect(runRestore(serverConfig(occupied), { from: noVersion, force: true })).rejects.toThrow(
      `${noVersion} is not a backup of the embedded database (no PG_VERSION in it); nothing was changed.`,
    );
    const escaping = join(root, 'escaping.tgz');
    writeFileSync(
      escaping,
      gzipSync(
        Buffer.concat([tarEntry('PG_VERSION', '17\n'), tarEntry('../outside', 'x'), Buffer.alloc(1024)]),
      ),
    );
    await expect(runRestore(serverConfig(occupied), { from: escaping, force: true })).rejects.toThrow(
      `${escaping} is not a backup of the embedded database (the entry "../outside" points outside the archive); nothing was changed.`,
    );
    expect(existsSync(join(occupied, 'outside'))).toBe(false);
    expect(listing(occupied)).toEqual(before);
  });

  it('brings an older backup up to date with the migrations', async () => {
    // A database of the previous release: every migration but the last, applied as migrate() applies them.
    const older = join(root, 'older');
    const files = migrationFiles();
    const { db, owner } = await openPglite(older);
    try {
      await owner.exec(
        `CREATE ROLE ${APP_ROLE} LOGIN PASSWORD 'hrpay_app' NOSUPERUSER NOBYPASSRLS NOINHERIT`,
      );
      await owner.exec(
        'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      for (const file of files.slice(0, -1)) {
        await owner.exec(
          readFileSync(fileURLToPath(new URL(`../src/db/migrations/${file}`, import.meta.url)), 'utf8'),
        );
        await owner.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      }
    } finally {
      await db.close();
    }
    const olderBackup = join(root, 'older.tgz');
    await runBackup(serverConfig(older), { out: olderBackup });

    const target = join(root, 'older-restored');
    const restored = await runRestore(serverConfig(target), { from: olderBackup });
    expect(restored.migrationsApplied).toBe(1);
    const counts = await tableCounts(target);
    expect(counts.schema_migrations).toBe(files.length);
  });

  it('removes its half-loaded copy when PGlite cannot open what the backup holds', async () => {
    // A well-formed archive holding only PG_VERSION: it passes the checks, then PGlite fails to start on it.
    const hollow = join(root, 'hollow.tgz');
    writeFileSync(hollow, gzipSync(Buffer.concat([tarEntry('PG_VERSION', '17\n'), Buffer.alloc(1024)])));

    const target = join(root, 'hollow-target');
    await expect(runRestore(serverConfig(target), { from: hollow })).rejects.toThrow(
      `The backup ${hollow} could not be restored: `,
    );
    expect(existsSync(target)).toBe(false);
  });
  it("writes a file PGlite's own loadDataDir reads, and restores a tarball made by PGlite's dumpDataDir", async () => {
    // The streamed backup, loaded the way PGlite loads its own dumps.
    const streamed = await PGlite.create({
      extensions: { pg_trgm },
      loadDataDir: new Blob([readFileSync(backupFile)]),
    });
    try {
      for (const table of ['tenants', 'employees', 'users', 'audit_log'])
        expect(
          (await streamed.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n,
          table,
        ).toBe(sourceCounts[table]);
    } finally {
      await streamed.close();
    }

    // A backup of the first release (PGlite's dumpDataDir) still restores.
    const dumped = join(root, 'dumped-by-pglite.tgz');
    const { db, owner } = await openPglite(source);
    try {
      await owner.query('CHECKPOINT');
      writeFileSync(dumped, Buffer.from(await (await owner.dumpDataDir('gzip')).arrayBuffer()));
    } finally {
      await db.close();
    }
    const target = join(root, 'from-dump');
    const restored = await runRestore(serverConfig(target), { from: dumped });
    expect(restored.migrationsApplied).toBe(0);
    expect(await tableCounts(target)).toEqual(sourceCounts);
  });

  it('leaves the restored tree and a new DATA_DIR to the owner only (files 0600, directories 0700)', async () => {
    const target = join(root, 'private');
    await runRestore(serverConfig(target), { from: backupFile });
    expect(statSync(target).mode & 0o777).toBe(0o700);
    const modes = new Set<string>();
    const walk = (dir: string) => {
      modes.add(`dir ${(statSync(dir).mode & 0o777).toString(8)}`);
      for (const entry of readdirSync(dir, { withFileTypes: true }))
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else modes.add(`file ${(statSync(join(dir, entry.name)).mode & 0o777).toString(8)}`);
    };
    walk(join(target, 'pgdata'));
    expect([...modes].sort()).toEqual(['dir 700', 'file 600']);
  });

  it('refuses a backup of a newer release (a migration this code lacks) and leaves the target as it was', async () => {
    const newer = join(root, 'newer');
    const { db, owner } = await openPglite(newer);
    try {
      await migrate(pgliteOwnerSql(owner), { appPassword: 'hrpay_app', serverLock: false });
      await owner.query('INSERT INTO schema_migrations (name) VALUES ($1)', [
        '9999_from_a_later_release.sql',
      ]);
    } finally {
      await db.close();
    }
    const newerBackup = join(root, 'newer.tgz');
    await runBackup(serverConfig(newer), { out: newerBackup });

    const message = `The backup ${newerBackup} could not be restored: it is a database of a newer release of HRPAY (migrations this release does not have: 9999_from_a_later_release.sql); restore it with that release or a later one.`;
    const empty = join(root, 'newer-empty');
    await expect(runRestore(serverConfig(empty), { from: newerBackup })).rejects.toThrow(message);
    expect(existsSync(empty)).toBe(false);

    const occupied = join(root, 'newer-occupied');
    await runRestore(serverConfig(occupied), { from: backupFile });
    const before = listing(occupied);
    await expect(runRestore(serverConfig(occupied), { from: newerBackup, force: true })).rejects.toThrow(
      message,
    );
    expect(listing(occupied)).toEqual(before);
    expect(await tableCounts(occupied)).toEqual(sourceCounts);
  });

  it('puts the current database back when the restored one cannot be moved into place', () => {
    const dir = join(root, 'swap');
    const pgdata = join(dir, 'pgdata');
    const staging = join(dir, 'pgdata.restoring-x');
    const aside = join(dir, 'pgdata.before-restore-x');
    mkdirSync(pgdata, { recursive: true });
    writeFileSync(join(pgdata, 'PG_VERSION'), 'current');
    mkdirSync(staging);
    writeFileSync(join(staging, 'PG_VERSION'), 'restored');
    const failing = (from: string, to: string) => {
      if (from === staging) throw new Error('EXDEV: simulated');
      renameSync(from, to);
    };
    expect(() => putInPlace(staging, pgdata, aside, failing)).toThrow(
      `Could not move the restored database into ${pgdata} (EXDEV: simulated); the restored copy was removed. The data directory was left as it was.`,
    );
    expect(readdirSync(dir)).toEqual(['pgdata']);
    expect(readFileSync(join(pgdata, 'PG_VERSION'), 'utf8')).toBe('current');
  });

  it('refuses to start on a DATA_DIR whose restore did not finish (no pgdata, a restore directory beside it)', async () => {
    const dir = join(root, 'unfinished');
    mkdirSync(join(dir, 'pgdata.before-restore-2026-05-01T00-00-00-000Z'), { recursive: true });
    mkdirSync(join(dir, 'pgdata.restoring-2026-05-01T00-00-00-000Z'));
    await expect(openDatabase(serverConfig(dir))).rejects.toThrow(
      `There is no database in ${join(dir, 'pgdata')}, but ${join(dir, 'pgdata.before-restore-2026-05-01T00-00-00-000Z')}, ${join(dir, 'pgdata.restoring-2026-05-01T00-00-00-000Z')} are there: a restore (npm run restore) did not finish.`,
    );
    expect(readdirSync(dir).sort()).toEqual([
      'pgdata.before-restore-2026-05-01T00-00-00-000Z',
      'pgdata.restoring-2026-05-01T00-00-00-000Z',
    ]); // no new database made, the lock released
  });
});
