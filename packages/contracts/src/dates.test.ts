import { describe, expect, it } from 'vitest';
import { formatIsoDate, formatDateRange } from './dates.js';

describe('formatIsoDate', () => {
  it('writes a date as people in the Philippines read it, whatever the server zone', () => {
    expect(formatIsoDate('2026-12-14')).toBe('Dec 14, 2026');
    expect(formatIsoDate('2027-01-01')).toBe('Jan 1, 2027');
    expect(formatIsoDate('2028-02-29')).toBe('Feb 29, 2028');
  });

  it('leaves what is not a date as it is', () => {
    expect(formatIsoDate('')).toBe('');
    expect(formatIsoDate('2026-13-01')).toBe('2026-13-01');
    // Not rolled over into the next month, as Date would.
    expect(formatIsoDate('2026-02-30')).toBe('2026-02-30');
    expect(formatIsoDate('2025-02-29')).toBe('2025-02-29');
    expect(formatIsoDate('soon')).toBe('soon');
  });
});

describe('formatDateRange', () => {
  it('writes a range as short as it reads whole', () => {
    expect(formatDateRange('2026-12-21', '2026-12-21')).toBe('Dec 21, 2026');
    expect(formatDateRange('2026-12-21', '2026-12-30')).toBe('Dec 21–30, 2026');
    expect(formatDateRange('2026-11-30', '2026-12-02')).toBe('Nov 30 – Dec 2, 2026');
    expect(formatDateRange('2026-12-30', '2027-01-02')).toBe('Dec 30, 2026 – Jan 2, 2027');
  });
});
