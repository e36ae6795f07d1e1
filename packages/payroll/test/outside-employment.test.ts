/**
 * Workdays outside employment (attendance `outsideEmployment`): a monthly salary's pay period around a mid-period
 * hire or separation leaves those days unpaid, as an absence would (Labor Code Art. 88, no work, no pay;
 * REFERENCE §5.6), but the payslip says what they are — "Days outside employment" — and not "Unpaid absence":
 * the employee was not absent, they were not yet (or no longer) employed.
 */
import { describe, expect, it } from 'vitest';
import { computePayslip, type DayAttendance, type PayslipInput } from '../src/index.js';

const input = (attendance: DayAttendance[]): PayslipInput => ({
  employeeId: 'E-1',
  period: { start: '2026-12-01', end: '2026-12-15', frequency: 'semi-monthly' },
  profile: { rateType: 'monthly', rate: '30000.00' },
  attendance,
  settings: { divisor: 261 },
});

// Hired Wednesday 9 December 2026: Tuesday 1 to Tuesday 8 December are 6 workdays before the hire (1, 2, 3, 4, 7,
// 8), given as ordinary days as the server gives them; absent on Thursday 10 December.
const before = ['01', '02', '03', '04', '07', '08'].map((d): DayAttendance => ({
  date: `2026-12-${d}`,
  dayType: 'ordinary',
  outsideEmployment: true,
}));
const absence: DayAttendance = { date: '2026-12-10', dayType: 'ordinary', absent: true };

describe('days outside employment', () => {
  it('are unpaid on a line of their own, apart from an absence', () => {
    const slip = computePayslip(input([...before, absence]));
    /*
     * Daily rate 30,000 × 12 / 261 = 1,379.310344… (unrounded; each line rounded once):
     *   Days outside employment  6 × 1,379.310344… = 8,275.862… → −8,275.86
     *   Unpaid absence           1 × 1,379.310344… = 1,379.310… → −1,379.31
     *   Gross 15,000.00 − 8,275.86 − 1,379.31 = 5,344.83
     */
    const absent = slip.lines.filter((l) => l.code === 'ABSENT');
    expect(absent.map((l) => [l.description, l.quantity, l.amount])).toEqual([
      ['Days outside employment', 6, '-8275.86'],
      ['Unpaid absence', 1, '-1379.31'],
    ]);
    expect(slip.gross).toBe('5344.83');
  });

  it('cost what absences on those days cost', () => {
    const asAbsences = computePayslip(
      input([...before.map(({ date }): DayAttendance => ({ date, dayType: 'ordinary', absent: true }))]),
    );
    const outside = computePayslip(input(before));
    expect(outside.gross).toBe(asAbsences.gross);
    expect(outside.lines.find((l) => l.code === 'ABSENT')).toMatchObject({
      description: 'Days outside employment',
      amount: '-8275.86',
    });
  });

  it('cannot hold hours or paid leave', () => {
    expect(() =>
      computePayslip(input([{ date: '2026-12-01', outsideEmployment: true, regularHours: 8 }])),
    ).toThrow(/hours given on an absence or leave day/);
    expect(() =>
      computePayslip(input([{ date: '2026-12-01', outsideEmployment: true, paidLeave: true }])),
    ).toThrow(/both absent and paid leave/);
  });
});
