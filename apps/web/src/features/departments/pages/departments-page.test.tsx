import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Department } from '@hrpay/contracts';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import DepartmentsPage from './departments-page';

const FINANCE: Department = {
  DepartmentId: '11111111-1111-4111-8111-111111111111',
  CompanyId: '22222222-2222-4222-8222-222222222222',
  Name: 'Finance',
  Code: null,
  ParentDepartmentId: null,
  ParentName: null,
  HeadEmployeeId: null,
  HeadName: null,
  Headcount: 2,
  IsActive: true,
  RowVersion: 1,
  CreatedAt: '2026-01-01T00:00:00Z',
  UpdatedAt: '2026-01-01T00:00:00Z',
};

const stub = stubFetch();

describe('DepartmentsPage', () => {
  // HR review: a department without a code left its Code cell blank, beside the "—" of its missing parent.
  it('writes a missing code as "—", as it writes a missing parent', { timeout: 30_000 }, async () => {
    stub.answer = () => jsonResponse(200, { Items: [FINANCE], TotalCount: 1 });
    renderApp(<DepartmentsPage />, {
      path: '/hr/departments',
      name: 'Departments',
      as: 'HRUser',
    });
    await screen.findByText('Finance', undefined, { timeout: 20_000 });
    const cells = screen.queryAllByRole('gridcell').length
      ? screen.getAllByRole('gridcell')
      : screen.getAllByRole('cell');
    // Name, Code, Parent, Head, Headcount, …
    expect(cells.slice(0, 5).map((cell) => cell.textContent?.trim())).toEqual([
      'Finance',
      '—',
      '—',
      'Not set',
      '2',
    ]);
  });
});
