import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { RequestsTable } from './requests-table';
import { timeRequest } from '../test-request';

/** A Christmas leave across the new year, as the list answers it. */
const christmas = timeRequest({
  RequestId: 'd0f2d915-b9de-4363-be83-ef3119484957',
  DateFrom: '2026-12-28',
  DateTo: '2027-01-15',
  Days: 13,
  Reason: 'Christmas in Iloilo',
});

const answerList = () => {
  // The list is a POST: stubFetch answers it with `answer`.
  stub.answer = () => jsonResponse(200, { Items: [christmas], TotalCount: 1 });
};
const stub = stubFetch();

/** The room of a list with the menu open (1280 or 1366 px less the menu, the page's padding, a scroll bar). */
const TABLE_ROOM_AT_1280 = 958;
const TABLE_ROOM_AT_1366 = 1044;
/**
 * What the values need, measured in Chromium in the grid's 14 px Roboto, plus a cell's padding (2 x 10 px):
 * "Dec 28, 2026 – Jan 15, 2027" 180 px, "Service Incentive Leave" 149 px.
 */
const CROSS_YEAR_RANGE_NEEDS = 200;
const LONGEST_TYPE_NEEDS = 169;

/** The list as laid out in a frame `room` px wide: each column's header and width (the grid's widths). */
async function layout(scope: 'Mine' | 'Review' | 'Company', room: number) {
  const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(room);
  answerList();
  renderApp(<RequestsTable kind="Leave" scope={scope} />, { as: 'PortalUser' });
  const table = await screen.findByRole('table', { name: 'Leave requests' });
  await within(table).findByText('Dec 28, 2026 – Jan 15, 2027');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent ?? '');
  const cols = [...table.querySelectorAll<HTMLElement>('colgroup > col')].map((col) =>
    parseFloat(col.style.width),
  );
  width.mockRestore();
  const least = parseInt(table.parentElement!.style.getPropertyValue('--table-min-width'), 10);
  return { table, least, widthOf: (header: string) => cols[headers.findIndex((h) => h.startsWith(header))]! };
}

// UI review: a leave across the new year ("Dec 28, 2026 – Jan 5…") was cut in the 170 px Dates column, in the
// employee's list with room to spare as in HR's; in HR's list at 1366 px "Service Incentive Leave" was cut too,
// beside an employee's name and number on one line.
describe('requests list, the leave columns at 1366 px', () => {
  for (const scope of ['Mine', 'Review', 'Company'] as const) {
    it(`shows a range across the new year and the longest leave type whole (${scope})`, async () => {
      const { widthOf, least } = await layout(scope, TABLE_ROOM_AT_1366);
      expect(widthOf('Dates')).toBeGreaterThanOrEqual(CROSS_YEAR_RANGE_NEEDS);
      expect(widthOf('Type')).toBeGreaterThanOrEqual(LONGEST_TYPE_NEEDS);
      // Every column still fits at 1280 px with the menu open.
      expect(least).toBeLessThanOrEqual(TABLE_ROOM_AT_1280);
    });
  }

  it("puts the employee's number under the name in HR's list", async () => {
    const { table } = await layout('Company', TABLE_ROOM_AT_1366);
    const cell = table.querySelector('td[data-field="EmployeeName"]')!;
    expect(within(cell as HTMLElement).getByText('Juan Dela Cruz')).toBeTruthy();
    expect(within(cell as HTMLElement).getByText('DM-0004')).toBeTruthy();
  });
});

// Review: the request lists' date filters said "From date / To date", the time logs' and the other lists' "From / To".
describe('requests list, the date filters', () => {
  it('say From and To, as every other list', async () => {
    answerList();
    renderApp(<RequestsTable kind="Leave" scope="Company" />, { as: 'HRUser' });
    await screen.findByRole('table', { name: 'Leave requests' });
    expect(screen.getByLabelText('From', { exact: true })).toHaveProperty('type', 'date');
    expect(screen.getByLabelText('To', { exact: true })).toHaveProperty('type', 'date');
    expect(screen.queryByLabelText(/From date|To date/)).toBeNull();
  });
});

// Portal walkthrough: a rejected request said only "Rejected"; the reason the approver gave was nowhere in the
// employee's list, and a leave or overtime request of their own had no way to its page.
describe("requests list, the employee's decided request", () => {
  it("shows the approver's remarks under their name and opens the request's page", async () => {
    const rejected = timeRequest({
      RequestId: '5d9c1f40-2f4e-4d5b-8a61-0c1d2e3f4a5b',
      Status: 'Rejected',
      DecidedByName: 'Ana Cruz',
      Remarks: 'Short-staffed on the line that day',
    });
    stub.answer = () => jsonResponse(200, { Items: [rejected], TotalCount: 1 });
    renderApp(<RequestsTable kind="Leave" scope="Mine" />, {
      as: 'PortalUser',
      routes: [{ path: '/portal/leave-requests/review/:id', element: <p>Request page</p> }],
    });
    const table = await screen.findByRole('table', { name: 'Leave requests' });
    const reviewer = (await within(table).findByText('Ana Cruz')).closest('td')!;
    expect(within(reviewer).getByText('Short-staffed on the line that day')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Details' }));
    expect(await screen.findByText('Request page')).toBeTruthy();
  });
});

// Review: a cancelled request's remarks showed under the reviewer's name, as if the reviewer had written them.
describe('requests list, a cancelled request', () => {
  it('shows who cancelled it with their remarks, not the reviewer', async () => {
    const cancelled = timeRequest({
      RequestId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      Status: 'Cancelled',
      ReviewerName: 'Ana Cruz',
      CancelledByName: 'Juan Dela Cruz',
      CancelRemarks: 'Trip moved to March',
    });
    stub.answer = () => jsonResponse(200, { Items: [cancelled], TotalCount: 1 });
    renderApp(<RequestsTable kind="Leave" scope="Mine" />, { as: 'PortalUser' });
    const table = await screen.findByRole('table', { name: 'Leave requests' });
    const cell = (await within(table).findByText('Juan Dela Cruz')).closest('td')!;
    expect(within(cell).getByText('Trip moved to March')).toBeTruthy();
    expect(within(cell).getByTitle('Cancelled by Juan Dela Cruz — Trip moved to March')).toBeTruthy();
    expect(within(table).queryByText('Ana Cruz')).toBeNull();
  });
});

// Review: with only a department chosen, HR's list hid "Clear filters" and said no requests were filed yet.
describe('requests list, filtered by department alone', () => {
  it('says nothing matches and offers to clear the filter', { timeout: 30_000 }, async () => {
    stub.answer = () => jsonResponse(200, { Items: [], TotalCount: 0 });
    renderApp(<RequestsTable kind="Leave" scope="Company" />, {
      path: '/hr/leave-requests',
      at: '/hr/leave-requests?departmentId=3f1c2a3e-0b4d-4c5e-9f60-7a8b9c0d1e2f',
      as: 'HRUser',
    });
    expect(await screen.findByText('No requests match.', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });
});
