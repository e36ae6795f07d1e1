import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ProblemTypes } from '@hrpay/contracts';
import { holidayKeys, useDeleteHoliday, useUpdateHoliday } from '../api/holidays';
import { HolidayDialog } from './holiday-dialog';

const FINALISED =
  'Town fiesta cannot be added: 2026-11-10 falls inside the finalised payroll period "Nov 1-15, 2026", which was paid with the holidays as they were and can no longer change. Correct the pay with an adjustment period.';

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
const problem = (type: string, detail: string) =>
  json(409, { type, title: 'Conflict', status: 409, detail }, 'application/problem+json');

const fetchMock = vi.fn<typeof fetch>();
let answer: () => Response;
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('work-locations')) return json(200, { Items: [], TotalCount: 0 });
    if ((init?.method ?? 'GET') === 'GET') return json(200, []);
    return answer();
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const newClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

describe('HolidayDialog', () => {
  // Sweep E finding 3: the finalised-period 409 was only a toast, hidden from screen readers by the dialog.
  it('shows a date inside a finalised payroll period (409) in the dialog, on Date', async () => {
    answer = () => problem(ProblemTypes.periodFinalised, FINALISED);
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={newClient()}>
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

describe('holiday mutations', () => {
  // Sweep E finding 2: after a stale 409 nothing refetched, so deleting again sent the same old RowVersion.
  it.each([
    ['a stale RowVersion', ProblemTypes.staleRowVersion, true],
    ['another refusal', ProblemTypes.invalidState, false],
  ])('after %s the holidays are refetched: %s', async (_name, type, refetched) => {
    answer = () => problem(type, 'Refused');
    const client = newClient();
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
