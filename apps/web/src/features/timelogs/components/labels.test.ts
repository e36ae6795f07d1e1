import { describe, expect, it } from 'vitest';
import { shortDateTime } from './labels';

describe('shortDateTime', () => {
  it('writes a punch time the Philippine way, on the 24-hour clock it was punched in', () => {
    expect(shortDateTime('2026-11-03T08:25:00')).toBe('Nov 3, 2026 08:25');
    expect(shortDateTime(null)).toBe('');
  });
});
