import { describe, expect, it } from 'vitest';
import { yearsWithoutCalendar } from './holiday-calendar-years';

describe('yearsWithoutCalendar', () => {
  it('names each year of the dates without a calendar on file', () => {
    expect(yearsWithoutCalendar([2025, 2026], '2026-12-28', '2027-01-04')).toEqual([2027]);
    expect(yearsWithoutCalendar([2025, 2026], '2026-12-28', '2026-12-31')).toEqual([]);
    expect(yearsWithoutCalendar([2026], '2027-03-01', '')).toEqual([2027]);
    expect(yearsWithoutCalendar([2026], '2027-12-30', '2029-01-02')).toEqual([2027, 2028, 2029]);
  });

  it('says nothing until both the dates and the years are known', () => {
    expect(yearsWithoutCalendar(undefined, '2027-01-01', '2027-01-01')).toEqual([]);
    expect(yearsWithoutCalendar([2026], '', '2027-01-01')).toEqual([]);
    // A last day before the first (refused by the form) reads as the first alone.
    expect(yearsWithoutCalendar([2026], '2026-12-30', '2026-01-02')).toEqual([]);
  });
});
