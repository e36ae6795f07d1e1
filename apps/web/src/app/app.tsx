import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
// The system's provider: the theme has no CSS variables, and @mui/material's ThemeProvider would also bring the
// CSS-variables provider and its color-scheme script onto every page (issue 11).
import ThemeProvider from '@mui/system/ThemeProvider';
import CssBaseline from '@mui/material/CssBaseline';
import { theme } from '@/lib/theme';
import { ToastHost } from './toast-host';

/** Providers around the router. The toast container sits outside the router so toasts survive navigation. */
export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {/* The query cache is provided by the signed-in layouts (app-queries.tsx). */}
      <RouterProvider router={router} />
      <ToastHost />
    </ThemeProvider>
  );
}
