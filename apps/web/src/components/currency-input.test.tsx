import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CurrencyInput } from './currency-input';

function Harness({ initial }: { initial: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <CurrencyInput label="Basic pay" value={value} onChange={setValue} />
      <output data-testid="value">{value === null ? 'null' : String(value)}</output>
    </>
  );
}

describe('CurrencyInput', () => {
  it('shows the formatted amount on blur and the raw number on focus', () => {
    render(<Harness initial="25000.00" />);
    const input = screen.getByLabelText('Basic pay') as HTMLInputElement;
    expect(input.value).toBe('₱25,000.00');
    fireEvent.focus(input);
    expect(input.value).toBe('25000.00');
    fireEvent.change(input, { target: { value: '₱1,234.5' } });
    expect(input.value).toBe('₱1,234.5');
    expect(screen.getByTestId('value').textContent).toBe('1234.50');
    fireEvent.blur(input);
    expect(input.value).toBe('₱1,234.50');
  });

  it('hands out the exact decimal string of a large amount, never a float', () => {
    render(<Harness initial={null} />);
    const input = screen.getByLabelText('Basic pay') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '999999999.99' } });
    expect(screen.getByTestId('value').textContent).toBe('999999999.99');
    fireEvent.change(input, { target: { value: '0.105' } });
    expect(screen.getByTestId('value').textContent).toBe('null');
  });

  it('hands out null when emptied and shows nothing', () => {
    render(<Harness initial="10.00" />);
    const input = screen.getByLabelText('Basic pay') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByTestId('value').textContent).toBe('null');
    fireEvent.blur(input);
    expect(input.value).toBe('');
  });
});
