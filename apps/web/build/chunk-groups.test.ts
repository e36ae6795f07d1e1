import { fileURLToPath, URL as NodeURL } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// vite.config.ts's code-splitting groups over a small module graph shaped like the app's (issue 11): which chunk
// each module lands in decides what a route downloads before its first paint.
// Node's URL: happy-dom's (the tests' global) reads a relative file: URL as http:.
const src = (path: string) => fileURLToPath(new NodeURL(`../src/${path}`, import.meta.url));
const mui = (name: string) => `/repo/node_modules/@mui/material/${name}/${name}.mjs`;
const ids = {
  main: src('main.tsx'),
  router: src('app/router.tsx'),
  login: src('features/auth/pages/login-page.tsx'),
  authCard: src('features/auth/components/auth-card.tsx'),
  apiClient: src('lib/api-client.ts'),
  plainTextField: src('components/plain-text-field.tsx'),
  staffLayout: src('app/layouts/staff-layout.tsx'),
  portalLayout: src('app/layouts/portal-layout.tsx'),
  appFrame: src('app/layouts/app-frame.tsx'),
  appDrawer: src('app/layouts/app-drawer.tsx'),
  pageHeader: src('components/page-header.tsx'),
  dashboard: src('features/dashboard/pages/dashboard-page.tsx'),
  portalDashboard: src('features/dashboard/pages/portal-dashboard-page.tsx'),
  dataTable: src('components/data-table.tsx'),
  exportButton: src('components/export-button.tsx'),
  exportMenu: src('components/export-menu.tsx'),
  outlinedInput: mui('OutlinedInput'),
  nativeSelect: mui('NativeSelect'),
  chip: mui('Chip'),
  drawer: mui('Drawer'),
  menu: mui('Menu'),
};
const graph: Record<string, { importedIds: string[]; dynamicallyImportedIds: string[] }> = {
  [ids.main]: { importedIds: [ids.router], dynamicallyImportedIds: [] },
  [ids.router]: {
    importedIds: [ids.login, ids.staffLayout, ids.portalLayout],
    dynamicallyImportedIds: [ids.login, ids.staffLayout, ids.portalLayout],
  },
  [ids.login]: {
    importedIds: [ids.authCard, ids.apiClient, ids.plainTextField],
    dynamicallyImportedIds: [],
  },
  [ids.plainTextField]: { importedIds: [ids.outlinedInput], dynamicallyImportedIds: [] },
  [ids.staffLayout]: { importedIds: [ids.appFrame, ids.apiClient], dynamicallyImportedIds: [] },
  [ids.portalLayout]: { importedIds: [ids.appFrame], dynamicallyImportedIds: [] },
  [ids.appFrame]: { importedIds: [ids.appDrawer], dynamicallyImportedIds: [ids.appDrawer] },
  [ids.appDrawer]: { importedIds: [ids.drawer], dynamicallyImportedIds: [] },
  [ids.portalDashboard]: { importedIds: [ids.chip], dynamicallyImportedIds: [] },
  [ids.dataTable]: {
    importedIds: [ids.outlinedInput, ids.nativeSelect, ids.chip],
    dynamicallyImportedIds: [],
  },
  [ids.exportButton]: { importedIds: [ids.exportMenu], dynamicallyImportedIds: [ids.exportMenu] },
  [ids.exportMenu]: { importedIds: [ids.menu], dynamicallyImportedIds: [] },
};
const info = (id: string) => graph[id] ?? { importedIds: [], dynamicallyImportedIds: [] };

describe('the code-splitting groups of vite.config.ts', () => {
  // The groups are worked out once per build: a fresh config module per test.
  let config: typeof import('../vite.config');
  beforeEach(async () => {
    vi.resetModules();
    config = await import('../vite.config');
  });
  const chunk = (id: string) => config.chunkOf(id, info);

  it("keeps only the sign-in pages' own modules in sign-in, so signed-in routes never download it", () => {
    expect(chunk(ids.login)).toBe('sign-in');
    expect(chunk(ids.authCard)).toBe('sign-in');
    // What the login page shares with other pages (the API client, MUI's inputs) goes with the entry.
    expect(chunk(ids.apiClient)).toBe('app');
    expect(chunk(ids.plainTextField)).toBe('app');
    expect(chunk(ids.outlinedInput)).toBe('app');
  });

  it('puts the signed-in frame and the small shared pieces in signed-in, but not the lazily loaded drawer', () => {
    expect(chunk(ids.staffLayout)).toBe('signed-in');
    expect(chunk(ids.portalLayout)).toBe('signed-in');
    expect(chunk(ids.appFrame)).toBe('signed-in');
    expect(chunk(ids.chip)).toBe('signed-in');
    expect(chunk(ids.appDrawer)).toBeUndefined();
    expect(chunk(ids.drawer)).toBeUndefined();
  });

  it("gathers the list pages' own modules in list-page: not the export menu (lazy) nor what others took", () => {
    const list = (id: string) => config.listChunkOf(id, info);
    expect(list(ids.dataTable)).toBe('list-page');
    expect(list(ids.nativeSelect)).toBe('list-page');
    expect(list(ids.exportButton)).toBe('list-page');
    expect(list(ids.exportMenu)).toBeUndefined();
    expect(list(ids.menu)).toBeUndefined();
    // Taken by the groups above (the portal dashboard's chip is the signed-in chunk's).
    expect(list(ids.outlinedInput)).toBeUndefined();
    expect(list(ids.chip)).toBeUndefined();
  });
});
