import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { loadConfig, type Config } from '../config.js';
import { loadEmbedded, type DatabaseSummary } from '../db/backup.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { CliRefusal, cliPath, describeSummary, lockRefusal, parseCliArgs, runCli } from './command.js';

/**
 * `npm run restore -- --from FILE [--force]`: a backup made by `npm run backup` becomes DATA_DIR/pgdata, brought
 * up to date by the migrations. The backup is checked whole and loaded into a directory beside pgdata first;
 * only a database that opened and migrated is renamed into place, so a bad file leaves DATA_DIR as it was.
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
  const tar = readBackup(options.from);

  const createdDataDir = !existsSync(config.DATA_DIR);
  mkdirSync(config.DATA_DIR, { recursive: true });
  let release: () => void;
  try {
    release = lockDataDir(config.DATA_DIR);
  } catch (error) {
    throw lockRefusal(error);
  }
  let restored = false;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const staging = `${pgdata}.restoring-${stamp}`;
  try {
    let loaded: Awaited<ReturnType<typeof loadEmbedded>>;
    try {
      loaded = await loadEmbedded(staging, tar, config.APP_DB_PASSWORD);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true }); // our own half-loaded copy; pgdata was not touched
      throw new CliRefusal(
        `The backup ${options.from} could not be restored: ${(error as Error).message}. ${config.DATA_DIR} was left as it was.`,
      );
    }

    let movedAside: string | undefined;
    if (holdsDatabase()) {
      movedAside = `${pgdata}.before-restore-${stamp}`;
      renameSync(pgdata, movedAside);
    } else if (existsSync(pgdata)) rmdirSync(pgdata); // an empty directory
    renameSync(staging, pgdata);
    restored = true;
    return { pgdata, movedAside, ...loaded };
  } finally {
    release();
    if (!restored && createdDataDir) rmdirIfEmpty(config.DATA_DIR); // made by this run: as it was, absent
  }
}

function rmdirIfEmpty(dir: string) {
  try {
    rmdirSync(dir);
  } catch {
    // not empty: something else is in it, so it stays
  }
}

/** The backup, checked whole before anything is written: gzip (its CRC catches a truncated file), then a tar. */
function readBackup(file: string): Buffer {
  let tar: Buffer;
  try {
    tar = gunzipSync(readFileSync(file));
  } catch (error) {
    throw new CliRefusal(
      `${file} is not a readable backup (${(error as Error).message}); nothing was changed.`,
    );
  }
  const names = tarEntryNames(tar);
  if (!names?.some((n) => n === '/PG_VERSION' || n === 'PG_VERSION'))
    throw new CliRefusal(
      `${file} is not a backup of the embedded database (no PG_VERSION in it); nothing was changed.`,
    );
  return tar;
}

/** The names in a ustar archive, or undefined when a header's checksum is wrong or an entry runs past the end. */
function tarEntryNames(tar: Buffer): string[] | undefined {
  const names: string[] = [];
  const field = (header: Buffer, start: number, length: number) =>
    header
      .subarray(start, start + length)
      .toString('latin1')
      .replace(/\0.*$/s, '')
      .trim();
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) return names; // the end-of-archive blocks
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    const size = parseInt(field(header, 124, 12) || '0', 8);
    if (sum !== parseInt(field(header, 148, 8), 8) || Number.isNaN(size)) return undefined;
    names.push(field(header, 0, 100));
    offset += 512 + Math.ceil(size / 512) * 512;
    if (offset > tar.length) return undefined;
  }
  return undefined; // no end-of-archive blocks
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
