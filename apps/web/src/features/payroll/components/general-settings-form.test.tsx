import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PayrollGeneralSettings } from '@hrpay/contracts';
import { GeneralSettingsForm } from './general-settings-form';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const settings: PayrollGeneralSettings = {
  CompanyId: '11111111-1111-4111-8111-111111111111',
  CompanyName: 'Demo Manufacturing Inc.',
  PayFrequency: 'SemiMonthly',
  Divisor: 261,
  ContributionSplit: 'equal',
  TaxMethod: 'per-period',
  WeeklyContributions: 'last-week',
  MinimumNetPay: '0.00',
  MinimumDailyWage: null,
  FirstCutoffEndDay: 15,
  WeeklyCutoffEndDay: 5,
  PayDateLagDays: 5,
  ApproverMustDiffer: false,
  RowVersion: 3,
  UpdatedAt: '2026-11-30T00:00:00.000Z',
};

describe('general payroll settings form', () => {
  it('turns on the second approver and sends it with the rest of the settings', async () => {
    fetchMock.mockImplementation(
      async (_input, init) =>
        new Response(String(init?.body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <GeneralSettingsForm settings={settings} onReload={() => {}} />
      </QueryClientProvider>,
    );
    const toggle = screen.getByRole('switch', { name: 'A second person approves each payroll' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/v1/payroll/settings/general');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      ApproverMustDiffer: true,
      Divisor: 261,
      RowVersion: 3,
    });
  });
});
