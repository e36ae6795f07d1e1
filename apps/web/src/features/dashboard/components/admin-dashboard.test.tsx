import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminDashboard as AdminDashboardData } from '@hrpay/contracts';
import { renderApp } from '@/test/render-app';
import { AdminDashboard } from './admin-dashboard';
import { DASHBOARD_LOAD_FAILED } from './dashboard-parts';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ACME = '11111111-1111-4111-8111-111111111111';
const BETA = '22222222-2222-4222-8222-222222222222';

const payload = (overrides: Partial<AdminDashboardData> = {}): AdminDashboardData => ({
  CompanyCount: 3,
  ActiveCompanyCount: 2,
  EmployeeCount: 1520,
  UsersByType: [
    { UserType: 'PortalUser', Count: 1200 },
    { UserType: 'Admin', Count: 1 },
    { UserType: 'HRUser', Count: 3 },
  ],
  EmployeesPerCompany: [
    { CompanyId: ACME, CompanyName: 'Acme Foods Corp.', Count: 1500 },
    { CompanyId: BETA, CompanyName: 'Beta Logistics', Count: 20 },
    { CompanyId: '33333333-3333-4333-8333-333333333333', CompanyName: 'Empty Co.', Count: 0 },
  ],
  RecentImports: [
    {
      ImportId: '44444444-4444-4444-8444-444444444444',
      CompanyId: ACME,
      CompanyName: 'Acme Foods Corp.',
      FileName: 'acme-201.xlsx',
      Status: 'Committed',
      TotalRows: 1500,
      CreateCount: 1480,
      UpdateCount: 20,
      ErrorCount: 0,
      UploadedBy: 'Ana Reyes',
      CreatedAt: '2025-03-03T01:30:00.000Z',
      CommittedAt: '2025-03-03T01:31:00.000Z',
    },
    {
      ImportId: '55555555-5555-4555-8555-555555555555',
      CompanyId: BETA,
      CompanyName: 'Beta Logistics',
      FileName: 'beta.csv',
      Status: 'Invalid',
      TotalRows: 40,
      CreateCount: 0,
      UpdateCount: 0,
      ErrorCount: 7,
      UploadedBy: 'Ana Reyes',
      CreatedAt: '2025-03-02T09:00:00.000Z',
      CommittedAt: null,
    },
  ],
  RecentAudit: [
    {
      // 23:15 UTC on 2 March is 07:15 on 3 March in Manila (UTC+8), on the 24-hour clock of the times.
      At: '2025-03-02T23:15:00.000Z',
      Actor: 'Ana Reyes',
      Entity: 'company',
      EntityId: BETA,
      Action: 'create',
      Summary: 'Created company Beta Logistics',
    },
    {
      At: '2025-03-02T22:00:00.000Z',
      Actor: null,
      Entity: 'user',
      EntityId: 'u-1',
      Action: 'update',
      Summary: 'Updated user Jose Rizal',
    },
  ],
  ...overrides,
});

const renderDashboard = () => renderApp(<AdminDashboard />);

describe('AdminDashboard', () => {
  it('shows the totals from the API', async () => {
    fetchMock.mockResolvedValue(json(200, payload()));
    renderDashboard();

    const companies = await screen.findByRole('article', { name: 'Companies' });
    expect(within(companies).getByText('3')).toBeTruthy();
    expect(within(companies).getByText('2 active, 1 inactive')).toBeTruthy();

    const users = screen.getByRole('article', { name: 'Users' });
    expect(within(users).getByText('1,204')).toBeTruthy();
    // Fixed type order whatever order the API lists them in.
    const chips = within(users)
      .getAllByText(/^(Admin|HR|Payroll|Portal) /)
      .map((chip) => chip.textContent);
    expect(chips).toEqual(['Admin 1', 'HR 3', 'Portal 1,200']);

    const employees = screen.getByRole('article', { name: 'Employees' });
    expect(within(employees).getByText('1,520')).toBeTruthy();
    expect(within(employees).getByText('Across 3 companies')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/admin/dashboard');
  });

  it('charts only companies with employees and lists them for screen readers', async () => {
    fetchMock.mockResolvedValue(json(200, payload()));
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Employees per company' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Acme Foods Corp.: 1,500', 'Beta Logistics: 20']);
  });

  it('links each recent import to its company import page, with its status and figures', async () => {
    fetchMock.mockResolvedValue(json(200, payload()));
    renderDashboard();
    const section = await screen.findByRole('region', { name: 'Recent imports' });
    const acme = within(section).getByRole('link', { name: 'Acme Foods Corp.' });
    expect(acme.getAttribute('href')).toBe(
      `/admin/companies/import-records/${ACME}?import=44444444-4444-4444-8444-444444444444`,
    );
    expect(within(section).getByText('Imported')).toBeTruthy();
    expect(within(section).getByText('1,480 created, 20 updated')).toBeTruthy();
    expect(within(section).getByText('Has errors')).toBeTruthy();
    expect(within(section).getByText('7 errors')).toBeTruthy();
  });

  it('lists recent activity in Manila time with the actor', async () => {
    fetchMock.mockResolvedValue(json(200, payload()));
    renderDashboard();
    const section = await screen.findByRole('region', { name: 'Recent activity' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Mar 3, 2025');
    expect(items[0]!.textContent).toContain('Mar 3, 2025, 07:15');
    expect(items[0]!.textContent).toContain('Ana Reyes · Created company Beta Logistics');
    expect(items[1]!.textContent).toContain('System · Updated user Jose Rizal');
  });

  it('has empty states for a new tenant', async () => {
    fetchMock.mockResolvedValue(
      json(
        200,
        payload({
          CompanyCount: 0,
          ActiveCompanyCount: 0,
          EmployeeCount: 0,
          UsersByType: [{ UserType: 'Admin', Count: 1 }],
          EmployeesPerCompany: [],
          RecentImports: [],
          RecentAudit: [],
        }),
      ),
    );
    renderDashboard();
    expect(await screen.findByText(/No employees yet/)).toBeTruthy();
    expect(screen.getByText(/No employee records have been imported yet/)).toBeTruthy();
    expect(screen.getByText('Nothing has happened yet.')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Companies' })).getByText('None yet')).toBeTruthy();
  });

  it('shows the error with Retry, and loads on Retry', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { title: 'Internal Server Error', status: 500 }));
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(DASHBOARD_LOAD_FAILED);
    fetchMock.mockResolvedValueOnce(json(200, payload()));
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Companies' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows skeletons while loading', () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    renderDashboard();
    expect(screen.getByLabelText('Loading the dashboard').getAttribute('aria-busy')).toBe('true');
  });
});
