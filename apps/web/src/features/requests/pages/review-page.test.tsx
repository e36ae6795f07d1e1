import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ProblemTypes } from '@hrpay/contracts';
import { conflictResponse, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { timeRequest } from '../test-request';
import { ReviewPage } from './review-page';

const ID = '00000000-0000-4000-8000-000000000002';
let current = timeRequest({ RequestId: ID, CanReview: true });
const reads: string[] = [];
const stub = stubFetch((url) => {
  if (!url.endsWith(`/leave-requests/${ID}`)) return undefined;
  reads.push(url);
  return jsonResponse(200, current);
});

// Portal walkthrough: the employee cancelled while the approver had the page open; Approve answered 409 and the
// toast said "the list now shows its current state", but the page still showed Pending with Approve and Reject.
describe('request review page', () => {
  it('reads the request again when a decision is refused because it changed meanwhile', async () => {
    renderApp(<ReviewPage kind="Leave" />, {
      path: '/portal/leave-requests/review/:id',
      at: `/portal/leave-requests/review/${ID}`,
      name: 'Leave Request Review',
      as: 'PortalUser',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    current = timeRequest({ RequestId: ID, Status: 'Cancelled', CanReview: false });
    stub.answer = () =>
      conflictResponse(ProblemTypes.invalidState, 'This leave request is already cancelled.');
    const before = reads.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(reads.length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
  });
});
