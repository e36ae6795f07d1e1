import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Holiday, HolidayListRequest } from '@hrpay/contracts';
import { jsonResponse } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import HolidaysPage from './holidays-page';

const holiday = (Date: string, Name: string, Type: Holiday['Type']): Holiday => ({
  HolidayId: `11111111-1111-4111-8111-${Date.replace(/-/g, '').padStart(12, '0')}`,
  CompanyId: '22222222-2222-4222-8222-222222222222',
  Date,
  Name,
  Type,
  IsNational: true,
  IsDouble: false,
  IsDraft: false,
  ProclaimedDate: null,
  WorkLocationId: null,
  WorkLocationName: null,
  RowVersion: 1,
  CreatedAt: '2026-01-01T00:00:00Z',
  UpdatedAt: '2026-01-01T00:00:00Z',
});
const YEAR = [
  holiday('2026-12-25', 'Christmas Day', 'Regular'),
  holiday('2026-12-24', 'Christmas Eve', 'SpecialNonWorking'),
  // Two regular holidays on one day: a double holiday (the second one the company's own, for the plant).
  {
    ...holiday('2026-04-02', 'Maundy Thursday', 'Regular'),
    IsDouble: true,
  },
  {
    ...holiday('2026-04-02', 'Araw ng Kagitingan', 'Regular'),
    HolidayId: '11111111-1111-4111-8111-999999999999',
    IsDouble: true,
  },
];

/** The API's list: it narrows by Type and Search as the server does (or fails, when a test says so). */
let failing = false;
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.endsWith('/api/v1/holidays/list')) {
    if (failing)
      return jsonResponse(500, { status: 500, title: 'Internal Server Error' }, 'application/problem+json');
    const body = JSON.parse(String(init?.body)) as HolidayListRequest;
    const items = YEAR.filter(
      (h) =>
        (!body.Type || h.Type === body.Type) &&
        (!body.Search || h.Name.toLowerCase().includes(body.Search.toLowerCase())),
    );
    return jsonResponse(200, { Items: items, TotalCount: items.length });
  }
  // The years whose national holidays are on file: those the app ships.
  if (url.endsWith('/api/v1/holidays/calendar-years')) return jsonResponse(200, { Years: [2025, 2026] });
  if (url.endsWith('/api/v1/holidays/copy-year')) return jsonResponse(200, { Copied: 3, Skipped: 0 });
  // The holiday dialog's locations.
  if (url.endsWith('/list')) return jsonResponse(200, { Items: [], TotalCount: 0 });
  return jsonResponse(200, []);
});
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  failing = false;
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

describe('HolidaysPage year view', () => {
  // HR review: the year view ignored the Type filter and the search above it, so they seemed broken there.
  it('marks only the days that match the type filter', { timeout: 30_000 }, async () => {
    renderApp(<HolidaysPage />, {
      path: '/hr/holidays',
      at: '/hr/holidays?view=year&year=2026&type=Regular',
      name: 'Holidays',
      as: 'HRUser',
    });
    // The year's twelve months are the page's heaviest render: on a loaded CI host they took over 5 s.
    expect(
      await screen.findByRole('button', { name: 'Dec 25, 2026: Christmas Day' }, { timeout: 20_000 }),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dec 24, 2026' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Christmas Eve/ })).toBeNull();
  });

  // HR review: a failed load drew the twelve months without a holiday in them, which read as "no holidays".
  it(
    'says the holidays could not be loaded, with Retry, instead of an empty year',
    { timeout: 30_000 },
    async () => {
      failing = true;
      renderApp(<HolidaysPage />, {
        path: '/hr/holidays',
        at: '/hr/holidays?view=year&year=2026',
        name: 'Holidays',
        as: 'HRUser',
      });
      const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
      expect(alert.textContent).toMatch(/^The holidays of 2026 could not be loaded\./);
      expect(screen.queryByRole('group', { name: 'December 2026' })).toBeNull();
      failing = false;
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(
        await screen.findByRole('button', { name: 'Dec 25, 2026: Christmas Day' }, { timeout: 20_000 }),
      ).toBeTruthy();
    },
  );

  // Review: a reload that failed after the year had loaded (after a save) replaced the whole calendar.
  it(
    'keeps a loaded calendar when a reload fails, with a warning and Retry',
    { timeout: 30_000 },
    async () => {
      const { client } = renderApp(<HolidaysPage />, {
        path: '/hr/holidays',
        at: '/hr/holidays?view=year&year=2026',
        name: 'Holidays',
        as: 'HRUser',
      });
      await screen.findByRole('button', { name: 'Dec 25, 2026: Christmas Day' }, { timeout: 20_000 });
      failing = true;
      await act(() => client.refetchQueries());
      const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
      expect(alert.textContent).toMatch(/could not be reloaded\. The calendar shows them as last loaded\./);
      expect(screen.getByRole('button', { name: 'Dec 25, 2026: Christmas Day' })).toBeTruthy();
      failing = false;
    },
  );

  it('says when no holiday of the year matches', { timeout: 30_000 }, async () => {
    renderApp(<HolidaysPage />, {
      path: '/hr/holidays',
      at: '/hr/holidays?view=year&year=2026&search=Rizal',
      name: 'Holidays',
      as: 'HRUser',
    });
    expect(await screen.findByText('No holidays in 2026 match.', {}, { timeout: 20_000 })).toBeTruthy();
  });

  // HR review: a day of two holidays opened "Add Holiday"; HR could not reach either holiday from the calendar.
  it('offers each holiday of a double holiday to edit, or adding another', { timeout: 30_000 }, async () => {
    renderApp(<HolidaysPage />, {
      path: '/hr/holidays',
      at: '/hr/holidays?view=year&year=2026',
      name: 'Holidays',
      as: 'HRUser',
    });
    const day = await screen.findByRole(
      'button',
      { name: 'Apr 2, 2026: Maundy Thursday, Araw ng Kagitingan' },
      { timeout: 20_000 },
    );
    fireEvent.click(day);
    const menu = await screen.findByRole('menu', { name: 'Holidays on Apr 2, 2026' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Edit Maundy ThursdayRegular holiday · National',
      'Edit Araw ng KagitinganRegular holiday · National',
      'Add holiday on this day',
    ]);
    expect(screen.queryByRole('dialog', { name: 'Add Holiday' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitem', { name: /Edit Araw ng Kagitingan/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Araw ng Kagitingan' });
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Araw ng Kagitingan');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('adds a holiday on the day from the same menu', { timeout: 30_000 }, async () => {
    renderApp(<HolidaysPage />, {
      path: '/hr/holidays',
      at: '/hr/holidays?view=year&year=2026',
      name: 'Holidays',
      as: 'HRUser',
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Apr 2, 2026: / }, { timeout: 20_000 }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Add holiday on this day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Holiday' });
    expect((within(dialog).getByLabelText(/^Date/) as HTMLInputElement).value).toBe('2026-04-02');
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
  });
});

// UI review: a year without its national holidays (2027, before HR enters the proclamation) showed only "No holidays
// in 2027 match." and a button to copy the empty year on to 2028.
describe('HolidaysPage for a year whose national holidays are not on file', () => {
  it('warns that payroll pays them as ordinary days and offers to copy the year before', async () => {
    renderApp(<HolidaysPage />, {
      path: '/hr/holidays',
      at: '/hr/holidays?year=2027',
      name: 'Holidays',
      as: 'HRUser',
    });
    const warning = await screen.findByText(
      /The national holidays of 2027 are not on file/,
      {},
      { timeout: 20_000 },
    );
    expect(warning.textContent).toMatch(/payroll pays them as ordinary days/);
    fireEvent.click(screen.getByRole('button', { name: 'Copy 2026 to 2027' }));
    const confirm = await screen.findByRole('dialog', { name: 'Copy 2026 to 2027' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Copy as drafts' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input, init]) =>
            String(input).endsWith('/api/v1/holidays/copy-year') &&
            init?.body === JSON.stringify({ FromYear: 2026 }),
        ),
      ).toBe(true),
    );
  });

  it('says nothing of a year on file', async () => {
    renderApp(<HolidaysPage />, {
      path: '/hr/holidays',
      at: '/hr/holidays?year=2026',
      name: 'Holidays',
      as: 'HRUser',
    });
    expect(await screen.findByText('Christmas Day', {}, { timeout: 20_000 })).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/calendar-years'))).toBe(true),
    );
    expect(screen.queryByText(/are not on file/)).toBeNull();
  });
});
