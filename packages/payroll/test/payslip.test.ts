/**
 * Worked examples for computePayslip. Every expected figure is worked out by hand from the rules in
 * REFERENCE.md (arithmetic in the comments), not copied from the engine's output.
 */
import { describe, expect, it } from 'vitest';
import { computePayslip, type Payslip, type PayslipInput } from '../src/index.js';

const line = (p: Payslip, code: string) => p.lines.find((l) => l.code === code)?.amount;
const codes = (p: Payslip) => p.lines.map((l) => l.code);

describe('monthly-paid employee, semi-monthly 1–15 April 2026 (divisor 261)', () => {
  // Daily rate = 30,000 × 12 / 261 = 1,379.3103448…; hourly = 172.4137931…; per minute = 2.8735632…
  // (kept unrounded; each line rounded half-up once).
  const input: PayslipInput = {
    period: { start: '2026-04-01', end: '2026-04-15', frequency: 'semi-monthly' },
    profile: { rateType: 'monthly', rate: '30000.00' },
    attendance: [
      { date: '2026-04-01', regularHours: 8, overtimeHours: 2 }, // ordinary day, 2 h OT
      { date: '2026-04-02', regularHours: 8 }, // Maundy Thursday (regular holiday) worked
      { date: '2026-04-03' }, // Good Friday, not worked: inside the monthly salary
      { date: '2026-04-04', restDay: true, regularHours: 8 }, // Black Saturday (special) on rest day, worked
      { date: '2026-04-05', restDay: true, regularHours: 4, nightHours: 2 }, // Sunday rest day worked
      { date: '2026-04-06', regularHours: 7.75, lateMinutes: 15 },
      { date: '2026-04-07', regularHours: 7.5, undertimeMinutes: 30 },
      { date: '2026-04-08', absent: true }, // unpaid absence
      { date: '2026-04-09' }, // Araw ng Kagitingan, not worked, absent the workday before (Art. 94)
      { date: '2026-04-10', paidLeave: true },
      { date: '2026-04-13', regularHours: 8, nightHours: 8 },
      { date: '2026-04-14', regularHours: 8, overtimeHours: 1, overtimeNightHours: 1 },
    ],
    deductions: [{ code: 'LOAN', description: 'Company loan', amount: '2000.00' }],
  };
  const p = computePayslip(input);

  it('pays the half-month salary and deducts absence, forfeited holiday, lateness and undertime', () => {
    expect(line(p, 'BASIC')).toBe('15000.00'); // 30,000 / 2
    expect(line(p, 'ABSENT')).toBe('-1379.31'); // 1 day × 1,379.3103
    // Art. 94: absent without pay on 8 April, so the unworked 9 April holiday is not paid: 1 day × 1.00
    expect(line(p, 'HOLX_RH')).toBe('-1379.31');
    expect(line(p, 'LATE')).toBe('-43.10'); // 15 min × 2.8735632 = 43.1034
    expect(line(p, 'UNDERTIME')).toBe('-86.21'); // 30 min × 2.8735632 = 86.2069
  });

  it('adds only the premium above the salary on covered days, full pay on uncovered rest days', () => {
    expect(line(p, 'PREM_RH')).toBe('1379.31'); // regular holiday 200% − 100% in salary: 8 h × 172.4138 × 1.00
    expect(line(p, 'PREM_SHRD')).toBe('2068.97'); // special day on rest day 150%: 8 × 172.4138 × 1.5 = 2,068.9655
    expect(line(p, 'PREM_ORDRD')).toBe('896.55'); // rest day 130%: 4 × 172.4138 × 1.3 = 896.5517
    expect(line(p, 'ND_ORDRD')).toBe('44.83'); // night on rest day +10% of 130%: 2 × 172.4138 × 0.13 = 44.8276
    expect(line(p, 'ND_ORD')).toBe('137.93'); // 8 × 172.4138 × 0.10 = 137.9310
    expect(line(p, 'OT_ORD')).toBe('646.55'); // (2 + 1) h × 172.4138 × 1.25 = 646.5517
    expect(line(p, 'NDOT_ORD')).toBe('21.55'); // 1 h × 172.4138 × 1.25 × 0.10 = 21.5517
    expect(line(p, 'LEAVE')).toBeUndefined(); // paid leave is inside the salary
    expect(codes(p)).not.toContain('PREM_ORD'); // ordinary hours are the salary itself
  });

  it('totals, contributions (equal split, first cut-off) and per-period tax', () => {
    // gross = 15,000 − 1,379.31 − 1,379.31 − 43.10 − 86.21
    //       + 1,379.31 + 2,068.97 + 896.55 + 44.83 + 137.93 + 646.55 + 21.55 = 17,307.76
    expect(p.gross).toBe('17307.76');
    // SSS: month projected 17,307.76 × 2 = 34,615.52 → MSC 500 × floor(34,865.52 / 500) = 34,500
    //   = 20,000 SS + 14,500 MPF; EE 1,000 + 725 = 1,725 a month → half: 500.00 + 362.50
    expect(p.employeeShares.sss).toBe('862.50');
    expect(p.employeeShares.sssMpf).toBe('362.50');
    expect(p.employerShares.sss).toBe('1725.00'); // (2,000 + 1,450) / 2
    expect(p.employerShares.sssEC).toBe('15.00'); // 30 / 2
    // The line says its parts as people write amounts (walkthrough: "regular SS 500.00, MPF 362.50" read raw).
    expect(p.lines.find((l) => l.description.startsWith('SSS employee share'))?.description).toBe(
      'SSS employee share (regular SS 500.00, MPF 362.50)',
    );
    // PhilHealth: 30,000 × 5% = 1,500 → 750 each → half 375.00; Pag-IBIG: 10,000 × 2% = 200 → half 100.00
    expect(p.employeeShares.philhealth).toBe('375.00');
    expect(p.employeeShares.pagibig).toBe('100.00');
    // taxable = 17,307.76 − (862.50 + 375 + 100) = 15,970.26; semi-monthly bracket 2:
    // 0.15 × (15,970.26 − 10,417) = 832.989 → 832.99
    expect(p.taxableBase).toBe('15970.26');
    expect(p.withholdingTax).toBe('832.99');
    // deductions = 1,337.50 + 832.99 + 2,000 loan = 4,170.49; net = 17,307.76 − 4,170.49
    expect(p.deductions).toBe('4170.49');
    expect(p.netPay).toBe('13137.27');
    expect(p.deferred).toEqual([]);
  });
});

describe('daily-paid employee, semi-monthly 16–31 August 2026 (Mon–Sat, divisor 313)', () => {
  // Daily 695.00, hourly 86.875. 21 Aug = special non-working day, 31 Aug = National Heroes Day (regular).
  const input: PayslipInput = {
    period: { start: '2026-08-16', end: '2026-08-31', frequency: 'semi-monthly' },
    profile: { rateType: 'daily', rate: '695.00', divisor: 313 },
    attendance: [
      { date: '2026-08-16', restDay: true },
      { date: '2026-08-17', regularHours: 8 },
      { date: '2026-08-18', regularHours: 8, overtimeHours: 2 },
      { date: '2026-08-19', regularHours: 7.5, lateMinutes: 30 }, // paid for the 7.5 h worked
      { date: '2026-08-20', regularHours: 7, undertimeMinutes: 60 },
      { date: '2026-08-21', regularHours: 8 }, // special non-working day worked
      { date: '2026-08-22', absent: true },
      { date: '2026-08-23', restDay: true, regularHours: 8, nightHours: 3 },
      { date: '2026-08-24', paidLeave: true },
      { date: '2026-08-25', regularHours: 8 },
      { date: '2026-08-26', regularHours: 8, nightHours: 8 },
      { date: '2026-08-27', regularHours: 8 },
      { date: '2026-08-28', regularHours: 8 },
      { date: '2026-08-29', regularHours: 8 },
      { date: '2026-08-30', restDay: true },
      { date: '2026-08-31' }, // regular holiday not worked; workday before (29th, skipping rest day 30th) worked
    ],
    deductions: [
      { code: 'LOAN', description: 'Salary loan', amount: '9500.00' },
      { code: 'CA', description: 'Cash advance', amount: '1000.00' },
    ],
  };
  const p = computePayslip(input);

  it('pays hours worked at the DOLE multipliers', () => {
    // ordinary hours 8+8+7.5+7+8+8+8+8+8 = 70.5 × 86.875 = 6,124.6875
    expect(line(p, 'BASIC')).toBe('6124.69');
    expect(line(p, 'OT_ORD')).toBe('217.19'); // 2 × 86.875 × 1.25 = 217.1875
    expect(line(p, 'ND_ORD')).toBe('69.50'); // 8 × 86.875 × 0.10
    expect(line(p, 'PREM_SH')).toBe('903.50'); // 8 × 86.875 × 1.30
    expect(line(p, 'PREM_ORDRD')).toBe('903.50'); // 8 × 86.875 × 1.30
    expect(line(p, 'ND_ORDRD')).toBe('33.88'); // 3 × 86.875 × 0.13 = 33.88125
    expect(line(p, 'HOL_RH')).toBe('695.00'); // unworked regular holiday 100%
    expect(line(p, 'LEAVE')).toBe('695.00');
    expect(codes(p)).not.toContain('ABSENT'); // no work, no pay: nothing to deduct from a daily rate
    expect(codes(p)).not.toContain('LATE'); // lateness already not paid (7.5 h)
  });

  it('defers the loan that does not fit and still takes the cash advance that does', () => {
    // gross = 6,124.69 + 217.19 + 69.50 + 903.50 + 903.50 + 33.88 + 695 + 695 = 9,642.26
    expect(p.gross).toBe('9642.26');
    // second cut-off, equal split. SSS: 9,642.26 × 2 = 19,284.52 → MSC 19,500 → EE 975 → 975 − 487.50 = 487.50
    expect(p.employeeShares.sss).toBe('487.50');
    // PhilHealth MBS = EEMR 695 × 313 / 12 = 18,127.92 → × 5% = 906.396 → 906.40 → EE 453.20 → half 226.60
    expect(p.contributionBases.philhealthBasicSalary).toBe('18127.92');
    expect(p.employeeShares.philhealth).toBe('226.60');
    expect(p.employeeShares.pagibig).toBe('100.00'); // 10,000 × 2% / 2
    // taxable = 9,642.26 − 814.10 = 8,828.16 ≤ 10,417 → 0
    expect(p.taxableBase).toBe('8828.16');
    expect(p.withholdingTax).toBe('0.00');
    // available after statutory = 8,828.16 < 9,500 → whole loan deferred; 1,000 advance fits
    expect(p.deferred).toEqual([
      { code: 'LOAN', description: 'Salary loan', amount: '9500.00', deducted: '0.00', deferred: '9500.00' },
    ]);
    expect(p.deductions).toBe('1814.10'); // 814.10 + 1,000
    expect(p.netPay).toBe('7828.16'); // 9,642.26 − 1,814.10
  });

  it('takes part of a loan when the company allows partial deductions', () => {
    const q = computePayslip({
      ...input,
      deductions: [{ code: 'LOAN', description: 'Salary loan', amount: '9500.00', allowPartial: true }],
    });
    // 8,828.16 fits; 671.84 deferred; net 0.00
    expect(q.deferred[0]).toMatchObject({ deducted: '8828.16', deferred: '671.84' });
    expect(q.netPay).toBe('0.00');
  });

  it('loses the unworked holiday when absent on the workday before', () => {
    const q = computePayslip({
      ...input,
      attendance: input.attendance!.map((d) =>
        d.date === '2026-08-29' ? { date: d.date, absent: true } : d,
      ),
    });
    expect(line(q, 'HOL_RH')).toBeUndefined();
  });
});

describe('minimum wage earner', () => {
  // Daily 695.00 × 8 h × 10 days (16–30 April 2026, no holidays) = 6,950.00; OT 4 h × 86.875 × 1.25 = 434.375
  const p = computePayslip({
    period: { start: '2026-04-16', end: '2026-04-30', frequency: 'semi-monthly' },
    profile: { rateType: 'daily', rate: '695.00', divisor: 313, isMinimumWageEarner: true },
    attendance: ['16', '17', '20', '21', '22', '23', '24', '27', '28', '29'].map((d, i) => ({
      date: `2026-04-${d}`,
      regularHours: 8,
      overtimeHours: i < 2 ? 2 : 0,
    })),
    allowances: [{ code: 'COMM', description: 'Sales commission', amount: '3000.00' }],
  });

  it('exempts minimum wage and OT, taxes other compensation', () => {
    expect(line(p, 'BASIC')).toBe('6950.00');
    expect(line(p, 'OT_ORD')).toBe('434.38');
    expect(p.lines.find((l) => l.code === 'BASIC')?.taxable).toBe(false);
    expect(p.lines.find((l) => l.code === 'COMM')?.taxable).toBe(true);
    expect(p.gross).toBe('10384.38'); // 6,950 + 434.38 + 3,000
    // SSS: 10,384.38 × 2 = 20,768.76 → MSC 21,000 (20,000 + 1,000 MPF) → EE 1,050; 2nd cut-off: 525.00
    expect(p.employeeShares.sss).toBe('525.00');
    // taxable = commission only (RR 11-2018: the MWE's minimum wage and OT stay exempt) = 3,000 → tax 0
    expect(p.taxableBase).toBe('3000.00');
    expect(p.withholdingTax).toBe('0.00');
    expect(p.netPay).toBe('9532.78'); // 10,384.38 − (525 + 226.60 + 100)
  });
});

describe('December true-up (last payroll of the year)', () => {
  // 60,000 a month, semi-monthly. Each earlier cut-off: gross 30,000; SSS MSC 35,000 → EE 1,750 / 2 = 875;
  // PhilHealth 60,000 × 5% = 3,000 → EE 1,500 / 2 = 750; Pag-IBIG 100 → EE 1,725; taxable 28,275;
  // semi-monthly tax 937.50 + 0.20 × (28,275 − 16,667) = 3,259.10. Twenty-three cut-offs before 16 Dec:
  // taxable 650,325.00, withheld 74,959.30.
  const base: PayslipInput = {
    period: { start: '2026-12-16', end: '2026-12-31', frequency: 'semi-monthly' },
    profile: { rateType: 'monthly', rate: '60000.00' },
    benefits: [
      { code: '13TH', description: '13th-month pay', amount: '60000.00' },
      { code: 'BONUS', description: 'Christmas bonus', amount: '40000.00' },
    ],
    ytd: { taxableCompensation: '650325.00', withholdingTax: '74959.30', benefitsReceived: '0.00' },
  };

  it('annualises and withholds the deficiency', () => {
    const p = computePayslip(base);
    // 13th month 60,000 + bonus 40,000 = 100,000 → 90,000 exempt, 10,000 taxable
    expect(line(p, '13TH')).toBe('60000.00');
    expect(line(p, 'BONUS')).toBe('30000.00');
    expect(line(p, 'BONUS_TAXABLE')).toBe('10000.00');
    expect(p.gross).toBe('130000.00');
    // taxable this period = 30,000 + 10,000 − 1,725 = 38,275; year = 650,325 + 38,275 = 688,600
    // annual tax = 22,500 + 20% × (688,600 − 400,000) = 80,220.00; due now = 80,220 − 74,959.30 = 5,260.70
    expect(p.taxableBase).toBe('38275.00');
    expect(p.yearEnd).toEqual({
      annualTaxableCompensation: '688600.00',
      annualTax: '80220.00',
      withheldBefore: '74959.30',
      adjustment: '5260.70',
    });
    expect(p.withholdingTax).toBe('5260.70');
    expect(p.netPay).toBe('123014.30'); // 130,000 − 1,725 − 5,260.70
    expect(p.ytd.withholdingTax).toBe('80220.00');
  });

  it('refunds an over-withholding as a negative tax line', () => {
    const p = computePayslip({ ...base, ytd: { ...base.ytd, withholdingTax: '90000.00' } });
    // 80,220 − 90,000 = −9,780.00 → net 130,000 − 1,725 + 9,780 = 138,055.00
    expect(p.withholdingTax).toBe('-9780.00');
    expect(line(p, 'WTAX')).toBe('-9780.00');
    expect(p.netPay).toBe('138055.00');
  });
});

describe('company settings', () => {
  const june = (settings: PayslipInput['settings'], ytd?: PayslipInput['ytd']) =>
    computePayslip({
      period: { start: '2026-06-01', end: '2026-06-30', frequency: 'monthly' },
      profile: { rateType: 'monthly', rate: '50000.00' },
      ...(settings ? { settings } : {}),
      ...(ytd ? { ytd } : {}),
    });

  it('per-period monthly table by default', () => {
    // EE: SSS 1,750 + PhilHealth 1,250 + Pag-IBIG 200 = 3,200; taxable 46,800;
    // monthly bracket 3: 1,875 + 0.20 × (46,800 − 33,333) = 4,568.40
    const p = june(undefined);
    expect(p.taxableBase).toBe('46800.00');
    expect(p.withholdingTax).toBe('4568.40');
    expect(p.settingsUsed).toEqual({ divisor: 261, contributionSplit: 'equal', taxMethod: 'per-period' });
  });

  it('annualised (cumulative) method', () => {
    // June = period 6 of 12; year-to-date 5 × 46,800 = 234,000 plus 46,800 → projected × 12/6 = 561,600
    // annual tax 22,500 + 0.20 × 161,600 = 54,820 → due to date 54,820 × 6/12 = 27,410 − withheld 22,841.65
    const p = june(
      { taxMethod: 'annualised' },
      { taxableCompensation: '234000.00', withholdingTax: '22841.65' },
    );
    expect(p.withholdingTax).toBe('4568.35');
  });

  it('second-cutoff split takes the whole month on the second cut-off from month-to-date pay', () => {
    const half = (cutoff: 1 | 2) =>
      computePayslip({
        period:
          cutoff === 1
            ? { start: '2026-06-01', end: '2026-06-15', frequency: 'semi-monthly' }
            : { start: '2026-06-16', end: '2026-06-30', frequency: 'semi-monthly' },
        profile: { rateType: 'monthly', rate: '25000.00' },
        settings: { contributionSplit: 'second-cutoff' },
        ...(cutoff === 2 ? { monthToDate: { sssCompensation: '12500.00' } } : {}),
      });
    // 1st: nothing; 2nd: SSS on 12,500 + 12,500 = 25,000 → EE 1,000 + 250 MPF = 1,250;
    // PhilHealth 25,000 × 5% = 1,250 → EE 625; Pag-IBIG 200
    expect(half(1).employeeShares.total).toBe('0.00');
    expect(half(2).employeeShares).toEqual({
      sss: '1250.00',
      sssMpf: '250.00',
      philhealth: '625.00',
      pagibig: '200.00',
      total: '2075.00',
    });
  });

  it('de minimis: rice subsidy above the 2026 ceiling goes to the 90,000 bucket', () => {
    const p = computePayslip({
      period: { start: '2026-03-01', end: '2026-03-31', frequency: 'monthly' },
      profile: { rateType: 'monthly', rate: '20000.00' },
      allowances: [{ code: 'RICE', amount: '3000.00', deMinimis: 'riceSubsidy' }],
    });
    // RR 29-2025: 2,500 a month exempt; 500 excess into the bucket (still under 90,000 → exempt)
    expect(line(p, 'RICE')).toBe('2500.00');
    expect(line(p, 'RICE_EXCESS')).toBe('500.00');
    expect(p.lines.every((l) => l.code === 'BASIC' || !l.taxable)).toBe(true);
    // same month of 2025 (RR 11-2018 / RR 4-2025): 2,000 ceiling
    const q = computePayslip({
      period: { start: '2025-03-01', end: '2025-03-31', frequency: 'monthly' },
      profile: { rateType: 'monthly', rate: '20000.00' },
      allowances: [{ code: 'RICE', amount: '3000.00', deMinimis: 'riceSubsidy' }],
    });
    expect(line(q, 'RICE')).toBe('2000.00');
    expect(line(q, 'RICE_EXCESS')).toBe('1000.00');
  });
});
