/**
 * A rate that changes inside the period: each day is paid at the rate in force on it (issue 10 §1 "a period
 * uses the rate in force on each day"). Expected figures are worked out by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { computePayslip, PayrollInputError, type Payslip, type PayslipInput } from '../src/index.js';

const line = (p: Payslip, code: string) => p.lines.find((l) => l.code === code)?.amount;
const earned = (p: Payslip) =>
  p.lines.filter((l) => l.kind === 'earning').reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0) /
  100;
const day = (date: string, more: Record<string, unknown> = {}) => ({
  date,
  dayType: 'ordinary' as const,
  regularHours: 8,
  ...more,
});

describe('a daily rate raised from 600.00 to 700.00 on 10 November (cut-off 1-15 November 2026)', () => {
  const input: PayslipInput = {
    period: { start: '2026-11-01', end: '2026-11-15', frequency: 'semi-monthly' },
    profile: { rateType: 'daily', rate: '600.00', rateChanges: [{ from: '2026-11-10', rate: '700.00' }] },
    attendance: [
      day('2026-11-03'),
      day('2026-11-04', { overtimeHours: 2 }),
      day('2026-11-05'),
      day('2026-11-06'),
      day('2026-11-10'),
      day('2026-11-11', { overtimeHours: 2 }),
      day('2026-11-12'),
      day('2026-11-13'),
    ],
  };
  const p = computePayslip(input);

  it('pays the days before the raise at 600 and the days from it at 700', () => {
    // Before: 4 days × 600 = 2,400 + OT 2 h × 600 / 8 × 1.25 = 187.50        -> 2,587.50
    // From:   4 days × 700 = 2,800 + OT 2 h × 700 / 8 × 1.25 = 218.75        -> 3,018.75
    expect(earned(p)).toBe(5606.25);
    // Lines at the end rate (8 days × 700 = 5,600; 4 h OT × 87.50 × 1.25 = 437.50) and one adjustment for the
    // days before 10 November: (2,400 + 187.50) − (2,800 + 218.75) = −431.25.
    expect(line(p, 'BASIC')).toBe('5600.00');
    expect(line(p, 'RATE_ADJ')).toBe('-431.25');
    expect(p.lines.find((l) => l.code === 'RATE_ADJ')?.description).toContain('2026-11-10');
  });

  it('counts the basic pay at the rate of each day for the 13th month', () => {
    // 4 × 600 + 4 × 700 = 5,200 (no overtime)
    expect(p.ytd.basicSalaryEarned).toBe('5200.00');
  });
});

describe('a monthly salary raised from 30,000 to 36,000 on 11 November, an absence on the 5th', () => {
  const input: PayslipInput = {
    period: { start: '2026-11-01', end: '2026-11-15', frequency: 'semi-monthly' },
    profile: {
      rateType: 'monthly',
      rate: '30000.00',
      rateChanges: [{ from: '2026-11-11', rate: '36000.00' }],
    },
    attendance: [day('2026-11-05', { regularHours: 0, absent: true })],
  };
  const p = computePayslip(input);

  it('pays each rate its share of the cut-off and prices the absence at the old daily rate', () => {
    // Half-month salary by calendar days: 15,000 × 10 / 15 + 18,000 × 5 / 15 = 10,000 + 6,000 = 16,000.
    // Absence on 5 November at 30,000 × 12 / 261 = 1,379.3103 -> 1,379.31.          Earned: 14,620.69.
    expect(earned(p)).toBe(14620.69);
    // Lines: BASIC 18,000, ABSENT at 36,000 × 12 / 261 = 1,655.1724 -> −1,655.17; the adjustment for 1-10
    // November: (10,000 − 1,379.31) − (12,000 − 1,655.17) = 8,620.69 − 10,344.83 = −1,724.14.
    expect(line(p, 'BASIC')).toBe('18000.00');
    expect(line(p, 'ABSENT')).toBe('-1655.17');
    expect(line(p, 'RATE_ADJ')).toBe('-1724.14');
    expect(p.ytd.basicSalaryEarned).toBe('14620.69');
  });
});

describe('rate changes: the input rules', () => {
  const base: PayslipInput = {
    period: { start: '2026-11-01', end: '2026-11-15', frequency: 'semi-monthly' },
    profile: { rateType: 'daily', rate: '600.00' },
    attendance: [day('2026-11-03'), day('2026-11-12')],
  };
  const withChanges = (rateChanges: unknown) =>
    computePayslip({ ...base, profile: { ...base.profile, rateChanges } } as PayslipInput);
  const fieldOf = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return (e as PayrollInputError).field;
    }
    return 'no error';
  };

  it('is the same payslip with no change, or with a change to the same rate', () => {
    const plain = computePayslip(base);
    expect(withChanges([])).toEqual(plain);
    expect(withChanges([{ from: '2026-11-10', rate: '600.00' }]).lines).toEqual(plain.lines);
  });

  it('names the bad field', () => {
    expect(fieldOf(() => withChanges([{ from: '2026-11-01', rate: '700.00' }]))).toBe(
      'profile.rateChanges[0].from',
    );
    expect(fieldOf(() => withChanges([{ from: '2026-11-16', rate: '700.00' }]))).toBe(
      'profile.rateChanges[0].from',
    );
    expect(
      fieldOf(() =>
        withChanges([
          { from: '2026-11-10', rate: '700.00' },
          { from: '2026-11-09', rate: '800.00' },
        ]),
      ),
    ).toBe('profile.rateChanges[1].from');
    expect(fieldOf(() => withChanges([{ from: '2026-11-10', rate: '0.00' }]))).toBe(
      'profile.rateChanges[0].rate',
    );
    expect(fieldOf(() => withChanges('soon'))).toBe('profile.rateChanges');
  });

  it('two changes in one cut-off: each day at its own rate', () => {
    // 3 Nov at 600, 12 Nov at 800 (700 from the 8th, 800 from the 11th): 600 + 800 = 1,400
    const p = withChanges([
      { from: '2026-11-08', rate: '700.00' },
      { from: '2026-11-11', rate: '800.00' },
    ]);
    expect(earned(p)).toBe(1400);
    expect(p.ytd.basicSalaryEarned).toBe('1400.00');
  });
});

describe('a monthly salary raised from 28,000 to 30,000 on 7 September, every workday of 1-15 September absent', () => {
  const absent = ['01', '02', '03', '04', '07', '08', '09', '10', '11', '14', '15'].map((d) => ({
    date: `2026-09-${d}`,
    dayType: 'ordinary' as const,
    absent: true,
  }));
  const p = computePayslip({
    period: { start: '2026-09-01', end: '2026-09-15', frequency: 'semi-monthly' },
    profile: {
      rateType: 'monthly',
      rate: '28000.00',
      rateChanges: [{ from: '2026-09-07', rate: '30000.00' }],
    },
    attendance: absent,
  });

  it('earns no basic pay, never a negative one', () => {
    /*
     * At the end rate: 15,000.00 less eleven absences of 30,000 x 12 / 261 = 1,379.31 each (15,172.41), capped
     * at the 15,000.00 there is: 0.00. The days before the raise (1-6 September, a 6/15 share) would be adjusted
     * by (6/15 x 14,000 - 4 x 28,000 x 12 / 261) - (6/15 x 15,000 - 4 x 1,379.31) = 450.57 - 482.76 = -32.19, taking the
     * period below no basic pay at all; nothing is left to take back, so the basic pay stays 0.00.
     */
    expect(p.ytd.basicSalaryEarned).toBe('0.00');
    expect(earned(p)).toBe(0);
  });
});
