import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
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

const stub = stubFetch((url) => {
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

  it('does not ask for the employee again once deleted (the page leaves without a 404)', async () => {
    stub.answer = () => jsonResponse(200, { Message: 'Employee deleted' });
    renderApp(<EditEmployeePage />, {
      path: '/hr/employees/edit/:id',
      at: `/hr/employees/edit/${ID}`,
      name: 'Edit Employee',
      as: 'HRUser',
      routes: [{ path: '/hr/employees', element: <p>The list</p> }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('The list');
    const calls = vi
      .mocked(fetch)
      .mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
    const deleted = calls.findIndex((call) => call.startsWith('DELETE'));
    expect(deleted).toBeGreaterThan(-1);
    expect(calls.slice(deleted + 1).filter((call) => call.includes(ID))).toEqual([]);
  });

  // HR review: Separate and Delete sat at the page's right edge, far right of the form's own edge.
  it('ends the header actions where the form ends', async () => {
    renderApp(<EditEmployeePage />, {
      path: '/hr/employees/edit/:id',
      at: `/hr/employees/edit/${ID}`,
      name: 'Edit Employee',
      as: 'HRUser',
    });
    const remove = await screen.findByRole('button', { name: 'Delete' });
    const form = screen.getByRole('form', { name: 'Employee' });
    /** The nearest element around `el` whose width is capped, and the cap. */
    const capOf = (el: Element) => {
      for (let at: Element | null = el; at; at = at.parentElement) {
        const max = getComputedStyle(at).maxWidth;
        if (max && max !== 'none') return { at, max };
      }
      return null;
    };
    const header = capOf(remove);
    expect(header?.max).toBe(capOf(form)?.max);
    // One box holds both: the actions' right edge is the form's.
    expect(header?.at.contains(form)).toBe(true);
  });
});
