import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PayrollPeriodDetail, PayslipDetail } from '@hrpay/contracts';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { PayslipDrawer } from './payslip-drawer';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const PERIOD = '00000000-0000-4000-8000-000000000001';
const slip: PayslipDetail = {
  Id: '00000000-0000-4000-8000-000000000002',
  EmployeeId: '00000000-0000-4000-8000-000000000003',
  EmployeeNumber: 'FP-0001',
  FullName: 'Fina Leaver',
  DepartmentName: null,
  Status: 'Included',
  Gross: '20387.93',
  Deductions: '4728.70',
  NetPay: '15659.23',
  WithholdingTax: '503.70',
  EmployeeShares: '1225.00',
  EmployerShares: '2500.00',
  Warnings: [],
  ReleasedOn: null,
  PayrollPeriodId: PERIOD,
  TaxableBase: '13775.00',
  Result: null,
  Lines: [],
  Adjustments: [],
  ComputedAt: '2026-06-20T00:00:00.000Z',
};

const open = (period: Pick<PayrollPeriodDetail, 'Status' | 'Kind'>, data: Partial<PayslipDetail> = {}) => {
  fetchMock.mockResolvedValueOnce(json({ ...slip, ...data }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfirmProvider>
        <PayslipDrawer
          periodId={PERIOD}
          payslipId={slip.Id}
          editable={period.Status === 'Draft' || period.Status === 'Computed'}
          period={{ ...period, running: false }}
          onClose={() => {}}
        />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return screen.findByRole('heading', { name: 'Fina Leaver · FP-0001' });
};
const button = (name: string) => screen.queryByRole('button', { name });

describe('payslip drawer', () => {
  it('downloads the certificate of final pay of a finalised final-pay period', async () => {
    await open({ Status: 'Finalised', Kind: 'FinalPay' });
    const createObjectURL = vi.fn(() => 'blob:certificate');
    // jsdom has no object URLs; the test file runs in its own environment.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    fetchMock.mockResolvedValueOnce(new Response(new Blob(['%PDF-']), { status: 200 }));
    fireEvent.click(button('Certificate of final pay')!);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const url = String(fetchMock.mock.calls.at(-1)![0]);
    expect(url).toContain('/api/v1/payroll/reports/final-pay-certificate?');
    expect(url).toContain(`PayrollPeriodId=${PERIOD}`);
    expect(url).toContain(`EmployeeId=${slip.EmployeeId}`);
    // A released period: no hold, include or exclude any more.
    expect(button('Hold')).toBeNull();
    expect(button('Exclude')).toBeNull();
  });

  it('offers no certificate for a regular period or a final pay still in review', async () => {
    await open({ Status: 'Paid', Kind: 'Regular' });
    expect(button('Certificate of final pay')).toBeNull();
  });

  it('holds and releases after approval, but does not exclude', async () => {
    await open({ Status: 'Approved', Kind: 'FinalPay' });
    expect(button('Certificate of final pay')).toBeNull();
    expect(button('Hold')).not.toBeNull();
    expect(button('Exclude')).toBeNull();
  });

  // Payroll walkthrough: Exclude took the employee off the payroll at one click.
  it('asks before excluding an employee, and changes nothing when cancelled', async () => {
    await open({ Status: 'Computed', Kind: 'Regular' });
    const calls = fetchMock.mock.calls.length;
    fireEvent.click(button('Exclude')!);
    const ask = await screen.findByRole('dialog', { name: 'Exclude Fina Leaver?' });
    expect(ask.textContent).toContain('is not paid in this period');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Exclude Fina Leaver?' })).toBeNull());
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('releases a held payslip of an approved period', async () => {
    await open({ Status: 'Approved', Kind: 'Regular' }, { Status: 'Held' });
    expect(button('Include')).not.toBeNull();
    expect(button('Hold')).toBeNull();
    expect(button('Exclude')).toBeNull();
  });

  it('releases the held pay of a finalised period once, after saying how it is paid', async () => {
    await open({ Status: 'Finalised', Kind: 'Regular' }, { Status: 'Held' });
    // A closed period's held payslip is released, not included again.
    expect(button('Include')).toBeNull();
    fireEvent.click(button('Release pay')!);
    const ask = await screen.findByRole('dialog', { name: 'Release the held pay of Fina Leaver?' });
    expect(ask.textContent).toContain('₱15,659.23 net is released today');
    expect(ask.textContent).toContain('“Held pay released on” set to today');
    fetchMock.mockResolvedValueOnce(json({ ...slip, Status: 'Held', ReleasedOn: '2026-12-02' }));
    fetchMock.mockResolvedValueOnce(json({ ...slip, Status: 'Held', ReleasedOn: '2026-12-02' }));
    fireEvent.click(within(ask).getByRole('button', { name: 'Release pay' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith(`/payslips/${slip.Id}/release`))).toBe(
        true,
      ),
    );
    expect(await screen.findByText('Released Dec 2, 2026')).toBeTruthy();
    expect(button('Release pay')).toBeNull();
  });

  it('offers no release for pay already released, or for a payslip that was paid with the period', async () => {
    await open({ Status: 'Paid', Kind: 'Regular' }, { Status: 'Held', ReleasedOn: '2026-12-01' });
    expect(screen.getByText('Released Dec 1, 2026')).toBeTruthy();
    expect(button('Release pay')).toBeNull();
  });

  it('offers no release for an included payslip of a finalised period', async () => {
    await open({ Status: 'Finalised', Kind: 'Regular' });
    expect(button('Release pay')).toBeNull();
  });

  it('lets the keyboard scroll the payslip: its scrolling box is a named Tab stop', async () => {
    // happy-dom lays nothing out: the box is made to hold more than it shows, as the drawer's payslip does on a phone.
    const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => 2000 });
    try {
      await open({ Status: 'Finalised', Kind: 'Regular' });
      const region = screen.getByRole('region', { name: 'Payslip details' });
      expect(region.tabIndex).toBe(0);
      // The payslip itself, below the title bar (whose Close stays out of it).
      expect(within(region).getAllByText(/15,659\.23/).length).toBeGreaterThan(0);
      expect(within(region).queryByRole('button', { name: 'Close' })).toBeNull();
    } finally {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, 'scrollHeight', descriptor);
      else delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
    }
  });
});
