import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import MyPayslipsPage from './my-payslips-page';

const row = {
  Id: '00000000-0000-4000-8000-000000000009',
  PayrollPeriodId: '00000000-0000-4000-8000-000000000008',
  PeriodName: 'November 2026 2nd cut-off',
  Kind: 'Regular',
  CutoffStart: '2026-11-16',
  CutoffEnd: '2026-11-30',
  PayDate: '2026-12-04',
  PeriodStatus: 'Finalised',
  Gross: '17310.34',
  Deductions: '2478.38',
  NetPay: '14831.96',
  PayHeld: false,
  ReleasedOn: null,
};
// Pay held back by payroll: the first half of November still on hold, October's released later.
const onHold = {
  ...row,
  Id: '00000000-0000-4000-8000-000000000019',
  PeriodName: 'November 2026 1st cut-off',
  PayHeld: true,
};
const released = {
  ...row,
  Id: '00000000-0000-4000-8000-000000000029',
  PeriodName: 'October 2026 2nd cut-off',
  PayHeld: true,
  ReleasedOn: '2026-11-12',
};

// Portal review: a period finalised on Dec 1 and paid on Dec 4 read "paid Dec 4, 2026" three days before the pay
// day; the card now says "pay date", as the payslip itself does.
describe('My Payslips', () => {
  stubFetch((url) =>
    url.endsWith('/api/v1/portal/payslips')
      ? jsonResponse(200, { Items: [row, onHold, released] })
      : undefined,
  );

  it('shows each payslip with its cut-off, its pay date and pesos in ₱1,234.56 form', async () => {
    renderApp(<MyPayslipsPage />, { path: '/portal/payslips', name: 'My Payslips', as: 'PortalUser' });
    expect(await screen.findAllByText('Nov 16, 2026 – Nov 30, 2026 · pay date Dec 4, 2026')).toHaveLength(3);
    expect(screen.getAllByText('₱14,831.96')).toHaveLength(3);
    expect(screen.getAllByText('Gross ₱17,310.34 · deductions ₱2,478.38')).toHaveLength(3);
  });

  it('says which pay is on hold and when held pay was released', async () => {
    renderApp(<MyPayslipsPage />, { path: '/portal/payslips', name: 'My Payslips', as: 'PortalUser' });
    const card = async (name: string) =>
      (await screen.findByRole('button', { name: new RegExp(`^Payslip ${name}`) })).textContent;
    expect(await card('November 2026 1st cut-off')).toContain('Pay on hold');
    expect(await card('October 2026 2nd cut-off')).toContain('Released Nov 12, 2026');
    const paid = await card('November 2026 2nd cut-off');
    expect(paid).not.toContain('on hold');
    expect(paid).not.toContain('Released');
  });
});
