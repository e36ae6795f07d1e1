/** Issue 9 §1.3: the worked examples of daily attendance, on the pure function. */
import { describe, expect, it } from 'vitest';
import {
  computeAttendance,
  localText,
  type AttendanceInput,
  type DayResult,
  type Direction,
  type HolidayInput,
  type ShiftRule,
} from './attendance.js';

const at = (local: string) => new Date(`${local}:00+08:00`);
const punch = (local: string, direction: Direction = 'Unknown') => ({ at: at(local), direction });

const DAY_SHIFT: ShiftRule = {
  name: 'Day Shift',
  timeIn: 8 * 60,
  timeOut: 17 * 60,
  breakMinutes: 60,
  graceMinutes: 10,
  isFlexible: false,
  requiredMinutes: null,
  restDays: [0],
};
const NIGHT_SHIFT: ShiftRule = { ...DAY_SHIFT, name: 'Night Shift', timeIn: 22 * 60, timeOut: 7 * 60 };
const FLEX: ShiftRule = {
  ...DAY_SHIFT,
  name: 'Flexi',
  timeIn: 6 * 60,
  timeOut: 20 * 60,
  isFlexible: true,
  requiredMinutes: 8 * 60,
};

// 2026-11-03 is a Tuesday; 2026-11-08 a Sunday; 2026-11-30 (Monday) Bonifacio Day, a regular holiday.
function day(
  date: string,
  punches: ReturnType<typeof punch>[],
  options: Partial<Omit<AttendanceInput, 'from' | 'to' | 'punches'>> & { shift?: ShiftRule } = {},
): DayResult {
  const [result] = computeAttendance({
    from: date,
    to: date,
    schedules: options.schedules ?? [
      { effectiveDate: '2024-01-01', shift: options.shift ?? DAY_SHIFT, restDays: null },
    ],
    punches,
    holidays: options.holidays ?? [],
    overtime: options.overtime ?? [],
    leave: options.leave ?? [],
    now: options.now,
  });
  return result!;
}

const BONIFACIO: HolidayInput = { date: '2026-11-30', name: 'Bonifacio Day', type: 'Regular' };

describe('daily attendance', () => {
  it('a day shift on time: 8 hours, nothing late, no overtime', () => {
    const r = day('2026-11-03', [punch('2026-11-03 07:55', 'In'), punch('2026-11-03 17:02', 'Out')]);
    expect(r).toMatchObject({
      dayType: 'ordinary',
      restDay: false,
      workedMinutes: 480,
      lateMinutes: 0,
      undertimeMinutes: 0,
      overtimeMinutes: 2,
      payableOvertimeMinutes: 0,
      nightDiffMinutes: 0,
      absent: false,
      anomalies: [],
    });
    expect(localText(r.firstIn!)).toBe('2026-11-03T07:55');
    expect(localText(r.lastOut!)).toBe('2026-11-03T17:02');
  });

  it('late within grace counts nothing (worked from the shift start); past grace the whole lateness counts', () => {
    // Within grace the employee is on time: the day's 480 minutes, as a monthly salary pays them (sweep item 6:
    // 470 paid a daily-paid employee 10 minutes less for the same tolerated lateness).
    const within = day('2026-11-03', [punch('2026-11-03 08:10'), punch('2026-11-03 17:00')]);
    expect(within.lateMinutes).toBe(0);
    expect(within.workedMinutes).toBe(480);
    const past = day('2026-11-03', [punch('2026-11-03 08:25'), punch('2026-11-03 17:00')]);
    expect(past.lateMinutes).toBe(25);
    expect(past.workedMinutes).toBe(455);
  });

  it('undertime: leaving early, the break left out', () => {
    const r = day('2026-11-03', [punch('2026-11-03 08:00'), punch('2026-11-03 15:30')]);
    expect(r.undertimeMinutes).toBe(90);
    expect(r.workedMinutes).toBe(390);
    const beforeBreakEnd = day('2026-11-03', [punch('2026-11-03 08:00'), punch('2026-11-03 11:00')]);
    expect(beforeBreakEnd.undertimeMinutes).toBe(300);
  });

  it('overtime without approval is recorded but not payable; with approval the covered part is', () => {
    const punches = [punch('2026-11-03 08:00', 'In'), punch('2026-11-03 20:00', 'Out')];
    const none = day('2026-11-03', punches);
    expect(none).toMatchObject({ workedMinutes: 480, overtimeMinutes: 180, payableOvertimeMinutes: 0 });
    const approved = day('2026-11-03', punches, {
      overtime: [{ startsAt: at('2026-11-03 17:00'), endsAt: at('2026-11-03 19:00') }],
    });
    expect(approved).toMatchObject({ overtimeMinutes: 180, payableOvertimeMinutes: 120 });
  });

  it('early arrival is overtime only when an approved OT covers it', () => {
    const punches = [punch('2026-11-03 06:00'), punch('2026-11-03 17:00')];
    expect(day('2026-11-03', punches).overtimeMinutes).toBe(0);
    const approved = day('2026-11-03', punches, {
      overtime: [{ startsAt: at('2026-11-03 06:00'), endsAt: at('2026-11-03 08:00') }],
    });
    expect(approved).toMatchObject({ overtimeMinutes: 120, payableOvertimeMinutes: 120 });
  });

  it('overlapping approved OT (duplicate filings) pays the union of its spans once', () => {
    // 07:55 to 21:30 (sweep item 1): four copies of 18:00-21:00 were paid as 720 minutes against 270 worked.
    const punches = [punch('2026-11-03 06:30', 'In'), punch('2026-11-03 23:30', 'Out')];
    const ot = (from: string, to: string) => ({
      startsAt: at(`2026-11-03 ${from}`),
      endsAt: at(`2026-11-03 ${to}`),
    });
    const four = day('2026-11-03', punches, { overtime: [1, 2, 3, 4].map(() => ot('18:00', '21:00')) });
    expect(four).toMatchObject({ overtimeMinutes: 390, payableOvertimeMinutes: 180 });
    // Partly overlapping and touching spans, after the shift and into the night band: 17:00-23:00 once.
    const partial = day('2026-11-03', punches, {
      overtime: [ot('18:00', '21:00'), ot('17:00', '19:30'), ot('20:00', '22:30'), ot('22:30', '23:00')],
    });
    expect(partial).toMatchObject({ payableOvertimeMinutes: 360, overtimeNightMinutes: 60 });
    // Before the shift: two approvals of the same early hours count once as overtime, and once as payable.
    const early = day('2026-11-03', punches, { overtime: [ot('06:30', '08:00'), ot('07:00', '08:00')] });
    expect(early).toMatchObject({ overtimeMinutes: 90 + 390, payableOvertimeMinutes: 90 });
  });

  it('a night shift across midnight counts on the day it starts, with night-differential minutes', () => {
    const results = computeAttendance({
      from: '2026-11-03',
      to: '2026-11-04',
      schedules: [{ effectiveDate: '2024-01-01', shift: NIGHT_SHIFT, restDays: null }],
      punches: [punch('2026-11-03 21:58'), punch('2026-11-04 07:05')],
      holidays: [],
      overtime: [],
      leave: [],
    });
    const [first, second] = results;
    // 22:00-07:00 with the break 02:00-03:00: 8 hours worked, all but 06:00-07:00 at night.
    expect(first).toMatchObject({
      workedMinutes: 480,
      nightDiffMinutes: 420,
      lateMinutes: 0,
      overtimeMinutes: 5,
    });
    expect(second).toMatchObject({ punchCount: 0, absent: true });
  });

  it('rest day worked: the day is a rest day, 8 hours regular and the rest overtime, never late', () => {
    const r = day('2026-11-08', [punch('2026-11-08 09:00'), punch('2026-11-08 19:00')]);
    expect(r).toMatchObject({
      dayType: 'ordinary',
      restDay: true,
      workedMinutes: 480,
      overtimeMinutes: 60,
      lateMinutes: 0,
      undertimeMinutes: 0,
      absent: false,
    });
    expect(day('2026-11-08', []).absent).toBe(false);
  });

  it('regular holiday worked and not worked', () => {
    const worked = day('2026-11-30', [punch('2026-11-30 08:00'), punch('2026-11-30 17:00')], {
      holidays: [BONIFACIO],
    });
    expect(worked).toMatchObject({
      dayType: 'regular_holiday',
      holidayNames: ['Bonifacio Day'],
      workedMinutes: 480,
      absent: false,
    });
    const off = day('2026-11-30', [], { holidays: [BONIFACIO] });
    expect(off).toMatchObject({ dayType: 'regular_holiday', workedMinutes: 0, absent: false });
  });

  it('double holiday, special day, and a holiday on a rest day', () => {
    const two = [BONIFACIO, { ...BONIFACIO, name: "Eid'l Adha" }];
    expect(day('2026-11-30', [], { holidays: two }).dayType).toBe('double_regular_holiday');
    const special: HolidayInput = { date: '2026-11-02', name: "All Souls' Day", type: 'SpecialNonWorking' };
    expect(day('2026-11-02', [], { holidays: [special] })).toMatchObject({
      dayType: 'special_non_working',
      absent: false,
    });
    const onSunday = day('2026-11-08', [punch('2026-11-08 08:00'), punch('2026-11-08 17:00')], {
      holidays: [{ date: '2026-11-08', name: 'Local', type: 'Regular' }],
    });
    expect(onSunday).toMatchObject({ dayType: 'regular_holiday', restDay: true, workedMinutes: 480 });
  });

  it('a single punch is an anomaly, not an absence', () => {
    const r = day('2026-11-03', [punch('2026-11-03 07:58', 'In')]);
    expect(r).toMatchObject({ absent: false, workedMinutes: 0, anomalies: ['SinglePunch', 'MissingOut'] });
    expect(day('2026-11-03', [punch('2026-11-03 17:00', 'Out')]).anomalies).toEqual([
      'SinglePunch',
      'MissingIn',
    ]);
    expect(
      day('2026-11-03', [punch('2026-11-03 08:00', 'In'), punch('2026-11-03 12:00', 'In')]).anomalies,
    ).toEqual(['MissingOut']);
  });

  it('absent on a working day without punches, unless on leave', () => {
    expect(day('2026-11-03', [])).toMatchObject({ absent: true, onLeave: false });
    expect(day('2026-11-03', [], { leave: [{ date: '2026-11-03', halfDay: false }] })).toMatchObject({
      absent: false,
      onLeave: true,
    });
  });

  it('a half-day leave in the morning: late counts from the end of the break', () => {
    const r = day('2026-11-03', [punch('2026-11-03 13:00'), punch('2026-11-03 17:00')], {
      leave: [{ date: '2026-11-03', halfDay: true }],
    });
    expect(r).toMatchObject({ lateMinutes: 0, undertimeMinutes: 0, workedMinutes: 240, onLeave: true });
  });

  it('a flexible shift: required hours, never late, shortfall is undertime and excess overtime', () => {
    const full = day('2026-11-03', [punch('2026-11-03 10:00'), punch('2026-11-03 19:00')], { shift: FLEX });
    expect(full).toMatchObject({
      workedMinutes: 480,
      lateMinutes: 0,
      undertimeMinutes: 0,
      overtimeMinutes: 0,
    });
    const short = day('2026-11-03', [punch('2026-11-03 10:00'), punch('2026-11-03 17:00')], { shift: FLEX });
    expect(short).toMatchObject({ workedMinutes: 360, undertimeMinutes: 120, lateMinutes: 0 });
    const long = day('2026-11-03', [punch('2026-11-03 07:00'), punch('2026-11-03 18:00')], { shift: FLEX });
    expect(long).toMatchObject({ workedMinutes: 480, overtimeMinutes: 120, payableOvertimeMinutes: 0 });
  });

  it('grace: worked counts from the start; night minutes stay the ones worked; a half-day leave starts after the break', () => {
    const nightIn = computeAttendance({
      from: '2026-11-03',
      to: '2026-11-03',
      schedules: [{ effectiveDate: '2024-01-01', shift: NIGHT_SHIFT, restDays: null }],
      punches: [punch('2026-11-03 22:08'), punch('2026-11-04 07:00')],
      holidays: [],
      overtime: [],
      leave: [],
    })[0]!;
    // 22:00-07:00 less the 02:00-03:00 break: 480 worked; at night 22:08-02:00 and 03:00-06:00 = 232 + 180.
    expect(nightIn).toMatchObject({ lateMinutes: 0, workedMinutes: 480, nightDiffMinutes: 412 });
    const afternoon = day('2026-11-03', [punch('2026-11-03 13:07'), punch('2026-11-03 17:00')], {
      leave: [{ date: '2026-11-03', halfDay: true }],
    });
    expect(afternoon).toMatchObject({ lateMinutes: 0, workedMinutes: 240 });
    // No grace, no credit: 08:01 is a minute late and 479 worked.
    const strict = day('2026-11-03', [punch('2026-11-03 08:01'), punch('2026-11-03 17:00')], {
      shift: { ...DAY_SHIFT, graceMinutes: 0 },
    });
    expect(strict).toMatchObject({ lateMinutes: 1, workedMinutes: 479 });
  });

  it('punches on a working day with no paid shift minute: an absence flagged NoWorkInShift, never late or undertime', () => {
    const none = { workedMinutes: 0, lateMinutes: 0, undertimeMinutes: 0, nightDiffMinutes: 0, absent: true };
    // After the shift only (sweep item 1: stored worked 0 and late 480, which payroll refused).
    const after = day('2026-11-03', [punch('2026-11-03 17:30', 'In'), punch('2026-11-03 18:30', 'Out')]);
    expect(after).toMatchObject({ ...none, overtimeMinutes: 60, payableOvertimeMinutes: 0 });
    expect(after.anomalies).toEqual(['NoWorkInShift']);
    // Before the shift only, and inside the break only (12:00-13:00).
    expect(day('2026-11-03', [punch('2026-11-03 05:00'), punch('2026-11-03 07:30')])).toMatchObject({
      ...none,
      anomalies: ['NoWorkInShift'],
    });
    expect(day('2026-11-03', [punch('2026-11-03 12:10'), punch('2026-11-03 12:50')])).toMatchObject({
      ...none,
      anomalies: ['NoWorkInShift'],
    });
    // A flexible shift punched only outside its 06:00-20:00 band.
    expect(
      day('2026-11-03', [punch('2026-11-03 20:10'), punch('2026-11-03 22:00')], { shift: FLEX }),
    ).toMatchObject({ ...none, anomalies: ['NoWorkInShift'] });
    // On whole-day leave it is the leave, not an absence; on a half-day leave, half absent as without punches.
    expect(
      day('2026-11-03', [punch('2026-11-03 18:00'), punch('2026-11-03 19:00')], {
        leave: [{ date: '2026-11-03', halfDay: false }],
      }),
    ).toMatchObject({ ...none, absent: false, onLeave: true });
    expect(
      day('2026-11-03', [punch('2026-11-03 18:00'), punch('2026-11-03 19:00')], {
        leave: [{ date: '2026-11-03', halfDay: true }],
      }),
    ).toMatchObject({ ...none, absent: true, onLeave: true });
    // On a rest day nothing was due: no absence, no flag.
    expect(day('2026-11-08', [punch('2026-11-08 05:00'), punch('2026-11-08 05:30')])).toMatchObject({
      workedMinutes: 30,
      absent: false,
      anomalies: [],
    });
  });

  it('approved overtime outside the shift is paid; the missed shift stays late or undertime, not an absence', () => {
    const r = day('2026-11-03', [punch('2026-11-03 17:30', 'In'), punch('2026-11-03 19:00', 'Out')], {
      overtime: [{ startsAt: at('2026-11-03 17:30'), endsAt: at('2026-11-03 19:00') }],
    });
    expect(r).toMatchObject({
      workedMinutes: 0,
      lateMinutes: 480,
      payableOvertimeMinutes: 90,
      absent: false,
      anomalies: ['NoWorkInShift'],
    });
  });

  it('follows the schedule in force on each day', () => {
    const results = computeAttendance({
      from: '2026-11-03',
      to: '2026-11-04',
      schedules: [
        { effectiveDate: '2024-01-01', shift: DAY_SHIFT, restDays: null },
        { effectiveDate: '2026-11-04', shift: DAY_SHIFT, restDays: [3] },
      ],
      punches: [],
      holidays: [],
      overtime: [],
      leave: [],
    });
    expect(results.map((r) => [r.restDay, r.absent])).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it('a change from a night shift to a day shift splits the overlapping windows, each punch counted once', () => {
    const results = computeAttendance({
      from: '2026-11-03',
      to: '2026-11-04',
      schedules: [
        { effectiveDate: '2024-01-01', shift: NIGHT_SHIFT, restDays: null },
        { effectiveDate: '2026-11-04', shift: DAY_SHIFT, restDays: null },
      ],
      punches: [
        punch('2026-11-03 22:00'),
        punch('2026-11-04 07:00'),
        punch('2026-11-04 08:00'),
        punch('2026-11-04 17:00'),
      ],
      holidays: [],
      overtime: [],
      leave: [],
    });
    expect(results.map((r) => [r.shiftName, r.punchCount, r.workedMinutes])).toEqual([
      ['Night Shift', 2, 480],
      ['Day Shift', 2, 480],
    ]);
  });

  // HR walkthrough: at 11:56 a 14:00-23:00 employee showed Absent, and "Store for payroll" stored it so.
  it('a shift not over at the time of reading is not judged: not absent, no undertime, no missing out', () => {
    const noon = at('2026-11-03 11:56');
    expect(day('2026-11-03', [], { now: noon })).toMatchObject({ notOver: true, absent: false });
    // In, still at work: the missing out waits for the shift's end.
    const atWork = day('2026-11-03', [punch('2026-11-03 08:30', 'In')], { now: noon });
    expect(atWork).toMatchObject({ notOver: true, undertimeMinutes: 0, anomalies: [] });
    // In late, out for lunch at 11:00 with no punch since: the lateness stands, the undertime waits for 17:00.
    const out = day('2026-11-03', [punch('2026-11-03 08:30', 'In'), punch('2026-11-03 11:00', 'Out')], {
      now: noon,
    });
    expect(out).toMatchObject({ notOver: true, lateMinutes: 30, undertimeMinutes: 0, absent: false });
    // A lone Out is missing its in whatever the hour.
    const loneOut = day('2026-11-03', [punch('2026-11-03 09:00', 'Out')], { now: noon });
    expect(loneOut.anomalies).toEqual(['SinglePunch', 'MissingIn']);
    // Once the shift has ended the same days are judged as before.
    const evening = at('2026-11-03 17:00');
    expect(day('2026-11-03', [], { now: evening })).toMatchObject({ notOver: false, absent: true });
    expect(day('2026-11-03', [punch('2026-11-03 08:30', 'In')], { now: evening })).toMatchObject({
      notOver: false,
      anomalies: ['SinglePunch', 'MissingOut'],
    });
    expect(
      day('2026-11-03', [punch('2026-11-03 08:30', 'In'), punch('2026-11-03 11:00', 'Out')], {
        now: evening,
      }),
    ).toMatchObject({ lateMinutes: 30, undertimeMinutes: 300 }); // 11:00-17:00 less the break
    // A night shift starting on the 3rd ends on the 4th at 07:00: at 06:00 on the 4th it is still under way.
    const night = day('2026-11-03', [punch('2026-11-03 21:55', 'In')], {
      shift: NIGHT_SHIFT,
      now: at('2026-11-04 06:00'),
    });
    expect(night).toMatchObject({ notOver: true, anomalies: [] });
  });

  // HR walkthrough: for an employee without a shift, leave filing skipped Sunday as the rest day while attendance
  // read a Sunday worked as an ordinary day (no rest-day premium). Both now take Sunday, unless the employee has
  // rest days of their own.
  it('an employee without a shift rests on Sunday unless they have rest days of their own', () => {
    const noShift = [{ effectiveDate: '2024-01-01', shift: null, restDays: null }];
    const worked = [punch('2026-11-08 08:00', 'In'), punch('2026-11-08 17:00', 'Out')];
    expect(day('2026-11-08', worked, { schedules: noShift })).toMatchObject({ restDay: true, absent: false });
    expect(day('2026-11-03', [], { schedules: noShift })).toMatchObject({ restDay: false, absent: false });
    const ownRestDays = [{ effectiveDate: '2024-01-01', shift: null, restDays: [6] }];
    expect(day('2026-11-08', worked, { schedules: ownRestDays }).restDay).toBe(false);
    expect(day('2026-11-07', [], { schedules: ownRestDays }).restDay).toBe(true);
  });
});
