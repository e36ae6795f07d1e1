import { useEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useRouteError } from 'react-router-dom';
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

/**
 * A failed navigation (a page chunk that cannot be loaded, a page that throws) falls back to / (spec §2), which
 * sends a signed-in user on to their dashboard. If / itself fails there is nowhere to fall back to: offer a reload.
 */
export function RouteErrorFallback() {
  const error = useRouteError();
  const { pathname } = useLocation();

  useEffect(() => {
    console.error('Navigation failed; falling back to /.', error);
  }, [error]);

  if (pathname !== '/') return <Navigate to="/" replace />;
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
