import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ThemeProvider from '@mui/system/ThemeProvider';
import type { UserTypeName } from '@hrpay/contracts';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { TOKEN_KEY } from '@/lib/session';
import { theme } from '@/lib/theme';
import { fakeToken, sessionClaims } from './tokens';

export interface RenderAppOptions {
  /** The route `element` answers, with its `:params`; `/` by default. */
  path?: string;
  /** The address opened, `path` by default (with a location state, as a link's `navigate` passes one). */
  at?: string | { pathname: string; state?: unknown };
  /** The route handle's name: the page header and the document title read it. */
  name?: string;
  /** More routes beside the element's (a page it navigates to), or the whole table with no element. */
  routes?: RouteObject[];
  /** Signed in as this user type: a token with `sessionClaims` (and `claims`) in storage before the render. */
  as?: UserTypeName;
  claims?: Record<string, unknown>;
}

/**
 * Renders as the app does (theme, a query cache that does not retry, the confirmation dialog, a memory router)
 * with an optional signed-in session: `renderApp(<EditCompanyPage />, { path: '/admin/companies/edit/:id',
 * at: '/admin/companies/edit/1', name: 'Edit Company', as: 'Admin' })`.
 */
export function renderApp(element: ReactElement | null, options: RenderAppOptions = {}) {
  const { path = '/', at = path, name, routes = [], as, claims } = options;
  if (as) localStorage.setItem(TOKEN_KEY, fakeToken(sessionClaims({ user_type: as, ...claims })));
  const router = createMemoryRouter(
    element ? [{ path, element, handle: name === undefined ? undefined : { name } }, ...routes] : routes,
    { initialEntries: [at] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, router, client };
}
