import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { manilaToday } from '@/lib/dates';
import { RequestDialog } from './request-dialog';

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
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      {ui}
    </QueryClientProvider>,
  );

describe('RequestDialog', () => {
  it("uses the app's 24-hour time picker for overtime, not the browser's time input", () => {
    wrap(<RequestDialog kind="Overtime" onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('group', { name: /^Start/ })).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: /^End/ })).toBeTruthy();
    expect(dialog.querySelector('input[type="time"]')).toBeNull();
    expect(dialog.textContent).not.toMatch(/AM|PM/);
  });

  // Review: the time field gave the form nothing to focus, so a refused File left the focus on the button.
  it('moves the focus to an empty time leaving when File is refused, as to any other field', async () => {
    wrap(<RequestDialog kind="Undertime" onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2026-12-14' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), {
      target: { value: 'Medical check-up' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'File' }));
    const time = within(dialog).getByRole('group', { name: /^Time leaving/ });
    await waitFor(() => expect(time.contains(document.activeElement)).toBe(true));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("stops the dates' calendars at the end of next year, where the server stops", () => {
    const endOfNextYear = `${Number(manilaToday().slice(0, 4)) + 1}-12-31`;
    wrap(<RequestDialog kind="Leave" onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    for (const label of [/^From/, /^To/]) {
      expect(within(dialog).getByLabelText(label).getAttribute('max')).toBe(endOfNextYear);
    }
  });

  it('uses the time picker for the undertime time leaving', () => {
    wrap(<RequestDialog kind="Undertime" onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('group', { name: /^Time leaving/ })).toBeTruthy();
    expect(dialog.querySelector('input[type="time"]')).toBeNull();
  });

  it("flags an empty Employee on HR's form with the other fields, before any request", async () => {
    wrap(<RequestDialog kind="Overtime" forEmployee onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'File' }));
    const employee = await screen.findByRole('combobox', { name: /Employee/ });
    await waitFor(() => expect(employee.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('This field is required').length).toBeGreaterThan(1);
    // Only the settings and the leave types were read: nothing was filed.
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });
});

// Sweep report bug 7: overtime after a night shift's midnight was filed under the shift's date and read as that
// date's own morning, before the shift. The form now says which date to file.
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

// Portal review: a refused filing (409: an overlap, too few days) was a toast gone in seconds, with ISO dates
// ("overlaps a pending one (2026-12-14)"); the dialog now says it beside the fields, with readable dates.
describe('File Undertime, refused by a filing rule', () => {
  it('says the conflict in the dialog with its dates as people read them, not in a toast', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if ((init?.method ?? 'GET') === 'POST') {
        return new Response(
          JSON.stringify({
            type: 'https://hrpay.test/problems/overlap',
            title: 'Conflict',
            status: 409,
            detail: 'This undertime request overlaps a pending one (2026-12-14).',
          }),
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        );
      }
      const body = url.includes('application-settings') ? { TimeFormat: '24h' } : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const onClose = vi.fn();
    wrap(<RequestDialog kind="Undertime" onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2026-12-14' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), {
      target: { value: 'Medical check-up' },
    });
    // The time picker's sections take typed digits, as a keystroke in the browser does.
    const typeInto = (section: HTMLElement, digits: string) => {
      act(() => section.focus());
      for (const digit of digits) fireEvent.input(section, { target: { textContent: digit } });
    };
    typeInto(within(dialog).getByRole('spinbutton', { name: /Hours/ }), '16');
    typeInto(within(dialog).getByRole('spinbutton', { name: /Minutes/ }), '00');
    act(() => (document.activeElement as HTMLElement).blur());
    fireEvent.click(within(dialog).getByRole('button', { name: 'File' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('This undertime request overlaps a pending one (Dec 14, 2026).');
    expect(onClose).not.toHaveBeenCalled();
    // A new attempt the form itself refuses takes the old refusal away: only the field's own message is left.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'File' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(within(dialog).queryByText(/overlaps a pending one/)).toBeNull();
  });
});

// UI review: a one-day leave needed the same date typed twice (an empty To was "This field is required"), a
// later From left an earlier To behind (then "The last day cannot be before the first"), and Half day asked
// for two equal dates by hand. To now follows From where it must, and never while it is being typed into.
const LEAVE_TYPES = [
  {
    LeaveTypeId: '8f0b8a57-1b7c-4c39-9d7e-4a86c1b0a001',
    Code: 'SL',
    Name: 'Sick Leave',
    NeedsBalance: true,
    HalfDayAllowed: true,
  },
  {
    LeaveTypeId: '8f0b8a57-1b7c-4c39-9d7e-4a86c1b0a002',
    Code: 'PL',
    Name: 'Paternity Leave',
    NeedsBalance: false,
    HalfDayAllowed: false,
  },
];

describe('File Leave, the last day', () => {
  beforeEach(() => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if ((init?.method ?? 'GET') === 'POST') {
        return new Response(JSON.stringify({ ReviewerName: 'HR' }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      const body = url.includes('leave-types') ? LEAVE_TYPES : url.includes('application-settings') ? {} : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
  });
  const dates = () => {
    const dialog = screen.getByRole('dialog');
    return {
      dialog,
      from: within(dialog).getByLabelText(/^From/) as HTMLInputElement,
      to: within(dialog).getByLabelText(/^To/) as HTMLInputElement,
    };
  };

  /** The company's holiday calendars on file: these years. */
  const holidaysOnFileFor = (years: number[]) =>
    fetchMock.mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      const body = url.includes('calendar-years') ? { Years: years } : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });

  // Portal walkthrough: a leave on Jan 1, 2027 was counted as a working day, 2027's holidays not being on file.
  it('warns when the dates reach a year whose holidays are not on file', async () => {
    holidaysOnFileFor([2025, 2026]);
    wrap(<RequestDialog kind="Leave" onClose={() => {}} />);
    const { from, to } = dates();
    fireEvent.change(from, { target: { value: '2026-12-28' } });
    await waitFor(() => expect(to.value).toBe('2026-12-28'));
    expect(screen.queryByText(/No holidays are on file/)).toBeNull();
    fireEvent.change(to, { target: { value: '2027-01-04' } });
    expect(
      await screen.findByText(/No holidays are on file for 2027 yet, so a holiday among these dates counts/),
    ).toBeTruthy();
  });

  // A year typed wrong (2062) showed this warning beside the server's "up to the end of next year".
  it('does not warn of the holidays of years past the last date a request can have', async () => {
    holidaysOnFileFor([2025, 2026]);
    const nextYear = Number(manilaToday().slice(0, 4)) + 1;
    wrap(<RequestDialog kind="Leave" onClose={() => {}} />);
    const { from, to } = dates();
    fireEvent.change(from, { target: { value: `${nextYear + 36}-02-02` } });
    await waitFor(() => expect(to.value).toBe(`${nextYear + 36}-02-02`));
    // The same form still warns of next year's (the calendar answer has come in by then).
    fireEvent.change(from, { target: { value: `${nextYear}-02-02` } });
    fireEvent.change(to, { target: { value: `${nextYear}-02-02` } });
    expect(await screen.findByText(new RegExp(`No holidays are on file for ${nextYear} yet`))).toBeTruthy();
    fireEvent.change(to, { target: { value: `${nextYear + 36}-02-02` } });
    fireEvent.change(from, { target: { value: `${nextYear + 36}-02-02` } });
    await waitFor(() => expect(screen.queryByText(/No holidays are on file/)).toBeNull());
  });

  // HR walkthrough: From Dec 22, To Dec 10, File: no message, To quietly became Dec 22, and a second click filed
  // a one-day leave nobody typed.
  it('refuses a To before From on File and leaves the typed date alone', async () => {
    wrap(<RequestDialog kind="Leave" onClose={() => {}} />);
    const { from, to } = dates();
    fireEvent.change(from, { target: { value: '2026-12-22' } });
    await waitFor(() => expect(to.value).toBe('2026-12-22'));
    fireEvent.change(to, { target: { value: '2026-12-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'File' }));
    expect(await screen.findByText('The last day cannot be before the first')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(to.value).toBe('2026-12-10');
  });

  it('takes the first day when it is empty or earlier, and keeps a later one', async () => {
    wrap(<RequestDialog kind="Leave" onClose={() => {}} />);
    const { from, to } = dates();
    fireEvent.change(from, { target: { value: '2026-12-21' } });
    await waitFor(() => expect(to.value).toBe('2026-12-21'));
    fireEvent.change(to, { target: { value: '2026-12-23' } });
    fireEvent.change(from, { target: { value: '2026-12-22' } });
    await waitFor(() => expect(from.value).toBe('2026-12-22'));
    expect(to.value).toBe('2026-12-23');
    fireEvent.change(from, { target: { value: '2026-12-28' } });
    await waitFor(() => expect(to.value).toBe('2026-12-28'));
    // Clearing To to type another date leaves it empty: From does not take it back.
    fireEvent.change(to, { target: { value: '' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(to.value).toBe('');
  });

  it('locks To to From for a half day, and files a half day only where the type allows one', async () => {
    wrap(<RequestDialog kind="Leave" onClose={() => {}} />);
    const { dialog, from, to } = dates();
    fireEvent.change(from, { target: { value: '2026-12-21' } });
    fireEvent.change(to, { target: { value: '2026-12-23' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Half day' }));
    await waitFor(() => expect(to.value).toBe('2026-12-21'));
    expect(to.disabled).toBe(true);

    // Paternity leave has no half days: the switch goes, and so does the half day chosen before.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Leave type/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Paternity Leave/ }));
    await waitFor(() => expect(within(dialog).queryByRole('switch', { name: 'Half day' })).toBeNull());
    expect(to.disabled).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), {
      target: { value: 'Newborn' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'File' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      DateFrom: '2026-12-21',
      DateTo: '2026-12-21',
      HalfDay: false,
    });
  });
});

// UI review: HR's File Undertime told HR "When you leave, before your shift ends".
describe('File Undertime, the time leaving', () => {
  it("speaks of the employee on HR's form and to the employee on their own", () => {
    const { unmount } = wrap(<RequestDialog kind="Undertime" forEmployee onClose={() => {}} />);
    expect(screen.getByText('When the employee leaves, before their shift ends')).toBeTruthy();
    expect(screen.queryByText(/When you leave/)).toBeNull();
    unmount();
    wrap(<RequestDialog kind="Undertime" onClose={() => {}} />);
    expect(screen.getByText('When you leave, before your shift ends')).toBeTruthy();
  });
});
