/**
 * Money helpers — the one place where amounts are parsed, formatted and rounded.
 *
 * Amounts are held as integer centavos (JS numbers kept inside the safe-integer range). Every product and
 * quotient goes through `mulDivHalfUp`, which stays in exact integer arithmetic (falling back to BigInt when a
 * product would leave the safe range), so no binary floating-point rounding ever touches money. Rates and
 * multipliers are scaled integers (see `RATE_SCALE`); decimal.js converts their decimal text exactly, once,
 * when tables are compiled.
 */
import Decimal from 'decimal.js';
import { PayrollInputError } from './errors.js';

/** A decimal string with two decimals, e.g. "1234.50". */
export type Money = string;

/** Multipliers and rates are integers over this scale (1.859 → 18590). Four decimals cover every DOLE product. */
export const RATE_SCALE = 10_000;

const MONEY_RE = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Parses "1234.5" / "1234.50" / "1234" into centavos. Throws on anything else (numbers, NaN, "1e3", "1.005"). */
export function parseMoney(value: unknown, field: string, allowNegative = false): number {
  if (typeof value !== 'string')
    throw new PayrollInputError(field, 'must be a decimal string such as "1234.50"');
  const m = MONEY_RE.exec(value);
  if (!m) throw new PayrollInputError(field, `malformed amount ${JSON.stringify(value)}`);
  const frac = m[3] ?? '';
  const cents = Number(m[2]) * 100 + Number(frac.padEnd(2, '0'));
  if (m[1]) {
    if (!allowNegative && cents !== 0) throw new PayrollInputError(field, 'must not be negative');
    return -cents;
  }
  return cents;
}

/** Optional money: undefined → fallback. */
export function parseMoneyOpt(value: unknown, field: string, fallback = 0): number {
  return value === undefined ? fallback : parseMoney(value, field);
}

/** Formats centavos as "1234.50". */
export function formatMoney(cents: number): Money {
  const neg = cents < 0;
  const abs = neg ? -cents : cents;
  const pesos = Math.floor(abs / 100);
  const c = abs - pesos * 100;
  return (neg ? '-' : '') + pesos + (c < 10 ? '.0' : '.') + c;
}

/** Integer division rounded half-up (half away from zero) — the rounding mode used at every rounding point. */
export function divHalfUp(n: number, d: number): number {
  if (n < 0) return -divHalfUp(-n, d);
  let q = Math.floor(n / d);
  let r = n - q * d;
  // Float division may be one off for large n; fix it up exactly.
  while (r < 0) {
    q--;
    r += d;
  }
  while (r >= d) {
    q++;
    r -= d;
  }
  return r * 2 >= d ? q + 1 : q;
}

function bigDivHalfUp(n: bigint, d: bigint): number {
  const neg = n < 0n;
  const a = neg ? -n : n;
  let q = a / d;
  if ((a % d) * 2n >= d) q += 1n;
  return Number(neg ? -q : q);
}

/** round_half_up(a × b × c / d), exact. a, b, c integers (any sign), d a positive integer. */
export function mulDivHalfUp(a: number, b: number, c: number, d: number): number {
  const ab = a * b;
  if (Number.isSafeInteger(ab)) {
    const abc = ab * c;
    if (Number.isSafeInteger(abc)) return divHalfUp(abc, d);
  }
  return bigDivHalfUp(BigInt(a) * BigInt(b) * BigInt(c), BigInt(d));
}

/** floor(a × b / d) for non-negative integers, exact. */
export function mulDivFloor(a: number, b: number, d: number): number {
  const ab = a * b;
  if (Number.isSafeInteger(ab)) {
    let q = Math.floor(ab / d);
    let r = ab - q * d;
    while (r < 0) {
      q--;
      r += d;
    }
    while (r >= d) {
      q++;
      r -= d;
    }
    return q;
  }
  return Number((BigInt(a) * BigInt(b)) / BigInt(d));
}

/** Converts a decimal rate string ("0.05", "1.3") to an integer over RATE_SCALE; throws if it needs more digits. */
export function parseRate(value: unknown, field: string, scale = RATE_SCALE): number {
  if (typeof value !== 'string' && typeof value !== 'number')
    throw new PayrollInputError(field, 'must be a rate');
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    throw new PayrollInputError(field, `malformed rate ${JSON.stringify(value)}`);
  }
  const scaled = d.times(scale);
  if (!scaled.isInteger() || scaled.isNegative() || !scaled.abs().lte(Number.MAX_SAFE_INTEGER)) {
    throw new PayrollInputError(field, `rate ${String(value)} must be non-negative with at most 4 decimals`);
  }
  return scaled.toNumber();
}

/** Renders a rational number of centavos (num / den) as a peso string with up to 6 decimals, for line rates. */
export function formatRate(num: number, den: number): string {
  const d = new Decimal(num).div(den).div(100).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
  return d.toFixed(Math.max(2, d.decimalPlaces()));
}

/**
 * An amount as a line's description writes it for people, with thousands separators: "1,234.50", "-20.00" (no
 * peso sign: the PDFs' standard fonts have none).
 */
export function formatGrouped(cents: number): string {
  const text = formatMoney(cents < 0 ? -cents : cents);
  const dot = text.length - 3;
  const whole = text.slice(0, dot).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${cents < 0 ? '-' : ''}${whole}${text.slice(dot)}`;
}
