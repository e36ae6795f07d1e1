import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PayrollPeriodDetail } from '@hrpay/contracts';
import { ConfirmProvider } from '@/components/confirm-dialog';
import PayrollPeriodDetailsPage from './payroll-period-details-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const ID = '33333333-3333-4333-8333-333333333333';
const shares = { Sss: '0.00', PhilHealth: '0.00', PagIbig: '0.00', Total: '0.00' };
const computed: PayrollPeriodDetail = {
  Id: ID,
  CompanyId: '11111111-1111-4111-8111-111111111111',
  Name: 'December 2026 1st cut-off',
  Kind: 'Regular',
  Frequency: 'SemiMonthly',
  CutoffStart: '2026-12-01',
  CutoffEnd: '2026-12-15',
  PayDate: '2026-12-20',
  Status: 'Computed',
  NeedsRecompute: false,
  JobStatus: 'Done',
  JobProgress: 0,
  JobTotal: 0,
  EmployeeCount: 0,
  Gross: '0.00',
  Deductions: '0.00',
  Net: '0.00',
  WarningCount: 0,
  ReferencesPeriodId: null,
  CreatedAt: '2026-11-30T00:00:00.000Z',
  RowVersion: 2,
  CompanyName: 'Demo Manufacturing Inc.',
  ReferencesPeriodName: null,
  EmployeeIds: null,
  Remarks: null,
  JobError: null,
  ComputedAt: '2026-11-30T01:00:00.000Z',
  ComputedByName: 'Jose Reyes',
  ApprovedByName: null,
  ApprovedAt: null,
  FinalisedByName: null,
  FinalisedAt: null,
  PaidAt: null,
  Totals: {
    Employees: 0,
    Included: 0,
    Held: 0,
    Excluded: 0,
    WithWarnings: 0,
    Gross: '0.00',
    Deductions: '0.00',
    NetPay: '0.00',
    NetPayIncluded: '0.00',
    TaxableBase: '0.00',
    WithholdingTax: '0.00',
    EmployeeShares: { ...shares, SssMpf: '0.00' },
    EmployerShares: { ...shares, SssEc: '0.00' },
  },
  WithoutAttendance: 0,
  CanEdit: true,
  CanCompute: true,
  CanApprove: true,
  AwaitsAnotherApprover: false,
  CanReturnToDraft: false,
  CanFinalise: false,
  CanMarkPaid: false,
};

function renderPage(period: PayrollPeriodDetail) {
  fetchMock.mockImplementation(async (input) =>
    String(input).endsWith(`/payroll-periods/${ID}`) ? json(period) : json({ Items: [], TotalCount: 0 }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfirmProvider>
        <RouterProvider
          router={createMemoryRouter(
            [{ path: '/payroll/payroll-periods/:payrollPeriodId', element: <PayrollPeriodDetailsPage /> }],
            { initialEntries: [`/payroll/payroll-periods/${ID}`] },
          )}
        />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
}

describe('payroll period page', () => {
  it('says who computed the period and offers Approve', async () => {
    renderPage(computed);
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByText(/computed .* by Jose Reyes/)).toBeTruthy();
    expect(screen.queryByText(/another Payroll user of the company approves it/)).toBeNull();
  });

  it('tells the user who computed it that another Payroll user approves, without an Approve button', async () => {
    renderPage({ ...computed, CanApprove: false, AwaitsAnotherApprover: true });
    expect(await screen.findByText(/another Payroll user of the company approves it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
