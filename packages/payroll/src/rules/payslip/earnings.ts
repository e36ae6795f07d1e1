/**
 * Earnings from attendance: basic pay (monthly salary per period or per week, or daily-paid hours), premium pay
 * on rest days and holidays (Labor Code Arts. 93–94), overtime (Art. 87), night differential (Art. 86), holiday
 * pay for unworked regular holidays (Art. 94), paid leave and COLA (DOLE wage orders), and for monthly-paid
 * employees the negative lines for unpaid absence, a holiday forfeited under Art. 94, lateness and undertime
 * (Art. 88), capped at the basic pay. Each line is rounded half-up once from its exact fraction (REFERENCE.md
 * §8.2, §8.4 option (a)).
 */
import {
  divHalfUp,
  formatMoney,
  formatNegatedRate,
  formatRate,
  mulDivHalfUp,
  RATE_SCALE,
} from '../../money.js';
import { DAY_KEYS, type CompiledDay } from '../../tables/index.js';
import { N_KEYS, type AttendanceTally } from './attendance.js';
import type { Slip } from './slip.js';
import type { PayTerms } from './terms.js';
import type { PayslipLine } from './types.js';

const ABBR = DAY_KEYS.map((k) =>
  k
    .replace('double_regular_holiday', 'DRH')
    .replace('regular_holiday', 'RH')
    .replace('double_special_non_working', 'DSH')
    .replace('special_non_working', 'SH')
    .replace('special_working', 'SW')
    .replace('ordinary', 'ORD')
    .replace('_rest_day', 'RD'),
);
const LABEL = [
  'ordinary day',
  'rest day',
  'special non-working day',
  'special non-working day on rest day',
  'special working day',
  'special working day on rest day',
  'regular holiday',
  'regular holiday on rest day',
  'double regular holiday',
  'double regular holiday on rest day',
  'double special day',
  'double special day on rest day',
];
// Line codes and descriptions per (day type, rest day), built once.
const PREM_CODE = ABBR.map((a) => `PREM_${a}`);
const PREM_DESC = LABEL.map((l) => `Pay for hours worked, ${l}`);
const PREMX_DESC = LABEL.map((l) => `Premium above the monthly salary, ${l}`);
const ND_CODE = ABBR.map((a) => `ND_${a}`);
const ND_DESC = LABEL.map((l) => `Night differential, ${l}`);
const OT_CODE = ABBR.map((a) => `OT_${a}`);
const OT_DESC = LABEL.map((l) => `Overtime, ${l}`);
const NDOT_CODE = ABBR.map((a) => `NDOT_${a}`);
const NDOT_DESC = LABEL.map((l) => `Night differential on overtime, ${l}`);
const HOL_CODE = ABBR.map((a) => `HOL_${a}`);
const HOL_DESC = LABEL.map((l) => `Holiday pay, ${l} not worked`);
const HOLX_CODE = ABBR.map((a) => `HOLX_${a}`);
const HOLX_DESC = LABEL.map((l) => `Unpaid ${l} (absent on the workday before, Art. 94)`);
/** The line of the workdays outside employment (attendance `outsideEmployment`; README "Monthly-paid"). */
const OUTSIDE_DESC = 'Days outside employment';

/**
 * Every line code the engine writes of its own: attendance pay and deductions (here), the rate-change line
 * (rate-changes.ts), the statutory shares and the tax (deductions.ts). Reports sort lines into their buckets by
 * these codes, so a user-defined earning or deduction (an allowance, benefit or other deduction of the input)
 * must never take one. (An allowance's or benefit's taxable excess is `<code>_TAXABLE`, allowances.ts.)
 */
export const ENGINE_LINE_CODES: readonly string[] = Object.freeze([
  'BASIC',
  'LEAVE',
  'COLA',
  'ABSENT',
  'LATE',
  'UNDERTIME',
  'RATE_ADJ',
  'SSS',
  'PHIC',
  'HDMF',
  'WTAX',
  ...PREM_CODE,
  ...ND_CODE,
  ...OT_CODE,
  ...NDOT_CODE,
  ...HOL_CODE,
  ...HOLX_CODE,
]);

const WHOLE_PERIOD = Object.freeze({ days: 1, of: 1 });

/** Adds the earning lines of the attendance to `slip`; returns the basic salary earned (for the 13th month: no
 *  premiums, OT, night differential or COLA). `premiums` is the premium table in force, by DAY_KEYS index.
 *  `share` (days of the period, of all its days) pays that part of a monthly salary: rate-changes.ts prices the
 *  days before a rate change with it. */
export function attendanceEarnings(
  slip: Slip,
  p: PayTerms,
  t: AttendanceTally,
  premiums: CompiledDay[],
  share: { days: number; of: number } = WHOLE_PERIOD,
): number {
  const { monthly, weekly, weekDays, rateCents, periodsPerMonth, rNum, rDen, hpd, cola } = p;
  const fullDay = hpd * 60;
  const hourDen = rDen * fullDay * RATE_SCALE; // for Σ minutes × multiplier
  const dayDen = rDen * RATE_SCALE; // for Σ days × multiplier
  const dayTaxable = !p.mwe; // RR 11-2018: an MWE's minimum wage, holiday, OT and night differential are exempt
  const { regMin, regU, ndMin, ndU, otMin, otU, ndotMin, ndotU, holDays, forfeitDays } = t;
  const { leaveDays, absentDays, outsideDays, lateMin, undertimeMin, colaU } = t;

  let basicEarned = 0; // basic salary for 13th-month purposes (no premiums, OT, ND, COLA)
  if (monthly) {
    // Weekly: the unrounded daily rate × the days the salary pays in a week, rounded once.
    const basic = weekly
      ? mulDivHalfUp(rNum, weekDays * share.days, 1, rDen * share.of)
      : share.days === share.of
        ? divHalfUp(rateCents, periodsPerMonth)
        : mulDivHalfUp(rateCents, share.days, 1, periodsPerMonth * share.of);
    if (weekly) {
      const d = 'Basic salary (daily rate × days)';
      slip.earn('BASIC', d, weekDays, 'day', formatRate(rNum, rDen), basic, dayTaxable, true);
    } else slip.earn('BASIC', 'Basic salary', 1, 'period', formatMoney(basic), basic, dayTaxable, true);
    // Attendance deductions reduce the period's basic pay, never below zero.
    const att: AttCtx = { slip, room: basic, rNum, taxable: dayTaxable };
    // Days before the hire or after the separation first (they are not absences: their own line, same code).
    if (outsideDays) attDed(att, 'ABSENT', OUTSIDE_DESC, outsideDays, 'day', outsideDays, rDen, rNum, rDen);
    if (absentDays) attDed(att, 'ABSENT', 'Unpaid absence', absentDays, 'day', absentDays, rDen, rNum, rDen);
    for (let k = 0; k < N_KEYS; k++) {
      const n = forfeitDays[k]!;
      if (n === 0) continue;
      const mult = premiums[k]!.unworked;
      attDed(att, HOLX_CODE[k]!, HOLX_DESC[k]!, n, 'day', n * mult, dayDen, rNum * mult, dayDen);
    }
    // Per-minute rate unrounded: monthly × 12 / divisor / hoursPerDay / 60 × minutes, rounded once.
    if (lateMin)
      attDed(att, 'LATE', 'Tardiness', lateMin / 60, 'hour', lateMin, rDen * fullDay, rNum, rDen * hpd);
    if (undertimeMin)
      attDed(
        att,
        'UNDERTIME',
        'Undertime',
        undertimeMin / 60,
        'hour',
        undertimeMin,
        rDen * fullDay,
        rNum,
        rDen * hpd,
      );
    basicEarned += att.room;
  }
  // Keys in ascending order, as the lines are listed; a key with no hours and no holiday pay has no line.
  for (let keys = t.keys; keys !== 0; keys &= keys - 1) {
    const k = 31 - Math.clz32(keys & -keys);
    const rm = regMin[k]!;
    if (rm > 0) {
      if (!monthly) basicEarned += mulDivHalfUp(rNum, rm, 1, rDen * fullDay);
      const u = regU[k]!;
      if (u !== 0) {
        const isBasic = !monthly && k === 0;
        slip.earn(
          isBasic ? 'BASIC' : PREM_CODE[k]!,
          isBasic ? 'Basic pay (hours worked)' : monthly ? PREMX_DESC[k]! : PREM_DESC[k]!,
          rm / 60,
          'hour',
          formatRate(rNum * (u / rm), hourDen / 60),
          mulDivHalfUp(rNum, u, 1, hourDen),
          dayTaxable,
          true,
        );
      }
    }
    // Most keys have no night or overtime hours: tested here rather than by a call that returns at once.
    if (ndU[k]! > 0) hourLine(slip, ND_CODE[k]!, ND_DESC[k]!, ndMin[k]!, ndU[k]!, rNum, hourDen, dayTaxable);
    if (otU[k]! > 0) hourLine(slip, OT_CODE[k]!, OT_DESC[k]!, otMin[k]!, otU[k]!, rNum, hourDen, dayTaxable);
    if (ndotU[k]! > 0)
      hourLine(slip, NDOT_CODE[k]!, NDOT_DESC[k]!, ndotMin[k]!, ndotU[k]!, rNum, hourDen, dayTaxable);
    if (holDays[k]! > 0) {
      const mult = premiums[k]!.unworked;
      const amt = mulDivHalfUp(rNum, holDays[k]! * mult, 1, dayDen);
      slip.earn(
        HOL_CODE[k]!,
        HOL_DESC[k]!,
        holDays[k]!,
        'day',
        formatRate(rNum * mult, dayDen),
        amt,
        dayTaxable,
        true,
      );
    }
  }
  if (leaveDays > 0) {
    const amt = mulDivHalfUp(rNum, leaveDays, 1, rDen);
    basicEarned += amt;
    slip.earn('LEAVE', 'Paid leave', leaveDays, 'day', formatRate(rNum, rDen), amt, dayTaxable, true);
  }
  if (colaU > 0) {
    const amt = mulDivHalfUp(cola, colaU, 1, fullDay * RATE_SCALE);
    const qty = colaU / (fullDay * RATE_SCALE);
    slip.earn('COLA', 'Cost-of-living allowance', qty, 'day', formatMoney(cola), amt, dayTaxable, true);
  }
  return basicEarned;
}

interface AttCtx {
  slip: Slip;
  room: number;
  rNum: number;
  taxable: boolean;
}

/** Attendance deduction (negative earning); together they may not exceed the period's basic pay. */
function attDed(
  a: AttCtx,
  c: string,
  description: string,
  qty: number,
  unit: PayslipLine['unit'],
  units: number,
  den: number,
  rateNum: number,
  rateDen: number,
) {
  let amt = mulDivHalfUp(a.rNum, units, 1, den);
  if (amt > a.room) {
    a.slip.notes.push(`${c} capped at the remaining basic pay`);
    amt = a.room;
  }
  a.room -= amt;
  // The rate shown is the unrounded day / hour rate, negated (rateNum / rateDen centavos).
  a.slip.earn(c, description, qty, unit, formatNegatedRate(rateNum, rateDen), -amt, a.taxable, true);
}

function hourLine(
  slip: Slip,
  c: string,
  description: string,
  mins: number,
  units: number,
  rNum: number,
  hourDen: number,
  taxable: boolean,
) {
  if (units <= 0) return;
  const rate = formatRate(rNum * (units / mins), hourDen / 60);
  slip.earn(c, description, mins / 60, 'hour', rate, mulDivHalfUp(rNum, units, 1, hourDen), taxable, true);
}
