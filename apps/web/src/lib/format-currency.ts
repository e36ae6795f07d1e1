// Apart from currency.ts, whose parsing brings the contracts' money schemas and zod: a page that only shows
// amounts (the portal dashboard) stays without them.

/** Spec §9: PHP currency, en-PH locale, exactly two decimals. */
const phpFormat = new Intl.NumberFormat('en-PH', {
  style: 'currency',
  currency: 'PHP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * `"1234.5"` -> `₱1,234.50`; empty or non-numeric text gives an empty string. Money is a decimal string end to
 * end (issue 12 item 3): Intl reads the string as an exact decimal, never a float, so every centavo of a large
 * amount survives and halves round up ("1.005" -> ₱1.01).
 */
export function formatCurrency(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  return DECIMAL.test(text) ? phpFormat.format(text as Intl.StringNumericLiteral) : '';
}
