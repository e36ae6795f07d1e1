import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
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
const loadStaffLayout = () => import('./layouts/staff-layout');
const loadPortalLayout = () => import('./layouts/portal-layout');
const StaffLayout = lazy(async () => ({ default: (await loadStaffLayout()).StaffLayout }));
const PortalLayout = lazy(async () => ({ default: (await loadPortalLayout()).PortalLayout }));

/**
 * Starts loading the opening route's layout and page at once, side by side: left to React, the page would be
 * asked for only once the layout had loaded and rendered, one download after the other (issue 11). The lazy
 * components below then find the modules already loaded (or on their way).
 */
export function preloadRoute(pathname: string) {
  // Where the route gate will send this visitor (a signed-in user's /, a visitor's protected page).
  const route = findRoute(resolveRedirect(pathname, currentUser()) ?? pathname);
  if (!route) return;
  const loads: Promise<unknown>[] = [];
  if (route.layout === 'staff') loads.push(loadStaffLayout());
  if (route.layout === 'portal') loads.push(loadPortalLayout());
  if (route.page) loads.push(route.page());
  // A failure shows when the lazy component asks again (the route's error fallback); nothing to do here.
  loads.forEach((load) => load.catch(() => undefined));
}

/**
 * Pages load lazily inside the already-rendered layout (React.lazy + Suspense), so the shell shows at once. A
 * page that cannot be loaded throws into the root error element, which falls back to / (spec §2).
 */
function lazyPage(route: AppRoute) {
  const load = route.page!;
  return lazy(async () => {
    const module = await load();
    // After a `vite:preloadError` reload request the import resolves empty: treat it as a failure.
    if (!module?.default) throw new Error(`The page of ${route.path} could not be loaded.`);
    return module;
  });
}

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { name: route.name, userType: route.userType };
  const Page = route.page ? lazyPage(route) : null;
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

export function createAppRouter() {
  preloadRoute(window.location.pathname);
  const router = createBrowserRouter(routeObjects);
  // A session ended anywhere (logout, failed refresh after a 401/403) lands on the login route of its type.
  installSessionEndNavigation(
    (to) => void router.navigate(to, { replace: true }),
    // The cache module loads with the signed-in layouts; if it never loaded there is nothing to clear.
    () => void import('./query-client').then(({ queryClient }) => queryClient.clear()),
  );
  return router;
}
