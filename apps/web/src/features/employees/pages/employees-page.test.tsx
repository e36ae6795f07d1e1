import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import EmployeesPage from './employees-page';

const stub = stubFetch();

describe('EmployeesPage', () => {
  // HR review: "The 201 files of your company's employees." read as a count (201) above a list of seven.
  it('does not open its subtitle with "201" as if it counted the files', { timeout: 30_000 }, async () => {
    stub.answer = () => jsonResponse(200, { Items: [], TotalCount: 0 });
    renderApp(<EmployeesPage />, { path: '/hr/employees', name: 'Employees', as: 'HRUser' });
    expect(await screen.findByText("Your company's employees and their 201 files.")).toBeTruthy();
    expect(screen.queryByText(/^The 201 files/)).toBeNull();
  });
});
