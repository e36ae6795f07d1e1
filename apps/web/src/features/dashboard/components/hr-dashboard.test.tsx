import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { HrDashboard as HrDashboardData } from '@hrpay/contracts';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { HrDashboard } from './hr-dashboard';

const DATA: HrDashboardData = {
  ActiveCount: 6,
  SeparatedCount: 1,
  ByDepartment: [{ Name: 'Production', Count: 2 }],
  ByEmploymentStatus: [{ Name: 'Regular', Count: 6 }],
  ByEmploymentType: [{ Name: 'Full-time', Count: 6 }],
  HiresThisMonth: 0,
  SeparationsThisMonth: 0,
  Trend: [
    { Month: '2026-10', Hires: 0, Separations: 0, Headcount: 7 },
    { Month: '2026-11', Hires: 0, Separations: 1, Headcount: 6 },
  ],
  RecentHires: [],
  UpcomingAnniversaries: [],
  MissingGovernmentIds: { Count: 0, Sample: [] },
  MissingBankAccountCount: 0,
  PendingRequests: null,
};

let calendarYears = [2025, 2026];
const birthdayCalls: string[] = [];
stubFetch((url) => {
  if (url.endsWith('/holidays/calendar-years')) return jsonResponse(200, { Years: calendarYears });
  if (url.includes('/employees/upcoming-birthdays')) {
    birthdayCalls.push(url);
    return jsonResponse(200, [
      {
        EmployeeId: '6f1c2a3e-0b4d-4c5e-9f60-7a8b9c0d1e2f',
        EmployeeNumber: 'DM-0003',
        FullName: 'Ana Cruz',
        BirthDate: '1993-12-29',
        NextBirthday: '2026-12-29',
        DaysUntil: 27,
        Age: 33,
      },
    ]);
  }
  return jsonResponse(200, DATA);
});

// Issue 8 §5: the dashboard's birthdays are the spec's call (§7), not a copy inside the dashboard's answer.
describe('HrDashboard birthdays', () => {
  it("lists the next 30 days' birthdays from GET /api/v1/employees/upcoming-birthdays?Days=30", async () => {
    birthdayCalls.length = 0;
    renderApp(<HrDashboard />, { as: 'HRUser' });
    const card = await screen.findByRole('region', { name: 'Birthdays, next 30 days' });
    expect(await within(card).findByRole('link', { name: 'Ana Cruz' })).toBeTruthy();
    expect(within(card).getByText('Tue, Dec 29 · turns 33')).toBeTruthy();
    expect(within(card).getByText('In 27 days')).toBeTruthy();
    expect(birthdayCalls.map((url) => new URL(url, 'http://x').search)).toEqual(['?Days=30']);
  });
});

describe('HrDashboard trend', () => {
  // HR review: the months were read out as "2026-11" (and drawn as "Nov 26", like the 26th of November).
  it('names each month of the hires and separations table in words', async () => {
    renderApp(<HrDashboard />, { as: 'HRUser' });
    const table = await screen.findByRole('table', { name: 'Hires and separations per month' });
    const heads = within(table)
      .getAllByRole('rowheader')
      .map((th) => th.textContent);
    expect(heads).toEqual(['October 2026', 'November 2026']);
    // HR walkthrough: "1 hires"; a month's counts read in the singular when they are one.
    const cells = within(table)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells).toEqual(['0 hires, 0 separations, headcount 7', '0 hires, 1 separation, headcount 6']);
  });
});

// Portal walkthrough: a leave on Jan 1, 2027 counted as a working day; nothing told HR that 2027's holidays were
// not on file.
describe("HrDashboard, next year's holidays", () => {
  afterEach(() => {
    vi.useRealTimers();
    calendarYears = [2025, 2026];
  });

  it('says from October on when they are not on file, and not once they are', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T02:00:00Z'));
    const { unmount } = renderApp(<HrDashboard />, { as: 'HRUser' });
    expect(await screen.findByText(/The holidays of 2027 are not on file yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Holidays' }).getAttribute('href')).toBe(
      '/hr/holidays?year=2027',
    );
    unmount();
    calendarYears = [2025, 2026, 2027];
    renderApp(<HrDashboard />, { as: 'HRUser' });
    await screen.findByRole('table', { name: 'Hires and separations per month' });
    expect(screen.queryByText(/are not on file yet/)).toBeNull();
  });

  it('says nothing before October', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-09-15T02:00:00Z'));
    renderApp(<HrDashboard />, { as: 'HRUser' });
    await screen.findByRole('table', { name: 'Hires and separations per month' });
    expect(screen.queryByText(/are not on file yet/)).toBeNull();
  });
});
