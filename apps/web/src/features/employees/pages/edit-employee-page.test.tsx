import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Employee } from '@hrpay/contracts';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import EditEmployeePage from './edit-employee-page';

const ID = '11111111-1111-4111-8111-111111111111';
const LIZA = {
  EmployeeId: ID,
  CompanyId: '22222222-2222-4222-8222-222222222222',
  EmployeeNumber: 'DM-0005',
  LastName: 'Mendoza',
  FirstName: 'Liza',
  FullName: 'Liza Mendoza',
  Nationality: 'Filipino',
  EmploymentStatusId: '33333333-3333-4333-8333-333333333333',
  EmploymentStatusName: 'Regular',
  EmploymentType: 'FullTime',
  HireDate: '2024-01-15',
  RestDays: null,
  EffectiveRestDays: [0],
  Status: 'Separated',
  SeparationDate: '2026-11-28',
  SeparationReason: 'Resigned',
  SeparationRemarks: 'Moved abroad',
  HasUserAccount: false,
  RowVersion: 3,
  CreatedAt: '2024-01-15T00:00:00Z',
  UpdatedAt: '2026-11-30T00:00:00Z',
} as unknown as Employee;

stubFetch((url) => {
  if (url.endsWith(`/api/v1/employees/${ID}`)) return jsonResponse(200, LIZA);
  return url.endsWith('/options') || url.includes('/history')
    ? undefined
    : jsonResponse(200, { Items: [], TotalCount: 0 });
});

describe('EditEmployeePage', () => {
  // HR review: the remarks ran into the next sentence ("Moved abroad The record stays on file").
  it('ends the separation remarks with a full stop before the next sentence', async () => {
    renderApp(<EditEmployeePage />, {
      path: '/hr/employees/edit/:id',
      at: `/hr/employees/edit/${ID}`,
      name: 'Edit Employee',
      as: 'HRUser',
    });
    const note = await screen.findByText(/^Separated on/);
    expect(note.textContent).toMatch(
      /^Separated on Nov 28, 2026 \(Resigned\): Moved abroad\. The record stays on file;/,
    );
  });
});
