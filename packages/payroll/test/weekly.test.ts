/**
 * Weekly payrolls, worked by hand from REFERENCE.md (arithmetic in the comments, never copied from the engine).
 * 2026 weeks run Monday–Sunday here. A weekly period belongs to the month of its END date; the monthly
 * contributions are due on the last week ending in the month (default "last-week" setting).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computePayslip,
  isLastPayrollOfYear,
  PayrollInputError,
  type DayAttendance,
  type Payslip,
  type PayslipInput,
} from '../src/index.js';

const line = (p: Payslip, code: string) => p.lines.find((l) => l.code === code)?.amount;
const codes = (p: Payslip) => p.lines.map((l) => l.code);
const fieldOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(PayrollInputError);
    return (e as PayrollInputError).field;
  }
  throw new Error('expected a PayrollInputError');
};

describe('daily-paid, week 6–12 April 2026 (not the last week of April)', () => {
  // Daily rate 1,000.00 → hourly 125.00. 9 April (Thu) is Araw ng Kagitingan, a regular holiday.
  const input: PayslipInput = {
    period: { start: '2026-04-06', end: '2026-04-12', frequency: 'weekly' },
    profile: { rateType: 'daily', rate: '1000.00' },
    attendance: [
      { date: '2026-04-06', regularHours: 8, overtimeHours: 2 },
      { date: '2026-04-07', regularHours: 8 },
      { date: '2026-04-08', regularHours: 8 },
      { date: '2026-04-09', regularHours: 8, overtimeHours: 1 }, // regular holiday worked
      { date: '2026-04-10', regularHours: 8 },
      { date: '2026-04-11', restDay: true },
      { date: '2026-04-12', restDay: true },
    ],
  };
  const p = computePayslip(input);

  it('pays hours, overtime and the worked regular holiday', () => {
    expect(line(p, 'BASIC')).toBe('4000.00'); // 4 ordinary days × 8 h × 125 = 4,000
    expect(line(p, 'OT_ORD')).toBe('312.50'); // 2 h × 125 × 1.25 = 312.50
    expect(line(p, 'PREM_RH')).toBe('2000.00'); // 8 h × 125 × 200% = 2,000
    expect(line(p, 'OT_RH')).toBe('325.00'); // 1 h × 125 × 200% × 130% = 325
    expect(p.gross).toBe('6637.50'); // 4,000 + 312.50 + 2,000 + 325
  });

  it('deducts no contributions (12 + 7 = 19 April is still in April) and uses the BIR weekly table', () => {
    expect(p.period.lastWeekOfMonth).toBe(false);
    expect(p.employeeShares.total).toBe('0.00');
    expect(p.employerShares.total).toBe('0.00');
    expect(codes(p)).not.toContain('SSS');
    // weekly bracket 2: (6,637.50 − 4,808) × 15% = 1,829.50 × 0.15 = 274.425 → 274.43
    expect(p.taxableBase).toBe('6637.50');
    expect(p.withholdingTax).toBe('274.43');
    expect(p.netPay).toBe('6363.07'); // 6,637.50 − 274.43
    expect(p.yearEnd).toBeUndefined();
    expect(p.settingsUsed.weeklyContributions).toBe('last-week');
  });
});

describe('monthly-paid, week 25–31 May 2026 (last week of May, contributions due)', () => {
  // 26,100 × 12 / 261 = 1,200.00 a day, 150.00 an hour, 2.50 a minute. Divisor 261 = 5-day week, so the
  // week's basic pay is 5 days × 1,200 (not 26,100 × 12 / 52). 27 May (Wed) is Eid'l Adha, a regular holiday.
  const input: PayslipInput = {
    period: { start: '2026-05-25', end: '2026-05-31', frequency: 'weekly' },
    profile: { rateType: 'monthly', rate: '26100.00' },
    attendance: [
      { date: '2026-05-25', regularHours: 8, overtimeHours: 2 },
      { date: '2026-05-27', regularHours: 8 }, // regular holiday worked
      { date: '2026-05-29', regularHours: 7.5, lateMinutes: 30 },
    ],
    allowances: [{ code: 'TRANSPO', amount: '1000.00' }], // taxable, in the SSS and Pag-IBIG bases
    // Weeks ending 3, 10, 17 and 24 May: compensation 24,600.00, of which 4,000.00 allowances.
    monthToDate: { sssCompensation: '24600.00', pagibigAllowances: '4000.00' },
  };
  const p = computePayslip(input);

  it('pays daily rate × 5 days, the holiday premium, overtime, less lateness', () => {
    expect(line(p, 'BASIC')).toBe('6000.00'); // 1,200 × 5
    expect(p.lines.find((l) => l.code === 'BASIC')?.quantity).toBe(5);
    expect(line(p, 'OT_ORD')).toBe('375.00'); // 2 h × 150 × 1.25
    expect(line(p, 'PREM_RH')).toBe('1200.00'); // 8 h × 150 × (200% − 100% in the salary)
    expect(line(p, 'LATE')).toBe('-75.00'); // 30 min × 2.50
    expect(p.gross).toBe('8500.00'); // 6,000 + 375 + 1,200 − 75 + 1,000
  });

  it('deducts the whole month on the month-to-date compensation', () => {
    expect(p.period.lastWeekOfMonth).toBe(true);
    // SSS: 24,600 + 8,500 = 33,100 → MSC 500 × floor(33,350 / 500) = 33,000 (SS 20,000 + MPF 13,000)
    expect(p.contributionBases.sssCompensation).toBe('33100.00');
    expect(p.employeeShares.sss).toBe('1650.00'); // 5% × 20,000 + 5% × 13,000 = 1,000 + 650
    expect(p.employeeShares.sssMpf).toBe('650.00');
    expect(p.employerShares.sss).toBe('3300.00'); // 10% × 33,000
    expect(p.employerShares.sssEC).toBe('30.00'); // MSC ≥ 15,000
    // PhilHealth: 5% × 26,100 = 1,305.00, halves 652.50
    expect(p.employeeShares.philhealth).toBe('652.50');
    expect(p.employerShares.philhealth).toBe('652.50');
    // Pag-IBIG: fund salary 26,100 + 4,000 + 1,000 = 31,100, capped at 10,000 → 2% = 200
    expect(p.contributionBases.pagibigFundSalary).toBe('31100.00');
    expect(p.employeeShares.pagibig).toBe('200.00');
    expect(p.employeeShares.total).toBe('2502.50'); // 1,650 + 652.50 + 200
  });

  it('taxes the week less the shares on the weekly table', () => {
    expect(p.taxableBase).toBe('5997.50'); // 8,500 − 2,502.50
    expect(p.withholdingTax).toBe('178.43'); // (5,997.50 − 4,808) × 15% = 1,189.50 × 0.15 = 178.425 → 178.43
    expect(p.netPay).toBe('5819.07'); // 8,500 − 2,502.50 − 178.43
  });

  it('needs the month-to-date figures on the last week', () => {
    expect(fieldOf(() => computePayslip({ ...input, monthToDate: undefined }))).toBe('monthToDate');
  });

  it('subtracts what earlier weeks already took (month-to-date basis)', () => {
    const q = computePayslip({
      ...input,
      monthToDate: { ...input.monthToDate, sssEmployeeSS: '300.00', philhealthEmployee: '100.00' },
    });
    expect(q.employeeShares.sss).toBe('1350.00'); // (1,000 − 300) + 650
    expect(q.employeeShares.philhealth).toBe('552.50'); // 652.50 − 100
  });
});

describe('weeklyContributions: month-to-date, week 4–10 May 2026 (not the last week)', () => {
  // Monthly 26,100 (1,200 a day), no attendance: basic 5 × 1,200 = 6,000. Week ending 3 May earned 6,000 and
  // took SSS 300 / 600 / EC 10 (MSC 6,000), PhilHealth 652.50 / 652.50, Pag-IBIG 200 / 200.
  const p = computePayslip({
    period: { start: '2026-05-04', end: '2026-05-10', frequency: 'weekly' },
    profile: { rateType: 'monthly', rate: '26100.00' },
    settings: { weeklyContributions: 'month-to-date' },
    monthToDate: {
      sssCompensation: '6000.00',
      sssEmployeeSS: '300.00',
      sssEmployer: '600.00',
      sssEC: '10.00',
      philhealthEmployee: '652.50',
      philhealthEmployer: '652.50',
      pagibigEmployee: '200.00',
      pagibigEmployer: '200.00',
    },
  });

  it('deducts the contributions on the month so far less what was taken', () => {
    // SSS: 6,000 + 6,000 = 12,000 → MSC 12,000: EE 600 − 300 = 300, ER 1,200 − 600 = 600, EC 10 − 10 = 0
    expect(p.employeeShares.sss).toBe('300.00');
    expect(p.employerShares.sss).toBe('600.00');
    expect(p.employerShares.sssEC).toBe('0.00');
    expect(p.employeeShares.philhealth).toBe('0.00'); // 652.50 − 652.50
    expect(p.employeeShares.pagibig).toBe('0.00'); // 200 − 200
    expect(p.taxableBase).toBe('5700.00'); // 6,000 − 300
    expect(p.withholdingTax).toBe('133.80'); // (5,700 − 4,808) × 15% = 892 × 0.15
    expect(p.netPay).toBe('5566.20'); // 6,000 − 300 − 133.80
    expect(p.settingsUsed.weeklyContributions).toBe('month-to-date');
  });
});

describe('a week across two months, 27 April – 3 May 2026 (belongs to May)', () => {
  // Daily 1,000. 1 May (Fri) is Labor Day, a regular holiday, not worked: Art. 94 looks back to 30 April.
  const base: PayslipInput = {
    period: { start: '2026-04-27', end: '2026-05-03', frequency: 'weekly' },
    profile: { rateType: 'daily', rate: '1000.00' },
    attendance: [
      { date: '2026-04-27', regularHours: 8 },
      { date: '2026-04-28', regularHours: 8 },
      { date: '2026-04-29', regularHours: 8 },
      { date: '2026-04-30', regularHours: 8 },
      { date: '2026-05-01' },
    ],
  };

  it('pays the holiday when present the workday before, in the previous month', () => {
    const p = computePayslip(base);
    expect(line(p, 'BASIC')).toBe('4000.00'); // 4 × 8 h × 125
    expect(line(p, 'HOL_RH')).toBe('1000.00'); // 1 day × 100%
    expect(p.employeeShares.total).toBe('0.00'); // 3 + 7 = 10 May: not the last week of May
    expect(p.withholdingTax).toBe('28.80'); // (5,000 − 4,808) × 15% = 192 × 0.15
  });

  it('does not pay it after an unpaid absence on 30 April', () => {
    const att = [...base.attendance!] as DayAttendance[];
    att[3] = { date: '2026-04-30', absent: true };
    const p = computePayslip({ ...base, attendance: att });
    expect(line(p, 'HOL_RH')).toBeUndefined();
    expect(p.gross).toBe('3000.00'); // 3 × 8 h × 125
  });

  it('checks the dates of both months', () => {
    const bad = [{ date: '2026-04-31', regularHours: 8 }];
    expect(fieldOf(() => computePayslip({ ...base, attendance: bad }))).toBe('attendance[0].date');
    const outside = [{ date: '2026-05-04', regularHours: 8 }];
    expect(fieldOf(() => computePayslip({ ...base, attendance: outside }))).toBe('attendance[0].date');
  });
});

describe('December last week, 21–27 December 2026: contributions and the year-end true-up', () => {
  // Daily 1,000 (hourly 125). 24 Dec (Thu) special non-working day, not worked: no pay. 25 Dec (Fri) Christmas,
  // regular holiday, not worked: the workday before is 23 Dec (24 Dec is skipped as an unworked holiday) → paid.
  const p = computePayslip({
    period: { start: '2026-12-21', end: '2026-12-27', frequency: 'weekly' },
    profile: { rateType: 'daily', rate: '1000.00' },
    attendance: [
      { date: '2026-12-21', regularHours: 8 },
      { date: '2026-12-22', regularHours: 8, overtimeHours: 2 },
      { date: '2026-12-23', regularHours: 8 },
      { date: '2026-12-24' },
      { date: '2026-12-25' },
    ],
    // Weeks ending 6, 13 and 20 December: 3 × 5,000.
    monthToDate: { sssCompensation: '15000.00', pagibigAllowances: '0.00' },
    ytd: { taxableCompensation: '600000.00', withholdingTax: '61500.00' },
  });

  it('pays hours, overtime and the unworked regular holiday', () => {
    expect(line(p, 'BASIC')).toBe('3000.00'); // 3 × 8 h × 125
    expect(line(p, 'OT_ORD')).toBe('312.50'); // 2 h × 125 × 1.25
    expect(line(p, 'HOL_RH')).toBe('1000.00');
    expect(p.gross).toBe('4312.50');
  });

  it('deducts December contributions (27 + 7 is in January)', () => {
    expect(p.period.lastWeekOfMonth).toBe(true);
    // SSS: 15,000 + 4,312.50 = 19,312.50 → MSC 500 × floor(19,562.50 / 500) = 19,500 → EE 5% = 975
    expect(p.employeeShares.sss).toBe('975.00');
    expect(p.employerShares.sssEC).toBe('30.00');
    // PhilHealth on the EEMR 1,000 × 261 / 12 = 21,750 → 5% = 1,087.50, halves 543.75
    expect(p.contributionBases.philhealthBasicSalary).toBe('21750.00');
    expect(p.employeeShares.philhealth).toBe('543.75');
    expect(p.employeeShares.pagibig).toBe('200.00'); // 2% × 10,000 (fund salary 21,750 capped)
    expect(p.employeeShares.total).toBe('1718.75');
  });

  it('annualises on the last payroll of the year', () => {
    expect(p.taxableBase).toBe('2593.75'); // 4,312.50 − 1,718.75
    // 600,000 + 2,593.75 = 602,593.75 → 22,500 + 20% × 202,593.75 = 22,500 + 40,518.75 = 63,018.75
    expect(p.yearEnd).toEqual({
      annualTaxableCompensation: '602593.75',
      annualTax: '63018.75',
      withheldBefore: '61500.00',
      adjustment: '1518.75', // 63,018.75 − 61,500
    });
    expect(p.withholdingTax).toBe('1518.75');
    expect(p.netPay).toBe('1075.00'); // 4,312.50 − 1,718.75 − 1,518.75
    expect(p.ytd.withholdingTax).toBe('63018.75');
  });
});

describe('weekly period rules', () => {
  const base: PayslipInput = {
    period: { start: '2026-01-05', end: '2026-01-11', frequency: 'weekly' },
    profile: { rateType: 'daily', rate: '1000.00' },
  };

  it('a weekly period spans exactly 7 days', () => {
    const six = { ...base, period: { ...base.period, end: '2026-01-10' } };
    expect(fieldOf(() => computePayslip(six))).toBe('period.end');
    const eight = { ...base, period: { ...base.period, end: '2026-01-12' } };
    expect(fieldOf(() => computePayslip(eight))).toBe('period.end');
    expect(
      fieldOf(() => computePayslip({ ...base, settings: { weeklyContributions: 'x' as 'last-week' } })),
    ).toBe('settings.weeklyContributions');
  });

  it('annualised: the week number among the weeks ending in the year', () => {
    // 5 days × 8 h × 125 = 5,000. Week ending Sun 11 Jan is week 2 of 52 (Sundays 4 Jan … 27 Dec 2026).
    // Projected (5,000 ytd + 5,000) × 52 / 2 = 260,000 → 15% × 10,000 = 1,500 a year; to date 1,500 × 2 / 52
    // = 57.6923 → 57.69, less 0 withheld.
    const days = ['05', '06', '07', '08', '09'].map((d) => ({ date: `2026-01-${d}`, regularHours: 8 }));
    const p = computePayslip({
      ...base,
      attendance: days,
      settings: { taxMethod: 'annualised' },
      ytd: { taxableCompensation: '5000.00' },
    });
    expect(p.gross).toBe('5000.00');
    expect(p.withholdingTax).toBe('57.69');
  });

  it('a monthly salary that pays rest days pays all 7 days of the week', () => {
    // divisor 365: 36,500 × 12 / 365 = 1,200 a day × 7 = 8,400
    const p = computePayslip({ ...base, profile: { rateType: 'monthly', rate: '36500.00', divisor: 365 } });
    expect(line(p, 'BASIC')).toBe('8400.00');
    // divisor 313 (6-day week): 31,300 × 12 / 313 = 1,200 × 6 = 7,200
    const q = computePayslip({ ...base, profile: { rateType: 'monthly', rate: '31300.00', divisor: 313 } });
    expect(line(q, 'BASIC')).toBe('7200.00');
  });
});

// ---------------------------------------------------------------- random weekly payslips

const toCents = (s: string) => Math.round(Number(s) * 100); // test-side only: exact 2-decimal strings
const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

const weeklyArb = fc
  .record({
    startDay: fc.integer({ min: 0, max: 364 }), // any start in 2026 (weeks may cross into the next month)
    monthly: fc.boolean(),
    rate: fc.integer({ min: 50_000, max: 30_000_000 }),
    divisor: fc.constantFrom(261, 313, 365),
    mwe: fc.boolean(),
    kinds: fc.array(fc.constantFrom('work', 'work', 'absent', 'leave', 'rest', 'none'), {
      minLength: 7,
      maxLength: 7,
    }),
    regular: fc.integer({ min: 0, max: 32 }),
    ot: fc.integer({ min: 0, max: 16 }),
    late: fc.integer({ min: 0, max: 60 }),
    allowance: fc.integer({ min: 0, max: 300_000 }),
    loans: fc.array(fc.integer({ min: 1, max: 3_000_000 }), { maxLength: 2 }),
    mode: fc.constantFrom('last-week', 'month-to-date'),
    taxMethod: fc.constantFrom('per-period', 'annualised'),
    mtdComp: fc.integer({ min: 0, max: 10_000_000 }),
    ytdTaxable: fc.integer({ min: 0, max: 100_000_000 }),
  })
  .map((r): PayslipInput => {
    const t0 = Date.UTC(2026, 0, 1) + r.startDay * 86_400_000;
    const attendance: DayAttendance[] = r.kinds.flatMap((k, i): DayAttendance[] => {
      const date = iso(t0 + i * 86_400_000);
      if (date > '2026-12-31') return []; // 2027 has no holiday calendar in the tables
      switch (k) {
        case 'absent':
          return [{ date, absent: true }];
        case 'leave':
          return [{ date, paidLeave: true }];
        case 'rest':
          return [{ date, restDay: true }];
        case 'none':
          return [];
        default:
          return r.regular + r.ot > 0
            ? [{ date, regularHours: r.regular / 4, overtimeHours: r.ot / 4, lateMinutes: r.late }]
            : [{ date }];
      }
    });
    return {
      period: { start: iso(t0), end: iso(t0 + 6 * 86_400_000), frequency: 'weekly' },
      profile: {
        rateType: r.monthly ? 'monthly' : 'daily',
        rate: money(r.monthly ? r.rate : Math.min(r.rate, 500_000)),
        divisor: r.divisor,
        isMinimumWageEarner: r.mwe,
      },
      attendance,
      allowances: [{ code: 'ALLOW', amount: money(r.allowance) }],
      deductions: r.loans.map((l, i) => ({ code: `LOAN${i}`, amount: money(l), allowPartial: i === 0 })),
      settings: { weeklyContributions: r.mode as 'last-week', taxMethod: r.taxMethod as 'per-period' },
      monthToDate: { sssCompensation: money(r.mtdComp) },
      ytd: { taxableCompensation: money(r.ytdTaxable), withholdingTax: money(Math.floor(r.ytdTaxable / 10)) },
    };
  });

describe('random weekly payslips', () => {
  it('net = gross − deductions, lines sum to the totals, net is never negative', () => {
    fc.assert(
      fc.property(weeklyArb, (input) => {
        const p = computePayslip(input);
        const sum = (kind: 'earning' | 'deduction') =>
          p.lines.filter((l) => l.kind === kind).reduce((s, l) => s + toCents(l.amount), 0);
        expect(sum('earning')).toBe(toCents(p.gross));
        expect(sum('deduction')).toBe(toCents(p.deductions));
        expect(toCents(p.gross) - toCents(p.deductions)).toBe(toCents(p.netPay));
        expect(toCents(p.netPay)).toBeGreaterThanOrEqual(0);
        const taxableLines = p.lines.filter((l) => l.taxable).reduce((s, l) => s + toCents(l.amount), 0);
        const excluded = input.profile.isMinimumWageEarner ? 0 : toCents(p.employeeShares.total);
        expect(toCents(p.taxableBase)).toBe(Math.max(0, taxableLines - excluded));
        // "last-week": contributions only on the last week ending in the month
        if (input.settings?.weeklyContributions === 'last-week' && !p.period.lastWeekOfMonth)
          expect(p.employeeShares.total).toBe('0.00');
      }),
      { numRuns: 300 },
    );
  });
});

// The year-end rule the server uses when it does not tell the engine (REFERENCE §4.7), shared with the engine.
describe('isLastPayrollOfYear', () => {
  it('is a payroll ending on 31 December, or a weekly one in December’s last week', () => {
    expect(isLastPayrollOfYear('2026-12-31', false)).toBe(true);
    expect(isLastPayrollOfYear('2026-12-15', false)).toBe(false);
    expect(isLastPayrollOfYear('2026-11-30', false)).toBe(false);
    expect(isLastPayrollOfYear('2026-12-25', true)).toBe(true); // the next week ends on Jan 1
    expect(isLastPayrollOfYear('2026-12-24', true)).toBe(false); // the next ends on Dec 31
    expect(isLastPayrollOfYear('2026-11-30', true)).toBe(false);
  });
});
