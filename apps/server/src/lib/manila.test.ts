import { describe, expect, it } from 'vitest';
import { manilaToday, toManilaLocal } from './manila.js';

describe('manilaToday', () => {
  it('turns the date at midnight Manila time (16:00 UTC), whatever the server zone', () => {
    expect(manilaToday(new Date('2026-11-25T15:59:59.999Z'))).toBe('2026-11-25');
    expect(manilaToday(new Date('2026-11-25T16:00:00Z'))).toBe('2026-11-26');
    expect(manilaToday(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
    expect(manilaToday(new Date('2028-02-28T16:30:00Z'))).toBe('2028-02-29');
  });

  it('agrees with the time-zone database every 37 minutes over three years', () => {
    const zone = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' });
    const end = Date.UTC(2027, 0, 1);
    for (let t = Date.UTC(2024, 0, 1); t < end; t += 37 * 60_000) {
      const at = new Date(t);
      if (manilaToday(at) !== zone.format(at)) expect(manilaToday(at)).toBe(zone.format(at));
    }
    expect(toManilaLocal(new Date('2026-11-25T16:00:00Z'))).toBe('2026-11-26T00:00:00');
  });
});
