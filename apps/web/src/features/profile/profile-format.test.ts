import { describe, expect, it } from 'vitest';
import { schedule, shiftName, toHoursMinutes } from './profile-format';

describe('profile formatting', () => {
  it('cuts times to hours:minutes', () => {
    expect(toHoursMinutes('08:00:00')).toBe('08:00');
    expect(toHoursMinutes('17:30')).toBe('17:30');
    expect(toHoursMinutes('8:05:00')).toBe('08:05');
  });

  it('shows the schedule as time-in to time-out, or N/A', () => {
    expect(schedule({ Shift: { Name: 'Day Shift', TimeIn: '08:00:00', TimeOut: '17:00:00' } })).toBe(
      '08:00 to 17:00',
    );
    expect(schedule({ Shift: { Name: 'Flexi', TimeIn: null, TimeOut: '17:00:00' } })).toBe('N/A');
    expect(schedule({ Shift: null })).toBe('N/A');
  });

  it('shows the shift name, or N/A without a shift', () => {
    expect(shiftName({ Shift: { Name: 'Night Shift', TimeIn: null, TimeOut: null } })).toBe('Night Shift');
    expect(shiftName({ Shift: null })).toBe('N/A');
  });
});
