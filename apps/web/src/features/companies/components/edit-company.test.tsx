import { ProblemTypes } from '@hrpay/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Company } from '@hrpay/contracts';
import { ApiError } from '@/lib/api-error';
import { renderApp } from '@/test/render-app';
import EditCompanyPage, { COMPANY_CHANGED } from '../pages/edit-company-page';

const get = vi.fn();
const put = vi.fn();
vi.mock('@/lib/api-client', () => ({
  apiClient: { get: (...args: unknown[]) => get(...args), put: (...args: unknown[]) => put(...args) },
}));
afterEach(() => {
  get.mockReset();
  put.mockReset();
});

const ID = '7b0f2f3e-1111-4c2b-9a57-1f0c8a7e2a99';
const company = (changes: Partial<Company> = {}): Company => ({
  CompanyId: ID,
  Name: 'Acme Corp',
  RegisteredName: null,
  Tin: '123-456-789-000',
  RdoCode: '039',
  SssEmployerNumber: null,
  PhilHealthEmployerNumber: null,
  PagIbigEmployerNumber: null,
  Address: null,
  ZipCode: null,
  Email: 'hr@acme.test',
  Phone: null,
  PayFrequency: 'Monthly',
  IsActive: true,
  EmployeeCount: 3,
  UserCount: 1,
  RowVersion: 4,
  CreatedAt: '2026-01-01T00:00:00Z',
  UpdatedAt: '2026-01-01T00:00:00Z',
  ...changes,
});

const renderPage = () =>
  renderApp(<EditCompanyPage />, {
    path: '/admin/companies/edit/:id',
    at: `/admin/companies/edit/${ID}`,
    name: 'Edit Company',
    routes: [{ path: '/admin/companies', element: <p>Companies list</p> }],
  });

describe('Edit company', () => {
  it('sends the RowVersion it read; on 409 says so and Reload brings the latest version', async () => {
    get.mockResolvedValueOnce(company());
    put.mockRejectedValueOnce(
      new ApiError(409, {
        type: ProblemTypes.staleRowVersion,
        title: 'Conflict',
        status: 409,
        detail: 'Stale.',
      }),
    );
    renderPage();
    const name = (await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement;
    expect(name.value).toBe('Acme Corp');
    fireEvent.change(name, { target: { value: 'Acme Corporation' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toContain(COMPANY_CHANGED);
    expect(put).toHaveBeenCalledWith(
      `/api/v1/companies/${ID}`,
      expect.objectContaining({ Name: 'Acme Corporation', RowVersion: 4, RdoCode: '039', Phone: null }),
    );

    get.mockResolvedValueOnce(company({ Name: 'Acme Holdings', RowVersion: 5 }));
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Acme Holdings'),
    );
    expect(screen.queryByRole('alert')).toBeNull();

    put.mockResolvedValueOnce(company({ Name: 'Acme Holdings', RowVersion: 6 }));
    get.mockResolvedValue(company({ Name: 'Acme Holdings', RowVersion: 6 })); // the refetch after saving
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Companies list');
    expect(put).toHaveBeenLastCalledWith(
      `/api/v1/companies/${ID}`,
      expect.objectContaining({ RowVersion: 5 }),
    );
  });

  it('says Company not found for a 404, with a way back', async () => {
    get.mockRejectedValueOnce(new ApiError(404, { title: 'Not Found', status: 404 }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Company not found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to companies' }));
    expect(await screen.findByText('Companies list')).toBeTruthy();
  });
});
