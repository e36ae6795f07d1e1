import { matchRoutes } from 'react-router-dom';
import type { NavMenuItem } from '@/components/nav-menu-context';
import { homeFor } from '@/lib/user-type-routes';
import { appRoutes, notFoundRoute, type AppRoute } from './route-table';

export { homeFor, loginRouteFor, forgotPasswordRouteFor } from '@/lib/user-type-routes';

/**
 * Navigation rules of spec §2, as pure functions of the route table, a path and the session. The router's
 * guards call `resolveRedirect`; the layouts call the menu functions.
 */
export interface SessionLike {
  userType: string;
}

const matchable = appRoutes.map((route) => ({ path: route.path, route }));

const normalise = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;

/** The route of the table a path opens, or undefined for an unknown path (the not-found page). */
export function findRoute(pathname: string): AppRoute | undefined {
  const matches = matchRoutes(matchable, normalise(pathname));
  return matches?.[matches.length - 1]?.route.route;
}

/** Where a visitor of `pathname` must go instead, or null to show the page. */
export function resolveRedirect(pathname: string, user: SessionLike | null): string | null {
  const path = normalise(pathname);
  if (user && (path === '/' || path === '/dashboard' || path.includes('/login'))) {
    const home = homeFor(user.userType);
    return home === path ? null : home;
  }
  const route = findRoute(path);
  if (!route || route.access === 'public') return route?.redirectTo ?? null;
  if (!user) return '/';
  if (route.access !== 'signed-in' && !(route.access as readonly string[]).includes(user.userType)) {
    return '/unauthorized';
  }
  return route.redirectTo ?? null;
}

/** The link of a menu route: its `menu.to`, else its path without optional segments. */
export const menuPath = (route: AppRoute): string =>
  route.menu?.to ?? route.path.replace(/\/:[^/]+\?/g, '').replace(/\/\*$/, '');

const toMenuItem = (route: AppRoute): NavMenuItem => ({
  label: route.menu!.label,
  icon: route.menu!.icon,
  to: menuPath(route),
});

const allows = (route: AppRoute, userType: string) =>
  Array.isArray(route.access) && (route.access as readonly string[]).includes(userType);

/**
 * The staff layout's menu (spec §2 "Layouts"): the menu routes of the type's staff pages, in table order. A
 * PortalUser in the staff layout gets Dashboard only; other types get no menu.
 */
export function staffMenuFor(userType: string | undefined): NavMenuItem[] {
  if (!userType) return [];
  if (userType === 'PortalUser') {
    const dashboard = appRoutes.find(
      (route) => route.layout === 'portal' && route.menu && allows(route, userType),
    );
    return dashboard ? [toMenuItem(dashboard)] : [];
  }
  return appRoutes
    .filter((route) => route.layout === 'staff' && route.menu && allows(route, userType))
    .map(toMenuItem);
}

/** The portal layout's drawer items. */
export function portalMenu(): NavMenuItem[] {
  return appRoutes.filter((route) => route.layout === 'portal' && route.menu).map(toMenuItem);
}

export { notFoundRoute };
