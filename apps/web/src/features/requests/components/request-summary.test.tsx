import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { TimeRequest } from '@hrpay/contracts';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { RequestSummary } from './request-summary';
import { ReasonText } from './requests-table';
import { timeRequest } from '../test-request';

const REASON = 'Family trip to Cebu.\n\nBack on the 16th.';

/** A pending leave request as the API answers it (the fields the summary reads). */
const leave = timeRequest({
  RequestId: '11111111-1111-4111-8111-111111111111',
  EmployeeName: 'Ana Cruz',
  EmployeeNumber: 'DM-0001',
  DepartmentName: null,
  Reason: 'Trip',
  FiledAt: '2026-11-30T01:00:00Z',
  FiledByName: 'Ana Cruz',
  ReviewerName: 'Maria Santos',
});

let timeFormat: '24h' | '12h' = '24h';
stubFetch((url) =>
  url.endsWith('/api/v1/application-settings') ? jsonResponse(200, { TimeFormat: timeFormat }) : undefined,
);

// Sweep E finding 6: a reason typed on several lines was shown on one.
describe('multi-line reasons', () => {
  it('keep their line breaks in the request summary', () => {
    const request = { ...leave, Reason: REASON };
    renderApp(<RequestSummary request={request} />);
    const reason = screen.getByText((_t, el) => el?.tagName === 'DD' && el.textContent === REASON);
    expect(getComputedStyle(reason).whiteSpace).toBe('pre-line');
  });

  it("keep them on a phone's card, and are cut to one line in the grid with the whole text as title", () => {
    const { container } = render(
      <>
        <div className="card">
          <ReasonText reason={REASON} />
        </div>
        <div className="grid">
          <ReasonText reason={REASON} />
        </div>
      </>,
    );
    const [onCard, inGrid] = [...container.querySelectorAll<HTMLElement>('[title]')] as [
      HTMLElement,
      HTMLElement,
    ];
    expect(onCard.title).toBe(REASON);
    expect(getComputedStyle(onCard).whiteSpace).toBe('pre-line');
    expect(getComputedStyle(inGrid).whiteSpace).toBe('nowrap');
  });
});

// Portal review: the approver of a leave did not see what approving it draws on.
describe("the employee's balance", () => {
  it('shows the balance and what pending requests hold, when the API gives it to the reviewer', () => {
    renderApp(<RequestSummary request={{ ...leave, LeaveBalance: { Balance: 7.5, Pending: 3 } }} />);
    const row = screen.getByText("Employee's balance").nextElementSibling!;
    expect(row.textContent).toBe('7.5 days, of which pending requests hold 3 days (this one included)');
  });

  it('shows no balance row without it', () => {
    renderApp(<RequestSummary request={leave} />);
    expect(screen.queryByText("Employee's balance")).toBeNull();
  });
});

// Review: "Filed Dec 1, 2026, 6:24 AM" on a 12-hour clock beside "leaving 16:00" on the 24-hour one.
describe('times and date-times', () => {
  const undertime = {
    ...leave,
    Kind: 'Undertime',
    LeaveTypeName: null,
    DateTo: '2026-12-14',
    Days: null,
    StartTime: '16:00',
    EndTime: '17:00',
    Minutes: 60,
    FiledAt: '2026-11-30T22:24:00Z',
    Status: 'Approved',
    DecidedAt: '2026-12-01T05:05:00Z',
    DecidedByName: 'Maria Santos',
  } as unknown as TimeRequest;
  const row = (label: string) => screen.getByText(label).nextElementSibling!.textContent;

  it('are written on the 24-hour clock by default', async () => {
    timeFormat = '24h';
    renderApp(<RequestSummary request={undertime} />);
    expect(row('When')).toBe('Dec 14, 2026 · leaving 16:00 (shift ends 17:00)');
    expect(row('Filed')).toBe('Dec 1, 2026, 06:24 by Ana Cruz');
    expect(row('Approved on')).toBe('Dec 1, 2026, 13:05 by Maria Santos');
  });

  it('all follow the 12-hour clock when Application Settings choose it', async () => {
    timeFormat = '12h';
    renderApp(<RequestSummary request={undertime} />);
    await screen.findByText('Dec 1, 2026, 6:24 AM by Ana Cruz');
    expect(row('When')).toBe('Dec 14, 2026 · leaving 4:00 PM (shift ends 5:00 PM)');
    expect(row('Approved on')).toBe('Dec 1, 2026, 1:05 PM by Maria Santos');
  });
});
