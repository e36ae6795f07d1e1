import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { currentUser, ensureFreshSession, readRefreshToken } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import { resolveRedirect } from './navigation';
import { arrivedAt, pendingLoginRedirect } from './session-end';

export function PageLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}

function FullPageLoading() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/**
 * The guard in front of every layout, and so of every route. It decides for the full path before the layout
 * shows, so no signed-in frame renders (or calls the API) for a visitor who must go elsewhere. With a valid
 * token, or none, the decision is immediate and the layout with its drawer is on the first paint. With an
 * expired access token and a refresh token it refreshes first; a failed refresh ends the session (expiry
 * toast) and goes to the login page of the old token's type.
 */
export function RouteGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useSession(); // re-render when tokens change
  const user = currentUser();
  const mustRefresh = !user && readRefreshToken() !== null;
  useEffect(() => {
    // Concurrent callers share one refresh request. Success stores the new token and failure clears both (and
    // the session-end navigation takes over, see session-end.ts); either way the token change re-renders this.
    if (mustRefresh) void ensureFreshSession();
  }, [mustRefresh]);
  // The ended session's login page counts as reached only once a render of it is committed, never during a
  // render: React may render the new location in slices (navigations are transitions) and in between render the
  // still-shown old page again, which would then see no pending redirect and send a visitor without tokens to /.
  useLayoutEffect(() => arrivedAt(pathname), [pathname]);

  if (mustRefresh) return <FullPageLoading />;
  const pending = user ? null : pendingLoginRedirect();
  const target = pending ?? resolveRedirect(pathname, user);
  if (target && target !== pathname) return <Navigate to={target} replace />;
  return children;
}
