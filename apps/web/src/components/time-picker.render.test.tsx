import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TimePicker } from './time-picker';

describe('TimePicker with the real MUI X picker', () => {
  it('renders a labelled 24-hour field showing the value', () => {
    render(<TimePicker label="Time in" value="13:05:00" onChange={() => undefined} />);
    const group = screen.getByRole('group', { name: 'Time in' });
    expect(group.textContent).toContain('13');
    expect(group.textContent).toContain('05');
    expect(group.textContent).not.toMatch(/PM/);
  });
});
