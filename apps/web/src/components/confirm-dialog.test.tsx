import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfirmProvider, useConfirm, type ConfirmOptions } from './confirm-dialog';

function Asker({ options, onAnswer }: { options: ConfirmOptions; onAnswer: (value: boolean) => void }) {
  const confirm = useConfirm();
  return <button onClick={() => void confirm(options).then(onAnswer)}>Ask</button>;
}

describe('useConfirm', () => {
  it('yields true on confirm, with OK / Cancel labels by default', async () => {
    const answers: boolean[] = [];
    render(
      <ConfirmProvider>
        <Asker
          options={{ title: 'Delete shift', message: 'Delete the Night Shift?' }}
          onAnswer={(a) => answers.push(a)}
        />
      </ConfirmProvider>,
    );
    fireEvent.click(screen.getByText('Ask'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete shift' });
    expect(dialog.textContent).toContain('Delete the Night Shift?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(answers).toEqual([true]));
  });

  it('yields false on cancel and uses the given labels', async () => {
    const answers: boolean[] = [];
    render(
      <ConfirmProvider>
        <Asker
          options={{
            title: 'Finalise',
            message: 'Finalise the period?',
            confirmLabel: 'Finalise',
            cancelLabel: 'Not now',
          }}
          onAnswer={(a) => answers.push(a)}
        />
      </ConfirmProvider>,
    );
    fireEvent.click(screen.getByText('Ask'));
    await screen.findByRole('dialog', { name: 'Finalise' });
    expect(screen.getByRole('button', { name: 'Finalise' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(answers).toEqual([false]));
  });
});
