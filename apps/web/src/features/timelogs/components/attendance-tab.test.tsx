import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AttendanceDay } from '@hrpay/contracts';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { AttendanceTab, attendanceColumns } from './attendance-tab';
import { asPhone } from '@/test/phone';
import { gridColumnWidths } from '@/components/data-table-preview';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/**
 * The room of a list at 1280 px with the menu open: 1280 less the menu (256), the page's padding (2 x 24), the
 * table's frame (2) and a classic 16 px page scroll bar.
 */
const TABLE_ROOM_AT_1280 = 958;
const TABLE_ROOM_AT_1366 = TABLE_ROOM_AT_1280 + 86;

const day: AttendanceDay = {
  EmployeeId: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  EmployeeNumber: 'DM-0004',
  EmployeeName: 'Juan Dela Cruz',
  DepartmentName: 'Production',
  Date: '2026-11-03',
  ShiftName: 'Day Shift',
  DayType: 'ordinary',
  RestDay: false,
  HolidayNames: [],
  FirstIn: '2026-11-03T08:12',
  LastOut: '2026-11-03T19:04',
  PunchCount: 2,
  WorkedMinutes: 468,
  LateMinutes: 12,
  UndertimeMinutes: 0,
  NightDiffMinutes: 0,
  OvertimeMinutes: 124,
  PayableOvertimeMinutes: 120,
  WorkedHours: 7.8,
  NightDiffHours: 0,
  OvertimeHours: 2.07,
  PayableOvertimeHours: 2,
  Absent: false,
  OnLeave: false,
  Anomalies: [],
  NotOver: false,
  Employment: 'Employed',
};

function renderTab() {
  fetchMock.mockImplementation(async (input) =>
    String(input).endsWith('/timelogs/attendance') ? json({ Items: [day], TotalCount: 1 }) : json([]),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfirmProvider>
        <AttendanceTab />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
}

describe('attendance tab', () => {
  it('fits every figure payroll uses in the room of a 1280 px screen', async () => {
    renderTab();
    const table = await screen.findByRole('table', { name: 'Attendance' });
    await within(table).findByText('Juan Dela Cruz');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Date',
      'Employee',
      'Day / shift',
      'In – out',
      'Worked (h)',
      'Late (min)',
      'UT (min)',
      'OT (h)',
      'Appr. OT (h)',
      'ND (h)',
    ]);
    // The columns' least widths: beyond them the table scrolls sideways (data-table-preview.tsx).
    const least = table.parentElement!.style.getPropertyValue('--table-min-width');
    expect(parseInt(least, 10)).toBeLessThanOrEqual(TABLE_ROOM_AT_1280);

    const cells = within(table)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells).toEqual([
      'Nov 3, 2026',
      'Juan Dela Cruz DM-0004',
      'Ordinary day Day Shift',
      '08:12 – 19:04',
      '7.80',
      '12',
      '',
      '2.07',
      '2.00',
      '',
    ]);
  });

  it('names each figure in full, with its unit, on a phone card', async () => {
    asPhone();
    renderTab();
    const card = await screen.findByRole('listitem');
    const labels = [...card.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(labels).toEqual(
      expect.arrayContaining(['Worked (h)', 'Late (min)', 'OT (h)', 'Approved OT (h)', 'In – out']),
    );
    expect(within(card).getByText('08:12 – 19:04')).toBeTruthy();
  });

  // Review: the punch times stayed on the 24-hour clock when the company chose the 12-hour one.
  it("writes the in and out times on the company's clock", () => {
    const inOut = (clock?: '24h' | '12h') => {
      const column = attendanceColumns({ phone: false, oneEmployee: false, clock }).find(
        (c) => c.field === 'FirstIn',
      )!;
      return (column.valueGetter as (v: unknown, row: AttendanceDay) => string)(null, day);
    };
    expect(inOut()).toBe('08:12 – 19:04');
    expect(inOut('12h')).toBe('8:12 AM – 7:04 PM');
  });

  it('leaves out the employee column when one employee is chosen', () => {
    const fields = (oneEmployee: boolean) =>
      attendanceColumns({ phone: false, oneEmployee }).map((column) => column.field);
    expect(fields(false)).toContain('EmployeeName');
    expect(fields(true)).not.toContain('EmployeeName');
  });

  // Sweep E finding 7: the unit was in the header's hover tooltip only, not in the name the keyboard and a
  // screen reader get.
  it("gives each short figure header its unit in the grid header's accessible name", () => {
    const columns = attendanceColumns({ phone: false, oneEmployee: false });
    const names = [
      'WorkedHours',
      'LateMinutes',
      'UndertimeMinutes',
      'OvertimeHours',
      'PayableOvertimeHours',
      'NightDiffHours',
    ].map((field) => {
      const column = columns.find((c) => c.field === field)!;
      const { unmount } = render(<div role="columnheader">{column.renderHeader!({} as never)}</div>);
      const header = screen.getByRole('columnheader');
      const name = header.textContent;
      // The short header is what shows; the hover tooltip stays.
      expect(header.firstElementChild!.getAttribute('title')).toBe(column.description);
      unmount();
      return name;
    });
    expect(names).toEqual([
      'Worked (h): Hours worked',
      'Late (min): Minutes late',
      'UT (min): Undertime, in minutes',
      'OT (h): Overtime worked, in hours',
      'Appr. OT (h): Approved overtime, in hours: the overtime payroll pays',
      'ND (h): Night differential, in hours',
    ]);
  });

  // UI review finding 9: a Status column of its own stood empty on almost every row (a day in order has nothing
  // to flag) and took the room the figures' units need; what is off with a day now shows under its punches.
  it('flags an absence, a leave, a missing punch or a day not over under the punches, and nothing on a day in order', async () => {
    const absent: AttendanceDay = {
      ...day,
      Date: '2026-11-04',
      FirstIn: null,
      LastOut: null,
      PunchCount: 0,
      WorkedMinutes: 0,
      LateMinutes: 0,
      OvertimeMinutes: 0,
      PayableOvertimeMinutes: 0,
      WorkedHours: 0,
      OvertimeHours: 0,
      PayableOvertimeHours: 0,
      Absent: true,
    };
    const missingOut: AttendanceDay = {
      ...day,
      Date: '2026-11-05',
      LastOut: null,
      Anomalies: ['MissingOut'],
    };
    const onLeave: AttendanceDay = { ...absent, Date: '2026-11-06', Absent: false, OnLeave: true };
    // Today at 11:00, the shift to 17:00: in, not yet out, and neither absent nor missing its out.
    const underWay: AttendanceDay = { ...day, Date: '2026-11-07', LastOut: null, NotOver: true };
    // HR walkthrough: a hire of Dec 15 was listed for the week before with empty days.
    const notHired: AttendanceDay = {
      ...absent,
      Date: '2026-11-09',
      Absent: false,
      Employment: 'NotYetHired',
    };
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/timelogs/attendance')
        ? json({ Items: [day, absent, missingOut, onLeave, underWay, notHired], TotalCount: 6 })
        : json([]),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ConfirmProvider>
          <AttendanceTab />
        </ConfirmProvider>
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Attendance' });
    await within(table).findByText('Nov 9, 2026');
    const punches = [...table.querySelectorAll('td[data-field="FirstIn"]')].map((td) => td.textContent);
    expect(punches).toEqual([
      '08:12 – 19:04',
      '—Absent',
      '08:12 – —Missing out',
      '—On leave',
      '08:12 – —Not over yet',
      '—Not yet hired',
    ]);
    expect(within(table).queryByRole('columnheader', { name: 'Status' })).toBeNull();
  });

  // UI review: with "Only anomalies" on, what is off with a day was cut in a fixed 125 px column at 1366 px
  // ("Single punch, M…"), the one thing the view is for. The column now shares the room left with the employee,
  // and a lone In no longer says both "Single punch" and "Missing out".
  it('gives the punches and their flags the room left at 1366 px', () => {
    const columns = attendanceColumns({ phone: false, oneEmployee: false });
    const widths = gridColumnWidths(columns, TABLE_ROOM_AT_1366);
    const inOut = widths[columns.findIndex((c) => c.field === 'FirstIn')]!;
    expect(inOut).toBeGreaterThanOrEqual(165);
    // At 1280 px every column still fits (the first test): the least width is unchanged.
    expect(columns.find((c) => c.field === 'FirstIn')!.minWidth).toBe(125);
  });

  it('says which punch is missing once, and a single punch of unknown direction as such', async () => {
    const lone: AttendanceDay = {
      ...day,
      Date: '2026-11-05',
      LastOut: null,
      Anomalies: ['SinglePunch', 'MissingOut'],
    };
    const unknown: AttendanceDay = { ...day, Date: '2026-11-06', LastOut: null, Anomalies: ['SinglePunch'] };
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/timelogs/attendance')
        ? json({ Items: [lone, unknown], TotalCount: 2 })
        : json([]),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ConfirmProvider>
          <AttendanceTab />
        </ConfirmProvider>
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Attendance' });
    await within(table).findByText('Nov 6, 2026');
    const punches = [...table.querySelectorAll('td[data-field="FirstIn"]')].map((td) => td.textContent);
    expect(punches).toEqual(['08:12 – —Missing out', '08:12 – —Single punch']);
  });
});
