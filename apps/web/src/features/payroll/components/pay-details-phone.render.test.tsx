import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Loan, PayItem, PayRate } from '@hrpay/contracts';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { ItemsTab } from './items-tab';
import { LoansTab } from './loans-tab';
import { RatesTab } from './rates-tab';
import { asPhone } from '@/test/phone';

// On a phone the pay details' Rates and Recurring items tables scrolled sideways, hiding their right-hand columns
// (COLA/day, Reason) with nothing to say they were there: they are cards there, every column a labelled line. So
// is the Loans table (its Balance, Status and buttons were off to the right), its ledger opening inside the card.

const EMPLOYEE = '11111111-1111-4111-8111-111111111111';
const rate: PayRate = {
  PayRateId: '22222222-2222-4222-8222-222222222222',
  EmployeeId: EMPLOYEE,
  EffectiveFrom: '2027-01-01',
  RateType: 'Daily',
  Rate: '695.00',
  HoursPerDay: '8.00',
  ColaPerDay: '50.00',
  Reason: 'Wage order NCR-26',
  IsCurrent: false,
  IsFuture: true,
  IsStartingRate: false,
  CreatedAt: '2026-11-30T00:00:00Z',
};
const item: PayItem = {
  PayItemId: '33333333-3333-4333-8333-333333333333',
  EmployeeId: EMPLOYEE,
  Kind: 'Earning',
  Code: 'RICE',
  Description: 'Rice subsidy',
  Amount: '1000.00',
  Taxable: false,
  DeMinimis: 'riceSubsidy',
  EffectiveFrom: '2026-01-01',
  EffectiveTo: '2026-12-31',
  RowVersion: 1,
  CreatedAt: '2026-01-01T00:00:00Z',
};

const paidLoan: Loan = {
  LoanId: '44444444-4444-4444-8444-444444444444',
  EmployeeId: EMPLOYEE,
  LoanTypeId: '55555555-5555-4555-8555-555555555555',
  LoanTypeCode: 'SSS-SAL',
  LoanTypeName: 'SSS Salary Loan',
  ReferenceNumber: null,
  Principal: '20000.00',
  Amortization: '1000.00',
  StartDate: '2026-01-01',
  Status: 'Active',
  Remarks: null,
  TotalPaid: '5000.00',
  Balance: '15000.00',
  Ledger: [
    {
      LoanLedgerEntryId: '66666666-6666-4666-8666-666666666666',
      EntryDate: '2026-01-31',
      Kind: 'Payment',
      Amount: '1000.00',
      PayrollPeriodId: '77777777-7777-4777-8777-777777777777',
      Remarks: null,
      CreatedAt: '2026-02-01T00:00:00Z',
    },
    {
      LoanLedgerEntryId: '88888888-8888-4888-8888-888888888888',
      EntryDate: '2026-02-15',
      Kind: 'Adjustment',
      Amount: '4000.00',
      PayrollPeriodId: null,
      Remarks: 'Paid over the counter',
      CreatedAt: '2026-02-15T00:00:00Z',
    },
  ],
  RowVersion: 3,
  CreatedAt: '2026-01-01T00:00:00Z',
};
const newLoan: Loan = {
  ...paidLoan,
  LoanId: '99999999-9999-4999-8999-999999999999',
  LoanTypeName: 'Pag-IBIG Multi-Purpose Loan',
  ReferenceNumber: 'MPL-0042',
  StartDate: '2027-01-15',
  TotalPaid: '0.00',
  Balance: '20000.00',
  Ledger: [],
  RowVersion: 1,
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    const body = url.endsWith('/rates')
      ? [rate]
      : url.endsWith('/items')
        ? [item]
        : url.endsWith('/loans')
          ? [paidLoan, newLoan]
          : [];
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfirmProvider>{ui}</ConfirmProvider>
    </QueryClientProvider>,
  );

/** The value a card shows on the line labelled `label` (its dt, then its dd). */
function line(card: HTMLElement, label: string) {
  const term = within(card).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('pay details on a phone', () => {
  it("shows each rate as a card with every column's value as a labelled line", async () => {
    asPhone();
    wrap(<RatesTab employeeId={EMPLOYEE} />);
    const list = await screen.findByRole('list', { name: 'Rate history' });
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    expect(card!.textContent).toContain('Jan 1, 2027');
    expect(within(card!).getByText('Upcoming')).toBeTruthy();
    expect(line(card!, 'Type')).toBe('Daily');
    expect(line(card!, 'Rate')).toBe('₱695.00');
    expect(line(card!, 'Hours/day')).toBe('8.00');
    expect(line(card!, 'COLA/day')).toBe('₱50.00');
    expect(line(card!, 'Reason')).toBe('Wage order NCR-26');
    // The upcoming rate's delete is a labelled button on its card.
    expect(within(card!).getByRole('button', { name: 'Delete the rate effective Jan 1, 2027' })).toBeTruthy();
  });

  it("shows each recurring item as a card titled by its description, every column's value a line", async () => {
    asPhone();
    wrap(<ItemsTab employeeId={EMPLOYEE} />);
    const list = await screen.findByRole('list', { name: 'Recurring items' });
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    expect(card!.firstElementChild?.textContent).toBe('Rice subsidy');
    // Named by its title, as the lists' cards are.
    expect(within(list).getByRole('listitem', { name: 'Rice subsidy' })).toBe(card);
    expect(line(card!, 'Kind')).toBe('Earning');
    expect(line(card!, 'Code')).toBe('RICE');
    expect(line(card!, 'Per period')).toBe('₱1,000.00');
    expect(line(card!, 'Tax')).toBe('De minimis: Rice subsidy');
    expect(line(card!, 'In force')).toBe('Jan 1, 2026 – Dec 31, 2026');
    expect(within(card!).getByRole('button', { name: 'Edit Rice subsidy' })).toBeTruthy();
    expect(within(card!).getByRole('button', { name: 'Delete Rice subsidy' })).toBeTruthy();
  });

  it('shows each loan as a card, every column a labelled line, its buttons at its foot and its ledger inside', async () => {
    asPhone();
    wrap(<LoansTab employeeId={EMPLOYEE} />);
    const list = await screen.findByRole('list', { name: 'Loans' });
    expect(screen.queryByRole('table')).toBeNull();
    const [paid, fresh] = within(list).getAllByRole('listitem');
    expect(paid!.firstElementChild?.textContent).toBe('SSS Salary Loanfrom Jan 1, 2026');
    expect(line(paid!, 'Principal')).toBe('₱20,000.00');
    expect(line(paid!, 'Per period')).toBe('₱1,000.00');
    expect(line(paid!, 'Balance')).toBe('₱15,000.00');
    // The bar and its '% paid' name stay beside the balance. (hidden: jsdom's selector engine takes the card
    // styles' `.line:has(> dd > :empty:only-child)` to match this line, the bar's empty inner span; Chromium does not.)
    const balance = within(paid!).getByText('Balance', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(within(balance).getByRole('progressbar', { name: '25% paid', hidden: true })).toBeTruthy();
    expect(line(paid!, 'Status')).toBe('Active');
    // A loan with payments can only be adjusted or cancelled; one without can still be edited.
    expect(within(paid!).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(paid!).getByRole('button', { name: 'Adjust' })).toBeTruthy();
    expect(within(paid!).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(fresh!.firstElementChild?.textContent).toBe(
      'Pag-IBIG Multi-Purpose LoanRef. MPL-0042 · from Jan 15, 2027',
    );
    for (const name of ['Ledger (0)', 'Edit', 'Adjust', 'Cancel'])
      expect(within(fresh!).getByRole('button', { name })).toBeTruthy();

    // The ledger opens inside its card, an entry a line of date, kind, amount and remarks.
    const toggle = within(paid!).getByRole('button', { name: 'Ledger (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const ledger = await within(paid!).findByRole('list', { name: 'Ledger of the SSS Salary Loan' });
    expect(
      within(ledger)
        .getAllByRole('listitem')
        .map((entry) => entry.textContent),
    ).toEqual(['Jan 31, 2026 · Payroll₱1,000.00', 'Feb 15, 2026 · Adjustment₱4,000.00Paid over the counter']);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(fresh!).queryByRole('list')).toBeNull();
  });

  it('keeps the loans table, its ledger a table under the row, on a wider screen', async () => {
    wrap(<LoansTab employeeId={EMPLOYEE} />);
    const table = await screen.findByRole('table', { name: 'Loans' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Loan', 'Principal', 'Per period', 'Balance', 'Status', '']);
    fireEvent.click(within(table).getByRole('button', { name: 'Ledger (2)' }));
    const ledger = await within(table).findByRole('table', { name: 'Ledger of the SSS Salary Loan' });
    expect(within(ledger).getByRole('cell', { name: 'Paid over the counter' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('keeps the tables on a wider screen', async () => {
    wrap(<RatesTab employeeId={EMPLOYEE} />);
    const table = await screen.findByRole('table', { name: 'Rate history' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Effective', 'Type', 'Rate', 'Hours/day', 'COLA/day', 'Reason', '']);
    expect(within(table).getByRole('cell', { name: 'Wage order NCR-26' })).toBeTruthy();
  });
});
