/**
 * A month without compensation has no contribution (README "Contributions"; oracle README, amendment of
 * 2026-11-29): the shares are 0.00 and nothing is deferred. A month with some pay keeps the tables' amounts (SSS
 * at least the minimum credit) and defers what the pay cannot cover. Figures worked by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { computePayslip, type PayslipInput } from '../src/index.js';

const ZERO_SHARES = {
  employeeShares: { sss: '0.00', sssMpf: '0.00', philhealth: '0.00', pagibig: '0.00', total: '0.00' },
  employerShares: { sss: '0.00', sssEC: '0.00', philhealth: '0.00', pagibig: '0.00', total: '0.00' },
};
const daily700 = { rateType: 'daily', rate: '700.00', divisor: 261 } as const;

describe('a month without compensation', () => {
  it('has no contribution: every share 0.00, nothing deferred, no deduction line', () => {
    // Daily 700 with no day worked in March 2026 (a month of leave without pay): gross 0.00.
    const p = computePayslip({
      period: { start: '2026-03-01', end: '2026-03-31', frequency: 'monthly' },
      profile: daily700,
      attendance: [],
    });
    expect(p.gross).toBe('0.00');
    expect(p).toMatchObject(ZERO_SHARES);
    expect(p.deferred).toEqual([]);
    expect(p.lines.filter((l) => l.kind === 'deduction')).toEqual([]);
    expect(p.netPay).toBe('0.00');
    expect(p.contributionBases.sssCompensation).toBe('0.00');
  });

  it('so does a monthly salary whose every workday is unpaid leave', () => {
    // Monthly 30,000, divisor 261: the 22 workdays of March 2026 absent, 22 × 30,000 × 12 / 261 = 30,344.83,
    // capped at the basic pay 30,000.00: gross 0.00.
    const attendance: PayslipInput['attendance'] = [];
    for (let d = 1; d <= 31; d++) {
      const date = `2026-03-${String(d).padStart(2, '0')}`;
      const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (dow !== 0 && dow !== 6) attendance.push({ date, dayType: 'ordinary', absent: true });
    }
    expect(attendance).toHaveLength(22);
    const p = computePayslip({
      period: { start: '2026-03-01', end: '2026-03-31', frequency: 'monthly' },
      profile: { rateType: 'monthly', rate: '30000.00', divisor: 261 },
      attendance,
    });
    expect(p.gross).toBe('0.00');
    expect(p).toMatchObject(ZERO_SHARES);
    expect(p.deferred).toEqual([]);
  });

  it('a first cut-off without pay takes nothing; the second settles the month on its own pay', () => {
    // First cut-off, "equal" split: no pay projects a month without pay.
    const first = computePayslip({
      period: { start: '2026-03-01', end: '2026-03-15', frequency: 'semi-monthly' },
      profile: daily700,
      attendance: [],
    });
    expect(first).toMatchObject(ZERO_SHARES);
    expect(first.deferred).toEqual([]);
    // Second cut-off, "month-to-date": the month's compensation is the first's 0.00 + this cut-off's 10 days ×
    // 700 = 7,000.00 → MSC 7,000: EE 350.00, ER 700.00, EC 10.00, less the first's 0.00.
    // PhilHealth on the EEMR 700 × 261 / 12 = 15,225.00 × 5% = 761.25: ER 380.63, EE 380.62.
    // Pag-IBIG on 15,225.00, capped at 10,000: 2% = 200.00 each.
    const attendance = ['16', '17', '18', '19', '20', '23', '24', '25', '26', '27'].map((d) => ({
      date: `2026-03-${d}`,
      dayType: 'ordinary' as const,
      regularHours: 8,
    }));
    const second = computePayslip({
      period: { start: '2026-03-16', end: '2026-03-31', frequency: 'semi-monthly' },
      profile: daily700,
      attendance,
      settings: { contributionSplit: 'month-to-date' },
      monthToDate: { sssCompensation: '0.00' },
    });
    expect(second.gross).toBe('7000.00');
    expect(second.employeeShares).toMatchObject({ sss: '350.00', philhealth: '380.62', pagibig: '200.00' });
    expect(second.employerShares).toMatchObject({ sss: '700.00', sssEC: '10.00', philhealth: '380.63' });
    // A second cut-off without pay after a first with pay: the month had compensation (7,000.00), so its shares
    // are due (the month's less what the first took, here nothing), deferred for want of pay.
    const unpaidSecond = computePayslip({
      period: { start: '2026-03-16', end: '2026-03-31', frequency: 'semi-monthly' },
      profile: daily700,
      attendance: [],
      settings: { contributionSplit: 'month-to-date' },
      monthToDate: { sssCompensation: '7000.00' },
    });
    expect(unpaidSecond.employeeShares.sss).toBe('350.00');
    expect(unpaidSecond.deferred.map((d) => d.code)).toEqual(['SSS', 'PHIC', 'HDMF']);
  });

  it('a weekly month without pay takes nothing on its last week', () => {
    const p = computePayslip({
      period: { start: '2026-03-25', end: '2026-03-31', frequency: 'weekly' },
      profile: daily700,
      attendance: [],
      monthToDate: { sssCompensation: '0.00' },
    });
    expect(p.period).toMatchObject({ lastWeekOfMonth: true });
    expect(p).toMatchObject(ZERO_SHARES);
    expect(p.deferred).toEqual([]);
  });
});

describe('a month with little pay', () => {
  it("still takes the table's minimum and defers what does not fit", () => {
    /*
     * Daily 700, divisor 261, monthly payroll of March 2026, one day worked (Monday 2 March, 8 h): gross 700.00.
     *   SSS: compensation 700.00 < 5,250 → the minimum MSC 5,000: EE 5% = 250.00, ER 10% = 500.00, EC 10.00.
     *   PhilHealth: EEMR 700 × 261 / 12 = 15,225.00 × 5% = 761.25: ER 380.63 (half-up), EE 380.62.
     *   Pag-IBIG: fund salary 15,225.00, capped at 10,000: EE 2% = 200.00, ER 200.00.
     *   Deducted in order: SSS 250.00 (450.00 left), PhilHealth 380.62 (69.38 left); Pag-IBIG 200.00 does not
     *   fit: deferred whole. Taxable 700 − (250 + 380.62 + 200) < 0 → 0.00, no tax.
     *   Deductions 630.62, net 69.38.
     */
    const p = computePayslip({
      period: { start: '2026-03-01', end: '2026-03-31', frequency: 'monthly' },
      profile: daily700,
      attendance: [{ date: '2026-03-02', dayType: 'ordinary', regularHours: 8 }],
    });
    expect(p.gross).toBe('700.00');
    expect(p.employeeShares).toEqual({
      sss: '250.00',
      sssMpf: '0.00',
      philhealth: '380.62',
      pagibig: '200.00',
      total: '830.62',
    });
    expect(p.employerShares).toEqual({
      sss: '500.00',
      sssEC: '10.00',
      philhealth: '380.63',
      pagibig: '200.00',
      total: '1090.63',
    });
    expect(p.deferred).toEqual([
      {
        code: 'HDMF',
        description: 'Pag-IBIG employee share',
        amount: '200.00',
        deducted: '0.00',
        deferred: '200.00',
      },
    ]);
    expect(p.taxableBase).toBe('0.00');
    expect(p.deductions).toBe('630.62');
    expect(p.netPay).toBe('69.38');
  });
});
