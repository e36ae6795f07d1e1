import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StatutoryTables } from '@hrpay/contracts';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { StatutoryTablesView } from './statutory-tables';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});
const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <ConfirmProvider>{ui}</ConfirmProvider>
    </QueryClientProvider>,
  );

const b = (over: string, fixed: string, rate: string) => ({ over, fixed, rate });
const TABLES: StatutoryTables = {
  Sss: [],
  PhilHealth: [],
  PagIbig: [],
  Withholding: [
    {
      effectiveFrom: '2023-01-01',
      source: 'BIR RR 11-2018 Annex E',
      periods: {
        daily: [b('0.00', '0.00', '0'), b('685.00', '0.00', '0.15')],
        weekly: [b('0.00', '0.00', '0'), b('4808.00', '0.00', '0.15')],
        'semi-monthly': [b('0.00', '0.00', '0'), b('10417.00', '0.00', '0.15')],
        monthly: [b('0.00', '0.00', '0'), b('20833.00', '0.00', '0.15')],
      },
    },
  ],
  AnnualTax: [
    {
      effectiveFrom: '2023-01-01',
      source: 'NIRC Sec. 24(A)(2)(a)',
      brackets: [b('0.00', '0.00', '0'), b('250000.00', '0.00', '0.15'), b('400000.00', '22500.00', '0.20')],
    },
  ],
  BenefitsCeiling: [{ effectiveFrom: '2018-01-01', source: 'NIRC', ceiling: '90000.00' }],
  DeMinimis: [
    {
      effectiveFrom: '2026-01-06',
      source: 'BIR RR 29-2025',
      ceilings: { riceSubsidy: { amount: '2500.00', per: 'month' } },
      overtimeMealShareOfMinimumWage: '0.30',
    },
  ],
  Premiums: [],
  Added: [],
};
const input = (scope: HTMLElement, name: string) =>
  within(scope).getByRole('textbox', { name }) as HTMLInputElement;

describe('future BIR and de minimis tables', () => {
  it('edits the annual tax brackets from the newest edition and shows the refused bracket figure', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          title: 'Bad Request',
          status: 400,
          detail: 'One or more fields are invalid.',
          errors: [{ Code: 'Values.brackets.3.fixed', Description: 'The table is not continuous' }],
        }),
        { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );
    wrap(<StatutoryTablesView tables={TABLES} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Future Table: BIR annual income tax' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a future table: BIR annual income tax' });
    expect(input(dialog, 'Brackets 3: Over').value).toBe('400000.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add bracket' }));
    fireEvent.change(input(dialog, 'Brackets 4: Over'), { target: { value: '800000.00' } });
    fireEvent.change(input(dialog, 'Brackets 4: Fixed tax'), { target: { value: '1.00' } });
    fireEvent.change(input(dialog, 'Brackets 4: Rate'), { target: { value: '0.25' } });
    fireEvent.change(input(dialog, 'Source'), { target: { value: 'RR X' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('The table is not continuous')).toBeTruthy();
    expect(input(dialog, 'Brackets 4: Fixed tax').getAttribute('aria-invalid')).toBe('true');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      Kind: 'AnnualTax',
      Values: {
        'brackets.0.over': '0.00',
        'brackets.2.fixed': '22500.00',
        'brackets.3.over': '800000.00',
        'brackets.3.fixed': '1.00',
        'brackets.3.rate': '0.25',
      },
    });
  });

  it('offers one bracket section per pay frequency for withholding, and the de minimis amounts', async () => {
    wrap(<StatutoryTablesView tables={TABLES} />);
    fireEvent.click(
      screen.getByRole('button', { name: 'Add Future Table: BIR withholding tax (per pay period)' }),
    );
    const dialog = await screen.findByRole('dialog');
    for (const name of ['Daily', 'Weekly', 'Semi-monthly', 'Monthly'])
      expect(within(dialog).getByRole('region', { name })).toBeTruthy();
    expect(input(dialog, 'Semi-monthly 2: Over').value).toBe('10417.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Add Future Table: De minimis ceilings' }));
    const deMinimis = await screen.findByRole('dialog', { name: 'Add a future table: De minimis ceilings' });
    expect(input(deMinimis, 'Rice subsidy').value).toBe('2500.00');
    expect(input(deMinimis, 'OT / night shift meal allowance (share of minimum wage)').value).toBe('0.30');
  });
});
