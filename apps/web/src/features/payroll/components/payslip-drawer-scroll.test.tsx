import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PayslipDetail } from '@hrpay/contracts';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { PayslipDrawer } from './payslip-drawer';

const fetchMock = vi.fn<typeof fetch>();
let restore: () => void;
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // happy-dom lays nothing out: every box holds more than it shows, as the drawer's payslip does on a phone.
  const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => 2000 });
  restore = () => {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, 'scrollHeight', descriptor);
    else delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
  };
});
afterEach(() => {
  restore();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const PERIOD = '00000000-0000-4000-8000-000000000001';
const slip: PayslipDetail = {
  Id: '00000000-0000-4000-8000-000000000002',
  EmployeeId: '00000000-0000-4000-8000-000000000003',
  EmployeeNumber: 'DM-0001',
  FullName: 'Juan Dela Cruz',
  DepartmentName: null,
  Status: 'Included',
  Gross: '20387.93',
  Deductions: '4728.70',
  NetPay: '15659.23',
  WithholdingTax: '503.70',
  EmployeeShares: '1225.00',
  EmployerShares: '2500.00',
  Warnings: [],
  PayrollPeriodId: PERIOD,
  TaxableBase: '13775.00',
  Result: null,
  Lines: [],
  Adjustments: [],
  ComputedAt: '2026-06-20T00:00:00.000Z',
};

describe('payslip drawer', () => {
  it('lets the keyboard scroll the payslip: its scrolling box is a named Tab stop', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify(slip), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ConfirmProvider>
          <PayslipDrawer
            periodId={PERIOD}
            payslipId={slip.Id}
            editable={false}
            period={{ Status: 'Finalised', Kind: 'Regular', running: false }}
            onClose={() => {}}
          />
        </ConfirmProvider>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: 'Juan Dela Cruz · DM-0001' });
    const region = screen.getByRole('region', { name: 'Payslip details' });
    expect(region.tabIndex).toBe(0);
    // The payslip itself, below the title bar (whose Close stays out of it).
    expect(within(region).getAllByText(/15,659\.23/).length).toBeGreaterThan(0);
    expect(within(region).queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
