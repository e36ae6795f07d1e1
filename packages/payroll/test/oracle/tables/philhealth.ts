import type { PhilhealthTable } from './types.js';

// PhilHealth Circular 2020-0005 / Advisory 2025-0002: 5% of monthly basic salary, floor 10,000, ceiling 100,000,
// shared equally. 2026 unchanged per 2026 guides (REFERENCE.md §2; no official 2026 issuance seen).
export const PHILHEALTH_TABLES: PhilhealthTable[] = [
  {
    effectiveFrom: '2024-01-01',
    source: 'PhilHealth Circular 2020-0005; Advisory 2025-0002',
    rate: '0.05',
    floor: '10000.00',
    ceiling: '100000.00',
  },
];
