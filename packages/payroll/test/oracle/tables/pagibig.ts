import type { PagibigTable } from './types.js';

// Pag-IBIG Circular No. 460: EE 1% at fund salary ≤ 1,500 else 2%, ER 2%, maximum fund salary 10,000 from the
// February 2024 applicable month (REFERENCE.md §3).
export const PAGIBIG_TABLES: PagibigTable[] = [
  {
    effectiveFrom: '2024-02-01',
    source: 'HDMF Circular No. 460',
    lowThreshold: '1500.00',
    employeeRateLow: '0.01',
    employeeRateHigh: '0.02',
    employerRate: '0.02',
    maxFundSalary: '10000.00',
  },
];
