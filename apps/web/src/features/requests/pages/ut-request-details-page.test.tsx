import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { UndertimeDetails } from '@hrpay/contracts';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import UndertimeDetailsPage from './ut-request-details-page';
import { timeRequest } from '../test-request';

const ID = '4cde296a-bce4-4397-8a3d-65d7dd0c7996';
const request = timeRequest({
  RequestId: ID,
  Kind: 'Undertime',
  LeaveTypeId: null,
  LeaveTypeName: null,
  DateFrom: '2026-11-27',
  DateTo: '2026-11-27',
  Days: null,
  StartTime: '15:30',
  EndTime: '17:00',
  Minutes: 90,
  Reason: 'Dentist appointment',
});

const details: UndertimeDetails = {
  Request: request,
  Schedule: { ShiftName: 'Day Shift', TimeIn: '08:00', TimeOut: '17:00', IsRestDay: false },
  Punches: [
    { Time: '07:53', Direction: 'In', Source: 'Import' },
    { Time: '12:01', Direction: 'Unknown', Source: 'Device' },
    { Time: '15:31', Direction: 'Out', Source: 'Manual' },
  ],
};

stubFetch((url) => (url.endsWith(`/ut-requests/${ID}/details`) ? jsonResponse(200, details) : undefined));

// UI review: the day's punches read "07:53 · In" over the API's raw source ("Import", "Device", "Manual"), and a
// punch of unknown direction "12:01 · Unknown".
describe('UT request details, the punches of the day', () => {
  it('says each punch and where it came from in words, not the raw values', async () => {
    renderApp(<UndertimeDetailsPage />, {
      path: '/portal/ut-requests/:id/details',
      at: `/portal/ut-requests/${ID}/details`,
      name: 'UT Request Details',
      as: 'PortalUser',
    });
    const heading = await screen.findByRole('heading', { name: 'Punches' });
    const list = heading.parentElement!.querySelector('ul')!;
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      '07:53 inImported',
      '12:01 (in or out not known)Terminal',
      '15:31 outEntered by HR',
    ]);
  });
});

// Review: an approver who opened the details from "For my review" was sent back to "My requests".
describe('UT request details, the way back', () => {
  const open = (at: string | { pathname: string; state?: unknown }) =>
    renderApp(<UndertimeDetailsPage />, {
      path: '/portal/ut-requests/:id/details',
      at,
      name: 'UT Request Details',
      as: 'PortalUser',
    });

  it('goes back to the list tab that opened it', async () => {
    open({
      pathname: `/portal/ut-requests/${ID}/details`,
      state: { back: '/portal/ut-requests?tab=review' },
    });
    const back = await screen.findByRole('link', { name: /back/i });
    expect(back.getAttribute('href')).toBe('/portal/ut-requests?tab=review');
  });

  it("goes back to the employee's own list otherwise", async () => {
    open(`/portal/ut-requests/${ID}/details`);
    const back = await screen.findByRole('link', { name: /back/i });
    expect(back.getAttribute('href')).toBe('/portal/ut-requests');
  });
});
