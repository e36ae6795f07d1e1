import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PayItem, PayRate } from '@hrpay/contracts';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { ItemsTab } from './items-tab';
import { RatesTab } from './rates-tab';

// On a phone the pay details' Rates and Recurring items tables scrolled sideways, hiding their right-hand columns
// (COLA/day, Reason) with nothing to say they were there: they are cards there, every column a labelled line.

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

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    const body = url.endsWith('/rates') ? [rate] : url.endsWith('/items') ? [item] : [];
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** A phone's width for MUI's useMediaQuery (below `sm`). */
function asPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width/.test(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

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
    expect(line(card!, 'Kind')).toBe('Earning');
    expect(line(card!, 'Code')).toBe('RICE');
    expect(line(card!, 'Per period')).toBe('₱1,000.00');
    expect(line(card!, 'Tax')).toBe('De minimis: Rice subsidy');
    expect(line(card!, 'In force')).toBe('Jan 1, 2026 – Dec 31, 2026');
    expect(within(card!).getByRole('button', { name: 'Edit Rice subsidy' })).toBeTruthy();
    expect(within(card!).getByRole('button', { name: 'Delete Rice subsidy' })).toBeTruthy();
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
