/**
 * Runs every `*.bench.ts` in this folder (or those named on the command line), one process each,
 * so one benchmark's heap and JIT state never colours another's figures.
 */
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  // A name picks its own file (`import` is import.bench.ts, not punch-import too); otherwise every file it is part of.
  .filter(
    (f, _, all) =>
      wanted.length === 0 ||
      wanted.some((w) => (all.includes(`${w}.bench.ts`) ? f === `${w}.bench.ts` : f.includes(w))),
  )
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, file)], {
    stdio: 'inherit',
    cwd: here,
  });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
