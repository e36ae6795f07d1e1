import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
  BpiCompanyCode: null,
  BpiCompanyAccount: null,
  BdoCompanyCode: 'DEMO1',
  BdoCompanyAccount: null,
  RowVersion: 3,
  UpdatedAt: '2026-11-30T00:00:00.000Z',
};

/** The form on the settings above; a save answers with what it was sent. */
function renderForm() {
  fetchMock.mockImplementation(
    async (_input, init) =>
      new Response(String(init?.body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <GeneralSettingsForm settings={settings} onReload={() => {}} />
    </QueryClientProvider>,
  );
}

describe('general payroll settings form', () => {
  it('turns on the second approver and sends it with the rest of the settings', async () => {
    renderForm();
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

  it('keeps the BDO enrolment: the funding account as digits, an empty BPI code as none', async () => {
    renderForm();
    expect(screen.getByLabelText<HTMLInputElement>('BDO company code').value).toBe('DEMO1');
    fireEvent.change(screen.getByLabelText('BDO funding account'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the 10- or 12-digit funding account')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('BDO funding account'), { target: { value: '0012-3456-7890' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({
      BdoCompanyCode: 'DEMO1',
      BdoCompanyAccount: '001234567890',
      BpiCompanyCode: null,
      BpiCompanyAccount: null,
    });
  });
});

// Review (spec §9): the peso settings were plain text boxes; a currency input shows the formatted amount on blur
// and the raw number while focused.
describe('general payroll settings form, the peso fields', () => {
  it('shows the minimum daily wage formatted when not focused and as typed while editing', async () => {
    renderForm();
    const wage = screen.getByRole('textbox', { name: 'Minimum daily wage (₱)' }) as HTMLInputElement;
    fireEvent.focus(wage);
    fireEvent.change(wage, { target: { value: '695' } });
    expect(wage.value).toBe('695');
    fireEvent.blur(wage);
    expect(wage.value).toBe('₱695.00');
    fireEvent.focus(wage);
    expect(wage.value).toBe('695');
    fireEvent.blur(wage);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({
      MinimumDailyWage: '695.00',
    });
  });
});

// e2e (a refused Save): focusing a peso field changed its text from "₱0.00" to "0.00" after the browser had
// selected it, so the selection was lost and what was typed (or a clear) went after "0.00".
describe('general payroll settings form, focusing a peso field', () => {
  it('shows the raw amount at once, all of it selected', () => {
    renderForm();
    const pay = screen.getByRole('textbox', { name: 'Minimum take-home pay (₱)' }) as HTMLInputElement;
    expect(pay.value).toBe('₱0.00');
    act(() => pay.focus());
    expect(pay.value).toBe('0.00');
    expect([pay.selectionStart, pay.selectionEnd]).toEqual([0, 4]);
  });
});
