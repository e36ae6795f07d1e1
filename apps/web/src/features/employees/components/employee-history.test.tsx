import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { EmployeeHistoryEntry } from '@hrpay/contracts';
import { jsonResponse, newQueryClient, stubFetch } from '@/test/fetch-stub';
import { EmployeeHistory } from './employee-history';

const ID = '11111111-1111-4111-8111-111111111111';
const HISTORY: EmployeeHistoryEntry[] = [
  {
    At: '2026-11-30T17:01:00Z',
    Action: 'update',
    ActorName: 'Maria Santos',
    Changes: [
      { Field: 'RegularizationDate', Before: null, After: '2024-07-15' },
      { Field: 'HireDate', Before: '2024-01-15', After: '2024-02-01' },
      { Field: 'HasOwnRestDays', Before: false, After: true },
      { Field: 'EmploymentType', Before: 'FullTime', After: 'PartTime' },
      // HR walkthrough: the terminal user ID's change was hidden (taken for an id), rest days read "0 → 0, 6".
      { Field: 'DeviceUserId', Before: null, After: '1042' },
      { Field: 'RestDays', Before: null, After: [0, 6] },
      { Field: 'EffectiveRestDays', Before: [0], After: [0, 6] },
      { Field: 'DepartmentId', Before: 'a', After: 'b' },
    ],
  },
];
let timeFormat = '24h';
stubFetch((url) =>
  url.includes('/history')
    ? jsonResponse(200, HISTORY)
    : url.includes('application-settings')
      ? jsonResponse(200, { TimeFormat: timeFormat })
      : undefined,
);

describe('EmployeeHistory', () => {
  // HR review: dates in the history read "2024-07-15" while every other screen shows "Jul 15, 2024".
  it('shows changed dates and yes/no values as the screens do, not as stored', async () => {
    render(
      <QueryClientProvider client={newQueryClient()}>
        <EmployeeHistory employeeId={ID} />
      </QueryClientProvider>,
    );
    // Review: each entry's list is named after its entry (all were "Fields changed") and keeps its list role.
    const changes = await screen.findByRole('list', {
      name: /^Fields changed: Changed · .* · Maria Santos$/,
    });
    expect(changes.getAttribute('role')).toBe('list');
    // HR review: the changes ran together in one " · " sentence; each is a line of its own.
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Regularization date: — → Jul 15, 2024',
      'Hire date: Jan 15, 2024 → Feb 1, 2024',
      'Has own rest days: No → Yes',
      'Employment type: Full-time → Part-time',
      'Terminal user ID: — → 1042',
      'Rest days: Sun → Sun, Sat',
    ]);
    expect(screen.getByText(/^Changed · .* · Maria Santos$/)).toBeTruthy();
  });

  it("writes when on the company's clock", async () => {
    timeFormat = '12h';
    render(
      <QueryClientProvider client={newQueryClient()}>
        <EmployeeHistory employeeId={ID} />
      </QueryClientProvider>,
    );
    // 17:01 UTC is 1:01 AM the next day in Manila.
    expect(await screen.findByText('Changed · Dec 1, 2026, 1:01 AM · Maria Santos')).toBeTruthy();
    timeFormat = '24h';
  });
});
