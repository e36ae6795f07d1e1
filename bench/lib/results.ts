import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const resultsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'results');

/** Writes bench/results/<name>.json with the machine it ran on. */
export function writeResult(name: string, result: Record<string, unknown>) {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  const body = {
    name,
    at: new Date().toISOString(),
    cpu: cpus()[0]?.model,
    cores: cpus().length,
    node: process.version,
    ...result,
  };
  writeFileSync(file, JSON.stringify(body, null, 2) + '\n');
  console.log(`wrote ${file}`);
}
