import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { TIME_CHANGE_DEBOUNCE_MS, TimePicker, parseTime } from './time-picker';

// The MUI X picker is replaced by a plain input so the test drives our debounce and options, not MUI's field.
const received: Record<string, unknown>[] = [];
vi.mock('@mui/x-date-pickers/TimePicker', () => ({
  TimePicker: (props: { label: string; onChange: (value: unknown) => void } & Record<string, unknown>) => {
    received.push(props);
    return (
      <input
        aria-label={props.label}
        onChange={(event) =>
          props.onChange(event.target.value ? dayjs(event.target.value, 'HH:mm:ss') : null)
        }
      />
    );
  },
}));

afterEach(() => {
  vi.useRealTimers();
  received.length = 0;
});

describe('TimePicker', () => {
  it('defaults to the 24-hour clock with 5-minute and 5-second steps', () => {
    render(<TimePicker label="Time in" value="08:00" onChange={() => undefined} />);
    const props = received.at(-1)!;
    expect(props.ampm).toBe(false);
    expect(props.timeSteps).toEqual({ minutes: 5, seconds: 5 });
    expect((props.value as dayjs.Dayjs).format('HH:mm')).toBe('08:00');
    render(<TimePicker label="Time out" value={null} onChange={() => undefined} ampm />);
    expect(received.at(-1)!.ampm).toBe(true);
  });

  it('reports a change only 750 ms after the last one', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(<TimePicker label="Time in" value={null} onChange={onChange} withSeconds />);
    const input = screen.getByLabelText('Time in');
    fireEvent.change(input, { target: { value: '08:00:00' } });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.change(input, { target: { value: '08:05:00' } });
    act(() => vi.advanceTimersByTime(TIME_CHANGE_DEBOUNCE_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('08:05:00');
  });

  it('parses HH:mm and HH:mm:ss, and nothing else', () => {
    expect(parseTime('17:30')?.format('HH:mm')).toBe('17:30');
    expect(parseTime('17:30:15')?.format('HH:mm:ss')).toBe('17:30:15');
    expect(parseTime('5pm')).toBeNull();
    expect(parseTime(null)).toBeNull();
  });
});
