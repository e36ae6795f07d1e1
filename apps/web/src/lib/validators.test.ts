import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  arrayField,
  email,
  max,
  maxLength,
  min,
  minLength,
  numberField,
  password,
  required,
  textField,
  withPasswordConfirmation,
} from './validators';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('validators (spec §5 messages)', () => {
  it('required fails on empty, blank, null and empty arrays only', () => {
    for (const empty of ['', '   ', null, undefined, [], Number.NaN]) {
      expect(required(empty)).toBe('This field is required');
    }
    for (const filled of ['a', 0, false, ['x']]) expect(required(filled)).toBeNull();
  });

  it('email accepts a simple address or empty, else says E-mail must be valid', () => {
    expect(email('juan@example.ph')).toBeNull();
    expect(email('')).toBeNull();
    expect(email('not-an-email')).toBe('E-mail must be valid');
    expect(email('a@b')).toBe('E-mail must be valid');
    expect(email('a b@c.ph')).toBe('E-mail must be valid');
  });

  it('password needs at least 6 characters', () => {
    expect(password('12345')).toBe('Password must be at least 6 characters');
    expect(password('123456')).toBeNull();
    expect(password('')).toBeNull();
  });

  it('minLength and maxLength name the limit', () => {
    expect(minLength(3)('ab')).toBe('Minimum length is 3');
    expect(minLength(3)('abc')).toBeNull();
    expect(maxLength(5)('abcdef')).toBe('Maximum length is 5');
    expect(maxLength(5)('abcde')).toBeNull();
  });

  it('min and max name the limit and pass on empty values', () => {
    expect(min(1)(0)).toBe('Value must be at least 1');
    expect(min(1)(1)).toBeNull();
    expect(max(10)(10.5)).toBe('Value must be at most 10');
    expect(max(10)('7')).toBeNull();
    for (const empty of [null, undefined, '']) {
      expect(min(1)(empty)).toBeNull();
      expect(max(10)(empty)).toBeNull();
    }
  });

  it('textField reports the first failing rule only', () => {
    const schema = textField(required, email);
    expect(firstMessage(schema, '')).toBe('This field is required');
    expect(firstMessage(schema, 'x')).toBe('E-mail must be valid');
    expect(firstMessage(schema, 'x@y.ph')).toBeNull();
  });

  it('numberField and arrayField compose the same validators', () => {
    expect(firstMessage(numberField(required, min(0)), null)).toBe('This field is required');
    expect(firstMessage(numberField(min(0)), null)).toBeNull();
    expect(firstMessage(numberField(min(0)), -1)).toBe('Value must be at least 0');
    expect(firstMessage(arrayField(z.string(), required), [])).toBe('This field is required');
    expect(firstMessage(arrayField(z.string(), required), ['a'])).toBeNull();
  });

  it('password confirmation reports Passwords must match even while the new password is too short', () => {
    const schema = withPasswordConfirmation(
      z.object({ newPassword: textField(required, password), confirmPassword: textField(required) }),
      'newPassword',
      'confirmPassword',
    );
    const result = schema.safeParse({ newPassword: 'abc', confirmPassword: 'abd' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(byField).toEqual({
      newPassword: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords must match',
    });
    const empty = schema.safeParse({ newPassword: '', confirmPassword: '' });
    expect(empty.error!.issues.map((issue) => issue.message)).toEqual([
      'This field is required',
      'This field is required',
    ]);
    expect(schema.safeParse({ newPassword: 'secret1', confirmPassword: 'secret1' }).success).toBe(true);
  });
});
