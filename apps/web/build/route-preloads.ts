import type { Manifest } from './delivery';

/**
 * Per-route module preloads (issue 11, decision 0006): for each route of the route table, the built chunks its
 * layout and page need, so the server can name them in a `Link: <...>; rel=modulepreload` header on the page's
 * HTML. The browser then downloads them beside the entry chunk instead of after it (the router asks for the
 * layout and the page only once the entry has downloaded and run): one network round of the waterfall less, and
 * on a phone's link the page's chunks arrive while the entry is still evaluating.
 *
 * Written by the build as `dist/route-preloads.json` ({ path, files }[], most specific path first); read by
 * apps/server (src/lib/web-delivery.ts).
 */

export interface RouteSource {
  path: string;
  layout: string;
  /** The page module (`src/features/.../x-page.tsx`), or undefined for a route that only redirects. */
  page?: string;
}

export interface RoutePreload {
  path: string;
  /** Absolute URLs (`/assets/Companies-abc.js`) in the order to ask for them: entry, layout, then the page. */
  files: string[];
}

/** The layouts loaded lazily by the router (app/router.tsx); the public layout is part of the entry chunk. */
export const LAYOUT_SOURCES: Record<string, string> = {
  staff: 'src/app/layouts/staff-layout.tsx',
  portal: 'src/app/layouts/portal-layout.tsx',
};

const importSpec = /import\('([^']+)'\)/;

/** `@/features/x/pages/y-page` -> `src/features/x/pages/y-page.tsx` */
const sourceOf = (spec: string) => `${spec.replace(/^@\//, 'src/')}.tsx`;

/**
 * Reads app/route-table.ts (one route per line, by its own rule) into path, layout and page module. `paths`
 * resolves `ROUTES.name` (src/lib/paths.ts). A line this cannot read is an error, so a new way of writing a route
 * breaks the build instead of silently losing its preloads.
 */
export function parseRouteTable(source: string, paths: Record<string, string>): RouteSource[] {
  const named = new Map<string, string>();
  for (const match of source.matchAll(/^const (\w+) = \(\) => import\('([^']+)'\);$/gm)) {
    named.set(match[1]!, match[2]!);
  }
  const routes: RouteSource[] = [];
  for (const line of source.split('\n')) {
    if (!/^\s*\{ path: /.test(line)) continue;
    const path = /path: (?:'([^']+)'|ROUTES\.(\w+))/.exec(line);
    const layout = /layout: '(\w+)'/.exec(line);
    const resolved = path?.[1] ?? (path?.[2] ? paths[path[2]] : undefined);
    if (!resolved || !layout) throw new Error(`route-table.ts: cannot read the route of: ${line.trim()}`);
    const page = /page: (\(\) => import\('[^']+'\)|\w+)/.exec(line)?.[1];
    let spec: string | undefined;
    if (page) {
      spec = importSpec.exec(page)?.[1] ?? named.get(page);
      if (!spec) throw new Error(`route-table.ts: cannot read the page of: ${line.trim()}`);
    }
    routes.push({ path: resolved, layout: layout[1]!, page: spec && sourceOf(spec) });
  }
  return routes;
}

/** Number of `:param` segments: a route with fewer wins where two match (`/admin/users/add`, `/admin/users/:id?`). */
const paramCount = (path: string) => (path.match(/:/g) ?? []).length;

/**
 * The chunks each route's layout and page import statically, after what index.html loads (the entry and its
 * imports). `grouped` names the chunk of a layout or page that the build merged into a named group and
 * so has no manifest key of its own (the login page in `sign-in`, the layouts in `signed-in`).
 */
export function routePreloads(
  routes: readonly RouteSource[],
  manifest: Manifest,
  grouped: Record<string, string> = {},
): RoutePreload[] {
  const keyOf = (source: string) => {
    if (manifest[source]) return source;
    const group = grouped[source];
    const key = group && Object.keys(manifest).find((k) => !manifest[k]!.src && manifest[k]!.name === group);
    if (!key) throw new Error(`route preloads: no chunk holds ${source}`);
    return key;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const inHtml = new Set<string>();
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key]!.imports ?? []) closure(imported, into);
  };
  if (entry) closure(entry, inHtml);
  const toUrls = (keys: string[]) =>
    keys
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'))
      .map((file) => `/${file}`);
  // Imports before their importer: the entry file itself is a few hundred bytes that only imports the rest.
  const entryFiles = toUrls([...inHtml].reverse());
  const preloads: RoutePreload[] = [];
  for (const route of routes) {
    const keys = new Set<string>();
    const layout = LAYOUT_SOURCES[route.layout];
    if (layout) closure(keyOf(layout), keys);
    if (route.page) closure(keyOf(route.page), keys);
    const routeFiles = toUrls([...keys].filter((key) => !inHtml.has(key)));
    // The entry's own files first: named in the header, they would otherwise be asked for after every route
    // chunk (the header is read before the HTML's script tag), and on HTTP/1.1's six connections the largest
    // file of the page then started last.
    if (routeFiles.length) preloads.push({ path: route.path, files: [...entryFiles, ...routeFiles] });
  }
  return preloads.sort((a, b) => paramCount(a.path) - paramCount(b.path));
}
