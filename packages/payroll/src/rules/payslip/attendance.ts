/**
 * Attendance: validates the days of the period and adds them up per (day type, rest day) — minutes worked,
 * minutes × DOLE multiplier (regular, night differential Art. 86, overtime Art. 87, night overtime), unworked
 * regular holidays paid or forfeited under Art. 94 (present or on paid leave the workday before), paid leave,
 * unpaid absences and lateness / undertime (Art. 88 no work, no pay), COLA days (DOLE wage orders). Premium
 * multipliers come from the premium table (DOLE Handbook 2023 Ch. 2–5; REFERENCE.md §5, §8.2).
 *
 * All state lives in an AttendanceTally made for the call: nothing is kept between payslips.
 */
import { dayOf, daysInMonth, monthOf, parseDate, yearOf } from '../../dates.js';
import { PayrollInputError } from '../../errors.js';
import { RATE_SCALE } from '../../money.js';
import {
  DAY_KEYS,
  DAY_TYPES,
  type CompiledDay,
  type CompiledHolidays,
  type DayType,
} from '../../tables/index.js';
import { bool, minutes, obj } from '../../validate.js';
import { colaFactor, hours, parseDayType } from '../dayPay.js';
import { dayTypeIn, monthDayTypes } from '../holidays.js';
import { ITEM_FIELDS, itemFields } from './inputs.js';

/** DAY_TYPES index of each day type (the per-day path works with indices, not strings). */
export const TYPE_INDEX = Object.fromEntries(DAY_TYPES.map((t, i) => [t, i])) as Record<DayType, number>;
export const ORDINARY = TYPE_INDEX.ordinary;
export const SPECIAL_WORKING = TYPE_INDEX.special_working;
export const N_KEYS = DAY_KEYS.length;

/** A date inside the period. When the period lies in one month, a 10-character string between start and end that
 *  ends in two digits is a real date; anything else (and every date of a week across two months) goes to the full
 *  check, which names the fault. */
function periodDate(v: unknown, field: string, start: string, end: string, oneMonth: boolean): string {
  if (oneMonth && typeof v === 'string' && v.length === 10 && v >= start && v <= end) {
    const d1 = v.charCodeAt(8) - 48;
    const d2 = v.charCodeAt(9) - 48;
    if (d1 >= 0 && d1 <= 9 && d2 >= 0 && d2 <= 9) return v;
  }
  const date = parseDate(v, field);
  if (date < start || date > end) throw new PayrollInputError(field, `${date} is outside the period`);
  return date;
}

const zeros = (): number[] => new Array<number>(N_KEYS).fill(0);

// Per day of the period (its day of month; a weekly period's days in the next month continue the count, 32–37):
// whether it has an entry and what happened, for the Art. 94 look-back.
const SEEN = 1;
const WORKED = 2;
const LEAVE = 4;
const ABSENT = 8;

/**
 * What the attendance adds up to for one payslip: per (day type, rest day) key (DAY_KEYS index), minutes and
 * minutes × multiplier (over RATE_SCALE), plus day counts. Made fresh for each payslip. Every sum is an integer
 * below 31 days × 1,440 minutes × the largest multiplier (~3e9), far inside 2^53, so the numbers are exact.
 */
export class AttendanceTally {
  readonly regMin = zeros();
  readonly regU = zeros();
  readonly ndMin = zeros();
  readonly ndU = zeros();
  readonly otMin = zeros();
  readonly otU = zeros();
  readonly ndotMin = zeros();
  readonly ndotU = zeros();
  readonly holDays = zeros();
  readonly forfeitDays = zeros();
  leaveDays = 0;
  absentDays = 0;
  lateMin = 0;
  undertimeMin = 0;
  /** Σ minutes × COLA factor. */
  colaU = 0;
  /** SEEN | WORKED | LEAVE | ABSENT per day of the period (see above). */
  readonly dayFlags = new Uint8Array(40);
  /** Unworked holidays waiting for the Art. 94 check until every entry is read (entries may come in any order):
   *  four numbers each — entry index, day index, DAY_KEYS index, presentOrPaidLeaveDayBefore (-1 not given,
   *  0 false, 1 true). */
  readonly pending: number[] = [];
}

/** Art. 94: present or on paid leave on the workday immediately before (skipping rest days and unworked
 *  holidays). Days with no attendance entry count as present; unknown before the period start → present.
 *  `ord` is the day's index in dayFlags; above `dim` (days in the start month) it is a day of the end month. */
function presentDayBefore(
  dayFlags: Uint8Array,
  ord: number,
  startDom: number,
  dim: number,
  types: Uint8Array | undefined,
  typesEnd: Uint8Array | undefined,
  hol: CompiledHolidays,
  start: string,
  end: string,
  field: string,
): boolean {
  for (let x = ord - 1; x >= startDom; x--) {
    const f = dayFlags[x]!;
    if (f) {
      if (f & (WORKED | LEAVE)) return true;
      if (f & ABSENT) return false;
      continue; // rest day / unworked holiday: look further back
    }
    const next = x > dim;
    const d = next ? x - dim : x;
    const ty = next ? typesEnd : types;
    const t = ty
      ? ty[d]!
      : TYPE_INDEX[dayTypeIn(hol, (next ? end : start).slice(0, 8) + (d < 10 ? '0' : '') + d, field)];
    if (t === ORDINARY || t === SPECIAL_WORKING) return true;
  }
  return true;
}

/** Validates the attendance (one pass, named reads, no per-day allocation) and adds it up in a new tally. */
export function tallyAttendance(
  att: unknown,
  start: string,
  end: string,
  hpd: number,
  hol: CompiledHolidays,
  premiums: CompiledDay[],
  monthly: boolean,
  restCovered: boolean,
  cola: boolean,
): AttendanceTally {
  const t = new AttendanceTally();
  if (att === undefined) return t;
  if (!Array.isArray(att)) throw new PayrollInputError('attendance', 'must be an array');
  // Day types by day of month (undefined when the year has no calendar); a weekly period may end in the next month.
  const types = monthDayTypes(hol, start);
  const startDom = dayOf(start);
  const oneMonth = monthOf(start) === monthOf(end);
  const typesEnd = oneMonth ? types : monthDayTypes(hol, end);
  const dim = oneMonth ? 31 : daysInMonth(yearOf(start), monthOf(start));
  const fullDay = hpd * 60;
  const dayFlags = t.dayFlags;
  const pending = t.pending;
  const names = ITEM_FIELDS.attendance;
  for (let i = 0; i < att.length; i++) {
    const F = names[i] ?? itemFields('attendance', i);
    const a = obj(att[i], F['']!);
    const date = periodDate(a.date, F.date!, start, end, oneMonth);
    const dom = dayOf(date);
    const inEndMonth = dom < startDom; // only on a week across two months
    const ord = inEndMonth ? dom + dim : dom;
    if (dayFlags[ord]) throw new PayrollInputError(F.date!, `${date} appears twice`);
    dayFlags[ord] = SEEN;
    const ty = inEndMonth ? typesEnd : types;
    const type =
      a.dayType !== undefined
        ? TYPE_INDEX[parseDayType(a.dayType, F.dayType!)]
        : ty
          ? ty[dom]!
          : TYPE_INDEX[dayTypeIn(hol, date, F.dayType!)];
    const rest = bool(a.restDay, F.restDay!, false);
    const P = F['.']!;
    const regular = hours(a.regularHours, P, 'regularHours', hpd);
    const night = hours(a.nightHours, P, 'nightHours', 24);
    const overtime = hours(a.overtimeHours, P, 'overtimeHours', 24);
    const overtimeNight = hours(a.overtimeNightHours, P, 'overtimeNightHours', 24);
    if (night > regular) throw new PayrollInputError(P + 'nightHours', 'cannot exceed regularHours');
    if (overtimeNight > overtime) {
      throw new PayrollInputError(P + 'overtimeNightHours', 'cannot exceed overtimeHours');
    }
    if (regular + overtime > 24 * 60) {
      throw new PayrollInputError(P + 'overtimeHours', 'regular plus overtime exceeds 24 hours');
    }
    const worked = regular + overtime > 0;
    const absent = bool(a.absent, F.absent!, false);
    const paidLeave = bool(a.paidLeave, F.paidLeave!, false);
    if (absent && paidLeave)
      throw new PayrollInputError(F.paidLeave!, 'a day cannot be both absent and paid leave');
    if ((absent || paidLeave) && worked) {
      throw new PayrollInputError(F.regularHours!, 'hours given on an absence or leave day');
    }
    const late = a.lateMinutes === 0 ? 0 : minutes(a.lateMinutes, F.lateMinutes!);
    const undertime = a.undertimeMinutes === 0 ? 0 : minutes(a.undertimeMinutes, F.undertimeMinutes!);
    if ((late || undertime) && !worked) {
      throw new PayrollInputError(F.lateMinutes!, 'late/undertime on a day not worked');
    }
    const before =
      a.presentOrPaidLeaveDayBefore === undefined
        ? -1
        : bool(a.presentOrPaidLeaveDayBefore, F.presentOrPaidLeaveDayBefore!, true)
          ? 1
          : 0;
    dayFlags[ord] = SEEN | (worked ? WORKED : 0) | (paidLeave ? LEAVE : 0) | (absent ? ABSENT : 0);

    const k = type * 2 + (rest ? 1 : 0); // DAY_KEYS index
    const pd = premiums[k]!;
    const salaryCovers = monthly && (!rest || restCovered);
    if (worked) {
      t.regMin[k]! += regular;
      // A monthly salary already pays 100% of a covered day: only the premium above it is added (REFERENCE §8.2).
      t.regU[k]! += regular * (pd.worked - (salaryCovers ? RATE_SCALE : 0));
      t.ndMin[k]! += night;
      t.ndU[k]! += night * (pd.night - pd.worked);
      t.otMin[k]! += overtime;
      t.otU[k]! += overtime * pd.overtime;
      t.ndotMin[k]! += overtimeNight;
      t.ndotU[k]! += overtimeNight * (pd.nightOvertime - pd.overtime);
      if (cola) t.colaU += Math.min(regular, fullDay) * colaFactor(DAY_TYPES[type]!, true, pd);
      // Art. 88 no work, no pay: lateness/undertime is deducted where the salary pays a whole day; premium days
      // and daily-rate pay are already computed on the hours actually worked.
      if (salaryCovers && !rest && (type === ORDINARY || type === SPECIAL_WORKING)) {
        t.lateMin += late;
        t.undertimeMin += undertime;
      }
    } else if (pd.unworked > 0) {
      // Unworked regular holiday (also when marked absent or on leave that day): Art. 94 day-before rule, below.
      pending.push(i, ord, k, before);
    } else if (paidLeave) {
      if (!monthly && !rest) {
        t.leaveDays++;
        if (cola) t.colaU += fullDay * RATE_SCALE;
      }
    } else if (absent && !rest && (type === ORDINARY || type === SPECIAL_WORKING)) {
      t.absentDays++;
    }
  }
  for (let j = 0; j < pending.length; j += 4) {
    const k = pending[j + 2]!;
    const before = pending[j + 3]!;
    const ok =
      before >= 0
        ? before === 1
        : presentDayBefore(
            dayFlags,
            pending[j + 1]!,
            startDom,
            dim,
            types,
            typesEnd,
            hol,
            start,
            end,
            itemFields('attendance', pending[j]!)['']!,
          );
    if (!monthly && ok) {
      t.holDays[k]! += 1;
      if (cola) t.colaU += fullDay * premiums[k]!.unworked;
    } else if (monthly && !ok) t.forfeitDays[k]! += 1;
  }
  return t;
}
