import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ProblemTypes } from '@hrpay/contracts';
import { ApiError } from '@/lib/api-error';
import { ConfirmProvider } from './confirm-dialog';
import { useDeleteRow } from './use-delete-or-deactivate';

interface Position {
  PositionId: string;
  Name: string;
  IsActive: boolean;
  RowVersion: number;
}
const row: Position = { PositionId: 'p-1', Name: 'Machine Operator', IsActive: true, RowVersion: 3 };

/** A list page's Delete button for one row, with the resource's calls recorded. */
function DeleteButton({
  remove,
  calls,
  inUse,
}: {
  remove: () => Promise<unknown>;
  calls: unknown[][];
  inUse?: string;
}) {
  const removeRow = useDeleteRow<Position>(
    'position',
    'PositionId',
    async (id) => {
      calls.push(['remove', id]);
      return remove();
    },
    async (change) => {
      calls.push(['save', change]);
    },
    undefined,
    inUse ? () => inUse : undefined,
  );
  return <button onClick={() => void removeRow(row)}>Delete</button>;
}

function renderButton(remove: () => Promise<unknown>, inUse?: string) {
  const calls: unknown[][] = [];
  render(
    <ConfirmProvider>
      <DeleteButton remove={remove} calls={calls} inUse={inUse} />
    </ConfirmProvider>,
  );
  fireEvent.click(screen.getByText('Delete'));
  return calls;
}

describe('useDeleteRow', () => {
  it('deletes the row by its id once confirmed', async () => {
    const calls = renderButton(async () => undefined);
    const confirm = await screen.findByRole('dialog', { name: 'Delete position' });
    expect(confirm.textContent).toContain('Delete Machine Operator? This cannot be undone.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toEqual([['remove', 'p-1']]));
  });

  it('offers "Deactivate instead" while the row is in use, and saves it back inactive', async () => {
    const inUse = new ApiError(409, {
      type: ProblemTypes.stillReferenced,
      title: 'Conflict',
      detail: 'Machine Operator cannot be deleted: 2 employees still refer to it.',
    });
    const calls = renderButton(() => Promise.reject(inUse));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete position' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const refused = await screen.findByRole('dialog', { name: 'Position cannot be deleted' });
    expect(refused.textContent).toContain('2 employees still refer to it');
    fireEvent.click(within(refused).getByRole('button', { name: 'Deactivate instead' }));
    await waitFor(() =>
      expect(calls).toEqual([
        ['remove', 'p-1'],
        ['save', { id: 'p-1', body: { ...row, IsActive: false } }],
      ]),
    );
  });

  // UI review: a department the list shows with employees asked "Delete Production? This cannot be undone.", and
  // only then said it could not be deleted.
  it('offers "Deactivate instead" at once for a row the page knows is in use', async () => {
    const calls = renderButton(async () => undefined, 'Machine Operator has 2 employees.');
    const refused = await screen.findByRole('dialog', { name: 'Position cannot be deleted' });
    expect(refused.textContent).toContain('Machine Operator has 2 employees. Deactivate it instead');
    expect(screen.queryByRole('dialog', { name: 'Delete position' })).toBeNull();
    fireEvent.click(within(refused).getByRole('button', { name: 'Deactivate instead' }));
    await waitFor(() => expect(calls).toEqual([['save', { id: 'p-1', body: { ...row, IsActive: false } }]]));
  });
});
