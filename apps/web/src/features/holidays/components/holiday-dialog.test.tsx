import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { conflictResponse, jsonResponse, newQueryClient, stubFetch } from '@/test/fetch-stub';
import { QueryClientProvider } from '@tanstack/react-query';
import { ProblemTypes, type Holiday } from '@hrpay/contracts';
import { holidayKeys, useDeleteHoliday, useUpdateHoliday } from '../api/holidays';
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

const fetched = stubFetch((url) =>
  url.includes('work-locations') ? jsonResponse(200, { Items: [], TotalCount: 0 }) : undefined,
);

describe('HolidayDialog', () => {
  // Sweep E finding 3: the finalised-period 409 was only a toast, hidden from screen readers by the dialog.
  it('shows a date inside a finalised payroll period (409) in the dialog, on Date', async () => {
    fetched.answer = () => conflictResponse(ProblemTypes.periodFinalised, FINALISED);
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={newQueryClient()}>
        <HolidayDialog holiday={null} date="2026-11-10" onClose={onClose} />
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

describe('HolidayDialog name', () => {
  // HR review: "e.g. Taguig City Charter Day" stood under "Chinese New Year" being edited, as if correcting it.
  it('gives an example name when adding a holiday, and none when editing one', () => {
    const client = newQueryClient();
    const { unmount } = render(
      <QueryClientProvider client={client}>
        <HolidayDialog holiday={null} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('e.g. Taguig City Charter Day')).toBeTruthy();
    unmount();
    render(
      <QueryClientProvider client={client}>
        <HolidayDialog holiday={CHINESE_NEW_YEAR} onClose={vi.fn()} />
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
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
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
