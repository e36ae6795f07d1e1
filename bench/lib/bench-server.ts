import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/** One statement on a connection of its own to the database server (not the benchmark's database): create, drop. */
export async function adminQuery(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** BENCH_CPU_PROF=1: the server writes its CPU profile to bench/results/.data/prof when it exits. */
export const cpuProfFlags = (benchDir: string) =>
  process.env.BENCH_CPU_PROF === '1'
    ? ['--cpu-prof', `--cpu-prof-dir=${join(benchDir, 'results', '.data', 'prof')}`]
    : [];

/**
 * The server a benchmark measures: `node --import tsx apps/server/src/server.ts` as a direct child, so its pid is
 * the process serving requests. The last `keepChars` of its output are kept for the report when something fails;
 * `logFile` keeps all of it.
 */
export class BenchServer {
  /** The end of the server's output. */
  log = '';
  /** Set when the server process ends: how and when. */
  exit: string | null = null;
  private child: ChildProcess | undefined;
  private stopping = false;

  constructor(
    private readonly options: {
      root: string;
      flags?: string[];
      keepChars?: number;
      logFile?: string;
      /** How long a stopped server is given to exit before the run goes on without it. */
      stopWaitMs?: number;
    },
  ) {}

  /** The running server's process id. */
  get pid(): number {
    return this.child!.pid!;
  }

  /** Starts the server with these environment variables (undefined: unset); answers once it says it is running. */
  start(env: Record<string, string | undefined>): Promise<ChildProcess> {
    const { root, flags = [], keepChars = 100_000, logFile } = this.options;
    this.stopping = false;
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'apps/server/src/server.ts'], {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.child = child;
      let ready = false;
      const onData = (chunk: Buffer) => {
        this.log = (this.log + chunk.toString()).slice(-keepChars);
        if (logFile) appendFileSync(logFile, chunk);
        if (!ready && /HRPAY is running/.test(this.log)) {
          ready = true;
          resolve(child);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.on('exit', (code, signal) => {
        this.exit = `the server process exited (${code ?? signal}) at ${new Date().toISOString()}`;
        if (!ready) reject(new Error(`${this.exit} before it was ready:\n${this.log}`));
        else if (!this.stopping) console.error(this.exit);
      });
    });
  }

  /** Stops the server, if it runs, and waits for it to exit (or for `stopWaitMs`). */
  async stop() {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    this.stopping = true;
    child.kill('SIGTERM');
    const { stopWaitMs = 10_000 } = this.options;
    await Promise.race([exited, new Promise((r) => setTimeout(r, stopWaitMs))]);
  }
}

/**
 * `cleanUp` made to run once, also when the run is stopped from outside (Ctrl-C, a timeout): the server is still
 * stopped and the database dropped before the process exits.
 */
export function cleanUpOnce(cleanUp: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  const once = () => (running ??= cleanUp());
  process.once('SIGINT', () => void once().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void once().finally(() => process.exit(143)));
  return once;
}

/**
 * A bench's own database on the PostgreSQL server of BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local
 * one): `hrpay_bench_<name>_<pid>`, or `hrpay_bench_<name>` when kept after the run (for a look with psql).
 */
export function benchDatabase(name: string, keep = false) {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = keep ? `hrpay_bench_${name}` : `hrpay_bench_${name}_${process.pid}`;
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${dbName}`;
  return { serverUrl, dbName, dbUrl };
}
