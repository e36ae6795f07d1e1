import { describe, expect, it } from 'vitest';
import { describeWhen, formatDateRange, whenParts } from './kinds';

// Sweep E finding 5: "Dec 21, 2026 – Dec 22, 2026" was cut to "Dec 21, 2026 …" in the list at 1280 px.
describe('formatDateRange', () => {
  it('writes a range as short as it reads whole', () => {
    expect(formatDateRange('2026-12-21', '2026-12-21')).toBe('Dec 21, 2026');
    expect(formatDateRange('2026-12-21', '2026-12-22')).toBe('Dec 21–22, 2026');
    expect(formatDateRange('2026-11-30', '2026-12-02')).toBe('Nov 30 – Dec 2, 2026');
    expect(formatDateRange('2026-12-30', '2027-01-02')).toBe('Dec 30, 2026 – Jan 2, 2027');
  });

  it("is a leave request's dates in the list", () => {
    const leave = {
      Kind: 'Leave' as const,
      DateFrom: '2026-12-21',
      DateTo: '2026-12-22',
      HalfDay: false,
      Days: 2,
      StartTime: null,
      EndTime: null,
    };
    expect(whenParts(leave)).toEqual(['Dec 21–22, 2026', '2 days']);
    expect(describeWhen(leave)).toBe('Dec 21–22, 2026 · 2 days');
  });
});
