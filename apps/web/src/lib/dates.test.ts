import { describe, expect, it } from 'vitest';
import { formatDateTime, formatIsoDate } from './dates';

describe('dates', () => {
  it('writes a date the Philippine way', () => {
    expect(formatIsoDate('2026-11-01')).toBe('Nov 1, 2026');
  });

  it('writes an instant in Manila time, not the browser zone, without seconds', () => {
    expect(formatDateTime('2026-11-26T11:20:59Z')).toBe('Nov 26, 2026, 7:20 PM');
    expect(formatDateTime('2026-11-26T16:30:00Z')).toBe('Nov 27, 2026, 12:30 AM');
  });

  it('leaves a value that is not an instant as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
