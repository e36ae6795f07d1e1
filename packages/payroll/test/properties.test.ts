/** Property-based tests (fast-check) of the invariants the rules must keep. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annualIncomeTax,
  computePayslip,
  DEFAULT_TABLES,
  pagibig,
  philhealth,
  sss,
  withholdingTax,
  type DayAttendance,
  type PayslipInput,
} from '../src/index.js';

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const toCents = (s: string) => Math.round(Number(s) * 100); // test-side only: values are exact 2-decimal strings
const month = '2026-01';
const centsArb = fc.integer({ min: 0, max: 50_000_000 }); // up to 500,000.00

describe('contributions', () => {
  it('never decrease as compensation rises', () => {
    fc.assert(
      fc.property(centsArb, centsArb, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const s1 = sss({ monthlyCompensation: money(lo), applicableMonth: month });
        const s2 = sss({ monthlyCompensation: money(hi), applicableMonth: month });
        expect(toCents(s2.employeeTotal)).toBeGreaterThanOrEqual(toCents(s1.employeeTotal));
        expect(toCents(s2.employerTotal)).toBeGreaterThanOrEqual(toCents(s1.employerTotal));
        const p1 = philhealth({ monthlyBasicSalary: money(lo), applicableMonth: month });
        const p2 = philhealth({ monthlyBasicSalary: money(hi), applicableMonth: month });
        expect(toCents(p2.totalPremium)).toBeGreaterThanOrEqual(toCents(p1.totalPremium));
        expect(toCents(p2.employeeShare)).toBeGreaterThanOrEqual(toCents(p1.employeeShare));
        const h1 = pagibig({ monthlyFundSalary: money(lo), applicableMonth: month });
        const h2 = pagibig({ monthlyFundSalary: money(hi), applicableMonth: month });
        expect(toCents(h2.employee)).toBeGreaterThanOrEqual(toCents(h1.employee));
        expect(toCents(h2.employer)).toBeGreaterThanOrEqual(toCents(h1.employer));
      }),
      { numRuns: 500 },
    );
  });

  it('shares add up to the totals', () => {
    fc.assert(
      fc.property(centsArb, (c) => {
        const s = sss({ monthlyCompensation: money(c), applicableMonth: month });
        const n = (k: keyof typeof s) => toCents(s[k]);
        expect(n('mscRegularSS') + n('mscMPF')).toBe(n('msc'));
        expect(n('employeeSS') + n('employeeMPF')).toBe(n('employeeTotal'));
        expect(n('employerSS') + n('employerMPF') + n('employerEC')).toBe(n('employerTotal'));
        expect(n('employeeTotal') + n('employerTotal')).toBe(n('total'));
        const p = philhealth({ monthlyBasicSalary: money(c), applicableMonth: month });
        expect(toCents(p.employeeShare) + toCents(p.employerShare)).toBe(toCents(p.totalPremium));
        expect(toCents(p.employerShare) - toCents(p.employeeShare)).toBeGreaterThanOrEqual(0);
        expect(toCents(p.employerShare) - toCents(p.employeeShare)).toBeLessThanOrEqual(1);
        const h = pagibig({ monthlyFundSalary: money(c), applicableMonth: month });
        expect(toCents(h.employee) + toCents(h.employer)).toBe(toCents(h.total));
      }),
      { numRuns: 500 },
    );
  });
});

describe('withholding tax', () => {
  const periods = ['daily', 'weekly', 'semi-monthly', 'monthly'] as const;
  const tax = (period: (typeof periods)[number], cents: number) =>
    toCents(withholdingTax({ period, taxableCompensation: money(cents), asOf: '2026-06-30' }).withholdingTax);

  it('is continuous at every bracket edge (each fixed amount = lower bracket tax at the edge)', () => {
    for (const period of periods) {
      const brackets = DEFAULT_TABLES.withholding[0]!.periods[period];
      for (let k = 1; k < brackets.length; k++) {
        const edge = toCents(brackets[k]!.over);
        // one centavo either side of the edge moves the tax by at most one centavo (35% × 0.01, rounded)
        expect(Math.abs(tax(period, edge + 1) - tax(period, edge))).toBeLessThanOrEqual(1);
        expect(Math.abs(tax(period, edge) - tax(period, edge - 1))).toBeLessThanOrEqual(1);
        if (k >= 2) {
          const lower = brackets[k - 1]!;
          const atEdge = toCents(lower.fixed) + Number(lower.rate) * (edge - toCents(lower.over));
          expect(Math.round(atEdge)).toBe(toCents(brackets[k]!.fixed));
        }
      }
    }
    const annual = DEFAULT_TABLES.annualIncomeTax[0]!.brackets;
    for (let k = 1; k < annual.length; k++) {
      const edge = toCents(annual[k]!.over);
      const t = (c: number) =>
        toCents(annualIncomeTax({ annualTaxableIncome: money(c), taxYear: 2026 }).incomeTax);
      expect(Math.abs(t(edge + 1) - t(edge))).toBeLessThanOrEqual(1);
    }
  });

  it('never decreases as compensation rises', () => {
    fc.assert(
      fc.property(fc.constantFrom(...periods), centsArb, centsArb, (period, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(tax(period, hi)).toBeGreaterThanOrEqual(tax(period, lo));
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------- random payslips

const dayArb = fc.record({
  kind: fc.constantFrom('work', 'work', 'work', 'absent', 'leave', 'rest', 'restwork'),
  regular: fc.integer({ min: 0, max: 32 }), // quarter hours up to 8 h
  night: fc.integer({ min: 0, max: 32 }),
  ot: fc.integer({ min: 0, max: 16 }),
  otNight: fc.integer({ min: 0, max: 16 }),
  late: fc.integer({ min: 0, max: 60 }),
  undertime: fc.integer({ min: 0, max: 60 }),
});

const payslipArb = fc
  .record({
    monthIdx: fc.integer({ min: 1, max: 12 }),
    cutoff: fc.constantFrom(1, 2) as fc.Arbitrary<1 | 2>,
    monthly: fc.boolean(),
    monthlyRate: fc.integer({ min: 1_000_000, max: 30_000_000 }),
    dailyRate: fc.integer({ min: 50_000, max: 500_000 }),
    divisor: fc.constantFrom(261, 313, 365),
    mwe: fc.boolean(),
    days: fc.array(dayArb, { minLength: 16, maxLength: 16 }),
    allowance: fc.integer({ min: 0, max: 500_000 }),
    rice: fc.integer({ min: 0, max: 400_000 }),
    bonus: fc.integer({ min: 0, max: 10_000_000 }),
    loans: fc.array(fc.integer({ min: 1, max: 3_000_000 }), { maxLength: 3 }),
    split: fc.constantFrom('equal', 'first-cutoff', 'second-cutoff', 'month-to-date'),
    taxMethod: fc.constantFrom('per-period', 'annualised'),
    ytdTaxable: fc.integer({ min: 0, max: 100_000_000 }),
  })
  .map((r): PayslipInput => {
    const mm = String(r.monthIdx).padStart(2, '0');
    const startDay = r.cutoff === 1 ? 1 : 16;
    const endDay = r.cutoff === 1 ? 15 : new Date(Date.UTC(2026, r.monthIdx, 0)).getUTCDate();
    const attendance: DayAttendance[] = r.days.slice(0, endDay - startDay + 1).map((d, i) => {
      const date = `2026-${mm}-${String(startDay + i).padStart(2, '0')}`;
      const regular = d.regular / 4;
      const night = Math.min(d.night, d.regular) / 4;
      const ot = d.ot / 4;
      const otNight = Math.min(d.otNight, d.ot) / 4;
      switch (d.kind) {
        case 'absent':
          return { date, absent: true };
        case 'leave':
          return { date, paidLeave: true };
        case 'rest':
          return { date, restDay: true };
        case 'restwork':
          return { date, restDay: true, regularHours: regular, nightHours: night };
        default:
          return regular + ot > 0
            ? {
                date,
                regularHours: regular,
                nightHours: night,
                overtimeHours: ot,
                overtimeNightHours: otNight,
                lateMinutes: d.late,
                undertimeMinutes: d.undertime,
              }
            : { date };
      }
    });
    return {
      period: {
        start: `2026-${mm}-${String(startDay).padStart(2, '0')}`,
        end: `2026-${mm}-${String(endDay).padStart(2, '0')}`,
        frequency: 'semi-monthly',
        cutoff: r.cutoff,
      },
      profile: {
        rateType: r.monthly ? 'monthly' : 'daily',
        rate: money(r.monthly ? r.monthlyRate : r.dailyRate),
        divisor: r.divisor,
        isMinimumWageEarner: r.mwe,
      },
      attendance,
      allowances: [
        { code: 'ALLOW', amount: money(r.allowance) },
        { code: 'RICE', amount: money(r.rice), deMinimis: 'riceSubsidy' },
      ],
      benefits: [{ code: 'BONUS', amount: money(r.bonus) }],
      deductions: r.loans.map((l, i) => ({ code: `LOAN${i}`, amount: money(l), allowPartial: i === 0 })),
      settings: { contributionSplit: r.split as 'equal', taxMethod: r.taxMethod as 'per-period' },
      monthToDate: { sssCompensation: money(Math.floor(r.monthlyRate / 2)) },
      ytd: { taxableCompensation: money(r.ytdTaxable), withholdingTax: money(Math.floor(r.ytdTaxable / 10)) },
    };
  });

describe('random payslips', () => {
  it('net = gross − deductions, lines sum to the totals, net is never negative', () => {
    fc.assert(
      fc.property(payslipArb, (input) => {
        const p = computePayslip(input);
        const sum = (kind: 'earning' | 'deduction') =>
          p.lines.filter((l) => l.kind === kind).reduce((s, l) => s + toCents(l.amount), 0);
        expect(sum('earning')).toBe(toCents(p.gross));
        expect(sum('deduction')).toBe(toCents(p.deductions));
        expect(toCents(p.gross) - toCents(p.deductions)).toBe(toCents(p.netPay));
        expect(toCents(p.netPay)).toBeGreaterThanOrEqual(0);
        // the taxable base is built from the taxable lines less the mandatory employee shares
        const taxableLines = p.lines.filter((l) => l.taxable).reduce((s, l) => s + toCents(l.amount), 0);
        const excluded = input.profile.isMinimumWageEarner ? 0 : toCents(p.employeeShares.total);
        expect(toCents(p.taxableBase)).toBe(Math.max(0, taxableLines - excluded));
        for (const l of p.lines) expect(l.amount).toMatch(/^-?\d+\.\d{2}$/);
      }),
      { numRuns: 300 },
    );
  });

  it('same input, same output (and the input is not mutated)', () => {
    fc.assert(
      fc.property(payslipArb, (input) => {
        const copy = structuredClone(input);
        const a = computePayslip(input);
        const b = computePayslip(copy);
        expect(b).toEqual(a);
        expect(copy).toEqual(input);
      }),
      { numRuns: 100 },
    );
  });

  it('does not depend on the payslips computed before it, nor on one that failed halfway', () => {
    fc.assert(
      fc.property(payslipArb, payslipArb, (x, y) => {
        const alone = computePayslip(x);
        computePayslip(y);
        // y's first day again at the end: refused after the other days were added up
        const bad = { ...y, attendance: [...y.attendance!, y.attendance![0]!] };
        expect(() => computePayslip(bad)).toThrow(/appears twice/);
        expect(computePayslip(x)).toEqual(alone);
      }),
      { numRuns: 100 },
    );
  });
});
