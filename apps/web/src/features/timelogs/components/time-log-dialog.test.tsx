import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ProblemTypes, type TimeLog } from '@hrpay/contracts';
import { conflictResponse, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { TimeLogDialog } from './time-log-dialog';

const punch: TimeLog = {
  TimeLogId: '3c3aebcc-046c-4da8-8730-c7a95ca410a6',
  CompanyId: 'ef2aa5e6-ba34-4d50-8a55-70af351875ac',
  EmployeeId: 'bb765b15-619b-48ab-8e6f-8ccb4a790daa',
  EmployeeNumber: 'DM-0004',
  EmployeeName: 'Juan Dela Cruz',
  DepartmentName: 'Production',
  PunchedAt: '2026-11-27T07:53:27',
  Direction: 'In',
  Source: 'Import',
  Reason: null,
  RowVersion: 3,
  CreatedAt: '2026-11-27T00:00:00Z',
  UpdatedAt: '2026-11-27T00:00:00Z',
};

let settings = { TimeFormat: '24h' };
const stub = stubFetch((url) =>
  url.includes('application-settings') ? jsonResponse(200, settings) : undefined,
);
const fetchCalls = () =>
  (globalThis.fetch as unknown as { mock: { calls: [RequestInfo, RequestInit?][] } }).mock.calls;

/** Types digits into a time picker's section, as keystrokes in the browser do. */
function typeInto(section: HTMLElement, digits: string) {
  act(() => section.focus());
  for (const digit of digits) fireEvent.input(section, { target: { textContent: digit } });
}

// UI review: the punch's date and time were one browser box, "mm/dd/yyyy, --:--:-- --": seconds and an AM/PM
// to fill in, beside a list of 24-hour times and every other time of the app in its own picker.
describe('Add Punch and Correct Punch, the date and time', () => {
  it("takes the date in a date box and the time in the app's picker, without seconds for a new punch", async () => {
    settings = { TimeFormat: '24h' };
    renderApp(<TimeLogDialog punch={null} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Add Punch' });
    expect(dialog.querySelector('input[type="datetime-local"]')).toBeNull();
    expect(within(dialog).getByLabelText(/^Date/).getAttribute('type')).toBe('date');
    const time = within(dialog).getByRole('group', { name: /^Time/ });
    expect(within(time).getByRole('spinbutton', { name: /Hours/ })).toBeTruthy();
    expect(within(time).queryByRole('spinbutton', { name: /Seconds/ })).toBeNull();
    expect(within(time).queryByRole('spinbutton', { name: /Meridiem/ })).toBeNull();

    // Both are required, each said on its own field.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(within(dialog).getAllByText('This field is required').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('shows a 12-hour clock where Application Settings chose one', async () => {
    settings = { TimeFormat: '12h' };
    renderApp(<TimeLogDialog punch={null} onClose={() => {}} />);
    const time = screen.getByRole('group', { name: /^Time/ });
    await waitFor(() => expect(within(time).getByRole('spinbutton', { name: /Meridiem/ })).toBeTruthy());
  });

  it("keeps a terminal punch's seconds when it is corrected without a new time", async () => {
    settings = { TimeFormat: '24h' };
    stub.answer = () => jsonResponse(200, punch);
    renderApp(<TimeLogDialog punch={punch} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Correct Punch' });
    expect((within(dialog).getByLabelText(/^Date/) as HTMLInputElement).value).toBe('2026-11-27');
    const time = within(dialog).getByRole('group', { name: /^Time/ });
    expect(within(time).getByRole('spinbutton', { name: /Seconds/ }).textContent).toBe('27');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), {
      target: { value: 'Terminal clock was off' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchCalls().some(([, init]) => init?.method === 'PUT')).toBe(true));
    const sent = () =>
      JSON.parse(
        String(
          fetchCalls()
            .filter(([, init]) => init?.method === 'PUT')
            .at(-1)![1]!.body,
        ),
      );
    expect(sent()).toMatchObject({ PunchedAt: '2026-11-27T07:53:27', Direction: 'In', RowVersion: 3 });
  });

  it('sends the date and a typed time as the punch time', async () => {
    settings = { TimeFormat: '24h' };
    stub.answer = () => jsonResponse(200, punch);
    const manual = { ...punch, PunchedAt: '2026-11-27T07:53:00', Source: 'Manual' as const };
    renderApp(<TimeLogDialog punch={manual} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Correct Punch' });
    const time = within(dialog).getByRole('group', { name: /^Time/ });
    expect(within(time).queryByRole('spinbutton', { name: /Seconds/ })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2026-11-28' } });
    typeInto(within(time).getByRole('spinbutton', { name: /Hours/ }), '08');
    typeInto(within(time).getByRole('spinbutton', { name: /Minutes/ }), '02');
    act(() => (document.activeElement as HTMLElement).blur());
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), {
      target: { value: 'Guard logbook' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchCalls().some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [, init] = fetchCalls()
      .filter(([, i]) => i?.method === 'PUT')
      .at(-1)!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ PunchedAt: '2026-11-28T08:02' });
  });

  it("says a punch already on file at that time under the time, and the API's field errors there too", async () => {
    settings = { TimeFormat: '24h' };
    stub.answer = () => conflictResponse(ProblemTypes.duplicate, 'A punch exists at that time.');
    renderApp(<TimeLogDialog punch={punch} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Correct Punch' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Typo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const time = within(dialog).getByRole('group', { name: /^Time/ });
    const message = await within(dialog).findByText('This employee already has a punch at that time');
    expect(time.closest('.MuiFormControl-root')!.contains(message)).toBe(true);

    stub.answer = () =>
      jsonResponse(
        400,
        {
          title: 'Bad Request',
          status: 400,
          errors: [{ Code: 'PunchedAt', Description: 'The punch time is in a closed payroll period' }],
        },
        'application/problem+json',
      );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const closed = await within(dialog).findByText('The punch time is in a closed payroll period');
    expect(time.closest('.MuiFormControl-root')!.contains(closed)).toBe(true);
  });
});
