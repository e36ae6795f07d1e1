import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfirmProvider, useConfirm, type ConfirmOptions } from './confirm-dialog';

function Asker({ options }: { options: ConfirmOptions }) {
  const confirm = useConfirm();
  return <button onClick={() => void confirm(options)}>Ask</button>;
}

const ask = async (options: ConfirmOptions) => {
  render(
    <ConfirmProvider>
      <Asker options={options} />
    </ConfirmProvider>,
  );
  fireEvent.click(screen.getByText('Ask'));
  await screen.findByRole('dialog', { name: options.title });
};

describe('the confirmation dialog’s first focus (WAI-ARIA APG alert dialog)', () => {
  it('is on Cancel when the action is destructive: two Enters do not delete', async () => {
    await ask({
      title: 'Delete department',
      message: 'Delete Production?',
      confirmLabel: 'Delete',
      destructive: true,
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
  });

  it('is on Cancel for an irreversible step too, whose button stays the primary colour', async () => {
    await ask({
      title: 'Mark November 2026 1st cut-off as paid?',
      message: 'Confirm that the bank credit is done.',
      confirmLabel: 'Mark paid',
      irreversible: true,
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
    expect(screen.getByRole('button', { name: 'Mark paid' }).className).toContain('MuiButton-colorPrimary');
  });

  it('is on the confirm button otherwise', async () => {
    await ask({ title: 'Copy 2026 to 2027', message: 'Copy the holidays?', confirmLabel: 'Copy as drafts' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy as drafts' })),
    );
  });
});
