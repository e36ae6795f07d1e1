import type { DeMinimisCeiling, DeMinimisKind, DeMinimisTable } from './types.js';

const c = (amount: string, per: DeMinimisCeiling['per']): DeMinimisCeiling => ({ amount, per });

const RR_11_2018: Record<DeMinimisKind, DeMinimisCeiling> = {
  monetizedVacationLeaveDays: c('10', 'year'),
  medicalAllowanceDependents: c('250.00', 'month'),
  riceSubsidy: c('2000.00', 'month'),
  uniformAllowance: c('6000.00', 'year'),
  medicalAssistance: c('10000.00', 'year'),
  laundryAllowance: c('300.00', 'month'),
  achievementAward: c('10000.00', 'year'),
  christmasGift: c('5000.00', 'year'),
  cbaProductivityIncentive: c('10000.00', 'year'),
};

// REFERENCE.md §4.5. RR 4-2025 raised only the uniform allowance (7,000) and let achievement awards be in cash;
// its exact start date is not in the reference, so the 2025 row starts on 1 January 2025 (design choice).
// RR 29-2025 applies from 6 January 2026 (posted 22 Dec 2025 + 15 days).
export const DE_MINIMIS_TABLES: DeMinimisTable[] = [
  {
    effectiveFrom: '2018-01-01',
    source: 'BIR RR 11-2018',
    ceilings: RR_11_2018,
    overtimeMealShareOfMinimumWage: '0.25',
  },
  {
    effectiveFrom: '2025-01-01',
    source: 'BIR RR 4-2025',
    ceilings: { ...RR_11_2018, uniformAllowance: c('7000.00', 'year') },
    overtimeMealShareOfMinimumWage: '0.25',
  },
  {
    effectiveFrom: '2026-01-06',
    source: 'BIR RR 29-2025',
    ceilings: {
      monetizedVacationLeaveDays: c('12', 'year'),
      medicalAllowanceDependents: c('333.00', 'month'),
      riceSubsidy: c('2500.00', 'month'),
      uniformAllowance: c('8000.00', 'year'),
      medicalAssistance: c('12000.00', 'year'),
      laundryAllowance: c('400.00', 'month'),
      achievementAward: c('12000.00', 'year'),
      christmasGift: c('6000.00', 'year'),
      cbaProductivityIncentive: c('12000.00', 'year'),
    },
    overtimeMealShareOfMinimumWage: '0.30',
  },
];
