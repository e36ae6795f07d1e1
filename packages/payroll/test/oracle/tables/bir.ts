import type { AnnualTaxTable, BenefitsCeilingTable, TaxBracket, WithholdingTable } from './types.js';

const b = (over: string, fixed: string, rate: string): TaxBracket => ({ over, fixed, rate });

// RR 11-2018 Annex E, table effective January 1, 2023 (REFERENCE.md §4.1; fixed amounts checked for continuity —
// the 82.19/356.16 figures some sites print are the 2018 table, see §7).
export const WITHHOLDING_TABLES: WithholdingTable[] = [
  {
    effectiveFrom: '2023-01-01',
    source: 'BIR RR 11-2018 Annex E (2023 onwards)',
    periods: {
      daily: [
        b('0.00', '0.00', '0'),
        b('685.00', '0.00', '0.15'),
        b('1096.00', '61.65', '0.20'),
        b('2192.00', '280.85', '0.25'),
        b('5479.00', '1102.60', '0.30'),
        b('21918.00', '6034.30', '0.35'),
      ],
      weekly: [
        b('0.00', '0.00', '0'),
        b('4808.00', '0.00', '0.15'),
        b('7692.00', '432.60', '0.20'),
        b('15385.00', '1971.20', '0.25'),
        b('38462.00', '7740.45', '0.30'),
        b('153846.00', '42355.65', '0.35'),
      ],
      'semi-monthly': [
        b('0.00', '0.00', '0'),
        b('10417.00', '0.00', '0.15'),
        b('16667.00', '937.50', '0.20'),
        b('33333.00', '4270.70', '0.25'),
        b('83333.00', '16770.70', '0.30'),
        b('333333.00', '91770.70', '0.35'),
      ],
      monthly: [
        b('0.00', '0.00', '0'),
        b('20833.00', '0.00', '0.15'),
        b('33333.00', '1875.00', '0.20'),
        b('66667.00', '8541.80', '0.25'),
        b('166667.00', '33541.80', '0.30'),
        b('666667.00', '183541.80', '0.35'),
      ],
    },
  },
];

// NIRC Sec. 24(A)(2)(a) as amended by RA 10963 (TRAIN), schedule for 2023 onwards (REFERENCE.md §4.2).
export const ANNUAL_TAX_TABLES: AnnualTaxTable[] = [
  {
    effectiveFrom: '2023-01-01',
    source: 'NIRC Sec. 24(A)(2)(a) as amended by RA 10963, 2023 onwards',
    brackets: [
      b('0.00', '0.00', '0'),
      b('250000.00', '0.00', '0.15'),
      b('400000.00', '22500.00', '0.20'),
      b('800000.00', '102500.00', '0.25'),
      b('2000000.00', '402500.00', '0.30'),
      b('8000000.00', '2202500.00', '0.35'),
    ],
  },
];

// NIRC Sec. 32(B)(7)(e) as amended by TRAIN: 13th-month pay and other benefits excluded up to 90,000 combined.
// Still 90,000 in 2026 (HB 7661's 150,000 is not law) — REFERENCE.md §4.3.
export const BENEFITS_CEILING_TABLES: BenefitsCeilingTable[] = [
  {
    effectiveFrom: '2018-01-01',
    source: 'NIRC Sec. 32(B)(7)(e) as amended by RA 10963',
    ceiling: '90000.00',
  },
];
