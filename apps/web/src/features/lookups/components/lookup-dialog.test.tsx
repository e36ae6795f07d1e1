import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { LookupItem } from '@hrpay/contracts';
import { jsonResponse, newQueryClient, stubFetch } from '@/test/fetch-stub';
import { LookupDialog } from './lookup-dialog';

const REGULAR = {
  Id: '11111111-1111-4111-8111-111111111111',
  Name: 'Regular',
  IsActive: true,
  EmployeeCount: 7,
  RowVersion: 1,
} as unknown as LookupItem;

const fetched = stubFetch();
afterEach(() => vi.restoreAllMocks());

async function save(item: LookupItem | null, name: string) {
  fetched.answer = () => jsonResponse(200, { ...REGULAR, Name: name });
  const success = vi.spyOn(toast, 'success').mockReturnValue('id');
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={newQueryClient()}>
      <LookupDialog kind="employment-statuses" item={item} onClose={onClose} />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: item ? 'Save' : 'Add' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  return success;
}

describe('LookupDialog', () => {
  // HR review: an edit was toasted a bare "Saved" and an add "Added Probationary", while this list's deletes and
  // every other list say the item, then what happened ("Regular deleted", "Shift added").
  it('names the item it added', async () => {
    expect(await save(null, 'Probationary')).toHaveBeenCalledWith('Probationary added');
  });

  it('names the item it updated', async () => {
    expect(await save(REGULAR, 'Regular employee')).toHaveBeenCalledWith('Regular employee updated');
  });
});
