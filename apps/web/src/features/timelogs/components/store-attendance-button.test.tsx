import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { StoreAttendanceButton } from './store-attendance-button';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toasts }));
vi.mock('@/lib/toast-host', () => ({
  showErrorToast: (message: string) => Promise.resolve(toasts.error(message)),
  showToast: (kind: 'error', message: string) => Promise.resolve(toasts[kind](message)),
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  Object.values(toasts).forEach((t) => t.mockReset());
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderButton(rangeError: string | null = null) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ConfirmProvider>
        <StoreAttendanceButton dateFrom="2026-12-01" dateTo="2026-12-15" rangeError={rangeError} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: 'Store for payroll' });
}

async function confirmStore() {
  const dialog = await screen.findByRole('dialog', { name: 'Store attendance for payroll?' });
  expect(dialog.textContent).toContain('Payroll computes pay from the stored attendance days');
  expect(dialog.textContent).toContain('Dec 1, 2026 – Dec 15, 2026');
  expect(dialog.textContent).toContain('replaced with what the current punches');
  fireEvent.click(screen.getByRole('button', { name: 'Store' }));
}

describe('StoreAttendanceButton', () => {
  it('stores the shown range after the confirmation, busy while it runs, and toasts the figures', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const button = renderButton();
    fireEvent.click(button);
    await confirmStore();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/timelogs/attendance/store');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ DateFrom: '2026-12-01', DateTo: '2026-12-15' });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect((button as HTMLButtonElement).disabled).toBe(true);

    answer(
      json(200, {
        DateFrom: '2026-12-01',
        DateTo: '2026-12-15',
        Employees: 7,
        Days: 105,
        Anomalies: 2,
        DaysNotOver: 0,
        DaysFinalised: 0,
        FinalisedPeriods: [],
        ComputedAt: '2026-12-16T01:00:00.000Z',
      }),
    );
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith(
        'Attendance stored for payroll, Dec 1, 2026 – Dec 15, 2026: 7 employees, 105 days; 2 days have an anomaly to check.',
      ),
    );
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'));
  });

  it('says how many days were left out because their shift had not ended, and which were kept as finalised', async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        DateFrom: '2026-12-01',
        DateTo: '2026-12-15',
        Employees: 7,
        Days: 98,
        Anomalies: 0,
        DaysNotOver: 7,
        DaysFinalised: 14,
        FinalisedPeriods: ['November 2026 2nd cut-off'],
        ComputedAt: '2026-12-15T03:00:00.000Z',
      }),
    );
    fireEvent.click(renderButton());
    await confirmStore();
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith(
        'Attendance stored for payroll, Dec 1, 2026 – Dec 15, 2026: 7 employees, 98 days; no anomalies. 7 days were left out because the shift had not ended yet: store again once it has. 14 days of the finalised "November 2026 2nd cut-off" were kept as stored: a finalised period cannot change.',
      ),
    );
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    fireEvent.click(renderButton());
    await screen.findByRole('dialog', { name: 'Store attendance for payroll?' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a range longer than 31 days with its message, before any request', () => {
    fireEvent.click(renderButton('At most 31 days at a time'));
    expect(toasts.error).toHaveBeenCalledWith('At most 31 days at a time');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when a day of the range is in a finalised period (409)", async () => {
    fetchMock.mockResolvedValue(
      json(409, {
        type: '/problems/payroll-period-finalised',
        title: 'Conflict',
        status: 409,
        detail:
          'finalised payroll period "December 2026 1st cut-off" cannot change; correct it with an adjustment period.',
      }),
    );
    fireEvent.click(renderButton());
    await confirmStore();
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        'Nothing was stored: finalised payroll period "December 2026 1st cut-off" cannot change; correct it with an adjustment period.',
      ),
    );
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it("shows the server's field message of a refused range (400)", async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        type: '/problems/validation',
        title: 'Bad Request',
        status: 400,
        detail: 'One or more fields are invalid.',
        errors: [{ Code: 'DateTo', Description: 'DateTo: At most 31 days at a time' }],
      }),
    );
    fireEvent.click(renderButton());
    await confirmStore();
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('DateTo: At most 31 days at a time'));
  });
});
