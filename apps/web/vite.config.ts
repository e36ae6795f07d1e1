/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { deliveryPlugin } from './build/delivery';

/** A path beside this file, absolute (as the bundler names modules). */
const fromConfig = (path: string) => resolve(dirname(fileURLToPath(import.meta.url)), path);

/** Where the web unit tests are. */
const TEST_ROOTS = ['src', 'build'];
/**
 * Test files that fake modules (`vi.mock`, `vi.doMock`, `vi.resetModules`) keep a module graph of their own; found
 * by reading the files, so a new one cannot be forgotten.
 */
const MOCKING = TEST_ROOTS.flatMap((root) =>
  readdirSync(fromConfig(root), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${root}/${file}`)
    .filter((file) => /\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(fromConfig(file), 'utf8'))),
);

/** `holidays-page` -> `Holidays`: page chunks are named after their page, so network logs read plainly. */
export const pageChunkName = (name: string) =>
  name
    .replace(/-page$/, '')
    .split('-')
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** Large libraries in their own long-lived chunks, so an app release does not re-download them. */
// Only React itself is grouped: grouping MUI or forms made the sign-in page download every component any
// page uses (issue 11); the rest is split by where it is imported.
const VENDOR_CHUNKS: [string, RegExp][] = [
  ['vendor-react', /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/],
];

/**
 * The sign-in route in two chunks instead of thirty (issue 11): every module the entry imports statically goes
 * into `app`, every further module the login page imports statically into `sign-in`. Thirty small files meant
 * thirty requests, each with its headers and its own compression dictionary; two download in parallel. The
 * other pages' modules are split as before (by where they are imported).
 */
const SIGN_IN_ROOTS = {
  app: fromConfig('./src/main.tsx'),
  'sign-in': fromConfig('./src/features/auth/pages/login-page.tsx'),
};
/**
 * Only the sign-in pages' own modules stay in `sign-in`; what else the login page imports (the API client, MUI's
 * inputs, alert and card...) goes into `app`. Signed-in pages use those too, and they made every signed-in page
 * download the sign-in chunk, login form and all (issue 11). The sign-in route downloads the same modules either
 * way, in its two chunks.
 */
export const SIGN_IN_OWN = /[\\/]src[\\/]features[\\/]auth[\\/]/;
/**
 * The signed-in frame in one chunk (issue 11): the staff and portal layouts and every module they import
 * statically (drawer, app bar, menus, icons, the profile menu, TanStack Query) were some thirty small files, each
 * a request of its own before any signed-in page could render.
 */
const SIGNED_IN_ROOTS = [
  fromConfig('./src/app/layouts/staff-layout.tsx'),
  fromConfig('./src/app/layouts/portal-layout.tsx'),
  // Every signed-in page's heading.
  fromConfig('./src/components/page-header.tsx'),
];
/**
 * Small modules most signed-in pages show with their first paint (the error handler, the contracts' constants,
 * status chips, lists and skeletons), taken into the signed-in chunk: left to themselves they were each a
 * file of a few hundred bytes, and on a phone's link every file on the critical path costs a round trip.
 */
const SIGNED_IN_SHARED =
  /[\\/]src[\\/]lib[\\/]error-handler\.ts$|packages[\\/]contracts[\\/]src[\\/]constants\.ts$|node_modules[\\/]@mui[\\/]material[\\/](?:Chip|List|ListItem|ListItemText|ListItemSecondaryAction|Skeleton)[\\/]/;
/**
 * What every list page shows around its grid, in one chunk (issue 11): the table's frame, toolbar, search and
 * filter fields, export button, status column and the list query were some fifteen small files (MUI's
 * TextField, LinearProgress, Menu...), each a request on the route's critical path. Not what the home page
 * (every user's dashboard) uses too: it would then download the whole group.
 */
// The portal's dashboard likewise (it shares lists and icons with the list pages, not their grid or filters).
const HOME_PAGES = [
  './src/features/dashboard/pages/dashboard-page.tsx',
  './src/features/dashboard/pages/portal-dashboard-page.tsx',
].map(fromConfig);
const LIST_ROOTS = [
  './src/components/data-table.tsx',
  './src/components/export-button.tsx',
  './src/components/list-columns.tsx',
  './src/components/use-delete-or-deactivate.ts',
  './src/lib/use-list-query.ts',
].map(fromConfig);
type ModuleInfoOf = (
  id: string,
) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
// Packages reached through an index that re-exports far more than the sign-in route uses (the contracts'
// schemas, zod, TanStack Query): grouping all they import would pull in what tree-shaking leaves to other pages.
const BARRELS = /node_modules[\\/](?:zod|@tanstack)[\\/]|packages[\\/]contracts[\\/]/;
// Every signed-in page uses TanStack Query, so the signed-in group may take it in; zod and the contracts only
// some pages use.
const SIGNED_IN_BARRELS = /node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/]/;
function staticClosure(
  root: string,
  getModuleInfo: ModuleInfoOf,
  barrels = BARRELS,
  taken: (id: string) => boolean = () => false,
): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || barrels.test(id) || taken(id)) return;
    seen.add(id);
    const info = getModuleInfo(id);
    // Static imports only: what a page loads lazily stays in its own chunks.
    const lazy = new Set(info?.dynamicallyImportedIds);
    info?.importedIds.filter((imported) => !lazy.has(imported)).forEach(visit);
  };
  visit(root);
  return seen;
}
let signInGroups:
  { app: Set<string>; signIn: Set<string>; signedIn: Set<string>; list: Set<string> } | undefined;
export function chunkOf(id: string, getModuleInfo: ModuleInfoOf): string | undefined {
  const vendor = VENDOR_CHUNKS.find(([, pattern]) => pattern.test(id))?.[0];
  if (vendor) return vendor;
  if (!signInGroups) {
    const app = staticClosure(SIGN_IN_ROOTS.app, getModuleInfo);
    const signIn = staticClosure(SIGN_IN_ROOTS['sign-in'], getModuleInfo);
    const signedIn = new Set(
      SIGNED_IN_ROOTS.flatMap((root) => [...staticClosure(root, getModuleInfo, SIGNED_IN_BARRELS)]),
    );
    // Not followed into the earlier groups: what the sign-in route or the frame needs stays where it is.
    const home = new Set(HOME_PAGES.flatMap((page) => [...staticClosure(page, getModuleInfo)]));
    const taken = (id: string) => app.has(id) || signIn.has(id) || signedIn.has(id) || home.has(id);
    const list = new Set(
      LIST_ROOTS.flatMap((root) => [...staticClosure(root, getModuleInfo, BARRELS, taken)]),
    );
    signInGroups = { app, signIn, signedIn, list };
  }
  if (signInGroups.app.has(id)) return 'app';
  if (signInGroups.signIn.has(id)) return SIGN_IN_OWN.test(id) ? 'sign-in' : 'app';
  if (signInGroups.signedIn.has(id) || SIGNED_IN_SHARED.test(id)) return 'signed-in';
  return undefined;
}
/** The list pages' shared chunk; a group of lower priority, so it never takes a module of the groups above. */
export function listChunkOf(id: string, getModuleInfo: ModuleInfoOf): string | undefined {
  chunkOf(id, getModuleInfo);
  return signInGroups!.list.has(id) ? 'list-page' : undefined;
}

// The built app is served by apps/server from apps/web/dist (same origin, base URL empty).
export default defineConfig({
  plugins: [
    react(),
    deliveryPlugin({ budgetBytes: Number(process.env.HRPAY_LOGIN_JS_BUDGET_BYTES) || undefined }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fromConfig('./src') },
      // Every `import ... from 'zod'` (the contracts' schemas too) goes through the module that sets zod's
      // jitless mode first (see src/lib/zod-jitless.ts).
      { find: /^zod$/, replacement: fromConfig('./src/lib/zod-jitless.ts') },
    ],
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the published build (issue 13 item 11): they would hand out the whole source.
    sourcemap: false,
    // Read by build/delivery.ts to weigh the sign-in route.
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && /[\\/]pages[\\/][^\\/]+-page\.tsx$/.test(chunk.facadeModuleId)
            ? `assets/${pageChunkName(chunk.name)}-[hash].js`
            : 'assets/[name]-[hash].js',
        // The groups above first; `getModuleInfo` is a method of the context (it needs its `this`).
        codeSplitting: {
          groups: [
            {
              debugName: 'named groups',
              name: (id, ctx) => chunkOf(id, (m) => ctx.getModuleInfo(m)),
              priority: 2,
            },
            {
              debugName: 'list-page',
              name: (id, ctx) => listChunkOf(id, (m) => ctx.getModuleInfo(m)),
              priority: 1,
              // Only the modules it names: pulling in their imports would take those the home page shares.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Rendering tests on a slow, shared CI host have taken over vitest's default 5 s.
    testTimeout: 15_000,
    // Every core (vitest leaves one free): the unit tests run alone in CI (decision 0015), 113 s on two workers
    // against 139 s on one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Worker threads, not child processes: each isolated file starts cheaper (164 s against 211 s here).
    pool: 'threads',
    // The files of a worker share the libraries' modules (MUI, React, emotion): loading them for each file was
    // more than half of the suite's time (170 s isolated, 73-99 s shared, decision 0015). Each file still gets the
    // app's modules afresh (src/test/setup.ts resets them after it); the worker's DOM, emptied after each test,
    // and the libraries' state stay (setup.ts empties react-toastify's queue); stubs end with their test.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          isolate: false,
          include: TEST_ROOTS.map((root) => `${root}/**/*.test.{ts,tsx}`),
          exclude: MOCKING,
        },
      },
      { extends: true, test: { name: 'isolated', include: MOCKING } },
    ],
  },
});
