import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { Employee } from '@hrpay/contracts';
import { jsonResponse, newQueryClient, stubFetch } from '@/test/fetch-stub';
import { SeparateDialog } from './separate-dialog';

const RAMON = {
  EmployeeId: '11111111-1111-4111-8111-111111111111',
  FullName: 'Ramon Bautista',
  Status: 'Active',
  SeparationDate: null,
  HasUserAccount: true,
  RowVersion: 2,
} as unknown as Employee;

const fetched = stubFetch();
afterEach(() => vi.restoreAllMocks());

/** Records a separation on `date`; the API answers the record as it then stands. */
async function separate(date: string, status: 'Active' | 'Separated') {
  fetched.answer = () =>
    jsonResponse(200, { ...RAMON, Status: status, SeparationDate: date, SeparationReason: 'Resigned' });
  const success = vi.spyOn(toast, 'success').mockReturnValue('id');
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={newQueryClient()}>
      <SeparateDialog employee={RAMON} onClose={onClose} onStale={vi.fn()} />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText(/Separation date/), { target: { value: date } });
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Reason/ }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Resigned' }));
  fireEvent.click(screen.getByRole('button', { name: 'Separate' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  return success;
}

describe('SeparateDialog', () => {
  // HR review: a resignation with its last day still ahead was toasted "Ramon Bautista separated", though the
  // record stays active until that day.
  it('says a separation dated ahead is scheduled, with its last day', async () => {
    const success = await separate('2026-12-31', 'Active');
    expect(success).toHaveBeenCalledWith(
      'Separation of Ramon Bautista scheduled: the last day is Dec 31, 2026',
    );
  });

  it('says a separation that has taken effect is done', async () => {
    const success = await separate('2026-11-15', 'Separated');
    expect(success).toHaveBeenCalledWith('Ramon Bautista separated');
  });
});
