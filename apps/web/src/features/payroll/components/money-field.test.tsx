import { describe, expect, it } from 'vitest';
import { useForm, useWatch } from 'react-hook-form';
import { fireEvent, render, screen } from '@testing-library/react';
import { formatPesos } from '@/lib/currency';
import { MoneyField } from './money-field';

function Harness() {
  const { control } = useForm<{ Amount: string }>({ defaultValues: { Amount: '25000' } });
  return (
    <>
      <MoneyField control={control} name="Amount" label="Amount" />
      <output data-testid="value">{useWatch({ control, name: 'Amount' })}</output>
    </>
  );
}

describe('formatPesos', () => {
  it('formats decimal strings exactly, beyond what a float keeps', () => {
    expect(formatPesos('1234.5')).toBe('₱1,234.50');
    expect(formatPesos('999999999.99')).toBe('₱999,999,999.99');
    expect(formatPesos('0.10')).toBe('₱0.10');
    expect(formatPesos('-0.1')).toBe('-₱0.10');
    expect(formatPesos('₱1,000')).toBe('₱1,000.00');
    expect(formatPesos('abc')).toBe('');
    expect(formatPesos(null)).toBe('');
  });
});

describe('MoneyField', () => {
  it('shows the formatted amount on blur, the raw text on focus, and keeps the text as the value', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(input.value).toBe('₱25,000.00');
    fireEvent.focus(input);
    expect(input.value).toBe('25000');
    fireEvent.change(input, { target: { value: '1234.567' } });
    fireEvent.blur(input);
    // Not an amount (3 decimals): shown as typed so the error beside it makes sense.
    expect(input.value).toBe('1234.567');
    expect(screen.getByTestId('value').textContent).toBe('1234.567');
  });
});
