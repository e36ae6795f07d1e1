import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { EmployeePayRow } from '@hrpay/contracts';
import { ConfirmProvider } from '@/components/confirm-dialog';
import EmployeePayrollDetailsPage from './employee-payroll-details-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const row: EmployeePayRow = {
  EmployeeId: '11111111-1111-4111-8111-111111111111',
  EmployeeNumber: 'DM-0002',
  FullName: 'Jose Reyes',
  DepartmentName: 'Finance',
  RateType: null,
  Rate: null,
  PaymentMethod: 'Bank',
  BankName: null,
  IsMinimumWageEarner: false,
  NoRate: true,
  NoBankAccount: true,
  MissingTIN: true,
  MissingSSS: false,
  MissingPhilHealth: false,
  MissingPagIbig: false,
};

describe('employee payroll details page', () => {
  it('shows the flags as chips and sends the "missing data only" filter', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/department-options')
        ? json([{ DepartmentId: '22222222-2222-4222-8222-222222222222', Name: 'Finance', IsActive: true }])
        : json({ Items: [row], TotalCount: 1 }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ConfirmProvider>
          <RouterProvider
            router={createMemoryRouter(
              [
                {
                  path: '/payroll/employee-payroll-details',
                  element: (
                    <div style={{ width: 1200, height: 800 }}>
                      <EmployeePayrollDetailsPage />
                    </div>
                  ),
                },
              ],
              { initialEntries: ['/payroll/employee-payroll-details'] },
            )}
          />
        </ConfirmProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Jose Reyes')).toBeTruthy();
    expect(screen.getByText('No rate')).toBeTruthy();
    expect(screen.getByText('No TIN')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Missing data only'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            String(url).endsWith('/employee-payroll-details/list') &&
            JSON.parse(String((init as RequestInit).body)).MissingData === true,
        ),
      ).toBe(true),
    );
  });
});
