/** Input checks shared by the rules; each names the field it rejects. */
import { PayrollInputError } from './errors.js';

export function obj(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PayrollInputError(field, 'must be an object');
  }
  return value as Record<string, unknown>;
}

export function bool(value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new PayrollInputError(field, 'must be true or false');
  return value;
}

export function oneOf<T extends string>(
  value: unknown,
  field: string,
  allowed: readonly T[],
  fallback?: T,
): T {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new PayrollInputError(field, `must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`);
  }
  return value as T;
}

/** Hours as a number (0–24, or `max`) → whole minutes; finer than a minute is refused rather than rounded. */
export function hoursToMinutes(value: unknown, field: string, max = 24): number {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new PayrollInputError(field, 'must be a number of hours');
  if (value < 0) throw new PayrollInputError(field, 'must not be negative');
  if (value > max) throw new PayrollInputError(field, `must not exceed ${max} hours`);
  const minutes = Math.round(value * 60);
  if (Math.abs(value * 60 - minutes) > 1e-6)
    throw new PayrollInputError(field, 'must be a whole number of minutes');
  return minutes;
}

/** Whole minutes 0–1440. */
export function minutes(value: unknown, field: string): number {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new PayrollInputError(field, 'must be whole minutes');
  if (value < 0 || value > 1440) throw new PayrollInputError(field, 'must be between 0 and 1440 minutes');
  return value;
}

/** A positive integer divisor / factor such as 261, 313 or 365. */
export function factor(value: unknown, field: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 1000) {
    throw new PayrollInputError(field, 'must be a whole number of days per year (e.g. 261, 313, 365)');
  }
  return value;
}

export function hoursPerDay(value: unknown, field: string): number {
  if (value === undefined) return 8;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 24) {
    throw new PayrollInputError(field, 'must be a whole number of hours between 1 and 24');
  }
  return value;
}
