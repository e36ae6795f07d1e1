import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  formatDateTime,
  formatIsoDate,
  formatLocalDateTime,
  formatTime,
  useClockFormat,
  withReadableDates,
} from './dates';

let timeFormat: '24h' | '12h' | null = null;
stubFetch((url) =>
  url.endsWith('/api/v1/application-settings') && timeFormat
    ? jsonResponse(200, { TimeFormat: timeFormat })
    : undefined,
);

describe('dates', () => {
  it('writes a date the Philippine way', () => {
    expect(formatIsoDate('2026-11-01')).toBe('Nov 1, 2026');
  });

  // Review: date-times read "Dec 1, 2026, 6:24 AM" on every screen while times read "16:00" on the 24-hour clock.
  it('writes an instant in Manila time, not the browser zone, without seconds, on the 24-hour clock', () => {
    expect(formatDateTime('2026-11-26T11:20:59Z')).toBe('Nov 26, 2026, 19:20');
    expect(formatDateTime('2026-11-30T22:24:00Z')).toBe('Dec 1, 2026, 06:24');
    expect(formatDateTime('2026-11-26T16:30:00Z')).toBe('Nov 27, 2026, 00:30');
  });

  it('writes an instant on the 12-hour clock when the company chose it', () => {
    expect(formatDateTime('2026-11-26T11:20:59Z', '12h')).toBe('Nov 26, 2026, 7:20 PM');
    expect(formatDateTime('2026-11-26T16:30:00Z', '12h')).toBe('Nov 27, 2026, 12:30 AM');
  });

  it('writes a wall-clock date-time and a time of day on the same clocks', () => {
    expect(formatLocalDateTime('2026-11-03T08:25:00')).toBe('Nov 3, 2026, 08:25');
    expect(formatLocalDateTime('2026-11-03T20:05', '12h')).toBe('Nov 3, 2026, 8:05 PM');
    expect(formatTime('16:00')).toBe('16:00');
    expect(formatTime('07:53:27')).toBe('07:53');
    expect(formatTime('16:00', '12h')).toBe('4:00 PM');
    expect(formatTime('00:15', '12h')).toBe('12:15 AM');
  });

  it('makes each formatter once, not one per call', () => {
    formatDateTime('2026-01-01T00:00:00Z', '12h');
    formatTime('08:00', '12h');
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    for (let i = 0; i < 50; i++) {
      formatDateTime('2026-01-01T00:00:00Z', '12h');
      formatTime('08:00', '12h');
    }
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
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

  it('leaves a value that is not an instant or a time as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatLocalDateTime('soon')).toBe('soon');
    expect(formatTime('noon', '12h')).toBe('noon');
  });
});

function Stamp() {
  const { dateTime, time } = useClockFormat();
  return <p>{`${dateTime('2026-11-30T22:24:00Z')} · leaving ${time('16:00')}`}</p>;
}

describe('useClockFormat', () => {
  it('follows the clock of Application Settings, 24-hour until they load', async () => {
    timeFormat = '12h';
    renderApp(<Stamp />, { as: 'HRUser' });
    expect(screen.getByText('Dec 1, 2026, 06:24 · leaving 16:00')).toBeTruthy();
    expect(await screen.findByText('Dec 1, 2026, 6:24 AM · leaving 4:00 PM')).toBeTruthy();
  });

  it('stays on the 24-hour clock when the company keeps it', async () => {
    timeFormat = '24h';
    const { client } = renderApp(<Stamp />, { as: 'HRUser' });
    await vi.waitFor(() => expect(client.getQueryData(['application-settings'])).toBeTruthy());
    expect(screen.getByText('Dec 1, 2026, 06:24 · leaving 16:00')).toBeTruthy();
  });
});
