// The page lives in features/companies (the route table points there); its test sits with the import it hosts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from '@/lib/session';
import { fakeToken, sessionClaims } from '@/test/tokens';
import ImportRecordsPage, { ADMIN_ONLY } from './import-records-page';
import { COMPANY_ID } from '@/features/employee-import/import-fixtures';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const tokenOf = (userType: string) => fakeToken(sessionClaims({ user_type: userType }));

function renderPage(userType: string, token = tokenOf(userType)) {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
  const router = createMemoryRouter(
    [
      {
        path: '/admin/companies/import-records/:id',
        element: <ImportRecordsPage />,
        handle: { name: 'Import Employee Records' },
      },
    ],
    { initialEntries: [`/admin/companies/import-records/${COMPANY_ID}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
}

const company = {
  CompanyId: COMPANY_ID,
  Name: 'Demo Manufacturing Inc.',
  RegisteredName: null,
  Tin: '123-456-789-000',
  RdoCode: null,
  SssEmployerNumber: null,
  PhilHealthEmployerNumber: null,
  PagIbigEmployerNumber: null,
  Address: null,
  ZipCode: null,
  Email: null,
  Phone: null,
  PayFrequency: 'SemiMonthly',
  IsActive: true,
  EmployeeCount: 0,
  UserCount: 1,
  RowVersion: 1,
  CreatedAt: '2025-01-01T00:00:00.000Z',
  UpdatedAt: '2025-01-01T00:00:00.000Z',
};

describe('ImportRecordsPage', () => {
  it('an Admin gets the steps under the company name', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/employee-imports') ? json(200, []) : json(200, company),
    );
    renderPage('Admin');
    expect(await screen.findByText('Demo Manufacturing Inc.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Import Employee Records' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Get the template' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Upload your file' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download XLSX' })).toBeTruthy();
  });

  it('another type is told that only an Admin can import (the API answers 403)', async () => {
    const token = tokenOf('HRUser');
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/v1/users/refresh-token'
        ? json(200, token)
        : json(403, { title: 'Forbidden', status: 403, detail: 'You do not have access to this.' }),
    );
    renderPage('HRUser', token);
    expect(await screen.findByText(ADMIN_ONLY)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Get the template' })).toBeNull();
  });

  it('a missing company says so and links back', async () => {
    fetchMock.mockResolvedValue(
      json(404, { title: 'Not Found', status: 404, detail: 'The company was not found.' }),
    );
    renderPage('Admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to companies' }).getAttribute('href')).toBe(
      '/admin/companies',
    );
  });
});
