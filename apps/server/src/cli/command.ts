import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { DatabaseSummary } from '../db/backup.js';

/** What the backup and restore commands share: refusals, options, paths, and the summary they print. */

/** A refusal the command explains in one message and ends with `exitCode` (1: refused or failed, 2: usage). */
export class CliRefusal extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Runs a command's body: prints its refusal and sets the exit code instead of a stack trace. */
export async function runCli(body: () => Promise<void>) {
  try {
    await body();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = error instanceof CliRefusal ? error.exitCode : 1;
  }
}

/** The command's options; an unknown or malformed one is a usage error (exit code 2). */
export function parseCliArgs<O extends ParseArgsConfig['options']>(options: O, usage: string) {
  try {
    return parseArgs({ options }).values;
  } catch (error) {
    throw new CliRefusal(`${(error as Error).message}\nUsage: ${usage}`, 2);
  }
}

/** A path given on the command line: npm runs the script inside the workspace, so relative to where npm ran. */
export const cliPath = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/** DATA_DIR's lock refused (data-dir-lock.ts): with the advice to stop the server when a live process holds it. */
export function lockRefusal(error: unknown): CliRefusal {
  const message = (error as Error).message;
  return new CliRefusal(/in use by process/.test(message) ? `${message} Stop the server first.` : message);
}

export const describeSummary = (s: DatabaseSummary) =>
  `tenants ${s.tenants}, companies ${s.companies}, employees ${s.employees}, users ${s.users}`;
