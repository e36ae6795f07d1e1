import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { conflictResponse, jsonResponse, newQueryClient, stubFetch } from '@/test/fetch-stub';
import { QueryClientProvider } from '@tanstack/react-query';
import { ProblemTypes, type Shift } from '@hrpay/contracts';
import { shiftKeys, useDeleteShift, useSaveShift } from '../api/shifts';
import { ShiftDialog } from './shift-dialog';

const SHIFT: Shift = {
  ShiftId: '11111111-1111-4111-8111-111111111111',
  Name: 'Day Shift',
  TimeIn: '08:00',
  TimeOut: '17:00',
  BreakMinutes: 60,
  GraceMinutes: 0,
  IsFlexible: false,
  RequiredHours: null,
  RestDays: [0],
  IsOvernight: false,
  IsNightShift: false,
  NightMinutes: 0,
  WorkHours: 8,
  EmployeeCount: 5,
  IsActive: true,
  RowVersion: 1,
  CreatedAt: '2026-01-01T00:00:00Z',
  UpdatedAt: '2026-01-01T00:00:00Z',
};
const FROZEN =
  "The time out of Day Shift cannot change: attendance of Nov 1–29, 2026 was stored under it. Create a new shift with the new times and move the employees' schedules to it.";

const fetched = stubFetch((url) =>
  url.includes('application-settings') ? jsonResponse(200, { TimeFormat: '24h' }) : undefined,
);

describe('ShiftDialog', () => {
  // Sweep E finding 3: the frozen-times 409 was only a 7-second toast, hidden from screen readers by the dialog.
  it('shows a 409 refusal (times frozen by stored attendance) inside the dialog, which stays open', async () => {
    fetched.answer = () => conflictResponse(ProblemTypes.invalidState, FROZEN);
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={newQueryClient()}>
        <ShiftDialog shift={SHIFT} onClose={onClose} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('dialog');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(FROZEN);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ShiftDialog times', () => {
  // HR review: a night shift (22:00 to 07:00) read like a shift ending before it starts; nothing in the dialog
  // said it ends the next day or how many hours it makes.
  it('says a shift whose out time is earlier ends the next day, with its work and night hours', async () => {
    render(
      <QueryClientProvider client={newQueryClient()}>
        <ShiftDialog
          shift={{ ...SHIFT, Name: 'Night Shift', TimeIn: '22:00', TimeOut: '07:00' }}
          onClose={vi.fn()}
        />
      </QueryClientProvider>,
    );
    expect(
      await screen.findByText('Ends the next day · 8 work hours · 8 h in 22:00–06:00 (night differential)'),
    ).toBeTruthy();
  });

  it('starts a new shift resting on Saturday and Sunday, the week of the default rate factor', () => {
    render(
      <QueryClientProvider client={newQueryClient()}>
        <ShiftDialog shift={null} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    const checked = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].filter(
      (day) => screen.getByRole<HTMLInputElement>('checkbox', { name: day }).checked,
    );
    expect(checked).toEqual(['Sun', 'Sat']);
  });

  it.each([
    ['an empty time (the cleared picker)', { TimeIn: '' }, /^Time in/],
    ["a flexible shift's empty hours", { IsFlexible: true }, /^Required hours a day/],
  ])("says the spec's required message for %s", async (_name, change, label) => {
    render(
      <QueryClientProvider client={newQueryClient()}>
        <ShiftDialog shift={{ ...SHIFT, ...change }} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(1);
    expect(screen.queryByText(/HH:mm/)).toBeNull();
    // The field (the time picker's group or the text box) is the one marked invalid.
    expect(screen.getAllByLabelText(label).some((e) => e.getAttribute('aria-invalid') === 'true')).toBe(true);
  });

  it('gives a day shift its work hours only', () => {
    render(
      <QueryClientProvider client={newQueryClient()}>
        <ShiftDialog shift={{ ...SHIFT, BreakMinutes: 30 }} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('8.5 work hours')).toBeTruthy();
  });
});

describe('shift mutations', () => {
  // Sweep E finding 2: after a stale 409 nothing refetched, so every retry sent the same old RowVersion.
  it.each([
    ['a stale RowVersion', ProblemTypes.staleRowVersion, true],
    ['another refusal', ProblemTypes.invalidState, false],
  ])('after %s the shift list is refetched: %s', async (_name, type, refetched) => {
    fetched.answer = () => conflictResponse(type, 'Refused');
    const client = newQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: React.ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const save = renderHook(() => useSaveShift(), { wrapper });
    await expect(
      save.result.current.mutateAsync({ id: SHIFT.ShiftId, body: { ...SHIFT, RowVersion: 1 } }),
    ).rejects.toThrow('Refused');
    const remove = renderHook(() => useDeleteShift(), { wrapper });
    await expect(remove.result.current.mutateAsync(SHIFT.ShiftId)).rejects.toThrow('Refused');
    await waitFor(() =>
      expect(invalidate.mock.calls.filter(([f]) => f?.queryKey === shiftKeys.all)).toHaveLength(
        refetched ? 2 : 0,
      ),
    );
  });
});
