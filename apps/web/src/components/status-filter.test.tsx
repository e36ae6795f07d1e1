import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { StatusFilter } from './status-filter';

const select = () => screen.getByRole('combobox', { name: 'Status' });

/** Opens the Status select and picks an option by its text. */
async function pick(option: string) {
  fireEvent.mouseDown(select());
  fireEvent.click(await within(screen.getByRole('listbox')).findByRole('option', { name: option }));
}

// A MUI select's first render and menu are slow on a busy machine.
describe('StatusFilter', { timeout: 20_000 }, () => {
  it('shows All, Active or Inactive for IsActive undefined, true or false', () => {
    const { rerender } = render(<StatusFilter value={undefined} onChange={vi.fn()} />);
    expect(select().textContent).toBe('All');
    rerender(<StatusFilter value={true} onChange={vi.fn()} />);
    expect(select().textContent).toBe('Active');
    rerender(<StatusFilter value={false} onChange={vi.fn()} />);
    expect(select().textContent).toBe('Inactive');
  });

  it('answers the picked status as IsActive: true, false, or undefined for All', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<StatusFilter value={true} onChange={onChange} />);
    await pick('Inactive');
    expect(onChange).toHaveBeenLastCalledWith(false);
    await pick('All');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    rerender(<StatusFilter value={false} onChange={onChange} />);
    await pick('Active');
    expect(onChange).toHaveBeenLastCalledWith(true);
  });
});
