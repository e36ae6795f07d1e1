import type { SssTable } from './types.js';

// SSS Circular No. 2024-006 (RA 11199 last step): 15% of MSC (ER 10% / EE 5%), MSC 5,000–35,000 in 500 steps,
// regular SS part capped at 20,000 with the rest as MPF; EC 10 below MSC 15,000, else 30. No 2026 schedule was
// issued (REFERENCE.md §1.1), so this row stays in force.
export const SSS_TABLES: SssTable[] = [
  {
    effectiveFrom: '2025-01-01',
    source: 'SSS Circular No. 2024-006',
    minMsc: '5000.00',
    maxMsc: '35000.00',
    mscStep: '500.00',
    regularSsCap: '20000.00',
    employeeRate: '0.05',
    employerRate: '0.10',
    ecThreshold: '15000.00',
    ecLow: '10.00',
    ecHigh: '30.00',
  },
];
