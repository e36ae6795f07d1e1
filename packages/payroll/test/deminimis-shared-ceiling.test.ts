/**
 * A de minimis ceiling is the month's or the year's for each kind of benefit, shared by every line of that kind on
 * one payslip and by what earlier payslips of the month / year already gave (RR 11-2018 as amended by RR 4-2025
 * and RR 29-2025; REFERENCE.md §4.5). What exceeds it joins the 90,000 bucket of 13th-month pay and other
 * benefits (RMC 50-2018; NIRC Sec. 32(B)(7)(e) as amended by RA 10963; REFERENCE.md §4.3), itself shared by every
 * benefit line of the payslip and the year's earlier payrolls. Expected figures are worked by hand in the comments.
 *
 * The periods are in 2027, under RR 29-2025 (in force from 6 January 2026): rice 2,500 a month, laundry 400 a
 * month, uniform 8,000 a year, monetized vacation leave 12 days a year.
 */
import { describe, expect, it } from 'vitest';
import { computePayslip, type Payslip, type PayslipInput } from '../src/index.js';

const line = (p: Payslip, code: string) => p.lines.find((l) => l.code === code);
const amount = (p: Payslip, code: string) => line(p, code)?.amount;
/** Sum of the non-taxable de minimis lines (description ends in "(de minimis)"). */
const deMinimisExempt = (p: Payslip) =>
  (
    p.lines
      .filter((l) => l.description.endsWith('(de minimis)'))
      .reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0) / 100
  ).toFixed(2);

const NO_STATUTORY = { sss: false, philhealth: false, pagibig: false, withholdingTax: false };

describe('two allowances of the same de minimis kind on one payslip share the ceiling', () => {
  // Monthly payroll for January 2027, 20,000 a month, the full statutory deductions.
  // SSS: the de minimis lines and their excess are not SSS compensation → 20,000 → MSC 20,000, EE 5% = 1,000.00.
  // PhilHealth: 20,000 × 5% = 1,000 → EE 500.00. Pag-IBIG: fund salary capped at 10,000 × 2% = 200.00.
  // Employee shares 1,700.00.
  const base: PayslipInput = {
    period: { start: '2027-01-01', end: '2027-01-31', frequency: 'monthly' },
    profile: { rateType: 'monthly', rate: '20000.00' },
    allowances: [
      { code: 'RICE1', description: 'Rice subsidy', amount: '1000.00', deMinimis: 'riceSubsidy' },
      { code: 'RICE2', description: 'Rice subsidy top-up', amount: '2000.00', deMinimis: 'riceSubsidy' },
    ],
  };

  it('rice 1,000 + 2,000 in one month: 2,500 exempt, 500 into the 90,000 bucket', () => {
    const p = computePayslip(base);
    // Ceiling 2,500 a month. RICE1: 1,000 of 2,500 → 1,000 exempt, 1,500 left.
    // RICE2: 2,000 against the 1,500 left → 1,500 exempt, 500 excess into the bucket (0 + 500 ≤ 90,000: exempt).
    expect(amount(p, 'RICE1')).toBe('1000.00');
    expect(amount(p, 'RICE2')).toBe('1500.00');
    expect(amount(p, 'RICE2_EXCESS')).toBe('500.00');
    expect(line(p, 'RICE2_EXCESS')!.taxable).toBe(false);
    expect(line(p, 'RICE1_EXCESS')).toBeUndefined();
    expect(deMinimisExempt(p)).toBe('2500.00'); // 1,000 + 1,500 = the month's ceiling, not 2 × 2,500
    expect(p.ytd.benefitsReceived).toBe('500.00'); // the 90,000 bucket after this payslip
    // taxable = 20,000 basic − 1,700 shares = 18,300.00; monthly table bracket 1 (≤ 20,833): tax 0.00
    expect(p.taxableBase).toBe('18300.00');
    expect(p.withholdingTax).toBe('0.00');
    expect(p.gross).toBe('23000.00'); // 20,000 + 1,000 + 1,500 + 500
  });

  it('the excess is taxable once the bucket is full (90,000 less 200 used earlier in the year)', () => {
    const p = computePayslip({ ...base, ytd: { benefitsReceived: '89800.00' } });
    // RICE2's 500 excess: 200 fits the bucket (89,800 → 90,000), 300 is taxable compensation.
    expect(amount(p, 'RICE2')).toBe('1500.00');
    expect(amount(p, 'RICE2_EXCESS')).toBe('200.00');
    expect(amount(p, 'RICE2_EXCESS_TAXABLE')).toBe('300.00');
    expect(line(p, 'RICE2_EXCESS_TAXABLE')!.taxable).toBe(true);
    expect(deMinimisExempt(p)).toBe('2500.00');
    expect(p.ytd.benefitsReceived).toBe('90300.00'); // 89,800 + 500
    // taxable = 20,000 + 300 − 1,700 = 18,600.00 (still bracket 1: tax 0.00)
    expect(p.taxableBase).toBe('18600.00');
    expect(p.withholdingTax).toBe('0.00');
  });

  it('a first line above the ceiling leaves nothing for the second', () => {
    const p = computePayslip({
      ...base,
      profile: { ...base.profile, statutory: NO_STATUTORY },
      allowances: [
        { code: 'RICE1', amount: '3000.00', deMinimis: 'riceSubsidy' },
        { code: 'RICE2', amount: '1000.00', deMinimis: 'riceSubsidy' },
      ],
    });
    // RICE1: 2,500 exempt + 500 excess; RICE2: 0 room → no de minimis line, all 1,000 into the bucket.
    expect(amount(p, 'RICE1')).toBe('2500.00');
    expect(amount(p, 'RICE1_EXCESS')).toBe('500.00');
    expect(amount(p, 'RICE2')).toBeUndefined();
    expect(amount(p, 'RICE2_EXCESS')).toBe('1000.00');
    expect(deMinimisExempt(p)).toBe('2500.00');
    expect(p.ytd.benefitsReceived).toBe('1500.00'); // 500 + 1,000
    expect(p.taxableBase).toBe('20000.00'); // only the basic salary; no statutory shares
  });

  it('second cut-off: the month-to-date input and this payslip’s earlier lines both count', () => {
    const p = computePayslip({
      period: { start: '2027-01-16', end: '2027-01-31', frequency: 'semi-monthly' },
      profile: { rateType: 'monthly', rate: '20000.00', statutory: NO_STATUTORY },
      allowances: [
        { code: 'RICE1', amount: '1000.00', deMinimis: 'riceSubsidy' },
        { code: 'RICE2', amount: '1000.00', deMinimis: 'riceSubsidy' },
      ],
      ytd: { deMinimisMonthToDate: { riceSubsidy: '1000.00' }, deMinimis: { riceSubsidy: '1000.00' } },
    });
    // 2,500 − 1,000 on the first cut-off = 1,500 left. RICE1: 1,000 exempt → 500 left.
    // RICE2: 500 exempt + 500 excess (bucket 0 → 500, exempt).
    expect(amount(p, 'RICE1')).toBe('1000.00');
    expect(amount(p, 'RICE2')).toBe('500.00');
    expect(amount(p, 'RICE2_EXCESS')).toBe('500.00');
    expect(deMinimisExempt(p)).toBe('1500.00');
    expect(p.ytd.benefitsReceived).toBe('500.00');
    expect(p.taxableBase).toBe('10000.00'); // half-month basic 20,000 / 2
  });

  it('yearly kinds share the year’s ceiling; each kind keeps its own', () => {
    const p = computePayslip({
      period: { start: '2027-06-01', end: '2027-06-30', frequency: 'monthly' },
      profile: { rateType: 'monthly', rate: '20000.00', statutory: NO_STATUTORY },
      allowances: [
        { code: 'UNI1', amount: '4000.00', deMinimis: 'uniformAllowance' },
        { code: 'LAUN1', amount: '300.00', deMinimis: 'laundryAllowance' },
        { code: 'RICE', amount: '2500.00', deMinimis: 'riceSubsidy' },
        { code: 'UNI2', amount: '2000.00', deMinimis: 'uniformAllowance' },
        { code: 'LAUN2', amount: '300.00', deMinimis: 'laundryAllowance' },
      ],
      ytd: { deMinimis: { uniformAllowance: '3000.00' } },
    });
    // Uniform 8,000 a year, 3,000 given earlier → 5,000 left. UNI1: 4,000 exempt → 1,000 left.
    //   UNI2: 1,000 exempt + 1,000 excess.
    // Laundry 400 a month, none earlier. LAUN1: 300 exempt → 100 left. LAUN2: 100 exempt + 200 excess.
    // Rice 2,500 a month: 2,500 exempt (its own ceiling; the other kinds do not use it).
    expect(amount(p, 'UNI1')).toBe('4000.00');
    expect(amount(p, 'UNI2')).toBe('1000.00');
    expect(amount(p, 'UNI2_EXCESS')).toBe('1000.00');
    expect(amount(p, 'LAUN1')).toBe('300.00');
    expect(amount(p, 'LAUN2')).toBe('100.00');
    expect(amount(p, 'LAUN2_EXCESS')).toBe('200.00');
    expect(amount(p, 'RICE')).toBe('2500.00');
    expect(amount(p, 'RICE_EXCESS')).toBeUndefined();
    // exempt de minimis = 4,000 + 1,000 + 300 + 100 + 2,500 = 7,900
    expect(deMinimisExempt(p)).toBe('7900.00');
    expect(p.ytd.benefitsReceived).toBe('1200.00'); // 1,000 + 200
    expect(p.taxableBase).toBe('20000.00');
  });

  it('monetized vacation leave: 12 days a year at the daily rate, shared by two lines', () => {
    const p = computePayslip({
      period: { start: '2027-12-01', end: '2027-12-31', frequency: 'monthly' },
      profile: { rateType: 'monthly', rate: '26100.00', statutory: NO_STATUTORY },
      allowances: [
        { code: 'VL1', amount: '9600.00', deMinimis: 'monetizedVacationLeaveDays' },
        { code: 'VL2', amount: '7200.00', deMinimis: 'monetizedVacationLeaveDays' },
      ],
    });
    // Daily rate 26,100 × 12 / 261 = 1,200.00; ceiling 12 days × 1,200 = 14,400.
    // VL1 (8 days) 9,600 exempt → 4,800 left. VL2 (6 days) 7,200: 4,800 exempt + 2,400 excess.
    expect(amount(p, 'VL1')).toBe('9600.00');
    expect(amount(p, 'VL2')).toBe('4800.00');
    expect(amount(p, 'VL2_EXCESS')).toBe('2400.00');
    expect(deMinimisExempt(p)).toBe('14400.00');
    expect(p.ytd.benefitsReceived).toBe('2400.00');
    expect(p.taxableBase).toBe('26100.00');
  });
});

describe('the 90,000 bucket is shared by every benefit line of one payslip', () => {
  it('de minimis excess, 13th-month pay and a bonus fill it in order; the rest is taxable', () => {
    const p = computePayslip({
      period: { start: '2027-12-01', end: '2027-12-31', frequency: 'monthly' },
      profile: { rateType: 'monthly', rate: '20000.00', statutory: NO_STATUTORY },
      allowances: [{ code: 'RICE', amount: '3000.00', deMinimis: 'riceSubsidy' }],
      benefits: [
        { code: '13TH', amount: '6000.00' },
        { code: 'BONUS', amount: '5000.00' },
      ],
      ytd: { benefitsReceived: '80000.00' },
    });
    // Bucket 80,000. RICE: 2,500 exempt, 500 excess → 80,500. 13TH 6,000 → 86,500, all exempt.
    // BONUS 5,000: 3,500 fits (→ 90,000), 1,500 taxable. Bucket after: 91,500.
    expect(amount(p, 'RICE_EXCESS')).toBe('500.00');
    expect(amount(p, '13TH')).toBe('6000.00');
    expect(line(p, '13TH_TAXABLE')).toBeUndefined();
    expect(amount(p, 'BONUS')).toBe('3500.00');
    expect(amount(p, 'BONUS_TAXABLE')).toBe('1500.00');
    expect(p.ytd.benefitsReceived).toBe('91500.00');
    expect(p.taxableBase).toBe('21500.00'); // 20,000 basic + 1,500
  });

  it('two benefit lines that each fit alone but not together', () => {
    const p = computePayslip({
      period: { start: '2027-12-01', end: '2027-12-31', frequency: 'monthly' },
      profile: { rateType: 'monthly', rate: '20000.00', statutory: NO_STATUTORY },
      benefits: [
        { code: '13TH', amount: '50000.00' },
        { code: 'BONUS', amount: '50000.00' },
      ],
    });
    // 13TH 50,000 → bucket 50,000, exempt. BONUS: 40,000 exempt, 10,000 taxable. Bucket 100,000.
    expect(amount(p, '13TH')).toBe('50000.00');
    expect(amount(p, 'BONUS')).toBe('40000.00');
    expect(amount(p, 'BONUS_TAXABLE')).toBe('10000.00');
    // Its description writes the ceiling as people do (it read "above the 90000.00 ceiling").
    expect(line(p, 'BONUS_TAXABLE')!.description).toMatch(/\(above the 90,000\.00 ceiling\)$/);
    expect(p.ytd.benefitsReceived).toBe('100000.00');
    expect(p.taxableBase).toBe('30000.00'); // 20,000 + 10,000
  });
});
