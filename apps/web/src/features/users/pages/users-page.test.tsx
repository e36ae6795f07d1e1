import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { UserTypeId, type User } from '@hrpay/contracts';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import UsersPage from './users-page';

const ANA: User = {
  UserId: '6f1c2a3e-0b4d-4c5e-9f60-7a8b9c0d1e2f',
  UserType: UserTypeId.PortalUser,
  FullName: 'Ana Cruz',
  Email: 'approver@demo.hrpay.test',
  CompanyId: '22222222-2222-4222-8222-222222222222',
  CompanyName: 'Demo Manufacturing Inc.',
  EmployeeId: '33333333-3333-4333-8333-333333333333',
  EmployeeNumber: 'DM-0003',
  EmployeeName: 'Ana Cruz',
  IsApprover: true,
  IsActive: true,
  HasPassword: true,
  RowVersion: 1,
  CreatedAt: '2026-01-01T00:00:00Z',
  UpdatedAt: '2026-01-01T00:00:00Z',
};

const stub = stubFetch();

// Walkthrough: at 1366 px the e-mail, type, company and linked employee were all cut, beside an Approver column
// holding one word; the flag now sits under the type and the employee's number under the name.
describe('UsersPage', () => {
  it(
    'says an approver under the type and the employee number under the name',
    { timeout: 30_000 },
    async () => {
      stub.answer = () => jsonResponse(200, { Items: [ANA], TotalCount: 1 });
      // The room of the list at 1366 px with the menu open, as the grid measures it.
      const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1044);
      renderApp(<UsersPage />, { path: '/admin/users', name: 'Users', as: 'Admin' });
      const grid = await screen.findByRole('table', { name: 'Users' }, { timeout: 20_000 });
      await within(grid).findByText('approver@demo.hrpay.test');
      width.mockRestore();
      const headers = within(grid)
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
      expect(headers).not.toContain('Approver');
      const cell = (field: string) => grid.querySelector(`td[data-field="${field}"]`)!;
      expect(cell('UserType').textContent).toBe('Employee Portal Approver');
      expect(cell('EmployeeName').textContent).toBe('Ana Cruz DM-0003');
    },
  );
});
