import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { PayrollPeriodDetail } from '@hrpay/contracts';
import {
  draftPeriod as draft,
  PERIOD_ID as ID,
  periodListItem as listItem,
} from '@/test/payroll-period-fixture';
import { renderApp } from '@/test/render-app';
import PayrollPeriodDetailsPage from './payroll-period-details-page';
import PayrollPeriodsPage from './payroll-periods-page';

// A period no compute has made payslips for yet has no totals: it shows dashes, not a payroll of ₱0.00.

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function renderDetails(period: PayrollPeriodDetail) {
  fetchMock.mockImplementation(async (input) =>
    String(input).endsWith(`/payroll-periods/${ID}`) ? json(period) : json({ Items: [], TotalCount: 0 }),
  );
  renderApp(<PayrollPeriodDetailsPage />, {
    path: '/payroll/payroll-periods/:payrollPeriodId',
    at: `/payroll/payroll-periods/${ID}`,
  });
}

describe('a payroll period not computed yet', () => {
  it('shows a dash on every total card, and says it is not computed yet', async () => {
    renderDetails(draft);
    const totals = await screen.findByRole('region', { name: 'Period totals' });
    const cards = within(totals).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Employees',
      'Gross pay',
      'Deductions',
      'Net pay',
      'Tax withheld',
      'Employer statutory',
    ]);
    for (const card of cards) {
      expect(card.textContent).toContain('—');
      expect(card.textContent).not.toContain('₱');
    }
    expect(within(totals).getByText('Not computed yet')).toBeTruthy();
    expect(within(totals).queryByText(/included · .* held/)).toBeNull();
  });

  it('shows the totals, zeros included, once computed', async () => {
    renderDetails({ ...draft, Status: 'Computed', ComputedAt: '2026-11-30T01:00:00.000Z' });
    const totals = await screen.findByRole('region', { name: 'Period totals' });
    expect(within(totals).getByRole('article', { name: 'Net pay' }).textContent).toContain('₱0.00');
    expect(within(totals).queryByText('Not computed yet')).toBeNull();
  });

  it('is not asked for again once deleted (its page leaves without a 404)', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') return json({ Message: 'Payroll period deleted' });
      return String(input).endsWith(`/payroll-periods/${ID}`)
        ? json(draft)
        : json({ Items: [], TotalCount: 0 });
    });
    renderApp(<PayrollPeriodDetailsPage />, {
      path: '/payroll/payroll-periods/:payrollPeriodId',
      at: `/payroll/payroll-periods/${ID}`,
      routes: [{ path: '/payroll/payroll-periods', element: <p>The list</p> }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('The list');
    const calls = fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
    const deleted = calls.findIndex((call) => call.startsWith('DELETE'));
    expect(deleted).toBeGreaterThan(-1);
    expect(calls.slice(deleted + 1).filter((call) => call.includes(ID))).toEqual([]);
  });

  it('lists a draft without payslips with dashes for employees and net pay', async () => {
    const computed = {
      ...listItem,
      Id: '44444444-4444-4444-8444-444444444444',
      Name: 'November 2026 2nd cut-off',
      Status: 'Computed' as const,
      EmployeeCount: 7,
      Net: '98765.40',
    };
    fetchMock.mockImplementation(async () => json({ Items: [listItem, computed], TotalCount: 2 }));
    renderApp(<PayrollPeriodsPage />, { path: '/payroll/payroll-periods' });
    await screen.findByRole('link', { name: 'December 2026 1st cut-off' });
    // The plain first-page table (cells) or the grid that replaces it once loaded (gridcells): either may be up.
    const lastTwoCells = (name: string) => {
      const row = screen.getAllByRole('row').find((r) => within(r).queryByRole('link', { name }))!;
      const cells = [...within(row).queryAllByRole('cell'), ...within(row).queryAllByRole('gridcell')];
      return cells.slice(-2).map((c) => c.textContent);
    };
    expect(lastTwoCells('December 2026 1st cut-off')).toEqual(['—', '—']);
    expect(lastTwoCells('November 2026 2nd cut-off')).toEqual(['7', '₱98,765.40']);
    // Once the grid has taken over (pointed at, if it has not yet), it shows the same.
    const plain = screen.queryByRole('table');
    if (plain) fireEvent.pointerOver(plain);
    await screen.findByRole('grid');
    expect(lastTwoCells('December 2026 1st cut-off')).toEqual(['—', '—']);
    expect(lastTwoCells('November 2026 2nd cut-off')).toEqual(['7', '₱98,765.40']);
  });
});
