import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CurrencyInput } from './currency-input';

function Harness({ initial }: { initial: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <CurrencyInput label="Basic pay" value={value} onChange={setValue} />
      <output data-testid="value">{value === null ? 'null' : String(value)}</output>
    </>
  );
}

describe('CurrencyInput', () => {
  it('shows the formatted amount on blur and the raw number on focus', () => {
    render(<Harness initial={25000} />);
    const input = screen.getByLabelText('Basic pay') as HTMLInputElement;
    expect(input.value).toBe('₱25,000.00');
    fireEvent.focus(input);
    expect(input.value).toBe('25000');
    fireEvent.change(input, { target: { value: '1234.5' } });
    expect(screen.getByTestId('value').textContent).toBe('1234.5');
    fireEvent.blur(input);
    expect(input.value).toBe('₱1,234.50');
  });

  it('hands out null when emptied and shows nothing', () => {
    render(<Harness initial={10} />);
    const input = screen.getByLabelText('Basic pay') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByTestId('value').textContent).toBe('null');
    fireEvent.blur(input);
    expect(input.value).toBe('');
  });
});
