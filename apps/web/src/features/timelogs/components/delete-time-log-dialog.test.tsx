import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TimeLog } from '@hrpay/contracts';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { jsonResponse, newQueryClient, stubFetch } from '@/test/fetch-stub';
import { DeleteTimeLogDialog } from './delete-time-log-dialog';

const stub = stubFetch();

const punch = {
  TimeLogId: '11111111-1111-4111-8111-111111111111',
  EmployeeName: 'Juan Dela Cruz',
  Direction: 'In',
  PunchedAt: '2026-11-30T08:02',
  RowVersion: 3,
} as TimeLog;

// HR walkthrough: deleting a punch asked for the reason, then a second "cannot be undone" question on top.
describe('DeleteTimeLogDialog', () => {
  it('deletes with the reason at the first Delete, without a second question', async () => {
    stub.answer = () => jsonResponse(200, {});
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={newQueryClient()}>
        <ConfirmProvider>
          <DeleteTimeLogDialog punch={punch} onClose={onClose} />
        </ConfirmProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Delete Punch' }).textContent).toContain(
      'This cannot be undone.',
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Entered twice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(String(sent[0])).toContain(`/api/v1/timelogs/${punch.TimeLogId}`);
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ Reason: 'Entered twice', RowVersion: 3 });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it("says the spec's required message for an empty reason, and sends nothing", () => {
    render(
      <QueryClientProvider client={newQueryClient()}>
        <DeleteTimeLogDialog punch={punch} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Kept in the audit trail')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });
});
