import { describe, expect, it } from 'vitest';
import { formatDateTime, formatIsoDate, withReadableDates } from './dates';

describe('dates', () => {
  it('writes a date the Philippine way', () => {
    expect(formatIsoDate('2026-11-01')).toBe('Nov 1, 2026');
  });

  it('writes an instant in Manila time, not the browser zone, without seconds', () => {
    expect(formatDateTime('2026-11-26T11:20:59Z')).toBe('Nov 26, 2026, 7:20 PM');
    expect(formatDateTime('2026-11-26T16:30:00Z')).toBe('Nov 27, 2026, 12:30 AM');
  });

  it('writes the ISO dates inside a sentence the Philippine way, and only real dates', () => {
    expect(withReadableDates('Attendance not stored for the holiday 2026-11-30 (regular holiday)')).toBe(
      'Attendance not stored for the holiday Nov 30, 2026 (regular holiday)',
    );
    expect(withReadableDates('2026-10-08 to 2026-10-09, 2026-10-12')).toBe(
      'Oct 8, 2026 to Oct 9, 2026, Oct 12, 2026',
    );
    expect(withReadableDates('TIN 2026-13-45 and 12026-11-30')).toBe('TIN 2026-13-45 and 12026-11-30');
  });

  it('leaves a value that is not an instant as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
