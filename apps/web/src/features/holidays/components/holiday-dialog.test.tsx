import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { conflictResponse, jsonResponse, newQueryClient, stubFetch } from '@/test/fetch-stub';
import { QueryClientProvider } from '@tanstack/react-query';
import { ProblemTypes, type Holiday } from '@hrpay/contracts';
import { holidayKeys, useDeleteHoliday, useUpdateHoliday } from '../api/holidays';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { HolidayDialog } from './holiday-dialog';

const FINALISED =
  'Town fiesta cannot be added: Nov 10, 2026 falls inside the finalised payroll period "Nov 1-15, 2026", which was paid with the holidays as they were and can no longer change. Correct the pay with an adjustment period.';

const CHINESE_NEW_YEAR: Holiday = {
  HolidayId: '11111111-1111-4111-8111-111111111111',
  CompanyId: '22222222-2222-4222-8222-222222222222',
  Date: '2026-02-17',
  Name: 'Chinese New Year',
  Type: 'SpecialNonWorking',
  IsNational: true,
  IsDouble: false,
  IsDraft: false,
  ProclaimedDate: null,
  WorkLocationId: null,
  WorkLocationName: null,
  RowVersion: 1,
  CreatedAt: '2026-01-01T00:00:00Z',
  UpdatedAt: '2026-01-01T00:00:00Z',
};

/** What `GET /holidays/day-types` answers (the holidays already on a date). */
let dayTypes: unknown[] = [];
const fetched = stubFetch((url) =>
  url.includes('work-locations')
    ? jsonResponse(200, { Items: [], TotalCount: 0 })
    : url.includes('/holidays/day-types')
      ? jsonResponse(200, dayTypes)
      : undefined,
);

describe('HolidayDialog', () => {
  // Sweep E finding 3: the finalised-period 409 was only a toast, hidden from screen readers by the dialog.
  it('shows a date inside a finalised payroll period (409) in the dialog, on Date', async () => {
    fetched.answer = () => conflictResponse(ProblemTypes.periodFinalised, FINALISED);
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={newQueryClient()}>
        <ConfirmProvider>
          <HolidayDialog holiday={null} date="2026-11-10" onClose={onClose} />
        </ConfirmProvider>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Town fiesta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = screen.getByRole('dialog');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(FINALISED);
    await waitFor(() => expect(screen.getByLabelText(/Date/).getAttribute('aria-invalid')).toBe('true'));
    expect(onClose).not.toHaveBeenCalled();
  });
});

// HR walkthrough: a second special day on Dec 8 was taken without a word, and paid as a double special day.
describe('HolidayDialog on a date that already has a holiday', () => {
  const holidayPosts = () =>
    vi
      .mocked(fetch)
      .mock.calls.filter(
        ([url, init]) => init?.method === 'POST' && String(url).endsWith('/api/v1/holidays'),
      );
  /** Fills in a town fiesta on Dec 8 (already the Immaculate Conception) and adds it: the question it asks. */
  async function addOnDecember8() {
    dayTypes = [
      {
        Date: '2026-12-08',
        DayType: 'special_non_working',
        Holidays: [{ Name: 'Feast of the Immaculate Conception', Type: 'SpecialNonWorking' }],
      },
    ];
    fetched.answer = () =>
      jsonResponse(201, { ...CHINESE_NEW_YEAR, Date: '2026-12-08', Name: 'Town fiesta' });
    render(
      <QueryClientProvider client={newQueryClient()}>
        <ConfirmProvider>
          <HolidayDialog holiday={null} date="2026-12-08" onClose={vi.fn()} />
        </ConfirmProvider>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Town fiesta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    return screen.findByRole('dialog', { name: 'Two holidays on one day?' });
  }
  afterEach(() => {
    dayTypes = [];
  });

  it('asks before adding a second one, and adds nothing when cancelled', async () => {
    const ask = await addOnDecember8();
    expect(ask.textContent).toContain(
      'Dec 8, 2026 is already Feast of the Immaculate Conception (Special non-working day).',
    );
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Two holidays on one day?' })).toBeNull(),
    );
    expect(holidayPosts()).toHaveLength(0);
  });

  it('adds it when told to go on', async () => {
    const ask = await addOnDecember8();
    fireEvent.click(within(ask).getByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(holidayPosts()).toHaveLength(1));
  });
});

describe('HolidayDialog name', () => {
  // HR review: "e.g. Taguig City Charter Day" stood under "Chinese New Year" being edited, as if correcting it.
  it('gives an example name when adding a holiday, and none when editing one', () => {
    const client = newQueryClient();
    const { unmount } = render(
      <QueryClientProvider client={client}>
        <ConfirmProvider>
          <HolidayDialog holiday={null} onClose={vi.fn()} />
        </ConfirmProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByText('e.g. Taguig City Charter Day')).toBeTruthy();
    unmount();
    render(
      <QueryClientProvider client={client}>
        <ConfirmProvider>
          <HolidayDialog holiday={CHINESE_NEW_YEAR} onClose={vi.fn()} />
        </ConfirmProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveProperty('value', 'Chinese New Year');
    expect(screen.queryByText('e.g. Taguig City Charter Day')).toBeNull();
  });
});

describe('holiday mutations', () => {
  // Sweep E finding 2: after a stale 409 nothing refetched, so deleting again sent the same old RowVersion.
  it.each([
    ['a stale RowVersion', ProblemTypes.staleRowVersion, true],
    ['another refusal', ProblemTypes.invalidState, false],
  ])('after %s the holidays are refetched: %s', async (_name, type, refetched) => {
    fetched.answer = () => conflictResponse(type, 'Refused');
    const client = newQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: React.ReactNode }) => (
      <QueryClientProvider client={client}>
        <ConfirmProvider>{children}</ConfirmProvider>
      </QueryClientProvider>
    );
    const id = '11111111-1111-4111-8111-111111111111';
    const remove = renderHook(() => useDeleteHoliday(), { wrapper });
    await expect(remove.result.current.mutateAsync({ id, RowVersion: 1 })).rejects.toThrow('Refused');
    const update = renderHook(() => useUpdateHoliday(), { wrapper });
    await expect(
      update.result.current.mutateAsync({
        id,
        body: { Date: '2026-12-10', Name: 'Fiesta', Type: 'SpecialNonWorking', RowVersion: 1 },
      }),
    ).rejects.toThrow('Refused');
    await waitFor(() =>
      expect(invalidate.mock.calls.filter(([f]) => f?.queryKey === holidayKeys.all)).toHaveLength(
        refetched ? 2 : 0,
      ),
    );
  });
});
