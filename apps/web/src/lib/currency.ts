/** Spec §9: PHP currency, en-PH locale, exactly two decimals. */
const phpFormat = new Intl.NumberFormat('en-PH', {
  style: 'currency',
  currency: 'PHP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `1234.5` -> `₱1,234.50`; empty or non-numeric values give an empty string. */
export function formatCurrency(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) ? phpFormat.format(amount) : '';
}

/**
 * Reads what a person typed into an amount field: currency signs, group separators and spaces are ignored.
 * Returns null for an empty or unreadable entry.
 */
export function parseCurrencyInput(text: string): number | null {
  const cleaned = text.replace(/[^\d.-]/g, '');
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return null;
  if (!/^-?\d*\.?\d*$/.test(cleaned)) return null;
  const amount = Number(cleaned);
  return Number.isFinite(amount) ? amount : null;
}
