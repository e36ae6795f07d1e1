import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('README', () => {
  it('links only files inside the repository, and each exists', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).not.toMatch(/`\/work\/|\]\(\/|file:\/\//);
    const links = [...readme.matchAll(/\]\(([^)#]+)\)/g)]
      .map((m) => m[1]!)
      .filter((l) => !/^https?:/.test(l));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(existsSync(join(root, link)), link).toBe(true);
  });
});
