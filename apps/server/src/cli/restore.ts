import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from '../config.js';
import { loadEmbedded, type DatabaseSummary } from '../db/backup.js';
import { ArchiveError, extractArchive } from '../db/data-dir-archive.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { CliRefusal, cliPath, describeSummary, lockRefusal, parseCliArgs, runCli } from './command.js';

/**
 * `npm run restore -- --from FILE [--force]`: a backup made by `npm run backup` becomes DATA_DIR/pgdata, brought
 * up to date by the migrations. The backup is extracted a file at a time into a directory beside pgdata first
 * and checked there; only a database that opened and migrated is renamed into place (files 0600, directories
 * 0700), so a bad file, or one from a newer release, leaves DATA_DIR as it was.
 * With --force an existing database is moved aside (pgdata.before-restore-TIMESTAMP), never deleted.
 */

export const PG_RESTORE_ADVICE =
  'DATABASE_URL is set: restore a PostgreSQL server with pg_restore (from a pg_dump -Fc file); this command only handles the embedded database under DATA_DIR.';

export async function runRestore(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'APP_DB_PASSWORD'>,
  options: { from: string; force?: boolean },
): Promise<{ pgdata: string; movedAside?: string; migrationsApplied: number; summary: DatabaseSummary }> {
  if (config.DATABASE_URL) throw new CliRefusal(PG_RESTORE_ADVICE, 2);
  const pgdata = resolve(config.DATA_DIR, 'pgdata');
  const holdsDatabase = () => existsSync(pgdata) && readdirSync(pgdata).length > 0;
  if (holdsDatabase() && !options.force)
    throw new CliRefusal(
      `${pgdata} already holds a database. Restore into an empty DATA_DIR, or add --force to move the current database aside (it is kept, not deleted).`,
    );
  try {
    if (!statSync(options.from).isFile()) throw new Error('not a file');
  } catch (error) {
    throw new CliRefusal(
      `${options.from} is not a readable backup (${(error as Error).message}); nothing was changed.`,
    );
  }

  const createdDataDir = !existsSync(config.DATA_DIR);
  mkdirSync(config.DATA_DIR, { recursive: true, mode: 0o700 });
  let release: () => void;
  try {
    release = lockDataDir(config.DATA_DIR);
  } catch (error) {
    if (createdDataDir) rmdirIfEmpty(config.DATA_DIR);
    throw lockRefusal(error);
  }
  let restored = false;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const staging = `${pgdata}.restoring-${stamp}`;
  try {
    let loaded: Awaited<ReturnType<typeof loadEmbedded>>;
    try {
      mkdirSync(staging, { mode: 0o700 });
      loaded = await loadBackup(options.from, staging, config.APP_DB_PASSWORD);
      ownerOnly(staging);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true }); // our own half-loaded copy; pgdata was not touched
      throw error instanceof CliRefusal
        ? error
        : new CliRefusal(
            `The backup ${options.from} could not be restored: ${(error as Error).message}. ${config.DATA_DIR} was left as it was.`,
          );
    }
    const movedAside = putInPlace(
      staging,
      pgdata,
      holdsDatabase() ? `${pgdata}.before-restore-${stamp}` : undefined,
    );
    restored = true;
    return { pgdata, movedAside, ...loaded };
  } finally {
    release();
    if (!restored && createdDataDir) rmdirIfEmpty(config.DATA_DIR); // made by this run: as it was, absent
  }
}

/**
 * The backup extracted into `staging` a file at a time (gunzip's CRC and every header's checksum checked on the
 * way), then opened there and migrated; a damaged or foreign file is a refusal. The caller removes `staging` on
 * any error.
 */
async function loadBackup(file: string, staging: string, appPassword: string) {
  let names: string[];
  try {
    names = await extractArchive(file, staging);
  } catch (error) {
    throw new CliRefusal(
      error instanceof ArchiveError
        ? `${file} is not a backup of the embedded database (${error.message}); nothing was changed.`
        : `${file} is not a readable backup (${(error as Error).message}); nothing was changed.`,
    );
  }
  // Checked before PGlite opens it: PGlite would make a new, empty database in a directory without PG_VERSION.
  if (!names.includes('PG_VERSION') || !existsSync(join(staging, 'PG_VERSION')))
    throw new CliRefusal(
      `${file} is not a backup of the embedded database (no PG_VERSION in it); nothing was changed.`,
    );
  return loadEmbedded(staging, appPassword);
}

/**
 * Puts the loaded copy `staging` at `pgdata`, the current database first moved to `movedAside` (or an empty
 * pgdata directory removed). When the last rename fails the current database is put back and the copy removed:
 * DATA_DIR is left as it was. Exported for its test (`rename` there fails on purpose).
 */
export function putInPlace(
  staging: string,
  pgdata: string,
  movedAside: string | undefined,
  rename: (from: string, to: string) => void = renameSync,
): string | undefined {
  if (movedAside) rename(pgdata, movedAside);
  else if (existsSync(pgdata)) rmdirSync(pgdata); // an empty directory
  try {
    rename(staging, pgdata);
  } catch (error) {
    let putBack = '';
    if (movedAside) {
      try {
        rename(movedAside, pgdata);
      } catch (backError) {
        putBack = ` The current database could not be put back either (${(backError as Error).message}): it is in ${movedAside}; rename it to ${pgdata}.`;
      }
    }
    rmSync(staging, { recursive: true, force: true });
    throw new CliRefusal(
      `Could not move the restored database into ${pgdata} (${(error as Error).message}); the restored copy was removed.${putBack || ' The data directory was left as it was.'}`,
    );
  }
  return movedAside;
}

/** Files 0600 and directories 0700 through the tree: the database holds pay data and password hashes. */
function ownerOnly(dir: string) {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) ownerOnly(path);
    else chmodSync(path, 0o600);
  }
}

function rmdirIfEmpty(dir: string) {
  try {
    rmdirSync(dir);
  } catch {
    // not empty: something else is in it, so it stays
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runCli(async () => {
    const usage = 'npm run restore -- --from FILE [--force]';
    const { from, force } = parseCliArgs({ from: { type: 'string' }, force: { type: 'boolean' } }, usage);
    if (!from) throw new CliRefusal(`Usage: ${usage}`, 2);
    const result = await runRestore(loadConfig(), { from: cliPath(from), force });
    if (result.movedAside) console.log(`The previous database was moved to ${result.movedAside}.`);
    console.log(
      `Restored into ${result.pgdata} (${result.migrationsApplied} migrations applied): ${describeSummary(result.summary)}.`,
    );
  });
}
