/**
 * The optimised engine against the frozen pre-optimisation one (test/oracle): on random payslip inputs both must
 * return the same payslip to the centavo and the same text, or throw the same error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computePayslip, DEFAULT_TABLES, type DayAttendance, type PayslipInput } from '../src/index.js';
import { formatMoney, formatRate, mulDivHalfUp, parseMoney } from '../src/money.js';
import { computePayslip as oraclePayslip } from './oracle/index.js';
import * as oracleMoney from './oracle/money.js';
import { rateText as oracleRate } from './oracle/rules/payslip.js';

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const pad = (n: number) => String(n).padStart(2, '0');
const DAYS_IN = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
// Replacement tables, alternated with the defaults so that every per-table cache sees both.
const ALT_TABLES = {
  sss: [
    ...DEFAULT_TABLES.sss,
    { ...DEFAULT_TABLES.sss[0]!, effectiveFrom: '2025-07-01', employeeRate: '0.06' },
  ],
  premiums: [{ ...DEFAULT_TABLES.premiums[0]!, effectiveFrom: '2025-01-01', nightDifferential: '0.2' }],
};

const dayArb = (hpd: number) =>
  fc.record(
    {
      restDay: fc.boolean(),
      kind: fc.constantFrom('work', 'work', 'work', 'absent', 'outside', 'leave', 'empty'),
      regular: fc.integer({ min: 0, max: (hpd * 60) / 5 }),
      night: fc.integer({ min: 0, max: 100 }),
      overtime: fc.constantFrom(0, 0, 30, 60, 120, 180, 250),
      overtimeNight: fc.integer({ min: 0, max: 100 }),
      late: fc.constantFrom(0, 0, 0, 5, 15, 30, 61),
      undertime: fc.constantFrom(0, 0, 0, 10, 45),
      dayType: fc.option(
        fc.constantFrom(
          'ordinary',
          'special_non_working',
          'special_working',
          'regular_holiday',
          'double_holiday',
          'double_special',
        ),
        { freq: 8 },
      ),
      dayBefore: fc.option(fc.boolean(), { freq: 4 }),
    },
    { requiredKeys: [] },
  );

const inputArb = fc
  .record({
    month: fc.integer({ min: 1, max: 12 }),
    year: fc.constantFrom(2025, 2026),
    shape: fc.constantFrom('first', 'second', 'monthly', 'partial'),
    daily: fc.boolean(),
    monthlyRate: fc.integer({ min: 1_000_000, max: 50_000_000 }),
    dailyRate: fc.integer({ min: 40_000, max: 500_000 }),
    cola: fc.constantFrom(0, 0, 2_500, 7_000),
    divisor: fc.option(fc.constantFrom(261, 313, 365, 253, 305)),
    hpd: fc.constantFrom(8, 8, 8, 6, 10),
    mwe: fc.boolean(),
    restPaid: fc.option(fc.boolean()),
    statutory: fc.option(
      fc.record({
        sss: fc.boolean(),
        philhealth: fc.boolean(),
        pagibig: fc.boolean(),
        withholdingTax: fc.boolean(),
      }),
      { freq: 4 },
    ),
    seedDays: fc.array(fc.integer({ min: 0, max: 1_000 }), { maxLength: 31 }),
    split: fc.option(fc.constantFrom('equal', 'first-cutoff', 'second-cutoff', 'month-to-date')),
    taxMethod: fc.option(fc.constantFrom('per-period', 'annualised')),
    minNet: fc.option(fc.integer({ min: 0, max: 2_000_000 })),
    allowances: fc.array(
      fc.record({
        amount: fc.integer({ min: 0, max: 1_000_000 }),
        deMinimis: fc.option(
          fc.constantFrom('riceSubsidy', 'laundryAllowance', 'monetizedVacationLeaveDays'),
        ),
        taxable: fc.option(fc.boolean()),
      }),
      { maxLength: 3 },
    ),
    benefits: fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 2 }),
    deductions: fc.array(
      fc.record({ amount: fc.integer({ min: 0, max: 5_000_000 }), partial: fc.option(fc.boolean()) }),
      { maxLength: 3 },
    ),
    ytdTaxable: fc.integer({ min: 0, max: 300_000_000 }),
    ytdWithheld: fc.integer({ min: 0, max: 5_000_000 }),
    ytdBenefits: fc.integer({ min: 0, max: 10_000_000 }),
    mtdComp: fc.integer({ min: 0, max: 10_000_000 }),
    lastOfYear: fc.option(fc.boolean(), { freq: 4 }),
    altTables: fc.boolean(),
  })
  .chain((g) => fc.tuple(fc.constant(g), fc.array(dayArb(g.hpd), { minLength: 31, maxLength: 31 })));

// Generated records are loosely typed on purpose: the engine validates its input like any caller's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Gen = Record<string, any>;

function build([g, dayGen]: [Gen, Gen[]]): PayslipInput {
  const ym = `${g.year}-${pad(g.month)}`;
  const last = DAYS_IN[g.month - 1]!;
  const [from, to] =
    g.shape === 'first'
      ? [1, 15]
      : g.shape === 'second'
        ? [16, last]
        : g.shape === 'monthly'
          ? [1, last]
          : [3, 12];
  const frequency = g.shape === 'monthly' ? 'monthly' : 'semi-monthly';
  // A random subset of the period's days, in a random order.
  const chosen = new Map<number, number>();
  g.seedDays.forEach((s: number, i: number) => {
    const d = from + (s % (to - from + 1));
    if (!chosen.has(d)) chosen.set(d, i);
  });
  const attendance: DayAttendance[] = [...chosen].map(([d, i]) => {
    const r = dayGen[i]!;
    const day: DayAttendance = { date: `${ym}-${pad(d)}`, restDay: r.restDay };
    if (r.dayType !== null && r.dayType !== undefined) day.dayType = r.dayType;
    if (r.dayBefore !== null && r.dayBefore !== undefined) day.presentOrPaidLeaveDayBefore = r.dayBefore;
    if (r.kind === 'absent') day.absent = true;
    else if (r.kind === 'outside') day.outsideEmployment = true;
    else if (r.kind === 'leave') day.paidLeave = true;
    else if (r.kind === 'work') {
      const reg = (r.regular ?? 0) * 5;
      day.regularHours = reg / 60;
      day.nightHours = Math.min(reg, (r.night ?? 0) * 5) / 60;
      day.overtimeHours = (r.overtime ?? 0) / 60;
      day.overtimeNightHours = Math.min(r.overtime ?? 0, (r.overtimeNight ?? 0) * 5) / 60;
      if (reg + (r.overtime ?? 0) > 0) {
        day.lateMinutes = r.late ?? 0;
        day.undertimeMinutes = r.undertime ?? 0;
      }
    }
    return day;
  });
  const opt = <T>(v: T | null | undefined) => (v === null ? undefined : v);
  return {
    employeeId: 'E-1',
    period: {
      start: `${ym}-${pad(from)}`,
      end: `${ym}-${pad(to)}`,
      frequency,
      ...(g.lastOfYear !== null ? { lastPayrollOfYear: g.lastOfYear } : {}),
    },
    profile: {
      rateType: g.daily ? 'daily' : 'monthly',
      rate: money(g.daily ? g.dailyRate : g.monthlyRate),
      ...(g.divisor !== null ? { divisor: g.divisor } : {}),
      hoursPerDay: g.hpd,
      ...(g.daily ? { colaPerDay: money(g.cola) } : {}),
      isMinimumWageEarner: g.mwe,
      ...(g.restPaid !== null ? { restDaysPaidInSalary: g.restPaid } : {}),
      ...(g.statutory !== null ? { statutory: g.statutory } : {}),
    },
    attendance,
    allowances: g.allowances.map((a: Record<string, unknown>, i: number) => ({
      code: `A${i}`,
      amount: money(a.amount as number),
      ...(opt(a.deMinimis) ? { deMinimis: a.deMinimis } : {}),
      ...(opt(a.taxable) !== undefined ? { taxable: a.taxable } : {}),
    })),
    benefits: g.benefits.map((b: number, i: number) => ({ code: `B${i}`, amount: money(b) })),
    deductions: g.deductions.map((d: Record<string, unknown>, i: number) => ({
      code: `D${i}`,
      amount: money(d.amount as number),
      ...(opt(d.partial) !== undefined ? { allowPartial: d.partial } : {}),
    })),
    ytd: {
      taxableCompensation: money(g.ytdTaxable),
      withholdingTax: money(g.ytdWithheld),
      benefitsReceived: money(g.ytdBenefits),
    },
    monthToDate: { sssCompensation: money(g.mtdComp), pagibigAllowances: '0.00' },
    ...(g.altTables ? { tables: ALT_TABLES } : {}),
    settings: {
      ...(g.split !== null ? { contributionSplit: g.split } : {}),
      ...(g.taxMethod !== null ? { taxMethod: g.taxMethod } : {}),
      ...(g.minNet !== null ? { minimumNetPay: money(g.minNet) } : {}),
    },
  } as PayslipInput;
}

/** The result, or the error as plain data. */
function run<T>(f: (p: T) => unknown, p: T): unknown {
  try {
    return f(p);
  } catch (e) {
    const err = e as Error & { field?: string };
    return { error: err.constructor.name, field: err.field, message: err.message };
  }
}

describe('optimised computePayslip equals the frozen oracle', () => {
  it('on random payslips, to the centavo', () => {
    let payslips = 0;
    fc.assert(
      fc.property(inputArb, (x) => {
        const p = build(x);
        const got = run(computePayslip, p);
        expect(got).toEqual(run(oraclePayslip as (p: PayslipInput) => unknown, p));
        if (!(got as { error?: string }).error) payslips++;
      }),
      { numRuns: 3_000 },
    );
    expect(payslips).toBeGreaterThan(1_500); // most inputs are valid: the comparison covers real payslips
  });
});

describe('bad attendance is refused with the same error as the oracle', () => {
  const junk = fc.constantFrom<unknown>(
    undefined,
    null,
    -1,
    0.001,
    25,
    Number.NaN,
    '8',
    true,
    'ordinary',
    'holiday',
    '2026-04-0:',
    '2026-04-00',
    '2026-04-31',
    '2026-4-01',
    '2026-04-16',
    '2026-03-31',
    '2025-04-01',
    [],
    {},
  );
  const key = fc.constantFrom(
    'date',
    'dayType',
    'restDay',
    'regularHours',
    'nightHours',
    'overtimeHours',
    'overtimeNightHours',
    'lateMinutes',
    'undertimeMinutes',
    'absent',
    'outsideEmployment',
    'paidLeave',
    'presentOrPaidLeaveDayBefore',
    'duplicate',
    'row',
  );
  it('on one corrupted field of a random payslip', () => {
    fc.assert(
      fc.property(inputArb, fc.nat(), key, junk, (x, at, k, v) => {
        const p = build(x);
        const days = p.attendance as unknown[];
        if (days.length === 0) return;
        const i = at % days.length;
        if (k === 'row') days[i] = v;
        else if (k === 'duplicate') days.push({ ...(days[i] as object) });
        else (days[i] as Record<string, unknown>)[k] = v;
        expect(run(computePayslip, p)).toEqual(run(oraclePayslip as (p: PayslipInput) => unknown, p));
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('money text equals the oracle', () => {
  it('parseMoney accepts and rejects the same strings', () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'0123456789.-'.split('')), maxLength: 18 }),
      fc.string({ unit: fc.constantFrom(...'0123456789.-+e ,\n'.split('')), maxLength: 6 }),
      fc.integer({ min: 0, max: 99_999_999_999_999 }).map((n) => String(n / 100)),
    );
    fc.assert(
      fc.property(text, fc.boolean(), (v, neg) => {
        expect(run((x: string) => parseMoney(x, 'f', neg), v)).toEqual(
          run((x: string) => oracleMoney.parseMoney(x, 'f', neg), v),
        );
      }),
      { numRuns: 20_000 },
    );
  });

  it('mulDivHalfUp rounds the same, also past the safe-integer range', () => {
    const big = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
    const int = fc.oneof(fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }), big);
    const den = fc.oneof(
      fc.integer({ min: 1, max: 100_000_000 }),
      fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    );
    fc.assert(
      fc.property(int, int, fc.integer({ min: -100_000, max: 100_000 }), den, (a, b, c, d) => {
        expect(mulDivHalfUp(a, b, c, d)).toBe(oracleMoney.mulDivHalfUp(a, b, c, d));
      }),
      { numRuns: 50_000 },
    );
  });

  it('formatMoney and the line rate read the same', () => {
    const cents = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    );
    fc.assert(
      fc.property(cents, (c) => {
        expect(formatMoney(c)).toBe(oracleMoney.formatMoney(c));
      }),
      { numRuns: 20_000 },
    );
    // Line rates: centavos × multiplier sums over day rates, as computePayslip passes them.
    const rate = fc.tuple(
      fc.integer({ min: -5_000_000_000, max: 5_000_000_000 }),
      fc.integer({ min: 1, max: 3_000_000_000 }),
    );
    fc.assert(
      fc.property(rate, ([n, d]) => {
        expect(formatRate(n, d)).toBe(oracleRate(n, d));
      }),
      { numRuns: 20_000 },
    );
  });
});
