import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { LAYOUT_SOURCES, parseRouteTable, routePreloads } from './route-preloads';

/**
 * Build-time delivery work (issue 11): every text file of the build is written again as .br and .gz next to
 * itself, so the server sends compressed files without compressing per request; then the sign-in route's
 * JavaScript is weighed, compressed as it travels, and the build fails when it is over its budget.
 */

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;

/** The pages whose JavaScript has a budget: a phone on mobile data opens these first. */
export const LOGIN_PAGE_SOURCE = 'src/features/auth/pages/login-page.tsx';
/** The chunk vite.config.ts gathers the login page and its own imports into (it then has no manifest key). */
export const SIGN_IN_CHUNK_NAME = 'sign-in';
/** The chunk vite.config.ts gathers the signed-in layouts and their own imports into. */
export const SIGNED_IN_CHUNK_NAME = 'signed-in';
/**
 * Issue 11's target: 150,000 B (brotli) for the sign-in route. It stands at about 144,000 B in four files (see
 * docs/decisions/0006-web-delivery.md); the check keeps it from growing past the target.
 */
export const DEFAULT_LOGIN_JS_BUDGET_BYTES = 150_000;

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

const brotli = (data: Buffer) =>
  brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file worth compressing; answers the brotli sizes. */
export function precompress(outDir: string): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const file of filesUnder(outDir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < 256) continue;
    const data = readFileSync(file);
    const br = brotli(data);
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    sizes.set(relative(outDir, file), br.length);
  }
  return sizes;
}

/**
 * The JavaScript a browser downloads to show the sign-in page: the entry chunk, the login page's chunk, and
 * every chunk they import statically (what loads lazily later is not counted).
 */
export function loginRouteFiles(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const login = manifest[LOGIN_PAGE_SOURCE]
    ? LOGIN_PAGE_SOURCE
    : Object.keys(manifest).find((key) => manifest[key]!.name === SIGN_IN_CHUNK_NAME);
  if (!entry || !login) {
    throw new Error(
      `the build manifest has no entry or no ${LOGIN_PAGE_SOURCE} (nor its ${SIGN_IN_CHUNK_NAME} chunk)`,
    );
  }
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  visit(login);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

/** `ROUTES` of src/lib/paths.ts, read from its source (`name: '/pattern',` lines). */
export function parsePaths(source: string): Record<string, string> {
  const block = /export const ROUTES = \{([^}]*)\}/.exec(source)?.[1] ?? '';
  return Object.fromEntries([...block.matchAll(/^\s*(\w+): '([^']+)',?$/gm)].map((m) => [m[1]!, m[2]!]));
}

/** Writes `.vite/route-preloads.json` (see route-preloads.ts), beside the manifest it is made from. */
export function writeRoutePreloads(root: string, outDir: string, manifest: Manifest) {
  const routes = parseRouteTable(
    readFileSync(join(root, 'src/app/route-table.ts'), 'utf8'),
    parsePaths(readFileSync(join(root, 'src/lib/paths.ts'), 'utf8')),
  );
  const preloads = routePreloads(routes, manifest, {
    [LOGIN_PAGE_SOURCE]: SIGN_IN_CHUNK_NAME,
    ...Object.fromEntries(Object.values(LAYOUT_SOURCES).map((layout) => [layout, SIGNED_IN_CHUNK_NAME])),
  });
  writeFileSync(join(outDir, '.vite', 'route-preloads.json'), JSON.stringify(preloads, null, 1));
}

export function deliveryPlugin(options: { budgetBytes?: number } = {}): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'hrpay-delivery',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const sizes = precompress(outDir);
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      writeRoutePreloads(root, outDir, manifest);
      const files = loginRouteFiles(manifest);
      const total = files.reduce(
        (sum, file) => sum + (sizes.get(file) ?? statSync(join(outDir, file)).size),
        0,
      );
      const budget = options.budgetBytes ?? DEFAULT_LOGIN_JS_BUDGET_BYTES;
      const report = files
        .map((file) => `  ${file.padEnd(48)} ${String(sizes.get(file) ?? 0).padStart(8)} B brotli`)
        .join('\n');
      console.log(
        `\nSign-in route JavaScript (${files.length} files):\n${report}\n  total ${total} B of ${budget} B\n`,
      );
      if (total > budget) {
        throw new Error(
          `The sign-in route's JavaScript is ${total} B compressed, over its budget of ${budget} B. ` +
            'Keep heavy libraries out of the entry and the login page (load them lazily where used).',
        );
      }
    },
  };
}
