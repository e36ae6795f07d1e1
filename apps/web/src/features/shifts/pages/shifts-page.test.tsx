import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Shift } from '@hrpay/contracts';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import ShiftsPage from './shifts-page';

const shift = (Name: string, TimeIn: string, TimeOut: string, WorkHours: number): Shift => ({
  ShiftId: `11111111-1111-4111-8111-${String(WorkHours * 100).padStart(12, '0')}`,
  Name,
  TimeIn,
  TimeOut,
  BreakMinutes: 30,
  GraceMinutes: 0,
  IsFlexible: false,
  RequiredHours: null,
  RestDays: [0, 6],
  IsOvernight: false,
  IsNightShift: false,
  NightMinutes: 0,
  WorkHours,
  EmployeeCount: 0,
  IsActive: true,
  RowVersion: 1,
  CreatedAt: '2026-01-01T00:00:00Z',
  UpdatedAt: '2026-01-01T00:00:00Z',
});

let timeFormat = '24h';
const stub = stubFetch((url) =>
  url.includes('application-settings') ? jsonResponse(200, { TimeFormat: timeFormat }) : undefined,
);

describe('ShiftsPage', () => {
  // HR review: the list wrote a shift of eight and a half hours as "8.50" while the dialog said "8.5 work hours".
  it('writes work hours as the shift dialog does: 8, 8.5, 7.75', { timeout: 30_000 }, async () => {
    const items = [
      shift('Day', '08:00', '16:30', 8),
      shift('Long day', '08:00', '17:00', 8.5),
      shift('Short day', '09:00', '17:15', 7.75),
    ];
    stub.answer = () => jsonResponse(200, { Items: items, TotalCount: items.length });
    renderApp(<ShiftsPage />, { path: '/hr/shifts', at: '/hr/shifts', name: 'Shifts', as: 'HRUser' });

    await screen.findByText('Long day', undefined, { timeout: 20_000 });
    const cells = screen.queryAllByRole('gridcell').length
      ? screen.getAllByRole('gridcell')
      : screen.getAllByRole('cell');
    const texts = cells.map((cell) => cell.textContent?.trim());
    expect(texts).toContain('8.5');
    expect(texts).toContain('7.75');
    expect(texts).toContain('8');
    expect(texts).not.toContain('8.50');
    // Review: a day shift's Type was a blank cell beside the night shifts' "Night".
    const type = [...document.querySelectorAll('[data-field="IsNightShift"]')].slice(1);
    expect(type.map((cell) => cell.textContent)).toEqual(['Day', 'Day', 'Day']);
  });

  // Review: the schedule stayed "22:00 – 07:00" when the company chose a 12-hour clock.
  it("writes the schedule on the company's clock", { timeout: 30_000 }, async () => {
    timeFormat = '12h';
    const items = [{ ...shift('Night', '22:00', '07:00', 8), IsOvernight: true }];
    stub.answer = () => jsonResponse(200, { Items: items, TotalCount: items.length });
    renderApp(<ShiftsPage />, { path: '/hr/shifts', at: '/hr/shifts', name: 'Shifts', as: 'HRUser' });
    expect(
      await screen.findByText('10:00 PM – 7:00 AM (next day)', undefined, { timeout: 20_000 }),
    ).toBeTruthy();
    timeFormat = '24h';
  });
});
