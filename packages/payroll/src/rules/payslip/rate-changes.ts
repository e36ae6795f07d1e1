/**
 * A rate that changes inside the period (a raise on the 10th of a 1-15 cut-off): each day is paid at the rate in
 * force on it. Every attendance amount is linear in the rate, so the days are first priced at the period-end rate
 * (earnings.ts, the usual lines) and then, for each earlier rate, the days before the next change get one
 * adjustment line: what they earn at their own rate less what they earned at the next one. Telescoping over the
 * changes, a day in any segment ends up paid at its own rate. A monthly salary pays each segment its share of the
 * period's calendar days. Each adjustment is rounded half-up once (REFERENCE.md §8.4 option (a)), like a line.
 */
import { previousDate } from '../../dates.js';
import { formatGrouped } from '../../money.js';
import type { CompiledDay, CompiledHolidays } from '../../tables/index.js';
import { giveBackTally, tallyAttendance, takeTally } from './attendance.js';
import { attendanceEarnings } from './earnings.js';
import { daysBetween } from './inputs.js';
import { Slip } from './slip.js';
import { dayRate, type PayslipWork, type RateSegment } from './terms.js';

/** Adds the rate adjustment lines to `slip`; returns the change to the basic salary earned (13th month base). */
export function rateChangeAdjustments(
  slip: Slip,
  w: PayslipWork,
  attendance: unknown,
  hol: CompiledHolidays,
  premiums: CompiledDay[],
  /** The basic pay the period's lines earn before the adjustments (after absences, capped at the basic pay). */
  basicBefore: number,
): number {
  const segments = w.rateSegments;
  if (!segments) return 0;
  const periodDays = daysBetween(w.start, w.end) + 1;
  let basicChange = 0;
  for (let i = 0; i < segments.length - 1; i++) {
    const own = segments[i]!;
    const next = segments[i + 1]!;
    if (own.cents === next.cents) continue;
    // The days before the next change (from the period start: the later segments' adjustments telescope).
    const last = previousDate(next.from);
    const days = Array.isArray(attendance)
      ? attendance.filter((d: { date?: unknown }) => typeof d?.date === 'string' && d.date <= last)
      : [];
    const share = { days: daysBetween(w.start, last) + 1, of: periodDays };
    const atOwn = priced(w, own, days, last, hol, premiums, share);
    const atNext = priced(w, next, days, last, hol, premiums, share);
    let amount = atOwn.gross - atNext.gross;
    let basicDelta = atOwn.basic - atNext.basic;
    // Never below no basic pay at all: a period of absences (capped at the basic pay) has no basic pay left for an
    // earlier, lower rate to take back (a raise in a cut-off never worked had made the basic pay negative).
    const left = basicBefore + basicChange;
    if (basicDelta < -left) {
      amount += -left - basicDelta;
      basicDelta = -left;
    }
    basicChange += basicDelta;
    if (amount === 0) continue;
    slip.earn(
      'RATE_ADJ',
      `Days before ${next.from} at the earlier rate of ${formatGrouped(own.cents)} (adjustment)`,
      share.days,
      'day',
      '',
      amount,
      !w.mwe,
      true,
    );
  }
  return basicChange;
}

/** The attendance earnings of `days` (up to `last`) at one rate, on a scratch payslip. */
function priced(
  w: PayslipWork,
  segment: RateSegment,
  days: unknown[],
  last: string,
  hol: CompiledHolidays,
  premiums: CompiledDay[],
  share: { days: number; of: number },
): { gross: number; basic: number } {
  const terms = { ...w, rateCents: segment.cents, ...dayRate(w.monthly, segment.cents, w.divisor) };
  const t = takeTally();
  tallyAttendance(t, days, w.start, last, w.hpd, hol, premiums, w.monthly, w.restCovered, w.cola !== 0);
  const scratch = new Slip();
  const basic = attendanceEarnings(scratch, terms, t, premiums, share);
  giveBackTally(t);
  return { gross: scratch.gross, basic };
}
