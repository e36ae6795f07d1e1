import { Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { loadable, type Loadable } from '@/lib/loadable';
import type { RouteHandle } from '@/lib/route-handle';
import { appRoutes, notFoundRoute, type AppRoute, type RouteLayout } from './route-table';
import { currentUser } from '@/lib/session';
import { findRoute, resolveRedirect } from './navigation';
import { installSessionEndNavigation } from './session-end';
import { RootShell, RouteErrorFallback } from './root-shell';
import { PageLoading, RouteGate } from './route-gate';
import { PublicLayout } from './layouts/public-layout';

// The signed-in layouts (drawer, app bar, profile menu) load only once someone is signed in: the public and
// sign-in pages carry none of them (issue 11).
const StaffLayout = loadable(async () => (await import('./layouts/staff-layout')).StaffLayout);
const PortalLayout = loadable(async () => (await import('./layouts/portal-layout')).PortalLayout);

/**
 * Pages load lazily inside the layout. A page that cannot be loaded throws into the root error element, which
 * falls back to / (spec §2).
 */
const pages = new Map<AppRoute, Loadable<object>>();
function pageOf(route: AppRoute): Loadable<object> {
  let page = pages.get(route);
  if (!page) {
    const load = route.page!;
    page = loadable(async () => {
      const module = await load();
      // After a `vite:preloadError` reload request the import resolves empty: treat it as a failure.
      if (!module?.default) throw new Error(`The page of ${route.path} could not be loaded.`);
      return module.default;
    });
    pages.set(route, page);
  }
  return page;
}

/**
 * Loads the opening route's layout and page at once, side by side: left to React, the page would be asked for
 * only once the layout had loaded and rendered, one download after the other (issue 11). Their files are named
 * in the page's Link header, so they are usually in before the entry has run. Settles when both are in (or
 * failed: a failure shows when the page asks again, through the route's error fallback).
 */
export function preloadRoute(pathname: string): Promise<void> {
  // Where the route gate will send this visitor (a signed-in user's /, a visitor's protected page).
  const route = findRoute(resolveRedirect(pathname, currentUser()) ?? pathname);
  if (!route) return Promise.resolve();
  const loads: Promise<unknown>[] = [];
  if (route.layout === 'staff') loads.push(StaffLayout.preload());
  if (route.layout === 'portal') loads.push(PortalLayout.preload());
  if (route.page) loads.push(pageOf(route).preload());
  return Promise.allSettled(loads).then(() => undefined);
}

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { name: route.name, userType: route.userType };
  const Page = route.page ? pageOf(route) : null;
  return {
    id: route.path,
    path: route.path,
    handle,
    element: Page && (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    ),
  };
}

const childrenOf = (layout: RouteLayout) =>
  appRoutes.filter((route) => route.layout === layout).map(toRouteObject);

const gated = (Layout: ComponentType) => (
  <RouteGate>
    <Suspense fallback={<PageLoading />}>
      <Layout />
    </Suspense>
  </RouteGate>
);

export const routeObjects: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    ErrorBoundary: RouteErrorFallback,
    children: [
      {
        id: 'layout:public',
        element: gated(PublicLayout),
        children: [...childrenOf('public'), toRouteObject(notFoundRoute)],
      },
      { id: 'layout:staff', element: gated(StaffLayout), children: childrenOf('staff') },
      { id: 'layout:portal', element: gated(PortalLayout), children: childrenOf('portal') },
    ],
  },
];

/** The app's router, and the opening route's code loading (render once it has settled: see `preloadRoute`). */
export function createAppRouter() {
  const opening = preloadRoute(window.location.pathname);
  const router = createBrowserRouter(routeObjects);
  // A session ended anywhere (logout, failed refresh after a 401/403) lands on the login route of its type.
  installSessionEndNavigation(
    (to) => void router.navigate(to, { replace: true }),
    // The cache module loads with the signed-in layouts; if it never loaded there is nothing to clear.
    () => void import('./query-client').then(({ queryClient }) => queryClient.clear()),
  );
  return { router, opening };
}
