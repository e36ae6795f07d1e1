import { describe, expect, it } from 'vitest';
import { figure } from './statutory-tables';

describe('statutory table figures', () => {
  it('shows every premium multiplier with two decimals, "0" as "0.00" beside "1.30"', () => {
    expect(figure('unworked', '0')).toBe('0.00');
    expect(figure('unworked', '1.00')).toBe('1.00');
    expect(figure('worked', '1.3')).toBe('1.30');
    expect(figure('overtime', '1.25')).toBe('1.25');
  });

  it('keeps rates as percentages and amounts as pesos', () => {
    expect(figure('employeeRate', '0.05')).toBe('5%');
    expect(figure('over', '20833.00')).toBe('₱20,833.00');
  });
});
