import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { documentTitle, useRouteHandle } from '@/lib/route-handle';

/** The root shell (spec §2): the routed page, the one confirmation dialog and the document title. */
export function RootShell() {
  const handle = useRouteHandle();

  useEffect(() => {
    document.title = documentTitle(handle?.name);
  }, [handle?.name]);

  return (
    <ConfirmProvider>
      <Outlet />
      <ScrollRestoration />
    </ConfirmProvider>
  );
}

/** When a failed page last sent the user to / (see RouteErrorFallback). */
let lastFallbackAt = 0;
/** A page failing again this soon after a fallback is where / led: falling back again would loop. */
const FALLBACK_LOOP_MS = 5_000;

/**
 * A failed navigation (a page chunk that cannot be loaded, a page that throws) falls back to / (spec §2), which
 * sends a signed-in user on to their dashboard. If / itself fails, or the page / led to fails as well (a
 * dashboard that cannot be drawn: it looped, blank, hundreds of times a second), there is nowhere to fall back
 * to: offer a reload.
 */
export function RouteErrorFallback() {
  const error = useRouteError();
  const { pathname } = useLocation();
  // Decided once for this failure, reading only (a render React retries or drops must not count as a fallback).
  const [fallBack] = useState(() => pathname !== '/' && Date.now() - lastFallbackAt >= FALLBACK_LOOP_MS);

  useEffect(() => {
    console.error(fallBack ? 'Navigation failed; falling back to /.' : 'Navigation failed.', error);
  }, [error, fallBack]);

  if (fallBack) return <FallBackToRoot />;
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          HRPAY could not be loaded
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Check your connection, then reload the page.
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Box>
    </Box>
  );
}

/** Goes to / once this fallback is on screen, noting when (RouteErrorFallback). */
function FallBackToRoot() {
  const navigate = useNavigate();
  useEffect(() => {
    lastFallbackAt = Date.now();
    void navigate('/', { replace: true });
  }, [navigate]);
  return null;
}
