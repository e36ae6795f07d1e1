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

/** A date inside the period (full check, which names the fault). */
function periodDate(v: unknown, field: string, start: string, end: string): string {
  const date = parseDate(v, field);
  if (date < start || date > end) throw new PayrollInputError(field, `${date} is outside the period`);
  return date;
}

/** A flag of an attendance item; the field name is looked up only when the value is not a boolean. */
function flag(v: unknown, F: Record<string, string>, k: string): boolean {
  if (v === undefined || v === false) return false;
  if (v === true) return true;
  return bool(v, F[k]!, false); // throws
}

/** hours() of dayPay.ts, with first tests for the common cases, zero and a whole number of minutes (7.75 h = 465):
 *  the same minutes, no rounding needed; anything else goes to the full check. */
function dayHours(v: unknown, prefix: string, name: string, max: number): number {
  if (v === 0) return 0; // most night and overtime fields (before any other test: measured 13% of the tally)
  if (typeof v === 'number' && v > 0 && v <= max) {
    const m = v * 60;
    if (m === Math.floor(m)) return m;
  }
  return hours(v, prefix, name, max);
}

// Per day of the period (its day of month; a weekly period's days in the next month continue the count, 32–37):
// whether it has an entry and what happened, for the Art. 94 look-back.
const SEEN = 1;
const WORKED = 2;
const LEAVE = 4;
const ABSENT = 8;

/**
 * What the attendance adds up to for one payslip: per (day type, rest day) key (DAY_KEYS index), minutes and
 * minutes × multiplier (over RATE_SCALE), plus day counts, and the scratch of the day-by-day pass. Zeroed by
 * `takeTally` for each payslip, so a payslip allocates nothing per attendance day.
 */
export class AttendanceTally {
  // Ten sums per key in one buffer, so a reset is one fill. Every sum is an integer below 31 days × 1,440 minutes
  // × the largest multiplier (~3e9), far inside 2^53, so the doubles hold them exactly.
  readonly buf = new Float64Array(10 * N_KEYS);
  readonly regMin = this.buf.subarray(0, N_KEYS);
  readonly regU = this.buf.subarray(N_KEYS, 2 * N_KEYS);
  readonly ndMin = this.buf.subarray(2 * N_KEYS, 3 * N_KEYS);
  readonly ndU = this.buf.subarray(3 * N_KEYS, 4 * N_KEYS);
  readonly otMin = this.buf.subarray(4 * N_KEYS, 5 * N_KEYS);
  readonly otU = this.buf.subarray(5 * N_KEYS, 6 * N_KEYS);
  readonly ndotMin = this.buf.subarray(6 * N_KEYS, 7 * N_KEYS);
  readonly ndotU = this.buf.subarray(7 * N_KEYS, 8 * N_KEYS);
  readonly holDays = this.buf.subarray(8 * N_KEYS, 9 * N_KEYS);
  readonly forfeitDays = this.buf.subarray(9 * N_KEYS, 10 * N_KEYS);
  leaveDays = 0;
  absentDays = 0;
  /** Absent days outside employment (outsideEmployment): unpaid as absences, on their own line. */
  outsideDays = 0;
  lateMin = 0;
  undertimeMin = 0;
  /** Σ minutes × COLA factor. */
  colaU = 0;
  /** Bit k set: key k has hours or holiday days in the sums (the earnings pass visits only those). */
  keys = 0;
  /** SEEN | WORKED | LEAVE | ABSENT per day of the period (see above). */
  readonly dayFlags = new Uint8Array(40);
  // Unworked holidays wait for the Art. 94 check until every entry is read (entries may come in any order).
  readonly pendingIndex = new Uint8Array(31);
  readonly pendingDay = new Uint8Array(31);
  readonly pendingKey = new Uint8Array(31);
  /** presentOrPaidLeaveDayBefore: -1 not given, 0 false, 1 true. */
  readonly pendingBefore = new Int8Array(31);

  reset() {
    this.buf.fill(0);
    this.dayFlags.fill(0);
    this.leaveDays = this.absentDays = this.outsideDays = 0;
    this.lateMin = this.undertimeMin = this.colaU = this.keys = 0;
  }
}

// A one-slot pool instead of a fresh tally per payslip: building the buffers for every call cost about a tenth
// of the throughput (CPU profile on the inputs of bench/payroll.bench.ts: the tally's construction was 13% of
// computePayslip; same-process A/B 0.87x the unsplit engine, 0.98x with the pool). Nothing carries over between
// calls all the same: takeTally empties the slot and zeroes the tally, giveBackTally refills it when the call is
// done with it; a call that throws leaves it out (the next call makes a new one), and a call made while the tally
// is out (none today: the engine is synchronous and calls nothing back) finds the slot empty and makes its own.
let spare: AttendanceTally | undefined;

/** A zeroed tally for one payslip, to hand back with giveBackTally when done with it. */
export function takeTally(): AttendanceTally {
  const t = spare ?? new AttendanceTally();
  spare = undefined;
  t.reset();
  return t;
}

export function giveBackTally(t: AttendanceTally): void {
  spare = t;
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

/** Validates the attendance (one pass, named reads, no per-day allocation) and adds it up in `t` (zeroed). */
export function tallyAttendance(
  t: AttendanceTally,
  att: unknown,
  start: string,
  end: string,
  hpd: number,
  hol: CompiledHolidays,
  premiums: CompiledDay[],
  monthly: boolean,
  restCovered: boolean,
  cola: boolean,
): void {
  if (att === undefined) return;
  if (!Array.isArray(att)) throw new PayrollInputError('attendance', 'must be an array');
  // Day types by day of month (undefined when the year has no calendar); a weekly period may end in the next month.
  const types = monthDayTypes(hol, start);
  const startDom = dayOf(start);
  const oneMonth = monthOf(start) === monthOf(end);
  const typesEnd = oneMonth ? types : monthDayTypes(hol, end);
  const dim = oneMonth ? 31 : daysInMonth(yearOf(start), monthOf(start));
  const fullDay = hpd * 60;
  const { dayFlags, pendingIndex, pendingDay, pendingKey, pendingBefore } = t;
  // The sums written through the one buffer (offsets as in AttendanceTally): one typed array in the day loop.
  const sums = t.buf;
  let pending = 0;
  const names = ITEM_FIELDS.attendance;
  for (let i = 0; i < att.length; i++) {
    const F = names[i] ?? itemFields('attendance', i);
    const a = obj(att[i], F['']!);
    // A date inside the period. When the period lies in one month, a 10-character string between start and end
    // that ends in two digits (dayOf is NaN otherwise) is a real date; anything else (and every date of a week
    // across two months) goes to the full check, which names the fault.
    const v = a.date;
    let date: string;
    let dom: number;
    if (
      oneMonth &&
      typeof v === 'string' &&
      v.length === 10 &&
      v >= start &&
      v <= end &&
      (dom = dayOf(v)) >= 0
    ) {
      date = v;
    } else {
      date = periodDate(v, F.date!, start, end);
      dom = dayOf(date);
    }
    const inEndMonth = dom < startDom; // only on a week across two months
    const ord = inEndMonth ? dom + dim : dom;
    if (dayFlags[ord]) throw new PayrollInputError(F.date!, `${date} appears twice`);
    const ty = inEndMonth ? typesEnd : types;
    const type =
      a.dayType !== undefined
        ? TYPE_INDEX[parseDayType(a.dayType, F.dayType!)]
        : ty
          ? ty[dom]!
          : TYPE_INDEX[dayTypeIn(hol, date, F.dayType!)];
    const rest = flag(a.restDay, F, 'restDay');
    const P = F['.']!;
    const regular = dayHours(a.regularHours, P, 'regularHours', hpd);
    const night = dayHours(a.nightHours, P, 'nightHours', 24);
    const overtime = dayHours(a.overtimeHours, P, 'overtimeHours', 24);
    const overtimeNight = dayHours(a.overtimeNightHours, P, 'overtimeNightHours', 24);
    if (night > regular) throw new PayrollInputError(P + 'nightHours', 'cannot exceed regularHours');
    if (overtimeNight > overtime) {
      throw new PayrollInputError(P + 'overtimeNightHours', 'cannot exceed overtimeHours');
    }
    if (regular + overtime > 24 * 60) {
      throw new PayrollInputError(P + 'overtimeHours', 'regular plus overtime exceeds 24 hours');
    }
    const worked = regular + overtime > 0;
    // A day outside employment is an absence for every rule (Art. 94 look-back included); only its line differs.
    const outside = flag(a.outsideEmployment, F, 'outsideEmployment');
    const absent = flag(a.absent, F, 'absent') || outside;
    const paidLeave = flag(a.paidLeave, F, 'paidLeave');
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
      t.keys |= 1 << k;
      sums[k]! += regular; // regMin
      // A monthly salary already pays 100% of a covered day: only the premium above it is added (REFERENCE §8.2).
      sums[N_KEYS + k]! += regular * (pd.worked - (salaryCovers ? RATE_SCALE : 0));
      sums[2 * N_KEYS + k]! += night;
      sums[3 * N_KEYS + k]! += night * (pd.night - pd.worked);
      sums[4 * N_KEYS + k]! += overtime;
      sums[5 * N_KEYS + k]! += overtime * pd.overtime;
      sums[6 * N_KEYS + k]! += overtimeNight;
      sums[7 * N_KEYS + k]! += overtimeNight * (pd.nightOvertime - pd.overtime);
      if (cola) t.colaU += Math.min(regular, fullDay) * colaFactor(DAY_TYPES[type]!, true, pd);
      // Art. 88 no work, no pay: lateness/undertime is deducted where the salary pays a whole day; premium days
      // and daily-rate pay are already computed on the hours actually worked.
      if (salaryCovers && !rest && (type === ORDINARY || type === SPECIAL_WORKING)) {
        t.lateMin += late;
        t.undertimeMin += undertime;
      }
    } else if (pd.unworked > 0) {
      // Unworked regular holiday (also when marked absent or on leave that day): Art. 94 day-before rule, below.
      pendingIndex[pending] = i;
      pendingDay[pending] = ord;
      pendingKey[pending] = k;
      pendingBefore[pending] = before;
      pending++;
    } else if (paidLeave) {
      if (!monthly && !rest) {
        t.leaveDays++;
        if (cola) t.colaU += fullDay * RATE_SCALE;
      }
    } else if (absent && !rest && (type === ORDINARY || type === SPECIAL_WORKING)) {
      if (outside) t.outsideDays++;
      else t.absentDays++;
    }
  }
  for (let j = 0; j < pending; j++) {
    const k = pendingKey[j]!;
    const before = pendingBefore[j]!;
    const ok =
      before >= 0
        ? before === 1
        : presentDayBefore(
            dayFlags,
            pendingDay[j]!,
            startDom,
            dim,
            types,
            typesEnd,
            hol,
            start,
            end,
            itemFields('attendance', pendingIndex[j]!)['']!,
          );
    if (!monthly && ok) {
      t.keys |= 1 << k;
      t.holDays[k]! += 1;
      if (cola) t.colaU += fullDay * premiums[k]!.unworked;
    } else if (monthly && !ok) t.forfeitDays[k]! += 1;
  }
}
