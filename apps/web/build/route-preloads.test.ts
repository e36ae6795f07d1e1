import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../src/app/route-table';
import { ROUTES } from '../src/lib/paths';
import { parsePaths, type Manifest } from './delivery';
import { parseRouteTable, routePreloads } from './route-preloads';

const source = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

describe('parseRouteTable', () => {
  it('reads every route of the real table: path, layout and whether it has a page', () => {
    const parsed = parseRouteTable(
      source('../src/app/route-table.ts'),
      parsePaths(source('../src/lib/paths.ts')),
    );
    expect(parsed.map(({ path, layout, page }) => ({ path, layout, page: Boolean(page) }))).toEqual(
      appRoutes.map(({ path, layout, page }) => ({ path, layout, page: Boolean(page) })),
    );
    expect(parsed.find((route) => route.path === '/admin/companies')?.page).toBe(
      'src/features/companies/pages/companies-page.tsx',
    );
    // A page named once and used by several routes.
    expect(parsed.find((route) => route.path === '/hr/dashboard')?.page).toBe(
      'src/features/dashboard/pages/dashboard-page.tsx',
    );
    expect(parsed.find((route) => route.path === '/portal/dashboard')?.page).toBe(
      'src/features/dashboard/pages/portal-dashboard-page.tsx',
    );
  });

  it('reads the ROUTES patterns of paths.ts', () => {
    expect(parsePaths(source('../src/lib/paths.ts'))).toEqual(ROUTES);
  });

  it('refuses a route line it cannot read', () => {
    expect(() => parseRouteTable(`  { path: somePath, layout: 'staff' },`, {})).toThrow(/cannot read/);
    expect(() => parseRouteTable(`  { path: '/x', layout: 'staff', page: unknownPage },`, {})).toThrow(
      /cannot read the page/,
    );
  });
});

describe('routePreloads', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_app.js'] },
    '_app.js': { file: 'assets/app-a.js' },
    '_signed-in.js': { file: 'assets/signed-in-a.js', name: 'signed-in', imports: ['_app.js'] },
    'src/p/companies-page.tsx': {
      file: 'assets/Companies-a.js',
      src: 'src/p/companies-page.tsx',
      imports: ['_app.js', '_table.js', '_signed-in.js'],
    },
    '_table.js': { file: 'assets/table-a.js', imports: ['_app.js', '_style.css'] },
    '_style.css': { file: 'assets/style-a.css' },
    'src/p/about-page.tsx': { file: 'assets/About-a.js', src: 'src/p/about-page.tsx', imports: ['_app.js'] },
  };
  const grouped = { 'src/app/layouts/staff-layout.tsx': 'signed-in' };

  it("names the entry's files, then the layout's and the page's static imports", () => {
    const preloads = routePreloads(
      [
        { path: '/about', layout: 'public', page: 'src/p/about-page.tsx' },
        { path: '/admin/companies', layout: 'staff', page: 'src/p/companies-page.tsx' },
        { path: '/dashboard', layout: 'staff' },
      ],
      manifest,
      grouped,
    );
    // The entry's imports before the entry, each once, ahead of the route's own chunks (the header is read
    // before the HTML's script tag, so the entry would otherwise be asked for last).
    const entry = ['/assets/app-a.js', '/assets/index-a.js'];
    expect(preloads).toEqual([
      { path: '/about', files: [...entry, '/assets/About-a.js'] },
      {
        path: '/admin/companies',
        files: [...entry, '/assets/signed-in-a.js', '/assets/Companies-a.js', '/assets/table-a.js'],
      },
      { path: '/dashboard', files: [...entry, '/assets/signed-in-a.js'] },
    ]);
  });

  it('puts routes with fewer parameters first, so a fixed path wins over a pattern that also matches it', () => {
    const preloads = routePreloads(
      [
        { path: '/admin/users/:id?', layout: 'staff' },
        { path: '/admin/users/add', layout: 'staff' },
      ],
      manifest,
      grouped,
    );
    expect(preloads.map((route) => route.path)).toEqual(['/admin/users/add', '/admin/users/:id?']);
  });

  it('fails the build when a page has no chunk', () => {
    expect(() =>
      routePreloads([{ path: '/x', layout: 'public', page: 'src/p/missing-page.tsx' }], manifest, grouped),
    ).toThrow(/no chunk holds src\/p\/missing-page.tsx/);
  });
});
