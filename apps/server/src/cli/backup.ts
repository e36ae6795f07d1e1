import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from '../config.js';
import { dumpEmbedded, type DatabaseSummary } from '../db/backup.js';
import { CliRefusal, cliPath, describeSummary, lockRefusal, parseCliArgs, runCli } from './command.js';

/**
 * `npm run backup -- --out FILE`: the embedded database (DATA_DIR/pgdata) as a gzipped tarball in the layout of
 * PGlite's dumpDataDir, written a file at a time, the file `npm run restore` (or `PGlite.create({ loadDataDir })`)
 * reads. The JWT key (DATA_DIR/jwt-secret) is not in it: it only signs 15-minute access tokens and sessions live
 * in the database, so after a restore on another machine a new key is made and the web app trades its refresh
 * token for a new access token; a restore into the same DATA_DIR keeps the key that is there. On a PostgreSQL
 * server (DATABASE_URL) pg_dump is the tool.
 */

export const PG_DUMP_ADVICE =
  'DATABASE_URL is set: back up the PostgreSQL server with pg_dump -Fc (restore with pg_restore); this command only handles the embedded database under DATA_DIR.';

export async function runBackup(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  options: { out: string },
): Promise<{ file: string; bytes: number; summary: DatabaseSummary }> {
  if (config.DATABASE_URL) throw new CliRefusal(PG_DUMP_ADVICE, 2);
  const pgVersion = join(config.DATA_DIR, 'pgdata', 'PG_VERSION');
  if (!existsSync(pgVersion))
    throw new CliRefusal(`There is no embedded database in ${config.DATA_DIR} (no ${pgVersion}).`);

  // A temporary name beside the target, then a rename: a failed or interrupted backup never leaves a partial
  // file under the final name, nor replaces an earlier backup there.
  const temporary = `${options.out}.partial-${process.pid}`;
  let summary: DatabaseSummary;
  try {
    ({ summary } = await dumpEmbedded(config.DATA_DIR, temporary));
    renameSync(temporary, options.out);
  } catch (error) {
    rmSync(temporary, { force: true });
    const refusal = lockRefusal(error);
    if (/in use by process|Could not lock|There is no embedded database/.test(refusal.message)) throw refusal;
    throw new CliRefusal(`Could not write ${options.out}: ${refusal.message}`);
  }
  return { file: options.out, bytes: statSync(options.out).size, summary };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runCli(async () => {
    const usage = 'npm run backup -- --out FILE';
    const { out } = parseCliArgs({ out: { type: 'string' } }, usage);
    if (!out) throw new CliRefusal(`Usage: ${usage}`, 2);
    const { file, bytes, summary } = await runBackup(loadConfig(), { out: cliPath(out) });
    console.log(
      `Backup written to ${file} (${bytes.toLocaleString('en-US')} bytes): ${describeSummary(summary)}.`,
    );
  });
}
