import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserTypeName } from '@hrpay/contracts';
import { renderApp } from '@/test/render-app';
import { TOKEN_KEY } from '@/lib/session';
import { fakeToken, sessionClaims } from '@/test/tokens';
import { preloadRoute, routeObjects } from './router';

const renderAt = (path: string, as?: UserTypeName) =>
  renderApp(null, { routes: routeObjects, at: path, as }).router;

afterEach(() => vi.unstubAllGlobals());

describe('the router built from the route table', () => {
  it('sends an unauthenticated visitor to the landing page and titles it', async () => {
    const router = renderAt('/hr/employees');
    expect(await screen.findByRole('heading', { name: 'People, time and pay in one place' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(document.title).toBe('HRPAY - Home'));
  });

  it('shows a signed-in HR user the staff layout with the HR menu and the page named by the table', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockImplementation(
          async () => new Response(JSON.stringify({ title: 'Not Found', status: 404 }), { status: 404 }),
        ),
    );
    renderAt('/hr/holidays', 'HRUser');
    expect(await screen.findByRole('heading', { name: 'Holidays' })).toBeTruthy();
    // The drawer's code loads on its own (app-drawer.tsx).
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Departments',
      'Employees',
      'Leave Requests',
      'Overtime Requests',
      'Undertime Requests',
      'Shifts',
      'Holidays',
      'Reports',
      'Lookups',
    ]);
    expect(within(nav).getByText('Logout')).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('Demo Manufacturing Inc.');
    expect(screen.getByRole('button', { name: 'Profile' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('HRPAY - Holidays'));
  });

  it('sends the wrong type to /unauthorized and shows the not-found page for unknown paths', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}', { status: 404 })));
    const router = renderAt('/admin/companies', 'PortalUser');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/unauthorized');
    await router.navigate('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('renders the opening page in its first render, with no loading placeholder, once preloadRoute has settled', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockImplementation(
          async () => new Response(JSON.stringify({ title: 'Not Found', status: 404 }), { status: 404 }),
        ),
    );
    localStorage.setItem(TOKEN_KEY, fakeToken(sessionClaims({ user_type: 'HRUser' })));
    // A page no other test of this file opens: its code is not loaded yet.
    await preloadRoute('/hr/departments');
    renderAt('/hr/departments', 'HRUser');
    expect(screen.getByRole('heading', { name: 'Departments', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Loading page' })).toBeNull();
  });
});
