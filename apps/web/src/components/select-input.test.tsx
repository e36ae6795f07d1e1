import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SelectInput } from './form-fields';

const OPTIONS = [
  { value: '', label: 'Whole company' },
  { value: 'loc-1', label: 'Makati office' },
];

function Harness({ initial, options = OPTIONS }: { initial: string; options?: typeof OPTIONS }) {
  const { control } = useForm({ defaultValues: { WorkLocationId: initial } });
  return <SelectInput control={control} name="WorkLocationId" label="Applies to" options={options} />;
}

// Sweep finding: the holiday dialog's "Applies to" stood empty for a company-wide holiday, though "Whole
// company" was its value; MUI shows nothing for an empty value unless told to.
describe('SelectInput', () => {
  it('shows the label of an option whose value is empty when that option is chosen', () => {
    render(<Harness initial="" />);
    expect(screen.getByRole('combobox', { name: 'Applies to' }).textContent).toBe('Whole company');
  });

  it('shows the chosen option of a select that has no empty option, and nothing while none is chosen', () => {
    const choices = OPTIONS.slice(1);
    const { unmount } = render(<Harness initial="loc-1" options={choices} />);
    expect(screen.getByRole('combobox', { name: 'Applies to' }).textContent).toBe('Makati office');
    unmount();
    render(<Harness initial="" options={choices} />);
    expect(screen.getByRole('combobox', { name: 'Applies to' }).textContent).not.toContain('Makati');
  });
});
