import { describe, expect, it } from 'vitest';
import { describeWhen, formatDateRange, punchLine, whenParts } from './kinds';

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

// Review: times were written 24-hour whatever the clock Application Settings chose.
describe('times of a request and of a punch', () => {
  const overtime = {
    Kind: 'Overtime' as const,
    DateFrom: '2027-01-19',
    DateTo: '2027-01-19',
    HalfDay: false,
    Days: null,
    StartTime: '17:00',
    EndTime: '19:30',
  };
  it('are on the 24-hour clock by default', () => {
    expect(describeWhen(overtime)).toBe('Jan 19, 2027 · 17:00–19:30');
    expect(punchLine({ Time: '07:53', Direction: 'In', Source: 'Device' }).time).toBe('07:53 in');
  });
  it('follow the 12-hour clock when it is chosen', () => {
    expect(describeWhen(overtime, '12h')).toBe('Jan 19, 2027 · 5:00 PM–7:30 PM');
    expect(
      whenParts({ ...overtime, Kind: 'Undertime', StartTime: '16:00', EndTime: '17:00' }, '12h'),
    ).toEqual(['Jan 19, 2027', 'leaving 4:00 PM (shift ends 5:00 PM)']);
    expect(punchLine({ Time: '12:01', Direction: 'Unknown', Source: 'Device' }, '12h').time).toBe(
      '12:01 PM (in or out not known)',
    );
  });
  // Portal walkthrough: an overnight OT read "17:00–01:00", as if it ended before it started.
  it('say when an end falls on the next day', () => {
    expect(describeWhen({ ...overtime, StartTime: '17:00', EndTime: '01:00' })).toBe(
      'Jan 19, 2027 · 17:00–01:00 (next day)',
    );
    expect(whenParts({ ...overtime, Kind: 'Undertime', StartTime: '23:00', EndTime: '01:00' })).toEqual([
      'Jan 19, 2027',
      'leaving 23:00 (shift ends 01:00 next day)',
    ]);
  });
});
