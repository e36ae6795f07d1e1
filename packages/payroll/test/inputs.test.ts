/** Invalid input is refused with a typed error naming the field; tables are data the caller can replace. */
import { describe, expect, it } from 'vitest';
import {
  computePayslip,
  dayPay,
  DEFAULT_TABLES,
  nationalHolidays,
  PayrollInputError,
  philhealth,
  sss,
  tardinessDeduction,
  withholdingTax,
  type PayslipInput,
} from '../src/index.js';

function fieldOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PayrollInputError);
    return (e as PayrollInputError).field;
  }
  throw new Error('did not throw');
}

const day = {
  dailyRate: '610.00',
  dayType: 'ordinary' as const,
  regularHours: 8,
};

describe('invalid input', () => {
  it('rejects malformed amounts', () => {
    for (const bad of ['12.345', '1e3', 'abc', '', '-5.00', ' 12.00', '12,000.00']) {
      expect(fieldOf(() => sss({ monthlyCompensation: bad, applicableMonth: '2026-01' }))).toBe(
        'monthlyCompensation',
      );
    }
    expect(
      fieldOf(() => sss({ monthlyCompensation: 1000 as unknown as string, applicableMonth: '2026-01' })),
    ).toBe('monthlyCompensation');
  });

  it('rejects negative, over-24, non-numeric and sub-minute hours', () => {
    expect(fieldOf(() => dayPay({ ...day, regularHours: -1 }))).toBe('regularHours');
    expect(fieldOf(() => dayPay({ ...day, overtimeHours: 25 }))).toBe('overtimeHours');
    expect(fieldOf(() => dayPay({ ...day, overtimeHours: Number.NaN }))).toBe('overtimeHours');
    expect(fieldOf(() => dayPay({ ...day, regularHours: 9 }))).toBe('regularHours'); // above the 8-hour day: OT
    expect(fieldOf(() => dayPay({ ...day, regularHours: 1 / 7 }))).toBe('regularHours');
    expect(fieldOf(() => dayPay({ ...day, regularNightHours: 9 }))).toBe('regularNightHours');
    expect(fieldOf(() => dayPay({ ...day, regularHours: 8, overtimeHours: 17 }))).toBe('overtimeHours');
    expect(fieldOf(() => dayPay({ ...day, worked: false }))).toBe('worked');
  });

  it('rejects an unknown day type', () => {
    expect(fieldOf(() => dayPay({ ...day, dayType: 'holiday' as 'ordinary' }))).toBe('dayType');
  });

  it('rejects dates and months that do not exist or precede every table', () => {
    expect(fieldOf(() => sss({ monthlyCompensation: '1000.00', applicableMonth: '2026-13' }))).toBe(
      'applicableMonth',
    );
    // first SSS table is January 2025: December 2024 is an error, not a guess
    expect(fieldOf(() => sss({ monthlyCompensation: '1000.00', applicableMonth: '2024-12' }))).toBe(
      'applicableMonth',
    );
    expect(fieldOf(() => philhealth({ monthlyBasicSalary: '1000.00', applicableMonth: '2023-12' }))).toBe(
      'applicableMonth',
    );
    expect(
      fieldOf(() => withholdingTax({ period: 'monthly', taxableCompensation: '1.00', asOf: '2022-12-31' })),
    ).toBe('asOf');
    expect(
      fieldOf(() => withholdingTax({ period: 'monthly', taxableCompensation: '1.00', asOf: '2026-02-30' })),
    ).toBe('asOf');
    expect(
      fieldOf(() =>
        withholdingTax({ period: 'yearly' as 'monthly', taxableCompensation: '1.00', asOf: '2026-01-01' }),
      ),
    ).toBe('period');
    expect(fieldOf(() => nationalHolidays({ year: 2027 }))).toBe('year');
    expect(fieldOf(() => tardinessDeduction({ monthlySalary: '30000.00', factor: 0, minutesLate: 5 }))).toBe(
      'factor',
    );
  });

  const slip: PayslipInput = {
    period: { start: '2026-05-01', end: '2026-05-15', frequency: 'semi-monthly' },
    profile: { rateType: 'daily', rate: '700.00' },
    attendance: [{ date: '2026-05-04', regularHours: 8 }],
  };

  it('names the payslip field at fault', () => {
    const att = (a: object) => ({ ...slip, attendance: [{ date: '2026-05-04', ...a }] });
    expect(fieldOf(() => computePayslip(att({ regularHours: 30 })))).toBe('attendance[0].regularHours');
    expect(fieldOf(() => computePayslip(att({ dayType: 'fiesta' })))).toBe('attendance[0].dayType');
    expect(fieldOf(() => computePayslip(att({ date: '2026-05-20' })))).toBe('attendance[0].date');
    expect(fieldOf(() => computePayslip(att({ absent: true, regularHours: 8 })))).toBe(
      'attendance[0].regularHours',
    );
    expect(fieldOf(() => computePayslip(att({ lateMinutes: -3 })))).toBe('attendance[0].lateMinutes');
    const twice = { ...slip, attendance: [{ date: '2026-05-04' }, { date: '2026-05-04' }] };
    expect(fieldOf(() => computePayslip(twice))).toBe('attendance[1].date');
    expect(fieldOf(() => computePayslip(att({ date: '2026-5-04' })))).toBe('attendance[0].date');
    expect(
      fieldOf(() => computePayslip({ ...slip, profile: { rateType: 'daily', rate: '700' + 'x' } })),
    ).toBe('profile.rate');
    expect(fieldOf(() => computePayslip({ ...slip, deductions: [{ code: 'L', amount: '1.001' }] }))).toBe(
      'deductions[0].amount',
    );
    expect(
      fieldOf(() => computePayslip({ ...slip, settings: { contributionSplit: 'weekly' as 'equal' } })),
    ).toBe('settings.contributionSplit');
    // a 2027 day with no holiday calendar is not silently "ordinary"
    expect(
      fieldOf(() =>
        computePayslip({
          ...slip,
          period: { start: '2027-05-01', end: '2027-05-15', frequency: 'semi-monthly' },
          attendance: [{ date: '2027-05-04', regularHours: 8 }],
        }),
      ),
    ).toBe('attendance[0].dayType');
  });
});

describe('tables are replaceable data', () => {
  it('a caller table with a later effective date applies from that date only', () => {
    const sss2027 = { ...DEFAULT_TABLES.sss[0]!, effectiveFrom: '2027-01-01', employeeRate: '0.06' };
    const tables = { sss: [...DEFAULT_TABLES.sss, sss2027] };
    // 2026: 10,000 × 5% = 500; 2027 (hypothetical): 10,000 × 6% = 600
    expect(sss({ monthlyCompensation: '10000.00', applicableMonth: '2026-12', tables }).employeeTotal).toBe(
      '500.00',
    );
    expect(sss({ monthlyCompensation: '10000.00', applicableMonth: '2027-01', tables }).employeeTotal).toBe(
      '600.00',
    );
  });

  it('caller holidays drive day types in a payslip', () => {
    const tables = {
      holidays: [
        ...DEFAULT_TABLES.holidays,
        {
          year: 2027,
          source: 'test',
          regularHolidays: ['2027-01-01'],
          specialNonWorkingDays: [],
          specialWorkingDays: [],
        },
      ],
    };
    const p = computePayslip({
      period: { start: '2027-01-01', end: '2027-01-15', frequency: 'semi-monthly' },
      profile: { rateType: 'daily', rate: '800.00' },
      attendance: [{ date: '2027-01-01', regularHours: 8 }],
      tables,
    });
    expect(p.lines.find((l) => l.code === 'PREM_RH')?.amount).toBe('1600.00'); // 800 × 200%
  });

  it('rejects a malformed caller table, naming it', () => {
    const bad = { philhealth: [{ ...DEFAULT_TABLES.philhealth[0]!, rate: 'five percent' }] };
    expect(
      fieldOf(() => philhealth({ monthlyBasicSalary: '1.00', applicableMonth: '2026-01', tables: bad })),
    ).toBe('tables.philhealth[0].rate');
  });
});

describe('dayPay beyond the vectors', () => {
  it('no pay for an unworked regular holiday after an unpaid absence (Art. 94)', () => {
    expect(
      dayPay({ dailyRate: '610.00', dayType: 'regular_holiday', presentOrPaidLeaveDayBefore: false })
        .totalPay,
    ).toBe('0.00');
  });

  it('pays COLA with the holiday factor but premiums on the basic wage only', () => {
    // DOLE RO6 FAQ 2012: (426 + 20 COLA) × 200% = 892.00
    expect(
      dayPay({ dailyRate: '426.00', cola: '20.00', dayType: 'regular_holiday', regularHours: 8 }).totalPay,
    ).toBe('892.00');
    // special day: 426 × 130% + 20 = 573.80
    expect(
      dayPay({ dailyRate: '426.00', cola: '20.00', dayType: 'special_non_working', regularHours: 8 })
        .totalPay,
    ).toBe('573.80');
  });

  it('double special day on rest day, night OT: 1.95 × 1.3 × 1.1 = 2.7885 per hour', () => {
    // 800 / 8 = 100 per hour → 278.85
    expect(
      dayPay({
        dailyRate: '800.00',
        dayType: 'double_special',
        restDay: true,
        overtimeHours: 1,
        overtimeNightHours: 1,
      }).totalPay,
    ).toBe('278.85');
  });
});
