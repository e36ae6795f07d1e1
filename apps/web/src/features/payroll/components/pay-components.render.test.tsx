import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PREMIUM_DAYS, premiumValues, type PayComponentOption, type StatutoryTables } from '@hrpay/contracts';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { ItemsTab } from './items-tab';
import { StatutoryTablesView } from './statutory-tables';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
const urlOf = (input: Parameters<typeof fetch>[0]) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <ConfirmProvider>{ui}</ConfirmProvider>
    </QueryClientProvider>,
  );

const OPTIONS: PayComponentOption[] = [
  {
    PayComponentId: '00000000-0000-4000-8000-000000000001',
    Code: 'RICE',
    Name: 'Rice subsidy',
    Kind: 'Earning',
    Taxable: false,
    DeMinimis: 'riceSubsidy',
  },
  {
    PayComponentId: '00000000-0000-4000-8000-000000000002',
    Code: 'UNION',
    Name: 'Union dues',
    Kind: 'Deduction',
    Taxable: false,
    DeMinimis: null,
  },
];

async function choose(label: string, option: RegExp | string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await within(screen.getByRole('listbox')).findByRole('option', { name: option }));
}
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('recurring item dialog with pay components', () => {
  it('fills code, description and tax treatment from the picked component, still editable', async () => {
    fetchMock.mockImplementation(async (input) =>
      urlOf(input).includes('/pay-components/options')
        ? json(200, OPTIONS)
        : urlOf(input).endsWith('/carried-deductions')
          ? json(200, { Items: [] })
          : json(200, []),
    );
    wrap(<ItemsTab employeeId="00000000-0000-4000-8000-0000000000aa" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
    await choose('Pay component', /Rice subsidy \(RICE\)/);
    expect(field('Code').value).toBe('RICE');
    expect(field('Description').value).toBe('Rice subsidy');
    expect(screen.getByRole('combobox', { name: 'De minimis benefit' }).textContent).toBe('Rice subsidy');
    // The user can still change what was filled.
    fireEvent.change(field('Description'), { target: { value: 'Rice allowance (NCR)' } });
    expect(field('Description').value).toBe('Rice allowance (NCR)');

    await choose('Pay component', /Union dues/);
    expect(field('Code').value).toBe('UNION');
    expect(screen.getByRole('combobox', { name: 'Kind' }).textContent).toBe('Deduction');
    expect(screen.queryByRole('combobox', { name: 'De minimis benefit' })).toBeNull();
  });

  it('keeps the free-code form when the company has no components', async () => {
    fetchMock.mockImplementation(async (input) =>
      urlOf(input).endsWith('/carried-deductions') ? json(200, { Items: [] }) : json(200, []),
    );
    wrap(<ItemsTab employeeId="00000000-0000-4000-8000-0000000000aa" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
    expect(field('Code')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => urlOf(u).includes('/pay-components/options'))).toBe(true),
    );
    expect(screen.queryByRole('combobox', { name: 'Pay component' })).toBeNull();
  });
});

const philhealth = { rate: '0.05', floor: '10000.00', ceiling: '100000.00' };
const TABLES: StatutoryTables = {
  Sss: [{ effectiveFrom: '2025-01-01', source: 'SSS Circular No. 2024-006', minMsc: '5000.00' }],
  PhilHealth: [
    { effectiveFrom: '2099-01-01', source: 'Company circular', ...philhealth, rate: '0.06' },
    { effectiveFrom: '2024-01-01', source: 'PhilHealth Circular 2020-0005', ...philhealth },
  ],
  PagIbig: [{ effectiveFrom: '2024-02-01', source: 'HDMF Circular No. 460', maxFundSalary: '10000.00' }],
  Withholding: [],
  AnnualTax: [],
  BenefitsCeiling: [],
  DeMinimis: [],
  Premiums: [],
  Added: [
    {
      StatutoryRowId: '00000000-0000-4000-8000-000000000010',
      Kind: 'PhilHealth',
      EffectiveFrom: '2099-01-01',
      Source: 'Company circular',
      Values: { ...philhealth, rate: '0.06' },
      CanDelete: true,
      CreatedAt: '2026-01-01T00:00:00.000Z',
    },
  ],
};

describe('statutory tables with company editions', () => {
  it('marks the company edition and offers Delete only on it', () => {
    wrap(<StatutoryTablesView tables={TABLES} />);
    const card = screen.getByRole('region', { name: 'PhilHealth premiums' });
    expect(within(card).getAllByText('Added by your company')).toHaveLength(1);
    expect(
      within(card).getByRole('button', { name: 'Delete the PhilHealth premiums table from Jan 1, 2099' }),
    );
    // Dates and amounts as the rest of the app shows them, rates as percentages.
    expect(within(card).getByText('From Jan 1, 2024')).toBeTruthy();
    expect(within(card).getAllByText('₱10,000.00').length).toBeGreaterThan(0);
    expect(within(card).getAllByText('5%').length).toBeGreaterThan(0);
    expect(
      within(screen.getByRole('region', { name: 'SSS contributions' })).getByText('₱5,000.00'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'SSS contributions' })).queryByText('Added by your company'),
    ).toBeNull();
  });

  it("adds a future edition from the newest figures and shows the engine's refusal on its field", async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        title: 'Bad Request',
        status: 400,
        detail: 'The payroll engine refused the PhilHealth table.',
        errors: [
          { Code: 'Values.rate', Description: 'rate -0.06 must be non-negative with at most 4 decimals' },
        ],
      }),
    );
    wrap(<StatutoryTablesView tables={TABLES} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Future Table: PhilHealth premiums' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a future table: PhilHealth premiums' });
    // Started from the newest edition (the company's 6%).
    expect((within(dialog).getByRole('textbox', { name: 'Rate' }) as HTMLInputElement).value).toBe('0.06');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Rate' }), { target: { value: '-0.06' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Source' }), {
      target: { value: 'Circular X' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('rate -0.06 must be non-negative with at most 4 decimals'),
    ).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      Kind: 'PhilHealth',
      Source: 'Circular X',
      Values: { rate: '-0.06', floor: '10000.00', ceiling: '100000.00' },
    });
  });
});

describe("the company's own holiday premiums", () => {
  const dole = {
    effectiveFrom: '2023-01-01',
    source: 'DOLE Handbook 2023',
    nightDifferential: '0.10',
    days: Object.fromEntries(
      PREMIUM_DAYS.map((d) => [d, { worked: '1.00', overtime: '1.25', unworked: '0' }]),
    ) as Record<string, Record<string, string>>,
  };
  dole.days.regular_holiday = { worked: '2.00', overtime: '1.30', unworked: '1.00' };
  const premiums: StatutoryTables = { ...TABLES, Premiums: [dole], Added: [] };

  it('sets company rates from the figures in force, sent flat, with the refusal on its field', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        title: 'Bad Request',
        status: 400,
        detail: 'One or more fields are invalid.',
        errors: [{ Code: 'Values.regular_holiday.worked', Description: 'At least 2.00 (DOLE)' }],
      }),
    );
    wrap(<StatutoryTablesView tables={premiums} premiumsOnly />);
    expect(screen.queryByRole('button', { name: /Add Future Table/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Set company rates/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Set company rates/ });
    const worked = within(dialog).getByRole('textbox', {
      name: 'Regular holiday: worked',
    }) as HTMLInputElement;
    expect(worked.value).toBe('2.00');
    fireEvent.change(worked, { target: { value: '1.90' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Source' }), {
      target: { value: 'CBA 2026' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At least 2.00 (DOLE)')).toBeTruthy();
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body));
    expect(body).toMatchObject({ Kind: 'Premiums', Source: 'CBA 2026' });
    expect(body.Values).toMatchObject({
      'regular_holiday.worked': '1.90',
      'regular_holiday.unworked': '1.00',
      'ordinary.overtime': '1.25',
      nightDifferential: '0.10',
    });
    expect(Object.keys(body.Values)).toHaveLength(PREMIUM_DAYS.length * 3 + 1);
  });

  it("marks the company's rates with their date and offers Delete while in the future", () => {
    const { days, nightDifferential } = dole;
    const added = {
      StatutoryRowId: '00000000-0000-4000-8000-000000000020',
      Kind: 'Premiums' as const,
      EffectiveFrom: '2099-02-01',
      Source: 'CBA 2026',
      Values: premiumValues({ days, nightDifferential }),
      CanDelete: true,
      CreatedAt: '2026-01-01T00:00:00.000Z',
    };
    wrap(
      <StatutoryTablesView
        tables={{ ...premiums, Premiums: [{ ...dole, effectiveFrom: '2099-02-01' }, dole], Added: [added] }}
        premiumsOnly
      />,
    );
    expect(screen.getByText("Your company's rates from Feb 1, 2099")).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Delete the .* table from Feb 1, 2099$/ })).toBeTruthy();
  });
});
