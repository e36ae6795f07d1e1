import type { DayPremium, PremiumTable } from './types.js';

const p = (worked: string, overtime: string, unworked: string): DayPremium => ({
  worked,
  overtime,
  unworked,
});

// DOLE Handbook on Workers' Statutory Monetary Benefits 2023, Ch. 2–5 ("Guide computations"); LA 12-25, LA 01-2026.
// Overtime is +25% on ordinary/special working days and +30% on every premium day, on that day's rate (Ch. 4 D).
// Night differential +10% of the rate applicable at that hour (Art. 86). REFERENCE.md §5.1.
export const PREMIUM_TABLES: PremiumTable[] = [
  {
    effectiveFrom: '2023-01-01',
    source: 'DOLE Handbook 2023 Ch. 2-5; Labor Advisories 12-25 and 01-2026',
    nightDifferential: '0.10',
    days: {
      ordinary: p('1.00', '1.25', '0'),
      ordinary_rest_day: p('1.30', '1.30', '0'),
      special_working: p('1.00', '1.25', '0'), // Handbook Ch. 3 C.2: daily wage only, no premium
      special_working_rest_day: p('1.30', '1.30', '0'), // derived: an ordinary working day falling on a rest day
      special_non_working: p('1.30', '1.30', '0'),
      special_non_working_rest_day: p('1.50', '1.30', '0'),
      double_special_non_working: p('1.50', '1.30', '0'), // OT derived (1.95)
      double_special_non_working_rest_day: p('1.95', '1.30', '0'),
      regular_holiday: p('2.00', '1.30', '1.00'), // Art. 94
      regular_holiday_rest_day: p('2.60', '1.30', '1.00'), // unworked 1.00: single source (respicio.ph)
      double_regular_holiday: p('3.00', '1.30', '2.00'),
      double_regular_holiday_rest_day: p('3.90', '1.30', '2.00'), // unworked 2.00 derived
    },
  },
];
