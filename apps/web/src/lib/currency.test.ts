import { describe, expect, it } from 'vitest';
import { formatCurrency, parseCurrencyInput } from './currency';

describe('formatCurrency (en-PH, PHP, exactly 2 decimals)', () => {
  it('formats with the peso sign, grouping and two decimals', () => {
    expect(formatCurrency('1234.5')).toBe('₱1,234.50');
    expect(formatCurrency('0')).toBe('₱0.00');
    expect(formatCurrency('1000000')).toBe('₱1,000,000.00');
    expect(formatCurrency(' 2500.00 ')).toBe('₱2,500.00');
  });

  it('reads the decimal string exactly: no float on the way', () => {
    // As floats 1.005 is 1.00499..., and 12345678901234567.89 has no cents left.
    expect(formatCurrency('1.005')).toBe('₱1.01');
    expect(formatCurrency('10.005')).toBe('₱10.01');
    expect(formatCurrency('99.999')).toBe('₱100.00');
    expect(formatCurrency('12345678901234567.89')).toBe('₱12,345,678,901,234,567.89');
    expect(formatCurrency('999999999.99')).toBe('₱999,999,999.99');
  });

  it('formats negatives and leaves empty or non-numeric values empty', () => {
    expect(formatCurrency('-75.1')).toBe('-₱75.10');
    expect(formatCurrency(null)).toBe('');
    expect(formatCurrency(undefined)).toBe('');
    for (const text of ['', 'abc', '1e3', '1,234', '--1', '1.2.3']) expect(formatCurrency(text)).toBe('');
  });
});

describe('parseCurrencyInput', () => {
  it('reads amounts typed with or without formatting to the exact 2-decimal string', () => {
    expect(parseCurrencyInput('1234.56')).toBe('1234.56');
    expect(parseCurrencyInput('₱1,234.5')).toBe('1234.50');
    expect(parseCurrencyInput('PHP 007.05')).toBe('7.05');
    expect(parseCurrencyInput(' 12 ')).toBe('12.00');
    expect(parseCurrencyInput('12.')).toBe('12.00');
    expect(parseCurrencyInput('0')).toBe('0.00');
    expect(parseCurrencyInput('-5')).toBe('-5.00');
    expect(parseCurrencyInput('-0')).toBe('0.00');
    expect(parseCurrencyInput('999999999.99')).toBe('999999999.99');
  });

  it('adds in centavos what floats would not: 0.1 + 0.2 stays 0.30', () => {
    const cents = (text: string) => BigInt(parseCurrencyInput(text)!.replace('.', ''));
    expect(cents('0.1') + cents('0.2')).toBe(30n);
  });

  it('answers null for empty, unreadable, over-precise or too large entries', () => {
    for (const text of ['', '-', '.', 'abc', '1.2.3', '1-2', '1.005', '1,23', '1000000000'])
      expect(parseCurrencyInput(text), text).toBeNull();
  });
});
