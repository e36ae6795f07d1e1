import { z } from 'zod';
import { ValidationMessages } from './validation-messages.js';

/**
 * Money is a decimal string of pesos with exactly two decimals ("22000.00"), end to end: the database keeps
 * numeric(14, 2), the API and the web keep text, and nothing on the way is a binary float (issue 12 item 3).
 */
export const MONEY_MAX_WHOLE_DIGITS = 9;
export const MoneyMessages = {
  malformed: 'Enter an amount in pesos with at most 2 decimals',
  notPositive: 'The amount must be more than 0',
  negative: ValidationMessages.min(0),
  tooLarge: ValidationMessages.max(999_999_999.99),
} as const;

const PESOS = /^(-?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Pesos as people write them (thousands commas, a leading ₱ or PHP) to the exact 2-decimal string, by string
 * manipulation only; otherwise which rule it breaks. Zero is allowed only when `allowZero`.
 */
export function parseMoney(
  text: string,
  { allowZero = false } = {},
): { value: string } | { error: keyof typeof MoneyMessages } {
  let s = text.trim();
  if (s.charCodeAt(0) === 0x20b1) s = s.slice(1).trimStart();
  else if (/^php/i.test(s)) s = s.slice(3).trimStart();
  const match = PESOS.exec(s);
  if (!match) return { error: 'malformed' };
  let whole = match[2]!;
  if (whole.length > 3 && whole.includes(',')) whole = whole.replaceAll(',', '');
  let start = 0;
  while (start < whole.length - 1 && whole.charCodeAt(start) === 48) start++;
  if (start) whole = whole.slice(start);
  const decimals = match[3] === undefined ? '00' : match[3].length === 1 ? `${match[3]}0` : match[3];
  const zero = whole === '0' && decimals === '00';
  if (match[1] === '-' && !zero) return { error: allowZero ? 'negative' : 'notPositive' };
  if (zero && !allowZero) return { error: 'notPositive' };
  if (whole.length > MONEY_MAX_WHOLE_DIGITS) return { error: 'tooLarge' };
  return { value: `${whole}.${decimals}` };
}

/**
 * A money field of a request: text in, the exact 2-decimal string out. Empty (or blank) is "This field is
 * required" (spec §5), as every other required field says, not the malformed-amount message.
 */
export const Money = (options: { allowZero?: boolean } = {}) =>
  z.string().transform((text, ctx) => {
    if (text.trim() === '') {
      ctx.addIssue({ code: 'custom', message: ValidationMessages.required });
      return z.NEVER;
    }
    const result = parseMoney(text, options);
    if ('value' in result) return result.value;
    ctx.addIssue({ code: 'custom', message: MoneyMessages[result.error] });
    return z.NEVER;
  });
