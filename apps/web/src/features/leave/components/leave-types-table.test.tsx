import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LeaveType } from '@hrpay/contracts';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { LeaveTypesTable } from './leave-types-table';

const sil = {
  LeaveTypeId: '29942d68-de27-475c-aaa9-d23248dce060',
  CompanyId: 'f0e7d1b4-5b0a-4a51-9a4e-0d5f7a6a2c11',
  RequestCount: 0,
  CreatedAt: '2026-01-01T00:00:00Z',
  UpdatedAt: '2026-01-01T00:00:00Z',
  Code: 'SIL',
  Name: 'Service Incentive Leave',
  IsPaid: true,
  NeedsBalance: true,
  GrantRule: 'HireAnniversary',
  AnnualDays: 5,
  ProrateNewHires: false,
  MinServiceMonths: 12,
  CarryOverCap: null,
  ConvertibleToCash: true,
  MaxDaysPerRequest: null,
  HalfDayAllowed: true,
  CountsCalendarDays: false,
  AllowNegative: false,
  Gender: null,
  LegalBasis: null,
  EmploymentStatusIds: [],
  IsActive: true,
  RowVersion: 1,
} satisfies LeaveType;

const stub = stubFetch();
const calls = () =>
  vi.mocked(fetch).mock.calls.map(([input, init]) => ({
    url: String(input),
    body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
  }));

beforeEach(() => {
  stub.answer = () => jsonResponse(200, { Items: [sil], TotalCount: 1 });
});

// Review: the Leave types tab of Lookups had neither the Status filter nor the Export button of its sibling tabs.
describe('Lookups, Leave types', { timeout: 20_000 }, () => {
  it('filters by status and exports what the filter finds', async () => {
    renderApp(<LeaveTypesTable />, { as: 'HRUser' });
    const table = await screen.findByRole('table', { name: 'Leave types' });
    await within(table).findByText('Service Incentive Leave');

    const status = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status' });
    const inactive = within(status).getByRole<HTMLOptionElement>('option', { name: 'Inactive' });
    fireEvent.change(status, { target: { value: inactive.value } });
    await waitFor(() =>
      expect(
        calls().some((c) => c.url.endsWith('/api/v1/leave-types/list') && c.body?.IsActive === false),
      ).toBe(true),
    );

    stub.answer = () =>
      new Response('Name,Code\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => {
      const sent = calls().find((c) => c.url.endsWith('/api/v1/leave-types/export'));
      expect(sent?.body).toMatchObject({ IsActive: false, SortBy: 'Name', Format: 'csv' });
      expect(sent?.body).not.toHaveProperty('Page');
    });
  });
});
