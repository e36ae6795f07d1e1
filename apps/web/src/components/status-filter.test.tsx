import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { StatusFilter } from './status-filter';

// The browser's own select (FilterSelect in data-table.tsx).
const select = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status' });
const shown = () => [...select().options].find((option) => option.value === select().value)?.textContent;

/** Picks an option of the Status select by its text. */
async function pick(option: string) {
  const { value } = within(select()).getByRole<HTMLOptionElement>('option', { name: option });
  fireEvent.change(select(), { target: { value } });
}

describe('StatusFilter', { timeout: 20_000 }, () => {
  it('offers All, Active and Inactive, and shows which for IsActive undefined, true or false', () => {
    const { rerender } = render(<StatusFilter value={undefined} onChange={vi.fn()} />);
    expect(
      within(select())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Active', 'Inactive']);
    expect(shown()).toBe('All');
    rerender(<StatusFilter value={true} onChange={vi.fn()} />);
    expect(shown()).toBe('Active');
    rerender(<StatusFilter value={false} onChange={vi.fn()} />);
    expect(shown()).toBe('Inactive');
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
