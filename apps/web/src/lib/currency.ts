import { parseMoney } from '@hrpay/contracts';
import { formatCurrency } from './format-currency';

export { formatCurrency };

/**
 * What a person typed into an amount field as the exact 2-decimal string the API takes ("₱1,234.5" ->
 * "1234.50"), read by the contracts' `parseMoney`; a leading minus is kept. Null for an empty or unreadable
 * entry, more than 2 decimals, or more than the largest amount.
 */
export function parseCurrencyInput(text: string): string | null {
  // "12." is "12" half-typed.
  const trimmed = text.trim().replace(/\.$/, '');
  const negative = trimmed.startsWith('-');
  const parsed = parseMoney(negative ? trimmed.slice(1) : trimmed, { allowZero: true });
  if (!('value' in parsed)) return null;
  return negative && parsed.value !== '0.00' ? `-${parsed.value}` : parsed.value;
}

/**
 * What a person typed, shown as pesos ("₱1,000" or "1234.5" -> "₱1,234.50", "-0.1" -> "-₱0.10"): the amount
 * fields show this when not focused. Text that is not an amount answers ''.
 */
export function formatPesos(typed: string | null | undefined): string {
  return formatCurrency(parseCurrencyInput(typed ?? ''));
}
