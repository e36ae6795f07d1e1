import { useMatches } from 'react-router-dom';
import type { UserTypeName } from '@hrpay/contracts';

/** What every route of the route table carries in its react-router `handle`. */
export interface RouteHandle {
  /** The route name: the page heading and the document title after `HRPAY - `. */
  name: string;
  /** For the per-type public pages (sign-in, forgot password). */
  userType?: UserTypeName;
}

export const APP_TITLE_PREFIX = 'HRPAY';
export const documentTitle = (name: string | undefined) =>
  name ? `${APP_TITLE_PREFIX} - ${name}` : APP_TITLE_PREFIX;

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).name === 'string';

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
