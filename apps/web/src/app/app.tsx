import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { ToastContainer } from 'react-toastify';
import { theme } from '@/lib/theme';
import { TOAST_CONTAINER_PROPS } from '@/lib/toast-config';
import { queryClient } from './query-client';

/** Providers around the router. The toast container sits outside the router so toasts survive navigation. */
export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ToastContainer {...TOAST_CONTAINER_PROPS} />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
