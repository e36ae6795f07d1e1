import type { DayType } from '@hrpay/payroll';

/**
 * Daily attendance from punches and the schedule (issue 9 §1.3), as a pure function: no database, no clock.
 *
 * Everything is in whole minutes on the Manila wall clock, counted from 1970-01-01 00:00 Manila ("local
 * minutes"); the Philippines keeps UTC+8 all year, so an instant converts by adding 480 minutes.
 *
 * Rules (HR's usual reading of a DTR):
 * - A day's punches are those inside its window, shift start - 4 h to shift end + 8 h (without a shift, the
 *   calendar day). A window never reaches into the next day's, so a punch counts once. An overnight shift
 *   (out time at or before the in time) belongs to the day it starts.
 * - First in: the earliest In or Unknown punch. Last out: the latest Out or Unknown punch after it.
 * - The unpaid break sits in the middle of a fixed shift (12:00-13:00 of 08:00-17:00) and is not worked time.
 * - Late: once the first in is past the grace minutes, the whole lateness from the shift start counts (grace is
 *   a tolerance, not a discount). Within grace the employee is on time: the worked minutes count from the shift
 *   start, so a daily-paid employee is paid the same whole day a monthly-paid one is (the night-differential
 *   minutes stay the ones actually worked). Undertime: shift minutes after the last out.
 * - A working day whose punches hold no paid shift minute (all outside the shift or its flexible band, or inside
 *   the break) and no approved overtime is an absence, as a day without punches is: nothing worked, late or
 *   undertime (payroll refuses late or undertime on a day not worked), flagged `NoWorkInShift` so HR sees why.
 * - Overtime (`OvertimeMinutes`): work after the shift end, plus work before the shift start that an approved
 *   OT covers (an early arrival alone is not overtime). `PayableOvertimeMinutes`: the part an approved OT covers.
 * - On a rest day or a (non-working) holiday, the first `required` minutes of work are the day's regular minutes
 *   (paid at the day's premium), the rest is overtime; nothing is late or undertime.
 * - Flexible shift: the shift's in and out times are the band work must fall in; required hours (net of the
 *   break) are expected, shortfall is undertime, the excess overtime; never late.
 * - Night differential: regular work between 22:00 and 06:00 (`NightDiffMinutes`); payable overtime in that band
 *   is `OvertimeNightMinutes`.
 * - Day type as the payroll package's `dayPay` takes it (two regular holidays: double; two special days:
 *   double special), plus the rest-day flag for the rest-day combinations.
 */

export type Direction = 'In' | 'Out' | 'Unknown';
/** `NoWorkInShift`: punches on a working day, none of them inside the shift's paid time (stored as an absence). */
export type Anomaly = 'MissingIn' | 'MissingOut' | 'SinglePunch' | 'NoWorkInShift';
export type HolidayType = 'Regular' | 'SpecialNonWorking' | 'SpecialWorking';

export interface ShiftRule {
  name: string;
  /** Minutes after midnight. An out time at or before the in time ends the next day. */
  timeIn: number;
  timeOut: number;
  breakMinutes: number;
  graceMinutes: number;
  isFlexible: boolean;
  /** Required work a day in minutes (flexible shifts). */
  requiredMinutes: number | null;
  /** 0 Sunday ... 6 Saturday. */
  restDays: number[];
}

/** The schedule in force from `effectiveDate` (YYYY-MM-DD) until the next one; no shift means no expectations. */
export interface ScheduleSpan {
  effectiveDate: string;
  shift: ShiftRule | null;
  /** The employee's own rest days, instead of the shift's. */
  restDays: number[] | null;
}

export interface PunchInput {
  at: Date;
  direction: Direction;
}
export interface HolidayInput {
  date: string;
  name: string;
  type: HolidayType;
}
export interface OvertimeInput {
  startsAt: Date;
  endsAt: Date;
}
export interface LeaveInput {
  date: string;
  halfDay: boolean;
}

export interface AttendanceInput {
  from: string;
  to: string;
  /** Sorted by effective date. */
  schedules: ScheduleSpan[];
  punches: PunchInput[];
  holidays: HolidayInput[];
  /** Approved OT intervals (issue 9 §3 fills them). */
  overtime: OvertimeInput[];
  /** Approved leave days. */
  leave: LeaveInput[];
  /**
   * The time of the reading. A day whose shift (without a shift: the calendar day) has not ended by then is
   * `notOver`: it is not judged yet. Without it, every day is read as over.
   */
  now?: Date;
}

export interface DayResult {
  date: string;
  shiftName: string | null;
  dayType: DayType;
  restDay: boolean;
  holidayNames: string[];
  /** Local minutes, or null. */
  firstIn: number | null;
  lastOut: number | null;
  punchCount: number;
  workedMinutes: number;
  lateMinutes: number;
  undertimeMinutes: number;
  nightDiffMinutes: number;
  overtimeMinutes: number;
  payableOvertimeMinutes: number;
  overtimeNightMinutes: number;
  absent: boolean;
  onLeave: boolean;
  anomalies: Anomaly[];
  /**
   * The shift (without a shift: the day) had not ended at `now`: the employee may still punch in or out, so the
   * day is not absent, has no undertime and no missing out, lone in or no-work flag yet (lateness stands).
   */
  notOver: boolean;
}

// ---- minutes and intervals --------------------------------------------------------------------------------

const DAY = 1440;
const MANILA_OFFSET = 480;

/** Local minutes of an instant (seconds dropped). */
export const localMinutes = (at: Date) => Math.floor(at.getTime() / 60_000) + MANILA_OFFSET;
/** Day number of a `YYYY-MM-DD` date (days since 1970-01-01). */
export const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
/**
 * `YYYY-MM-DD` of a day number. Kept once made: a view or store of a company's week asks for the same few days
 * millions of times (four times a day computed), each a Date and two strings.
 */
export const dateOfDay = (day: number) => {
  let date = dateTexts.get(day);
  if (date === undefined) {
    if (dateTexts.size >= 100_000) dateTexts.clear();
    date = new Date(day * 86_400_000).toISOString().slice(0, 10);
    dateTexts.set(day, date);
  }
  return date;
};
const dateTexts = new Map<number, string>();
/** `YYYY-MM-DDTHH:mm` of local minutes. */
export const localText = (minutes: number) => new Date(minutes * 60_000).toISOString().slice(0, 16);
/** Minutes after midnight of `HH:mm[:ss]`. */
export const clockMinutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

/** Half-open intervals [start, end) of local minutes, sorted and disjoint. */
type Span = readonly [number, number];

const total = (spans: Span[]) => spans.reduce((sum, [a, b]) => sum + (b - a), 0);

function intersect(spans: Span[], others: Span[]): Span[] {
  const out: Span[] = [];
  for (const [a, b] of spans) {
    for (const [c, d] of others) {
      const s = Math.max(a, c);
      const e = Math.min(b, d);
      if (e > s) out.push([s, e]);
    }
  }
  return out.sort((x, y) => x[0] - y[0]);
}

/** The union of spans, sorted and disjoint: overlapping or touching spans become one. */
function union(spans: readonly Span[]): Span[] {
  const sorted = spans.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

function subtract(spans: Span[], cut: Span): Span[] {
  const out: Span[] = [];
  for (const [a, b] of spans) {
    if (cut[1] <= a || cut[0] >= b) out.push([a, b]);
    else {
      if (cut[0] > a) out.push([a, cut[0]]);
      if (cut[1] < b) out.push([cut[1], b]);
    }
  }
  return out;
}

/** The first `minutes` of the spans and the rest. */
function splitAfter(spans: Span[], minutes: number): [Span[], Span[]] {
  const head: Span[] = [];
  const tail: Span[] = [];
  let left = minutes;
  for (const [a, b] of spans) {
    if (left >= b - a) {
      head.push([a, b]);
      left -= b - a;
    } else if (left > 0) {
      head.push([a, a + left]);
      tail.push([a + left, b]);
      left = 0;
    } else tail.push([a, b]);
  }
  return [head, tail];
}

/** Minutes of the spans between 22:00 and 06:00. */
function nightMinutes(spans: Span[]): number {
  if (!spans.length) return 0;
  const first = Math.floor(spans[0]![0] / DAY) - 1;
  const last = Math.floor(spans[spans.length - 1]![1] / DAY) + 1;
  const nights: Span[] = [];
  for (let d = first; d <= last; d++) nights.push([d * DAY + 22 * 60, d * DAY + DAY + 6 * 60]);
  return total(intersect(spans, nights));
}

// ---- day type -----------------------------------------------------------------------------------------------

/** The payroll day type of a date's holidays. */
export function dayTypeOf(holidays: readonly { type: HolidayType }[]): DayType {
  const regular = holidays.filter((h) => h.type === 'Regular').length;
  const special = holidays.filter((h) => h.type === 'SpecialNonWorking').length;
  if (regular >= 2) return 'double_regular_holiday';
  if (regular === 1) return 'regular_holiday';
  if (special >= 2) return 'double_special_non_working';
  if (special === 1) return 'special_non_working';
  if (holidays.some((h) => h.type === 'SpecialWorking')) return 'special_working';
  return 'ordinary';
}

// ---- the computation -------------------------------------------------------------------------------------

export interface Plan {
  shift: ShiftRule | null;
  restDay: boolean;
  /** Shift start and end in local minutes (the flexible band for a flexible shift). */
  start: number;
  end: number;
  window: Span;
}

/** A schedule as the database reads it: from when, the employee's rest days, and the shift's columns. */
export interface ScheduleSource {
  effective_date: string;
  /** The employee's own rest days, instead of the shift's. */
  rest_days: number[] | null;
  shift_name: string | null;
  time_in: string | null;
  time_out: string | null;
  break_minutes: number | null;
  grace_minutes: number | null;
  is_flexible: boolean | null;
  required_hours: string | null;
  shift_rest_days: number[] | null;
}

/** A schedule row as attendance takes it (no shift without both its times). */
export function scheduleSpanOf(s: ScheduleSource): ScheduleSpan {
  return {
    effectiveDate: s.effective_date,
    restDays: s.rest_days,
    shift:
      s.time_in && s.time_out
        ? {
            name: s.shift_name ?? '',
            timeIn: clockMinutes(s.time_in),
            timeOut: clockMinutes(s.time_out),
            breakMinutes: s.break_minutes ?? 0,
            graceMinutes: s.grace_minutes ?? 0,
            isFlexible: !!s.is_flexible,
            requiredMinutes: s.required_hours === null ? null : Math.round(Number(s.required_hours) * 60),
            restDays: s.shift_rest_days ?? [],
          }
        : null,
  };
}

function scheduleOn(schedules: ScheduleSpan[], date: string): ScheduleSpan | null {
  let found: ScheduleSpan | null = null;
  for (const s of schedules) if (s.effectiveDate <= date) found = s;
  return found;
}

/**
 * The day as attendance frames it: its shift in force, whether it is a rest day, the shift's start and end, and
 * the window its punches are counted in (4 h before the start to 8 h after the end; a day without a shift: the
 * calendar day), in local minutes.
 */
export const dayPlan = (schedules: ScheduleSpan[], date: string): Plan => planOf(schedules, dayNumber(date));

function planOf(schedules: ScheduleSpan[], day: number): Plan {
  const schedule = scheduleOn(schedules, dateOfDay(day));
  const shift = schedule?.shift ?? null;
  const base = day * DAY;
  const weekday = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
  // Without a shift and rest days of the employee's own, Sunday is the rest day (the custom the Labor Code's
  // weekly rest day follows, and what leave filing counts): a Sunday worked is paid as a rest day.
  const restDays = schedule?.restDays ?? shift?.restDays ?? [0];
  if (!shift)
    return {
      shift,
      restDay: restDays.includes(weekday),
      start: base,
      end: base + DAY,
      window: [base, base + DAY],
    };
  const start = base + shift.timeIn;
  const end = base + shift.timeOut + (shift.timeOut <= shift.timeIn ? DAY : 0);
  return { shift, restDay: restDays.includes(weekday), start, end, window: [start - 4 * 60, end + 8 * 60] };
}

/** The unpaid break of a fixed shift, in the middle of it. */
function breakOf(plan: Plan): Span {
  const length = plan.shift?.breakMinutes ?? 0;
  const at = plan.start + Math.floor((plan.end - plan.start - length) / 2);
  return [at, at + length];
}

/**
 * Where one day's window ends and the next one's starts. Windows of the same shift never overlap; when the shift
 * changes (a night shift, then a day shift), the overlap is split halfway between the first shift's end and the
 * second one's start, so a punch counts for one day only.
 */
function boundary(a: Plan, b: Plan): number {
  if (a.window[1] <= b.window[0]) return a.window[1];
  return Math.min(a.window[1], Math.max(b.window[0], Math.floor((a.end + b.start) / 2)));
}

/** Attendance of one employee for every day from `from` to `to`. */
export function computeAttendance(input: AttendanceInput): DayResult[] {
  const first = dayNumber(input.from);
  const last = dayNumber(input.to);
  const punches = input.punches
    .map((p) => ({ at: localMinutes(p.at), direction: p.direction }))
    .sort((a, b) => a.at - b.at);
  // Merged: overlapping approvals (duplicates filed before filings took turns) pay their minutes once.
  const approved = union(input.overtime.map((o): Span => [localMinutes(o.startsAt), localMinutes(o.endsAt)]));
  const now = input.now ? localMinutes(input.now) : Infinity;
  const results: DayResult[] = [];
  let plan = planOf(input.schedules, first);
  let previousEnd = boundary(planOf(input.schedules, first - 1), plan);
  for (let day = first; day <= last; day++) {
    const next = planOf(input.schedules, day + 1);
    // Windows never overlap: a punch belongs to one day only.
    const nextStart = boundary(plan, next);
    const window: Span = [Math.max(plan.window[0], previousEnd), Math.min(plan.window[1], nextStart)];
    const date = dateOfDay(day);
    const dayPunches = punches.filter((p) => p.at >= window[0] && p.at < window[1]);
    const result = computeDay(
      date,
      plan,
      dayPunches,
      input.holidays.filter((h) => h.date === date),
      approved,
      input.leave.find((l) => l.date === date) ?? null,
    );
    results.push(now < plan.end ? notOver(result) : result);
    previousEnd = nextStart;
    plan = next;
  }
  return results;
}

/** A day still under way: what only its end can tell (absent, undertime, the out punch) is not judged. */
function notOver(result: DayResult): DayResult {
  // A lone Out (or one before any in) is missing its in whatever the hour: that flag and its single punch stay.
  const missingIn = result.anomalies.includes('MissingIn');
  return {
    ...result,
    notOver: true,
    absent: false,
    undertimeMinutes: 0,
    anomalies: result.anomalies.filter((a) => a === 'MissingIn' || (a === 'SinglePunch' && missingIn)),
  };
}

function computeDay(
  date: string,
  plan: Plan,
  punches: { at: number; direction: Direction }[],
  holidays: HolidayInput[],
  approved: Span[],
  leave: LeaveInput | null,
): DayResult {
  const dayType = dayTypeOf(holidays);
  const workingDay = !plan.restDay && (dayType === 'ordinary' || dayType === 'special_working');
  const inPunch = punches.find((p) => p.direction !== 'Out');
  const outPunch = inPunch
    ? [...punches].reverse().find((p) => p.direction !== 'In' && p.at > inPunch.at)
    : undefined;
  const anomalies: Anomaly[] = [];
  if (punches.length === 1) {
    anomalies.push('SinglePunch');
    if (punches[0]!.direction === 'In') anomalies.push('MissingOut');
    if (punches[0]!.direction === 'Out') anomalies.push('MissingIn');
  } else if (punches.length > 1) {
    if (!inPunch) anomalies.push('MissingIn');
    else if (!outPunch) anomalies.push('MissingOut');
  }
  const result: DayResult = {
    date,
    shiftName: plan.shift?.name ?? null,
    dayType,
    restDay: plan.restDay,
    holidayNames: holidays.map((h) => h.name),
    firstIn: inPunch?.at ?? null,
    lastOut: outPunch?.at ?? null,
    punchCount: punches.length,
    workedMinutes: 0,
    lateMinutes: 0,
    undertimeMinutes: 0,
    nightDiffMinutes: 0,
    overtimeMinutes: 0,
    payableOvertimeMinutes: 0,
    overtimeNightMinutes: 0,
    absent: false,
    onLeave: leave !== null,
    anomalies,
    notOver: false,
  };
  // Absent: a working day with a shift, nothing worked in it, and no whole-day leave (a half-day leave with no
  // work is half absent: payroll pays the leave half from the leave).
  const absentDay = !!plan.shift && workingDay && !(leave && !leave.halfDay);
  if (!inPunch || !outPunch) {
    // Nothing to count: absent when there is no punch at all.
    result.absent = absentDay && punches.length === 0;
    return result;
  }
  const work: Span[] = [[inPunch.at, outPunch.at]];
  const shift = plan.shift;
  let regular: Span[];
  let overtime: Span[] = [];
  if (!shift) {
    regular = work;
    result.workedMinutes = total(regular);
  } else if (shift.isFlexible) {
    const inBand = intersect(work, [[plan.start, plan.end]]);
    const required = shift.requiredMinutes ?? plan.end - plan.start - shift.breakMinutes;
    // The break is taken off the worked time wherever it fell; the overtime is the day's last minutes.
    const net = Math.max(0, total(inBand) - shift.breakMinutes);
    [regular, overtime] = splitAfter(
      inBand,
      Math.min(net, required) + Math.min(shift.breakMinutes, total(inBand)),
    );
    result.workedMinutes = Math.min(net, required);
    if (workingDay)
      result.undertimeMinutes = Math.max(0, required - net - (leave?.halfDay ? Math.floor(required / 2) : 0));
  } else {
    const paid = subtract(work, breakOf(plan));
    const shiftSpan: Span = [plan.start, plan.end];
    const required = plan.end - plan.start - shift.breakMinutes;
    if (workingDay) {
      regular = intersect(paid, [shiftSpan]);
      const after = intersect(paid, [[plan.end, Infinity]]);
      const before = intersect(intersect(paid, [[-Infinity, plan.start]]), approved);
      overtime = [...before, ...after];
      // Within grace the employee is on time: the minutes from the start to the in punch count as worked.
      result.workedMinutes = total(regular) + (regular.length ? total(graced(plan, inPunch.at, leave)) : 0);
      result.lateMinutes = lateness(plan, inPunch.at, leave);
      result.undertimeMinutes = undertime(plan, outPunch.at, leave);
    } else {
      [regular, overtime] = splitAfter(paid, required);
      result.workedMinutes = total(regular);
    }
  }
  const payable = intersect(overtime, approved);
  result.nightDiffMinutes = nightMinutes(regular);
  result.overtimeMinutes = total(overtime);
  result.payableOvertimeMinutes = total(payable);
  result.overtimeNightMinutes = nightMinutes(payable);
  if (shift && workingDay && result.workedMinutes === 0) {
    anomalies.push('NoWorkInShift');
    result.nightDiffMinutes = 0;
    // Punches, but not a paid minute of the shift: an absence, never a day "worked" for 0 minutes with late or
    // undertime. The unapproved overtime stays shown (an approval makes it paid: the day is then worked, its
    // overtime paid and the missed shift late or undertime).
    if (result.payableOvertimeMinutes === 0) {
      result.lateMinutes = 0;
      result.undertimeMinutes = 0;
      result.absent = absentDay;
    }
  }
  return result;
}

/**
 * The start of the shift as lateness reads it: the shift's start, or the end of the break after a morning
 * half-day leave (once the first in is past the break's start).
 */
function dueStart(plan: Plan, firstIn: number, leave: LeaveInput | null): number {
  const pause = breakOf(plan);
  return leave?.halfDay && firstIn > pause[0] ? pause[1] : plan.start;
}

/** The shift minutes (break left out) from the start to a first in within grace, worked by the rule; none else. */
function graced(plan: Plan, firstIn: number, leave: LeaveInput | null): Span[] {
  const start = dueStart(plan, firstIn, leave);
  if (firstIn <= start || firstIn - start > (plan.shift?.graceMinutes ?? 0)) return [];
  return subtract([[start, Math.min(firstIn, plan.end)]], breakOf(plan));
}

/** Shift minutes (break left out) from the start to the first in, once past grace; a morning half-day leave
 *  moves the start to the end of the break. */
function lateness(plan: Plan, firstIn: number, leave: LeaveInput | null): number {
  const pause = breakOf(plan);
  const start = dueStart(plan, firstIn, leave);
  if (firstIn - start <= (plan.shift?.graceMinutes ?? 0)) return 0;
  return total(subtract([[start, Math.min(firstIn, plan.end)]], pause));
}

/** Shift minutes (break left out) from the last out to the end; an afternoon half-day leave ends at the break. */
function undertime(plan: Plan, lastOut: number, leave: LeaveInput | null): number {
  const pause = breakOf(plan);
  const end = leave?.halfDay && lastOut <= pause[1] ? pause[0] : plan.end;
  if (lastOut >= end) return 0;
  return total(subtract([[Math.max(lastOut, plan.start), end]], pause));
}
