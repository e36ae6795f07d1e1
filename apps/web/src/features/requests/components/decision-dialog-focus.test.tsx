import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DecisionDialog } from './decision-dialog';
import { timeRequest } from '../test-request';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const request = timeRequest({
  EmployeeNumber: 'E-001',
  EmployeeName: 'Maria Santos',
  DepartmentName: null,
  DateFrom: '2026-03-02',
  DateTo: '2026-03-02',
  Days: 1,
  ReviewerName: 'HR',
  FiledByName: 'Maria Santos',
  FiledAt: '2026-02-20T01:00:00Z',
  CanReview: true,
  CanCancel: false,
});

describe('DecisionDialog', () => {
  it('moves the focus to Remarks when Reject is pressed without them, so their error is read', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DecisionDialog request={request} action="reject" onClose={() => {}} />
      </QueryClientProvider>,
    );
    const remarks = screen.getByRole('textbox', { name: 'Remarks (required)' });
    const reject = screen.getByRole('button', { name: 'Reject' });
    reject.focus();
    fireEvent.click(reject);
    await waitFor(() => expect(remarks.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(remarks);
    expect(remarks.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(remarks.getAttribute('aria-describedby')!)!.textContent).toBe(
      'This field is required',
    );
    // Nothing was sent (the leave's balance may have been read).
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });
});
