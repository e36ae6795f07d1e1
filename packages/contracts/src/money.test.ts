import { describe, expect, it } from 'vitest';
import { Money, MoneyMessages, parseMoney } from './money.js';

describe('money', () => {
  it('reads pesos as people write them into the exact 2-decimal string', () => {
    expect(parseMoney('22000')).toEqual({ value: '22000.00' });
    expect(parseMoney('₱ 1,234.5')).toEqual({ value: '1234.50' });
    expect(parseMoney('PHP 007.05')).toEqual({ value: '7.05' });
    expect(parseMoney('999,999,999.99')).toEqual({ value: '999999999.99' });
  });

  it('says which rule an amount breaks', () => {
    expect(parseMoney('12.345')).toEqual({ error: 'malformed' });
    expect(parseMoney('1,23')).toEqual({ error: 'malformed' });
    expect(parseMoney('abc')).toEqual({ error: 'malformed' });
    expect(parseMoney('0')).toEqual({ error: 'notPositive' });
    expect(parseMoney('-5')).toEqual({ error: 'notPositive' });
    expect(parseMoney('0', { allowZero: true })).toEqual({ value: '0.00' });
    expect(parseMoney('-5', { allowZero: true })).toEqual({ error: 'negative' });
    expect(parseMoney('1000000000')).toEqual({ error: 'tooLarge' });
  });

  it('validates a request field with the message', () => {
    expect(Money().parse('1,500')).toBe('1500.00');
    const bad = Money().safeParse('1.234');
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe(MoneyMessages.malformed);
  });

  it("says a range rule in the spec's words", () => {
    expect(Money({ allowZero: true }).safeParse('-5').error!.issues[0]!.message).toBe(
      'Value must be at least 0',
    );
    expect(Money().safeParse('1000000000').error!.issues[0]!.message).toBe(
      'Value must be at most 999999999.99',
    );
  });
});
