import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { DecisionDialog } from './decision-dialog';
import { timeRequest } from '../test-request';

const ID = '00000000-0000-4000-8000-000000000001';
const leave = timeRequest({
  RequestId: ID,
  Reason: 'Christmas in Iloilo.\nBack on the 6th.',
  DateFrom: '2026-12-28',
  DateTo: '2027-01-05',
  Days: 6,
  CanReview: true,
});

const read: string[] = [];
stubFetch((url) => {
  read.push(url);
  return url.endsWith(`/leave-requests/${ID}`)
    ? jsonResponse(200, { ...leave, LeaveBalance: { Balance: 4, Pending: 7 } })
    : undefined;
});

const BALANCE = "Employee's balance: 4 days, of which pending requests hold 7 days (this one included)";

// UI review: HR approves and rejects leave from the list, whose rows carry no balance: the dialog showed the
// dates and the reason but not what approving draws on (the approver's review page shows it).
describe('DecisionDialog, a leave', () => {
  it('shows the employee’s balance to the one who approves or rejects it', async () => {
    for (const action of ['approve', 'reject'] as const) {
      const { unmount } = renderApp(<DecisionDialog request={leave} action={action} onClose={() => {}} />);
      expect(await screen.findByText(BALANCE)).toBeTruthy();
      unmount();
    }
  });

  it('keeps the line breaks of the reason', () => {
    renderApp(<DecisionDialog request={leave} action="approve" onClose={() => {}} />);
    const reason = screen.getByText(/^Reason:/);
    expect(getComputedStyle(reason).whiteSpace).toBe('pre-line');
  });

  it('reads no balance to cancel, nor for a request the user does not review', async () => {
    read.length = 0;
    for (const [request, action] of [
      [leave, 'cancel'],
      [{ ...leave, CanReview: false }, 'approve'],
    ] as const) {
      const { unmount } = renderApp(<DecisionDialog request={request} action={action} onClose={() => {}} />);
      await screen.findByRole('dialog');
      await new Promise((resolve) => setTimeout(resolve, 20));
      unmount();
    }
    expect(read.some((url) => url.endsWith(`/leave-requests/${ID}`))).toBe(false);
  });

  // Portal walkthrough: the employee cancelling their own request read "The employee sees these remarks."
  it('says who reads the remarks of a cancellation: not "the employee" to the employee cancelling', async () => {
    renderApp(<DecisionDialog request={leave} action="cancel" onClose={() => {}} />);
    expect(
      await screen.findByText('Kept with the request, for the employee, the approver and HR to read.'),
    ).toBeTruthy();
    expect(screen.queryByText('The employee sees these remarks.')).toBeNull();
  });
});
