import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { AdminDashboard as AdminDashboardData } from '@hrpay/contracts';
import { renderApp } from '@/test/render-app';
import { AdminDashboard } from './admin-dashboard';
import { TrendChart } from './trend-chart';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** The page's Tab stops inside `element`. */
const tabStops = (element: Element) =>
  [...element.querySelectorAll<HTMLElement>('[tabindex], a[href], button, input, select, textarea')].filter(
    (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled,
  );

// MUI X Charts v9 adds a Tab stop of its own (role "none", no name, no visible focus); the figures are also a
// list or table for the keyboard and screen readers, so the charts leave it out.
describe('dashboard charts', () => {
  it('the trend chart adds no Tab stop', async () => {
    const { container } = renderApp(
      <div style={{ width: 600 }}>
        <TrendChart
          labels={['Jan', 'Feb']}
          series={[{ data: [1, 2], label: 'Net pay', color: '#0b4f8a' }]}
          yAxis={[{}]}
          margin={{ left: 8 }}
          tableLabel="Net pay per period"
          rows={[{ key: 'a', head: 'Jan', text: '1' }]}
        />
      </div>,
    );
    await screen.findByRole('table', { name: 'Net pay per period' });
    await waitFor(() => expect(container.querySelector('svg')).toBeTruthy());
    expect(tabStops(container)).toEqual([]);
  });

  it("the Admin's employees-per-company chart adds no Tab stop", async () => {
    const data: AdminDashboardData = {
      CompanyCount: 1,
      ActiveCompanyCount: 1,
      EmployeeCount: 20,
      UsersByType: [],
      EmployeesPerCompany: [
        { CompanyId: '11111111-1111-4111-8111-111111111111', CompanyName: 'Acme', Count: 20 },
      ],
      RecentImports: [],
      RecentAudit: [],
    };
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(data), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    renderApp(<AdminDashboard />, { as: 'Admin' });
    const list = await screen.findByRole('list', { name: 'Employees per company' });
    const chart = list.parentElement!;
    await waitFor(() => expect(chart.querySelector('svg')).toBeTruthy());
    expect(tabStops(chart)).toEqual([]);
  });
});
