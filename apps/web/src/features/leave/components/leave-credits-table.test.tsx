import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { LeaveCreditRow } from '@hrpay/contracts';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { LeaveCreditsTable } from './leave-credits-table';

const row: LeaveCreditRow = {
  EmployeeId: 'bb765b15-619b-48ab-8e6f-8ccb4a790daa',
  EmployeeNumber: 'DM-0004',
  EmployeeName: 'Juan Dela Cruz',
  DepartmentName: 'Production',
  LeaveTypeId: '29942d68-de27-475c-aaa9-d23248dce060',
  LeaveTypeCode: 'SIL',
  LeaveTypeName: 'Service Incentive Leave',
  NeedsBalance: true,
  Earned: 5,
  Used: 4,
  Balance: 1,
  Pending: 0,
  Available: 1,
};

const stub = stubFetch();

// UI review: the Adjust dialog said "balance 1 days".
describe('Adjust leave credits', () => {
  it('says the balance with the right word for one day', async () => {
    stub.answer = () => jsonResponse(200, { Items: [row], TotalCount: 1 });
    renderApp(<LeaveCreditsTable leaveTypes={[]} />);
    const table = await screen.findByRole('table', { name: 'Leave credits' });
    await within(table).findByText('Juan Dela Cruz');
    fireEvent.click(within(table).getByRole('button', { name: 'Adjust' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust Service Incentive Leave' });
    expect(within(dialog).getByText('Juan Dela Cruz: balance 1 day')).toBeTruthy();
  });
});
