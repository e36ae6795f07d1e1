import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PayrollPeriodDetail, PayslipListItem } from '@hrpay/contracts';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { draftPeriod, PERIOD_ID as ID } from '@/test/payroll-period-fixture';
import PayrollPeriodDetailsPage from './payroll-period-details-page';
import { asPhone } from '@/test/phone';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const computed: PayrollPeriodDetail = {
  ...draftPeriod,
  Status: 'Computed',
  JobStatus: 'Done',
  RowVersion: 2,
  ComputedAt: '2026-11-30T01:00:00.000Z',
  ComputedByName: 'Jose Reyes',
  CanApprove: true,
};

/** Approved by another user: Finalise is what is left. */
const approved: PayrollPeriodDetail = {
  ...computed,
  Status: 'Approved',
  CanEdit: false,
  CanCompute: false,
  CanApprove: false,
  CanFinalise: true,
};

const SLIP_ID = '44444444-4444-4444-8444-444444444444';
const slip: PayslipListItem = {
  Id: SLIP_ID,
  EmployeeId: '55555555-5555-4555-8555-555555555555',
  EmployeeNumber: 'DM-0006',
  FullName: 'Ramon Bautista',
  DepartmentName: 'Warehouse',
  Status: 'Included',
  Gross: '9409.50',
  Deductions: '713.95',
  NetPay: '8695.55',
  WithholdingTax: '0.00',
  EmployeeShares: '713.95',
  EmployerShares: '1500.00',
  Warnings: ['Missing TIN', 'Missing PhilHealth number'],
  ReleasedOn: null,
};

/**
 * The room of a list at 1280 px with the menu open: 1280 less the menu (256), the page's padding (2 x 24), the
 * table's frame (2) and a classic 16 px page scroll bar.
 */
const TABLE_ROOM_AT_1280 = 958;

function renderPage(period: PayrollPeriodDetail, payslips: PayslipListItem[] = [], search = '') {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith(`/payroll-periods/${ID}`)) return json(period);
    // One payslip, as the drawer reads it.
    const one = payslips.find((p) => url.endsWith(`/payroll-periods/payslips/${p.Id}`));
    if (one)
      return json({
        ...one,
        PayrollPeriodId: ID,
        TaxableBase: one.Gross,
        Result: null,
        Lines: [],
        Adjustments: [],
        ComputedAt: '2026-11-30T00:00:00.000Z',
      });
    return json({ Items: payslips, TotalCount: payslips.length });
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfirmProvider>
        <RouterProvider
          router={createMemoryRouter(
            [{ path: '/payroll/payroll-periods/:payrollPeriodId', element: <PayrollPeriodDetailsPage /> }],
            { initialEntries: [`/payroll/payroll-periods/${ID}${search}`] },
          )}
        />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
}

describe('payroll period page', () => {
  it('says who computed the period and offers Approve', async () => {
    renderPage(computed);
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByText(/computed .* by Jose Reyes/)).toBeTruthy();
    expect(screen.queryByText(/another Payroll user of the company approves it/)).toBeNull();
  });

  it('says when a finalised period was approved and finalised, not only by whom', async () => {
    renderPage({
      ...computed,
      Status: 'Finalised',
      CanEdit: false,
      CanCompute: false,
      CanApprove: false,
      ApprovedAt: '2026-11-30T02:00:00.000Z',
      ApprovedByName: 'Ana Cruz',
      FinalisedAt: '2026-12-01T03:30:00.000Z',
      FinalisedByName: 'Jose Reyes',
    });
    // Manila time, on the 24-hour clock of the times: 10:00 on Nov 30 and 11:30 on Dec 1.
    expect(
      await screen.findByText(
        /approved Nov 30, 2026, 10:00 by Ana Cruz · finalised Dec 1, 2026, 11:30 by Jose Reyes/,
      ),
    ).toBeTruthy();
  });

  it('says why an approved period is out of date and how to get out of it', async () => {
    const approved = {
      ...computed,
      Status: 'Approved' as const,
      CanEdit: false,
      CanCompute: false,
      CanApprove: false,
      CanReturnToDraft: true,
    };
    renderPage({ ...approved, NeedsRecompute: true, StaleReason: 'request' });
    expect(await screen.findByText('A request was decided')).toBeTruthy();
    expect(screen.getByText(/HR must store the attendance of those days again/)).toBeTruthy();
    expect(screen.getByText(/Return the period for changes, then compute it again/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return for changes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finalise' })).toBeNull();
    cleanup();
    renderPage({ ...computed, NeedsRecompute: true, StaleReason: 'attendance', CanApprove: false });
    expect(await screen.findByText('Attendance stored again')).toBeTruthy();
    expect(screen.getByText(/Compute again before approving/)).toBeTruthy();
    cleanup();
    renderPage({ ...computed, NeedsRecompute: true, StaleReason: 'holiday', CanApprove: false });
    expect(await screen.findByText('A holiday changed')).toBeTruthy();
    expect(screen.getByText(/HR must store the attendance of the cut-off again/)).toBeTruthy();
    expect(screen.getByText(/Compute again before approving/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    cleanup();
    renderPage({ ...computed, NeedsRecompute: true, StaleReason: 'punches', CanApprove: false });
    expect(await screen.findByText('Punches changed')).toBeTruthy();
    expect(screen.getByText(/HR must store the attendance of the cut-off again/)).toBeTruthy();
    expect(screen.getByText(/Compute again before approving/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    cleanup();
    renderPage({ ...approved, CanFinalise: true });
    await screen.findByRole('button', { name: 'Return for changes' });
    expect(
      screen.queryByText(/Attendance stored again|A request was decided|A holiday changed|Punches changed/),
    ).toBeNull();
  });

  it('names the payslips with warnings and without attendance in the Finalise confirmation', async () => {
    const ready = {
      ...approved,
      WithoutAttendance: 7,
      Totals: { ...computed.Totals, Included: 7, WithWarnings: 7, NetPayIncluded: '81528.42' },
    };
    renderPage(ready);
    fireEvent.click(await screen.findByRole('button', { name: 'Finalise' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('7 payslips totalling ₱81,528.42 net are locked');
    expect(dialog.textContent).toContain('7 of them carry warnings.');
    expect(dialog.textContent).toContain('7 have no stored attendance for the cut-off');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    cleanup();
    renderPage({ ...ready, WithoutAttendance: 0, Totals: { ...ready.Totals, WithWarnings: 0 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Finalise' }));
    expect((await screen.findByRole('dialog')).textContent).not.toMatch(/warnings|attendance/);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    cleanup();
    // Payroll walkthrough: a final pay of one read "1 payslips … 1 of them carry warnings. 1 have no …".
    renderPage({
      ...ready,
      WithoutAttendance: 1,
      Totals: { ...ready.Totals, Included: 1, WithWarnings: 1, NetPayIncluded: '9000.00' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Finalise' }));
    const single = (await screen.findByRole('dialog')).textContent;
    expect(single).toContain('1 payslip totalling ₱9,000.00 net is locked');
    expect(single).toContain('It carries warnings. It has no stored attendance');
  });

  it('says held payslips are not paid and stay held, before finalising and before marking paid', async () => {
    const ready = {
      ...approved,
      Totals: { ...computed.Totals, Included: 5, Held: 2, NetPayIncluded: '50000.00' },
    };
    renderPage(ready);
    fireEvent.click(await screen.findByRole('button', { name: 'Finalise' }));
    const finalise = await screen.findByRole('dialog');
    expect(finalise.textContent).toContain(
      '2 payslips are held: they are not paid with this period; release each from its payslip once it can be paid, by its own bank file.',
    );
    fireEvent.click(within(finalise).getByRole('button', { name: 'Cancel' }));
    cleanup();
    renderPage({
      ...ready,
      Status: 'Finalised',
      CanFinalise: false,
      CanMarkPaid: true,
      PayDate: '2020-01-10',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid' }));
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'The 2 held payslips are not part of this payout.',
    );
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    cleanup();
    // None held: neither says a word of it.
    renderPage({ ...ready, Totals: { ...ready.Totals, Held: 0 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Finalise' }));
    expect((await screen.findByRole('dialog')).textContent).not.toMatch(/held/);
  });

  it('marks held pay released since the period closed, and opens the payslip a link names', async () => {
    const finalised = {
      ...computed,
      Status: 'Finalised' as const,
      CanEdit: false,
      CanCompute: false,
      CanApprove: false,
    };
    const released = { ...slip, Status: 'Held' as const, ReleasedOn: '2026-12-02', Warnings: [] };
    const held = {
      ...slip,
      Id: '77777777-7777-4777-8777-777777777777',
      FullName: 'Nora Held',
      Status: 'Held' as const,
      Warnings: [],
    };
    renderPage(finalised, [released, held], `?payslip=${held.Id}`);
    // (The open drawer hides the page from the accessibility tree: the chips are found by their text.)
    expect(await screen.findByTitle('Held, released Dec 2, 2026')).toBeTruthy();
    expect(screen.getAllByText('Released').length).toBeGreaterThan(0);
    // The link's payslip opens in the drawer, with Release pay.
    expect(await screen.findByRole('heading', { name: `Nora Held · ${held.EmployeeNumber}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Release pay' })).toBeTruthy();
  });

  it('asks before approving, with the net total and the payslips with warnings', async () => {
    const computedWithWarnings = {
      ...computed,
      Totals: { ...computed.Totals, Included: 7, WithWarnings: 2, NetPayIncluded: '81528.42' },
    };
    renderPage(computedWithWarnings);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: `Approve ${computed.Name}?` });
    expect(dialog.textContent).toContain('7 payslips totalling ₱81,528.42 net are approved');
    expect(dialog.textContent).toContain('2 of them carry warnings.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/approve')),
    ).toEqual([]);
  });

  it('says a payslip pays days without a request that HR has not stored, without Approve', async () => {
    renderPage({ ...computed, RequestsNotStored: 2, CanApprove: false });
    expect(await screen.findByText('Requests not in the stored attendance')).toBeTruthy();
    expect(screen.getByText(/2 payslips pay days without/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('warns when a year of the cut-off has no holidays on file, and not when every year is', async () => {
    renderPage({ ...computed, HolidayYearsMissing: [2027] });
    expect(await screen.findByText('No holidays on file for 2027')).toBeTruthy();
    cleanup();
    renderPage({ ...computed, HolidayYearsMissing: [] });
    await screen.findByRole('button', { name: 'Approve' });
    expect(screen.queryByText(/No holidays on file/)).toBeNull();
  });

  it('tells the user who computed it that another Payroll user approves, without an Approve button', async () => {
    renderPage({ ...computed, CanApprove: false, AwaitsAnotherApprover: true });
    expect(await screen.findByText(/another Payroll user of the company approves it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it(
    'shows the warnings column in the room of a 1280 px screen, the warnings in its chip',
    { timeout: 30_000 },
    async () => {
      renderPage(computed, [slip, { ...slip, Id: SLIP_ID.replace('4444-8', '4444-9'), Warnings: [] }]);
      // The plain first-page table, or the grid that replaces it once its code is loaded: an earlier test of this
      // file may have loaded it (the test failed now and then on 'table' alone).
      const table = await waitFor(
        () =>
          screen.queryByRole('table', { name: 'Payslips' }) ?? screen.getByRole('grid', { name: 'Payslips' }),
        { timeout: 20_000 },
      );
      const chip = await within(table).findByRole('button', {
        name: '2 warnings: Missing TIN; Missing PhilHealth number',
      });
      expect(within(table).getAllByRole('columnheader').at(-1)?.textContent).toBe('Warnings');
      // The columns' least widths, which the plain table (the first paint) sets: beyond them it scrolls sideways
      // (data-table-preview.tsx).
      if (table.tagName === 'TABLE') {
        const least = table.parentElement!.style.getPropertyValue('--table-min-width');
        expect(parseInt(least, 10)).toBeLessThanOrEqual(TABLE_ROOM_AT_1280);
      }
      // A click opens the payslip, whose review lists the warnings.
      fireEvent.click(chip);
      await waitFor(() =>
        expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
          `/api/v1/payroll-periods/payslips/${SLIP_ID}`,
        ),
      );
    },
  );

  it('lists the warnings themselves on a phone card', async () => {
    asPhone();
    renderPage(computed, [slip]);
    const cards = await screen.findByRole('list', { name: 'Payslips' });
    const card = within(cards).getAllByRole('listitem')[0]!;
    expect(within(card).getByText('Missing TIN')).toBeTruthy();
    expect(within(card).getByText('Missing PhilHealth number')).toBeTruthy();
  });
});
