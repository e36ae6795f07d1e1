/**
 * Reading the payslip input: list items, codes, money records, the choices of the company settings. Every check
 * names the field it rejects (PayrollInputError.field); no rule of law here, only the input conventions of
 * README.md (money as decimal text, items checked before any is read).
 */
import { dayOf, monthOf, yearOf } from '../../dates.js';
import { PayrollInputError } from '../../errors.js';
import { parseMoney, parseMoneyOpt } from '../../money.js';
import { DE_MINIMIS_KINDS, type DeMinimisKind } from '../../tables/index.js';
import { obj } from '../../validate.js';
import type { ContributionSplit, TaxMethod, WeeklyContributions } from './types.js';

export const EMPTY: Record<string, unknown> = Object.freeze({});

const NO_AMOUNTS: Partial<Record<DeMinimisKind, number>> = Object.freeze({});
export const moneyRec = (rec: unknown, field: string): Partial<Record<DeMinimisKind, number>> => {
  if (rec === undefined) return NO_AMOUNTS;
  const r = obj(rec, field);
  const out: Partial<Record<DeMinimisKind, number>> = {};
  for (const [k, v] of Object.entries(r)) {
    if (!DE_MINIMIS_KINDS.includes(k as DeMinimisKind))
      throw new PayrollInputError(`${field}.${k}`, 'unknown kind');
    out[k as DeMinimisKind] = parseMoney(v, `${field}.${k}`);
  }
  return out;
};

/** Keys of list items that a check may name in an error. */

const ITEM_KEYS = {
  attendance: [
    'date',
    'dayType',
    'restDay',
    'absent',
    'outsideEmployment',
    'paidLeave',
    'lateMinutes',
    'undertimeMinutes',
    'regularHours',
    'presentOrPaidLeaveDayBefore',
  ],
  allowances: ['code', 'description', 'amount', 'deMinimis', 'taxable', 'inSssBase', 'inPagibigBase'],
  benefits: ['code', 'description', 'amount'],
  deductions: ['code', 'description', 'amount', 'allowPartial'],
} as const;
export type ItemList = keyof typeof ITEM_KEYS;
// A memo of field-name strings, not scratch state: each entry is a pure function of (list, index), written once
// and never changed, so nothing of one payslip can reach another through it. It spares building the names of
// every item of every payslip when only a failing check reads one.
export const ITEM_FIELDS: Record<ItemList, Record<string, string>[]> = {
  attendance: [],
  allowances: [],
  benefits: [],
  deductions: [],
};

/** Field names of item i of a list ("attendance[3].date"; key "" is the item, "." the prefix), built once per
 *  index: every check is handed its field name, and only a failing one reads it. */
export function itemFields(list: ItemList, i: number): Record<string, string> {
  const byIndex = ITEM_FIELDS[list];
  let f = byIndex[i];
  if (!f) {
    const p = `${list}[${i}]`;
    f = { '': p, '.': p + '.' };
    for (const k of ITEM_KEYS[list]) f[k] = `${p}.${k}`;
    byIndex[i] = f;
  }
  return f;
}

const NO_ITEMS: Record<string, unknown>[] = [];

/** An optional list of objects, every item checked before any is read. */
export function items(value: unknown, list: ItemList): Record<string, unknown>[] {
  if (value === undefined) return NO_ITEMS;
  if (!Array.isArray(value)) throw new PayrollInputError(list, 'must be an array');
  for (let i = 0; i < value.length; i++) obj(value[i], itemFields(list, i)['']!);
  return value as Record<string, unknown>[];
}

export function code(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new PayrollInputError(field, 'must be a non-empty string');
  return value;
}

export const SPLITS: readonly ContributionSplit[] = [
  'equal',
  'first-cutoff',
  'second-cutoff',
  'month-to-date',
];
export const TAX_METHODS: readonly TaxMethod[] = ['per-period', 'annualised'];
export const WEEKLY_CONTRIBUTIONS: readonly WeeklyContributions[] = ['last-week', 'month-to-date'];
export const FREQS = ['semi-monthly', 'monthly', 'weekly'] as const;
export const RATE_TYPES = ['monthly', 'daily'] as const;

export function mtdMoney(mtd: Record<string, unknown> | undefined, k: string): number {
  return mtd === undefined ? 0 : parseMoneyOpt(mtd[k], `monthToDate.${k}`);
}

/** Whole days from date a to date b (YYYY-MM-DD, validated). */
export function daysBetween(a: string, b: string): number {
  const t = (d: string) => Date.UTC(yearOf(d), monthOf(d) - 1, dayOf(d));
  return (t(b) - t(a)) / 86_400_000;
}

export function workdays(value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 7)
    throw new PayrollInputError('profile.workdaysPerWeek', 'must be a whole number of days from 1 to 7');
  return value;
}
