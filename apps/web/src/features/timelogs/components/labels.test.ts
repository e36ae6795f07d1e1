import { describe, expect, it } from 'vitest';
import { punchSourceLabel } from '@/lib/punch-sources';
import { shortDateTime, SOURCE_OPTIONS } from './labels';

describe('shortDateTime', () => {
  // Review: a punch read "Nov 3, 2026 08:25" while every other date-time read "Nov 3, 2026, 8:25 AM".
  it('writes a punch time as every date-time of the app, on the 24-hour clock by default', () => {
    expect(shortDateTime('2026-11-03T08:25:00')).toBe('Nov 3, 2026, 08:25');
    expect(shortDateTime(null)).toBe('');
  });

  it("follows the company's 12-hour clock when it is chosen", () => {
    expect(shortDateTime('2026-11-03T20:25:00', '12h')).toBe('Nov 3, 2026, 8:25 PM');
  });
});

// Review: HR's list and filter said "Device / Imported / Manual", the employee's undertime details "Terminal /
// Imported / Entered by HR": one set of words now.
describe('punch sources', () => {
  it("are the same words in HR's filter and where the employee reads them", () => {
    expect(SOURCE_OPTIONS.map((o) => o.label)).toEqual(['Terminal', 'Imported', 'Entered by HR']);
    expect(SOURCE_OPTIONS.map((o) => punchSourceLabel(o.value))).toEqual(SOURCE_OPTIONS.map((o) => o.label));
  });
});
