import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RequestDialog } from './request-dialog';

// Sweep report bug 7: overtime after a night shift's midnight was filed under the shift's date and read as that
// date's own morning, before the shift. The form now says which date to file.
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const body = url.includes('application-settings') ? { TimeFormat: '24h' } : [];
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

const HINT = "For a night shift, file the shift's date: hours after midnight count on the shift they follow.";

describe('File Overtime, night shift', () => {
  it("tells the filer to use the shift's date for the hours after midnight", () => {
    wrap(<RequestDialog kind="Overtime" onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    const date = within(dialog).getByLabelText(/^Date/);
    const hint = within(dialog).getByText(HINT);
    expect(date.getAttribute('aria-describedby')).toBe(hint.id);
    expect(within(dialog).getByText('An end before the start is the next day')).toBeTruthy();
  });

  it('gives the undertime date no such hint', () => {
    wrap(<RequestDialog kind="Undertime" onClose={() => {}} />);
    expect(screen.queryByText(HINT)).toBeNull();
  });
});
