import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TOKEN_KEY } from '@/lib/session';
import { fakeToken, sessionClaims } from '@/test/tokens';
import DashboardPage from './dashboard-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderAs(userType: string) {
  localStorage.setItem(TOKEN_KEY, fakeToken(sessionClaims({ user_type: userType })));
  const router = createMemoryRouter(
    [{ path: '/dashboard', element: <DashboardPage />, handle: { name: 'Dashboard' } }],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('DashboardPage', () => {
  it('gives an Admin the figures of the tenant', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          CompanyCount: 1,
          ActiveCompanyCount: 1,
          EmployeeCount: 0,
          UsersByType: [{ UserType: 'Admin', Count: 1 }],
          EmployeesPerCompany: [],
          RecentImports: [],
          RecentAudit: [],
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    renderAs('Admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Companies' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/admin/dashboard');
    expect(screen.queryByText(/^Welcome/)).toBeNull();
  });

  it('keeps the welcome card for the other types and asks the admin API nothing', () => {
    renderAs('HRUser');
    expect(screen.getByText('Welcome, Maria Santos')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
