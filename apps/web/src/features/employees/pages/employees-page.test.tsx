import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { EmployeeListItem } from '@hrpay/contracts';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { asPhone } from '@/test/phone';
import { renderApp } from '@/test/render-app';
import EmployeesPage from './employees-page';

const stub = stubFetch();

const item = (n: number, LastName: string, more: Partial<EmployeeListItem> = {}): EmployeeListItem => ({
  EmployeeId: `11111111-1111-4111-8111-${String(n).padStart(12, '0')}`,
  EmployeeNumber: `DM-010${n}`,
  FullName: `Lorna ${LastName}`,
  LastName,
  FirstName: 'Lorna',
  Email: null,
  DepartmentId: null,
  DepartmentName: 'Warehouse',
  PositionName: null,
  EmploymentStatusId: '33333333-3333-4333-8333-333333333333',
  EmploymentStatusName: 'Regular',
  EmploymentType: 'FullTime',
  HireDate: '2024-01-15',
  SupervisorName: null,
  ShiftName: null,
  Status: 'Active',
  SeparationDate: null,
  ...more,
});
const ITEMS = [
  item(1, 'Macaraeg', { Status: 'Separated', SeparationDate: '2026-11-20' }),
  item(2, 'Navarro', { SeparationDate: '2026-12-31' }),
  item(3, 'Ocampo'),
  // Hired for a day after today's date: listed, but not yet counted in a headcount.
  item(4, 'Pascual', { HireDate: '2999-01-04' }),
];
const listed = () => jsonResponse(200, { Items: ITEMS, TotalCount: ITEMS.length });
const open = () =>
  renderApp(<EmployeesPage />, {
    path: '/hr/employees',
    at: '/hr/employees?includeSeparated=true',
    name: 'Employees',
    as: 'HRUser',
  });

/** The row (the plain first paint's or the grid's) holding `text`. */
const rowOf = async (text: string) =>
  (await screen.findAllByRole('row', {}, { timeout: 20_000 })).find((r) => r.textContent?.includes(text))!;

describe('EmployeesPage', () => {
  // HR review: "The 201 files of your company's employees." read as a count (201) above a list of seven.
  it('does not open its subtitle with "201" as if it counted the files', { timeout: 30_000 }, async () => {
    stub.answer = () => jsonResponse(200, { Items: [], TotalCount: 0 });
    renderApp(<EmployeesPage />, { path: '/hr/employees', name: 'Employees', as: 'HRUser' });
    expect(await screen.findByText("Your company's employees and their 201 files.")).toBeTruthy();
    expect(screen.queryByText(/^The 201 files/)).toBeNull();
  });

  // HR review: with "Include separated", a separated employee's Status read "Regular" (the employment status).
  it(
    'reads Separated with the date for a separated employee, the last day for a scheduled one, the first day for a hire yet to start',
    { timeout: 30_000 },
    async () => {
      stub.answer = listed;
      open();
      await screen.findByText('Macaraeg, Lorna', {}, { timeout: 20_000 });
      const statusOf = async (name: string) => {
        const row = await rowOf(name);
        const cells = [...within(row).queryAllByRole('cell'), ...within(row).queryAllByRole('gridcell')];
        return cells.find((c) => /Regular|Separated/.test(c.textContent ?? ''))!.textContent;
      };
      expect(await statusOf('Macaraeg')).toBe('Separated Nov 20, 2026');
      expect(await statusOf('Navarro')).toBe('Regular Last day Dec 31, 2026');
      expect(await statusOf('Ocampo')).toBe('Regular');
      expect(await statusOf('Pascual')).toBe('Regular Starts Jan 4, 2999');
    },
  );

  it('says so on the phone cards too', { timeout: 30_000 }, async () => {
    asPhone();
    stub.answer = listed;
    open();
    const cards = await screen.findByRole('list', { name: 'Employees' }, { timeout: 20_000 });
    const card = within(cards)
      .getAllByRole('listitem')
      .find((c) => c.textContent?.includes('Macaraeg'))!;
    const status = within(card).getByText('Status').nextElementSibling!;
    expect(status.textContent).toBe('Separated Nov 20, 2026');
    expect(card.textContent).not.toContain('Regular');
  });
});
