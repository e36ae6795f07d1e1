/** National holidays from the tables (Proclamations 727 s. 2024 and 1006 s. 2025). */
import { PayrollInputError } from '../errors.js';
import { monthOf, parseYear, yearOf } from '../dates.js';
import {
  compileHolidays,
  DAY_TYPES,
  resolveTables,
  type CompiledHolidays,
  type DayType,
  type PayrollTables,
} from '../tables/index.js';
import { obj } from '../validate.js';

export function nationalHolidays(input: { year: number; tables?: Partial<PayrollTables> }): {
  year: number;
  regularHolidays: string[];
  specialNonWorkingDays: string[];
  specialWorkingDays: string[];
} {
  const i = obj(input, 'input');
  const year = parseYear(i.year, 'year');
  const tables = resolveTables(input.tables);
  compileHolidays(tables); // validates dates
  const cal = tables.holidays.find((c) => c.year === year);
  if (!cal) throw new PayrollInputError('year', `no holiday calendar for ${year}`);
  return {
    year,
    regularHolidays: [...cal.regularHolidays].sort(),
    specialNonWorkingDays: [...cal.specialNonWorkingDays].sort(),
    specialWorkingDays: [...cal.specialWorkingDays].sort(),
  };
}

/** Day type of a date from the national calendar; a year without a calendar is an error, not "ordinary". */
export function nationalDayType(tables: PayrollTables, date: string, field: string): DayType {
  return dayTypeIn(compileHolidays(tables), date, field);
}

export function dayTypeIn(h: CompiledHolidays, date: string, field: string): DayType {
  const t = h.byDate.get(date);
  if (t) return t;
  if (!h.years.has(Number(date.slice(0, 4)))) {
    throw new PayrollInputError(
      field,
      `no holiday calendar for ${date.slice(0, 4)}; give dayType explicitly`,
    );
  }
  return 'ordinary';
}

/** Day types of the month of `date` as DAY_TYPES indices by day of month (1–31), cached on the compiled calendar;
 *  undefined when the year has no calendar (then every day needs dayTypeIn, which names the missing year). */
export function monthDayTypes(h: CompiledHolidays, date: string): Uint8Array | undefined {
  const year = yearOf(date);
  const key = year * 100 + monthOf(date);
  let m = h.months.get(key);
  if (m === undefined) {
    if (!h.years.has(year)) return undefined;
    m = new Uint8Array(32);
    const ym = date.slice(0, 7);
    for (let d = 1; d <= 31; d++) {
      const t = h.byDate.get(`${ym}-${d < 10 ? '0' : ''}${d}`);
      m[d] = t === undefined ? 0 : DAY_TYPES.indexOf(t);
    }
    h.months.set(key, m);
  }
  return m;
}
