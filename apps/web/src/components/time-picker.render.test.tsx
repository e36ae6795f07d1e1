import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { TimePicker } from './time-picker';

afterEach(() => {
  vi.useRealTimers();
});

/** Types one digit into a section of the real MUI X field, as a keystroke in the browser does. */
const typeInto = (section: HTMLElement, digit: string) => {
  act(() => section.focus());
  fireEvent.input(section, { target: { textContent: digit } });
};

describe('TimePicker with the real MUI X picker', () => {
  it('renders a labelled 24-hour field showing the value', () => {
    render(<TimePicker label="Time in" value="13:05:00" onChange={() => undefined} />);
    const group = screen.getByRole('group', { name: 'Time in' });
    expect(group.textContent).toContain('13');
    expect(group.textContent).toContain('05');
    expect(group.textContent).not.toMatch(/PM/);
  });

  it('sends a typed time as soon as the field loses the focus, without waiting for the debounce', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(
      <>
        <TimePicker label="Time in" value="08:00" onChange={onChange} />
        <button type="submit">Add</button>
      </>,
    );
    const group = screen.getByRole('group', { name: 'Time in' });
    const hours = within(group).getByRole('spinbutton', { name: 'Hours' });
    // Passing through the field without a change sends nothing.
    act(() => hours.focus());
    act(() => screen.getByRole('button', { name: 'Add' }).focus());
    expect(onChange).not.toHaveBeenCalled();
    typeInto(hours, '0');
    typeInto(hours, '9');
    expect(group.textContent).toContain('09');
    // Still within the 750 ms: nothing sent yet.
    expect(onChange).not.toHaveBeenCalled();
    // A click on a submit button takes the focus first: the shown value goes out at once.
    act(() => screen.getByRole('button', { name: 'Add' }).focus());
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith('09:00');
    // And the debounce does not send it a second time.
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('sends a typed time on Enter', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(<TimePicker label="Time out" value="17:00" onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Time out' });
    const hours = within(group).getByRole('spinbutton', { name: 'Hours' });
    typeInto(hours, '1');
    typeInto(hours, '8');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('18:00');
  });
});
