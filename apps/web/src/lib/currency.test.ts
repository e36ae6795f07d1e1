import { describe, expect, it } from 'vitest';
import { formatCurrency, parseCurrencyInput } from './currency';

describe('formatCurrency (en-PH, PHP, exactly 2 decimals)', () => {
  it('formats with the peso sign, grouping and two decimals', () => {
    expect(formatCurrency(1234.5)).toBe('₱1,234.50');
    expect(formatCurrency(0)).toBe('₱0.00');
    expect(formatCurrency(1000000)).toBe('₱1,000,000.00');
    expect(formatCurrency('2500')).toBe('₱2,500.00');
  });

  it('rounds to two decimals', () => {
    expect(formatCurrency(10.005)).toMatch(/^₱10\.0[01]$/);
    expect(formatCurrency(99.999)).toBe('₱100.00');
  });

  it('formats negatives and leaves empty values empty', () => {
    expect(formatCurrency(-75.1)).toBe('-₱75.10');
    expect(formatCurrency(null)).toBe('');
    expect(formatCurrency(undefined)).toBe('');
    expect(formatCurrency('abc')).toBe('');
  });
});

describe('parseCurrencyInput', () => {
  it('reads numbers typed with or without formatting', () => {
    expect(parseCurrencyInput('1234.56')).toBe(1234.56);
    expect(parseCurrencyInput('₱1,234.50')).toBe(1234.5);
    expect(parseCurrencyInput(' 12 ')).toBe(12);
    expect(parseCurrencyInput('-5')).toBe(-5);
  });

  it('answers null for empty or unreadable entries', () => {
    for (const text of ['', '-', '.', 'abc', '1.2.3', '1-2']) expect(parseCurrencyInput(text)).toBeNull();
  });
});
