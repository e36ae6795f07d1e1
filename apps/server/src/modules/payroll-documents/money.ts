/**
 * Money for documents: amounts arrive as the engine's decimal strings and are totalled as integer centavos with
 * the engine's own parser and formatter (no binary floats touch money).
 */
import { formatMoney, parseMoney, type Money } from '@hrpay/payroll';

/** "1234.50" → 123450. Negative amounts (attendance deductions, year-end refunds) are allowed. */
export const cents = (amount: Money): number => parseMoney(amount, 'amount', true);

/** 123450 → "1234.50". */
export const money = (centavos: number): Money => {
  if (!Number.isSafeInteger(centavos)) throw new RangeError('amount out of the exact range');
  return formatMoney(centavos);
};

/** Exact sum of decimal strings. */
export const sumMoney = (amounts: Money[]): Money => money(amounts.reduce((s, a) => s + cents(a), 0));

/** 123450 → "1,234.50", for printed documents. */
export function moneyDisplay(centavos: number): string {
  const text = money(centavos);
  const neg = text.startsWith('-');
  const [whole, dec] = (neg ? text.slice(1) : text).split('.') as [string, string];
  return `${neg ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}

/** "Dela Cruz, Juan P." style name used on every document. */
export function fullName(e: { lastName: string; firstName: string; middleName: string | null }): string {
  return `${e.lastName}, ${e.firstName}${e.middleName ? ` ${e.middleName}` : ''}`;
}

/** "2026-04-15" → "04/15/2026" (BIR and most agency files). */
export function mmddyyyy(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}
