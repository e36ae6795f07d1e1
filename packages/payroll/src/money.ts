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

/** Parses "1234.5" / "1234.50" / "1234" into centavos. Throws on anything else (numbers, NaN, "1e3", "1.005").
 *  Accepts exactly /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/, read by hand because it runs for every amount. */
export function parseMoney(value: unknown, field: string, allowNegative = false): number {
  if (typeof value !== 'string')
    throw new PayrollInputError(field, 'must be a decimal string such as "1234.50"');
  const n = value.length;
  const neg = n > 0 && value.charCodeAt(0) === 45; // '-'
  let i = neg ? 1 : 0;
  let pesos = 0;
  const first = i;
  for (let c = value.charCodeAt(i) - 48; i < n && c >= 0 && c <= 9; c = value.charCodeAt(++i) - 48) {
    pesos = pesos * 10 + c; // at most 13 digits: exact
  }
  const whole = i - first;
  let cents = -1;
  if (whole >= 1 && whole <= 13) {
    if (i === n) cents = pesos * 100;
    else if (value.charCodeAt(i) === 46 && (n - i === 2 || n - i === 3)) {
      const d1 = value.charCodeAt(i + 1) - 48;
      const d2 = n - i === 3 ? value.charCodeAt(i + 2) - 48 : 0;
      if (d1 >= 0 && d1 <= 9 && d2 >= 0 && d2 <= 9) cents = pesos * 100 + d1 * 10 + d2;
    }
  }
  if (cents < 0) throw new PayrollInputError(field, `malformed amount ${JSON.stringify(value)}`);
  if (neg) {
    if (!allowNegative && cents !== 0) throw new PayrollInputError(field, 'must not be negative');
    return -cents;
  }
  return cents;
}

/** Optional money: undefined → fallback. */
export function parseMoneyOpt(value: unknown, field: string, fallback = 0): number {
  return value === undefined ? fallback : parseMoney(value, field);
}

/** ".00" … ".99": the cents part of a formatted amount. */
const CENTS = Array.from({ length: 100 }, (_, c) => (c < 10 ? '.0' : '.') + c);

// Direct-mapped cache of recent results: payslips repeat many amounts (0.00, contribution shares, half-month
// salaries), and a hit saves the number-to-text conversion and a string allocation. 65,536 slots (1 MB here,
// 1.5 MB for the rates): the bench's payslips also carry many amounts of their own (gross, net, tax base) that
// evict the shared ones; with 16,384 slots the hits fell enough to cost ~3% of throughput, with 4,096 ~15%.
const FORMAT_BITS = 16;
const FORMAT_SLOTS = 1 << FORMAT_BITS;
const formattedCents = new Float64Array(FORMAT_SLOTS).fill(NaN);
const formattedText: Money[] = new Array<Money>(FORMAT_SLOTS).fill('');

/** The cache slot of an integer (or of two): a multiplicative hash of its low 32 bits. Amounts and rates are often
 *  multiples of a power of two (salaries in whole hundreds of pesos, multipliers over 10,000), so their low bits
 *  alone would crowd a few slots. */
const slotOf = (x: number): number => Math.imul(x | 0, 0x9e3779b1) >>> (32 - FORMAT_BITS);

/** Formats centavos as "1234.50". */
export function formatMoney(cents: number): Money {
  const slot = slotOf(cents);
  if (formattedCents[slot] === cents) return formattedText[slot]!;
  const abs = cents < 0 ? -cents : cents;
  // Int32 division where it fits (the common case, and faster); exact either way for safe integers.
  const pesos = abs <= 0x7fffffff ? (abs / 100) | 0 : Math.floor(abs / 100);
  const text = (cents < 0 ? '-' : '') + pesos + CENTS[abs - pesos * 100]!;
  formattedCents[slot] = cents;
  formattedText[slot] = text;
  return text;
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

/** Integer division rounded half-up (half away from zero) — the rounding mode used at every rounding point. */
export function divHalfUp(n: number, d: number): number {
  if (n < 0) return -divHalfUp(-n, d);
  const q = floorDiv(n, d);
  return (n - q * d) * 2 >= d ? q + 1 : q;
}

/** floor(n / d) for safe integers n >= 0, d > 0, exact: float division may be one off for large n. */
function floorDiv(n: number, d: number): number {
  let q = Math.floor(n / d);
  while (n - q * d < 0) q--;
  while (n - q * d >= d) q++;
  return q;
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
  // a × k / d with k = b × c, a = q × d + r: q × k + r × k / d needs no product of a and k, so it usually stays
  // in safe integers (line rates: monthly centavos × multiplier × 10,000) and BigInt is the last resort.
  const k = b * c;
  if (Number.isSafeInteger(a) && Number.isSafeInteger(k) && Number.isSafeInteger(d)) {
    const neg = a < 0 !== k < 0;
    const aa = Math.abs(a);
    const kk = Math.abs(k);
    const q = floorDiv(aa, d);
    const r = aa - q * d;
    const rk = r * kk;
    const qk = q * kk;
    if (Number.isSafeInteger(rk) && Number.isSafeInteger(qk + kk)) {
      const m = qk + divHalfUp(rk, d);
      return neg && m !== 0 ? -m : m;
    }
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

// Numerator and denominator of a slot side by side (2 × slot, 2 × slot + 1): one cache line holds both.
const rateKey = new Float64Array(2 * FORMAT_SLOTS).fill(NaN);
const rateText: string[] = new Array<string>(FORMAT_SLOTS).fill('');

/** Renders num / den centavos as pesos with 2 to 6 decimals (half-up at the 6th), for the rate shown on a
 *  payslip line. Display only: no amount is computed from it. */
export function formatRate(num: number, den: number): string {
  // Cached like formatMoney: employees on the same salary grade share their line rates.
  const slot = slotOf((num | 0) ^ Math.imul(den | 0, 0x85ebca6b));
  const at = 2 * slot;
  if (rateKey[at] === num && rateKey[at + 1] === den) return rateText[slot]!;
  const text = rateToText(num, den);
  rateKey[at] = num;
  rateKey[at + 1] = den;
  rateText[slot] = text;
  return text;
}

/** "-" + formatRate(num, den), cached the same way (under the key num / −den, which no formatRate call uses). */
export function formatNegatedRate(num: number, den: number): string {
  const slot = slotOf((num | 0) ^ Math.imul(-den | 0, 0x85ebca6b));
  const at = 2 * slot;
  if (rateKey[at] === num && rateKey[at + 1] === -den) return rateText[slot]!;
  const text = '-' + formatRate(num, den);
  rateKey[at] = num;
  rateKey[at + 1] = -den;
  rateText[slot] = text;
  return text;
}

function rateToText(num: number, den: number): string {
  const micro = mulDivHalfUp(num, 10_000, 1, den); // in 1e-6 pesos
  if (micro < 0) return '-' + rateToText(-num, den);
  const whole = Math.floor(micro / 1_000_000);
  const frac = micro - whole * 1_000_000;
  if (frac % 10_000 === 0) return String(whole) + CENTS[frac / 10_000]!;
  let f = String(1_000_000 + frac); // "1dddddd": the six decimals with their leading zeros
  let e = 7;
  while (f.charCodeAt(e - 1) === 48) e--; // drop trailing zeros (at least 3 decimals remain)
  f = f.slice(1, e);
  return String(whole) + '.' + f;
}
