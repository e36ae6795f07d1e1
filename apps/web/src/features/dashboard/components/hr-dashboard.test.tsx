import { describe, expect, it } from 'vitest';
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
  UpcomingBirthdays: [],
  UpcomingAnniversaries: [],
  MissingGovernmentIds: { Count: 0, Sample: [] },
  MissingBankAccountCount: 0,
  PendingRequests: null,
};

stubFetch(() => jsonResponse(200, DATA));

describe('HrDashboard trend', () => {
  // HR review: the months were read out as "2026-11" (and drawn as "Nov 26", like the 26th of November).
  it('names each month of the hires and separations table in words', async () => {
    renderApp(<HrDashboard />, { as: 'HRUser' });
    const table = await screen.findByRole('table', { name: 'Hires and separations per month' });
    const heads = within(table)
      .getAllByRole('rowheader')
      .map((th) => th.textContent);
    expect(heads).toEqual(['October 2026', 'November 2026']);
  });
});
