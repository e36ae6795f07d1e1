import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UserTypeId, type CompanyOption } from '@hrpay/contracts';
import { ApiError } from '@/lib/api-error';
import { renderApp } from '@/test/render-app';
import type { EmployeeMatch } from '@/lib/employee-search';
import { UserForm } from './user-form';
import { emptyUserValues, type UserFormValues } from './user-values';

const ACME = '11111111-1111-4111-8111-111111111111';
const GLOBEX = '22222222-2222-4222-8222-222222222222';
const ANA: EmployeeMatch = {
  EmployeeId: '33333333-3333-4333-8333-333333333333',
  EmployeeNumber: 'DM-0003',
  FullName: 'Ana Cruz',
  CompanyId: ACME,
};

let companies: CompanyOption[] = [];
const get = vi.fn(async (path: string, options?: { params?: Record<string, unknown> }) => {
  if (path === '/api/v1/companies/options') return companies;
  if (path === '/api/v1/employees/search') return options?.params?.CompanyId === ACME ? [ANA] : [];
  throw new Error(`unexpected GET ${path}`);
});
vi.mock('@/lib/api-client', () => ({
  apiClient: { get: (path: string, options?: never) => get(path, options) },
}));

const onSubmit = vi.fn();
beforeEach(() => {
  companies = [
    { CompanyId: ACME, Name: 'Acme Corp', IsActive: true },
    { CompanyId: GLOBEX, Name: 'Globex', IsActive: false },
  ];
});
afterEach(() => {
  onSubmit.mockReset();
  get.mockClear();
});

function renderForm(initialValues: UserFormValues = emptyUserValues(), editing = false) {
  renderApp(
    <UserForm
      initialValues={initialValues}
      editing={editing}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
      saveLabel="Add User"
    />,
  );
}

const text = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(text(name), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
const helperOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

async function choose(label: string, option: RegExp | string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await within(screen.getByRole('listbox')).findByRole('option', { name: option }));
}

describe('UserForm', () => {
  it('requires type, company, name and e-mail with the spec message', async () => {
    renderForm();
    submit();
    await waitFor(() => expect(helperOf(text('Full name'))).toBe('This field is required'));
    expect(helperOf(text('E-mail'))).toBe('This field is required');
    expect(screen.getAllByText('This field is required')).toHaveLength(4);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the e-mail address', async () => {
    renderForm();
    type('E-mail', 'maria@');
    submit();
    await waitFor(() => expect(helperOf(text('E-mail'))).toBe('E-mail must be valid'));
  });

  it('requires a linked employee for a PortalUser, found by search within the company', async () => {
    renderForm();
    await choose('User type', /^Employee Portal/);
    await choose('Company', 'Acme Corp');
    type('Full name', 'Ana Cruz');
    type('E-mail', 'ana@acme.test');
    submit();
    expect(await screen.findByText('A PortalUser must be linked to an employee')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    const picker = screen.getByRole('combobox', { name: 'Linked employee' });
    // Focused, as when a person types (an unfocused Autocomplete puts its text back to the chosen value).
    act(() => picker.focus());
    fireEvent.change(picker, { target: { value: 'ana' } });
    // The typed text reaches the server after the debounce, within the chosen company.
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(
        '/api/v1/employees/search',
        expect.objectContaining({ params: { SearchText: 'ana', CompanyId: ACME } }),
      ),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Ana Cruz (DM-0003)' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Approver' }));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      UserType: UserTypeId.PortalUser,
      FullName: 'Ana Cruz',
      Email: 'ana@acme.test',
      CompanyId: ACME,
      EmployeeId: ANA.EmployeeId,
      IsApprover: true,
      IsActive: true,
    });
  });

  it('links no employee and no approval for an Admin, whatever the form held', async () => {
    renderForm({
      ...emptyUserValues(ACME),
      UserType: UserTypeId.Admin,
      FullName: 'Carmela',
      Email: 'carmela@acme.test',
      EmployeeId: ANA.EmployeeId,
      IsApprover: true,
    });
    expect(screen.queryByRole('combobox', { name: 'Linked employee' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Active' })).toBeNull();
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ EmployeeId: null, IsApprover: false });
  });

  it('lets an HR user be saved without an employee', async () => {
    renderForm({
      ...emptyUserValues(ACME),
      UserType: UserTypeId.HRUser,
      FullName: 'Maria',
      Email: 'm@a.test',
    });
    expect(screen.getByRole('combobox', { name: 'Linked employee' })).toBeTruthy();
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ UserType: UserTypeId.HRUser, EmployeeId: null });
  });

  it('shows the server errors on E-mail and Linked employee', async () => {
    onSubmit.mockRejectedValue(
      new ApiError(400, {
        title: 'Bad Request',
        status: 400,
        errors: [
          { Code: 'Email', Description: 'This e-mail address is already used by another account' },
          { Code: 'EmployeeId', Description: 'The employee was not found in this company' },
        ],
      }),
    );
    renderForm({
      ...emptyUserValues(ACME),
      UserType: UserTypeId.HRUser,
      FullName: 'Maria',
      Email: 'm@a.test',
    });
    submit();
    await waitFor(() =>
      expect(helperOf(text('E-mail'))).toBe('This e-mail address is already used by another account'),
    );
    expect(helperOf(screen.getByRole('combobox', { name: 'Linked employee' }))).toBe(
      'The employee was not found in this company',
    );
  });

  it('chooses the company when the account has only one', async () => {
    companies = [{ CompanyId: ACME, Name: 'Acme Corp', IsActive: true }];
    renderForm();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Company' }).textContent).toBe('Acme Corp'),
    );
  });

  it('marks inactive companies in the picker', async () => {
    renderForm();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Company' }));
    expect(await screen.findByRole('option', { name: 'Globex (inactive)' })).toBeTruthy();
  });
});
