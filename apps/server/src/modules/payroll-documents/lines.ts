/**
 * The one place that reads the engine's payslip line codes (packages/payroll/src/rules/payslip/earnings.ts,
 * allowances.ts, deductions.ts) and sorts them into the buckets the register and the BIR forms need.
 */
import type { PayslipLine } from '@hrpay/payroll';

export type EarningBucket = 'basic' | 'attendance' | 'premium' | 'other';
export type DeductionBucket = 'sss' | 'philhealth' | 'pagibig' | 'tax' | 'other';
/** Which MWE-exempt item of BIR 2316 (30–32) / 1601-C (16) a premium line belongs to. */
export type PremiumKind = 'holiday' | 'overtime' | 'night';

/** BASIC (salary or hours worked) and LEAVE (paid leave of daily-paid) are basic pay; ABSENT, LATE, UNDERTIME
 *  and HOLX_* (forfeited holiday, Art. 94) are the negative attendance lines against it; PREM_, ND_, OT_, NDOT_
 *  and HOL_ are premium pay; everything else (COLA, allowances, benefits) is "other". */
export function earningBucket(code: string): EarningBucket {
  if (code === 'BASIC' || code === 'LEAVE') return 'basic';
  if (code === 'ABSENT' || code === 'LATE' || code === 'UNDERTIME' || code.startsWith('HOLX_'))
    return 'attendance';
  if (premiumKind(code)) return 'premium';
  return 'other';
}

export function premiumKind(code: string): PremiumKind | null {
  if (code.startsWith('OT_')) return 'overtime';
  if (code.startsWith('ND_') || code.startsWith('NDOT_')) return 'night';
  // Rest-day and holiday premiums and unworked-holiday pay: the "holiday pay" of an MWE (RR 10-2008).
  if (code.startsWith('HOL_') || code.startsWith('PREM_')) return 'holiday';
  return null;
}

export function deductionBucket(code: string): DeductionBucket {
  switch (code) {
    case 'SSS':
      return 'sss';
    case 'PHIC':
      return 'philhealth';
    case 'HDMF':
      return 'pagibig';
    case 'WTAX':
      return 'tax';
    default:
      return 'other';
  }
}

/** The allowance engine marks the exempt part of a de minimis benefit this way (allowances.ts). */
export const isDeMinimis = (line: PayslipLine): boolean =>
  line.kind === 'earning' && !line.taxable && line.description.endsWith('(de minimis)');

/** The part of a de minimis benefit above its ceiling that stayed exempt inside the 90,000 bucket of NIRC Sec.
 *  32(B)(7)(e) (RMC 50-2018; REFERENCE §4.5): the allowance engine writes it as `<code>_EXCESS` (allowances.ts),
 *  SIL-CASH_EXCESS and LEAVE-CONV_EXCESS included; what exceeds the bucket is `<code>_EXCESS_TAXABLE`, taxable.
 *  The suffix is unambiguous on an exempt line: every exempt earning of the user's is a de minimis benefit (its
 *  line marked "(de minimis)", read first) or a 13th month / other benefit (payroll-periods compute taxClassOf). */
export const isDeMinimisExcess = (line: PayslipLine): boolean =>
  line.kind === 'earning' && !line.taxable && line.code.endsWith('_EXCESS');
