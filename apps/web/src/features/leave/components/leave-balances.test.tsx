import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { EmployeeLeaveCredits, LeaveBalance, LeaveLedgerEntry } from '@hrpay/contracts';
import { LeaveBalances } from './leave-balances';

const entry = (over: Partial<LeaveLedgerEntry>): LeaveLedgerEntry => ({
  EntryId: crypto.randomUUID(),
  LeaveTypeId: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  LeaveTypeName: 'Vacation Leave',
  EntryDate: '2026-11-01',
  Kind: 'Accrual',
  Days: 1.25,
  Reason: null,
  RequestId: null,
  RequestDateFrom: null,
  RequestDateTo: null,
  CreatedByName: null,
  CreatedAt: '2026-11-01T00:00:00Z',
  ...over,
});

const credits = (entries: LeaveLedgerEntry[]): EmployeeLeaveCredits => ({
  EmployeeId: '00000000-0000-4000-8000-000000000001',
  EmployeeNumber: 'DM-0003',
  EmployeeName: 'Ana Cruz',
  Balances: [],
  Entries: entries,
});

const reasons = () =>
  within(screen.getByRole('table', { name: 'Leave credit history' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.lastElementChild!.textContent);

// UI review finding 16: the credit run's entries have no reason of their own, so the Reason column stood empty.
describe('leave credit history', () => {
  it('says what each entry the system made is, and keeps a reason HR gave', () => {
    render(
      <LeaveBalances
        credits={credits([
          entry({ Kind: 'Accrual' }),
          entry({
            Kind: 'Grant',
            Days: 5,
            LeaveTypeName: 'Service Incentive Leave',
            CreatedByName: 'Maria Santos',
          }),
          entry({ Kind: 'Use', Days: -1, RequestId: crypto.randomUUID(), CreatedByName: 'Ana Cruz' }),
          entry({
            Kind: 'Use',
            Days: -6,
            RequestId: crypto.randomUUID(),
            RequestDateFrom: '2026-12-21',
            RequestDateTo: '2026-12-30',
          }),
          entry({
            Kind: 'Reversal',
            Days: 1,
            RequestId: crypto.randomUUID(),
            RequestDateFrom: '2026-11-30',
            RequestDateTo: '2026-11-30',
          }),
          entry({ Kind: 'Adjustment', Days: 2, Reason: 'Carried over from the old system' }),
          entry({ Kind: 'Adjustment', Days: -1, CreatedByName: 'Maria Santos' }),
        ])}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Reason' })).toBeTruthy();
    expect(reasons()).toEqual([
      'Monthly accrual',
      'Yearly grant',
      'Approved leave request',
      'Approved leave request, Dec 21–30, 2026',
      'Cancelled leave request, Nov 30, 2026',
      'Carried over from the old system',
      'by Maria Santos',
    ]);
  });

  it('leaves the Reason column out when no entry has one', () => {
    render(<LeaveBalances credits={credits([entry({ Kind: 'Adjustment', Days: 1 })])} />);
    expect(screen.queryByRole('columnheader', { name: 'Reason' })).toBeNull();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Date',
      'Leave type',
      'Entry',
      'Days',
    ]);
  });
});

const balance = (over: Partial<LeaveBalance>): LeaveBalance => ({
  LeaveTypeId: crypto.randomUUID(),
  LeaveTypeCode: 'VL',
  LeaveTypeName: 'Vacation Leave',
  NeedsBalance: true,
  Earned: 15,
  Used: 0,
  Balance: 15,
  Pending: 0,
  Available: 15,
  ...over,
});

// Portal review: a balance below zero (a type that allows advance leave, an HR adjustment) read "-1 days
// available · Balance -1", and one day left read "1 days available".
describe('leave balance cards', () => {
  it('shows a balance below zero as none available and the days taken in advance, and one day as "1 day"', () => {
    render(
      <LeaveBalances
        credits={{
          ...credits([]),
          Balances: [
            balance({ LeaveTypeName: 'Vacation Leave', Balance: -1, Used: 6, Available: -1 }),
            balance({ LeaveTypeName: 'Sick Leave', Balance: 1.5, Pending: 0.5, Available: 1 }),
            balance({ LeaveTypeName: 'Paternity Leave', NeedsBalance: false, Balance: 0, Available: 0 }),
          ],
        }}
      />,
    );
    const cards = within(screen.getByRole('list', { name: 'Leave balances' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Vacation Leave0 days available1 day taken in advance · used 6 this year',
      'Sick Leave1 day availableBalance 1.5 · 0.5 pending · used 0 this year',
    ]);
    expect(screen.getByText(/Granted per case/).textContent).toBe(
      'Granted per case, without credits: Paternity Leave.',
    );
    // Each card is named by a level-2 heading under the page's title (it was an h6: axe heading-order).
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Vacation Leave',
      'Sick Leave',
    ]);
  });
});
