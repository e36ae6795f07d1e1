import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { TwoLinesCell } from './two-lines-cell';

// Sweep E finding 5: a range cut by the ellipsis at 1280 px could not be read whole anywhere on the list.
describe('TwoLinesCell', () => {
  it('has the whole text of both lines as its title', () => {
    const { container } = render(<TwoLinesCell main="Dec 30, 2026 – Jan 2, 2027" detail="4 days" />);
    expect((container.firstElementChild as HTMLElement).title).toBe('Dec 30, 2026 – Jan 2, 2027 — 4 days');
  });

  it('has the one line as its title when there is no detail', () => {
    const { container } = render(<TwoLinesCell main="Juan Dela Cruz" detail={null} />);
    expect((container.firstElementChild as HTMLElement).title).toBe('Juan Dela Cruz');
  });
});
