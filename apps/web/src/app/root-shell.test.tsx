import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Navigate, RouterProvider } from 'react-router-dom';
import { RouteErrorFallback } from './root-shell';

// UX walkthrough: a dashboard that threw while drawing was fallen back from to /, which led to the dashboard
// again: a blank page, the error logged hundreds of times a second.
describe('RouteErrorFallback', () => {
  it('falls back to / once, and offers a reload when the page / leads to fails too', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let draws = 0;
    function BrokenDashboard(): never {
      draws++;
      throw new Error('Cannot read properties of undefined');
    }
    const router = createMemoryRouter(
      [
        {
          path: '/',
          ErrorBoundary: RouteErrorFallback,
          children: [
            { index: true, element: <Navigate to="/hr/dashboard" replace /> },
            { path: 'hr/dashboard', Component: BrokenDashboard },
            { path: 'hr/holidays', Component: BrokenDashboard },
          ],
        },
      ],
      { initialEntries: ['/hr/holidays'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'HRPAY could not be loaded' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/hr/dashboard');
    expect(draws).toBeLessThan(10);
    error.mockRestore();
  });
});
