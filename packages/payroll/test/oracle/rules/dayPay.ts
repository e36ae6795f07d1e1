/**
 * Pay for one calendar day of one daily-rate employee under every DOLE day type (Labor Code Art. 86, 87, 93, 94;
 * DOLE Handbook 2023 Ch. 2–5). Multipliers come from the premium table; hours are whole minutes.
 */
import { parseDate } from '../dates.js';
import { PayrollInputError } from '../errors.js';
import { formatMoney, parseMoney, parseMoneyOpt, RATE_SCALE, type Money } from '../money.js';
import {
  compilePremiums,
  DAY_TYPES,
  pick,
  resolveTables,
  type CompiledDay,
  type DayType,
  type PayrollTables,
} from '../tables/index.js';
import { bool, hoursPerDay, hoursToMinutes, obj } from '../validate.js';

/** Short names accepted on input. */
export type DayTypeAlias = 'double_special' | 'double_holiday';
const ALIASES: Record<DayTypeAlias, DayType> = {
  double_special: 'double_special_non_working',
  double_holiday: 'double_regular_holiday',
};

export function parseDayType(value: unknown, field: string): DayType {
  if (typeof value === 'string') {
    if ((DAY_TYPES as readonly string[]).includes(value)) return value as DayType;
    const a = ALIASES[value as DayTypeAlias];
    if (a) return a;
  }
  throw new PayrollInputError(
    field,
    `unknown day type ${JSON.stringify(value)} (one of ${DAY_TYPES.join(', ')})`,
  );
}

export const dayKeyIndex = (t: DayType, restDay: boolean) => DAY_TYPES.indexOf(t) * 2 + (restDay ? 1 : 0);

/**
 * COLA multiplier: DOLE advisories pay holiday pay on (basic + COLA) × 200% (300% on a double holiday) but the
 * rest-day, special-day and overtime premiums on the basic wage only, so COLA follows the holiday factor alone.
 */
export function colaFactor(t: DayType, worked: boolean, day: CompiledDay): number {
  if (!worked) return day.unworked;
  if (t === 'regular_holiday') return 2 * RATE_SCALE;
  if (t === 'double_regular_holiday') return 3 * RATE_SCALE;
  return RATE_SCALE;
}

export interface DayHours {
  regular: number;
  night: number;
  overtime: number;
  overtimeNight: number;
}

/** Fast path for the common valid case; anything else goes to the full check, which names the field. */
export function hours(v: unknown, prefix: string, name: string, max: number): number {
  if (v === undefined) return 0;
  if (typeof v === 'number' && v >= 0 && v <= max) {
    const m = Math.round(v * 60);
    if (Math.abs(v * 60 - m) <= 1e-6) return m;
  }
  return hoursToMinutes(v, prefix + name, max);
}

/** Validates the four hour fields (night hours are part of regular / overtime hours). Returns minutes. */
export function parseDayHours(
  src: Record<string, unknown>,
  prefix: string,
  hpd: number,
  names: [string, string, string, string],
): DayHours {
  const regular = hours(src[names[0]], prefix, names[0], hpd);
  const night = hours(src[names[1]], prefix, names[1], 24);
  const overtime = hours(src[names[2]], prefix, names[2], 24);
  const overtimeNight = hours(src[names[3]], prefix, names[3], 24);
  if (night > regular) throw new PayrollInputError(prefix + names[1], `cannot exceed ${names[0]}`);
  if (overtimeNight > overtime) throw new PayrollInputError(prefix + names[3], `cannot exceed ${names[2]}`);
  if (regular + overtime > 24 * 60)
    throw new PayrollInputError(prefix + names[2], 'regular plus overtime exceeds 24 hours');
  return { regular, night, overtime, overtimeNight };
}

export interface DayPayInput {
  dailyRate: Money;
  cola?: Money;
  dayType: DayType | DayTypeAlias;
  restDay?: boolean;
  worked?: boolean;
  presentOrPaidLeaveDayBefore?: boolean;
  regularHours?: number;
  regularNightHours?: number;
  overtimeHours?: number;
  overtimeNightHours?: number;
  hoursPerDay?: number;
  /** Date the premium table is picked for (default: the latest table). */
  date?: string;
  tables?: Partial<PayrollTables>;
}

export interface DayPayResult {
  regularPay: Money;
  nightDifferential: Money;
  overtimePay: Money;
  holidayPay: Money;
  colaPay: Money;
  totalPay: Money;
  multiplier: string;
}

const bigRound = (n: bigint, d: bigint): number => {
  const q = n / d;
  return Number((n % d) * 2n >= d ? q + 1n : q);
};

export function dayPay(input: DayPayInput): DayPayResult {
  const i = obj(input, 'input');
  const rate = parseMoney(i.dailyRate, 'dailyRate');
  const cola = parseMoneyOpt(i.cola, 'cola');
  const dayType = parseDayType(i.dayType, 'dayType');
  const restDay = bool(i.restDay, 'restDay', false);
  const hpd = hoursPerDay(i.hoursPerDay, 'hoursPerDay');
  const h = parseDayHours(i, '', hpd, [
    'regularHours',
    'regularNightHours',
    'overtimeHours',
    'overtimeNightHours',
  ]);
  const hasHours = h.regular + h.overtime > 0;
  const worked = bool(i.worked, 'worked', hasHours);
  if (!worked && hasHours) throw new PayrollInputError('worked', 'is false but hours were given');
  const dayBefore = bool(i.presentOrPaidLeaveDayBefore, 'presentOrPaidLeaveDayBefore', true);
  const premiums = compilePremiums(resolveTables(input.tables));
  const table =
    i.date === undefined
      ? premiums[premiums.length - 1]!
      : pick(premiums, parseDate(i.date, 'date'), 'date', 'premium');
  const d = table.days.get(restDay ? `${dayType}_rest_day` : dayType)!;

  // Everything is an exact fraction over D = hoursPerDay × 60 × RATE_SCALE; round once per figure.
  const D = BigInt(hpd * 60 * RATE_SCALE);
  const R = BigInt(rate);
  const regularN = R * BigInt((h.regular - h.night) * d.worked + h.night * d.worked);
  const nightN = R * BigInt(h.night * (d.night - d.worked));
  const otN = R * BigInt((h.overtime - h.overtimeNight) * d.overtime + h.overtimeNight * d.overtime);
  const ndotN = R * BigInt(h.overtimeNight * (d.nightOvertime - d.overtime));
  // Art. 94: an unworked regular holiday is paid only if present or on paid leave on the workday before.
  const holidayN = !worked && dayBefore ? R * BigInt(d.unworked * hpd * 60) : 0n;
  const colaDays = worked ? Math.min(h.regular, hpd * 60) : dayBefore ? hpd * 60 : 0;
  const colaN = BigInt(cola) * BigInt(colaFactor(dayType, worked, d) * colaDays);
  const total = regularN + nightN + otN + ndotN + holidayN + colaN;
  return {
    regularPay: formatMoney(bigRound(regularN, D)),
    nightDifferential: formatMoney(bigRound(nightN + ndotN, D)),
    overtimePay: formatMoney(bigRound(otN, D)),
    holidayPay: formatMoney(bigRound(holidayN, D)),
    colaPay: formatMoney(bigRound(colaN, D)),
    totalPay: formatMoney(bigRound(total, D)),
    multiplier: String((worked ? d.worked : d.unworked) / RATE_SCALE),
  };
}
