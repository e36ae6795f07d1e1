import { ProblemTypes } from '@hrpay/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { ApiError } from '@/lib/api-error';
import { CompanyForm } from './company-form';
import { emptyCompanyValues } from './company-values';

const onSubmit = vi.fn();
const onConflict = vi.fn();
afterEach(() => {
  onSubmit.mockReset();
  onConflict.mockReset();
});

function renderForm() {
  render(
    <CompanyForm
      initialValues={emptyCompanyValues}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
      onConflict={onConflict}
      saveLabel="Add Company"
    />,
  );
  const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
  const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add Company' }));
  return { field, type, submit };
}

const helperOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('CompanyForm', () => {
  it('requires a name and a TIN, with the spec message, and sends nothing', async () => {
    const form = renderForm();
    expect(helperOf(form.field('TIN'))).toBe('000-000-000-000');
    form.submit();
    await waitFor(() => expect(helperOf(form.field('Name'))).toBe('This field is required'));
    expect(helperOf(form.field('TIN'))).toBe('This field is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the TIN format, the e-mail and the government numbers', async () => {
    const form = renderForm();
    form.type('Name', 'Acme');
    form.type('TIN', '12-34');
    form.type('E-mail', 'not-an-address');
    form.type('ZIP code', '12');
    form.type('RDO code', '4a');
    form.submit();
    await waitFor(() =>
      expect(helperOf(form.field('TIN'))).toBe('TIN must look like 000-000-000 or 000-000-000-000'),
    );
    expect(helperOf(form.field('E-mail'))).toBe('E-mail must be valid');
    expect(helperOf(form.field('ZIP code'))).toBe('ZIP code must have 4 digits');
    expect(helperOf(form.field('RDO code'))).toBe('RDO code must have 3 digits');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('writes the dashes into a TIN typed as digits, and sends empty optional fields as null', async () => {
    const form = renderForm();
    form.type('Name', '  Acme Corp ');
    form.type('TIN', '123456789000');
    fireEvent.blur(form.field('TIN'));
    expect(form.field('TIN').value).toBe('123-456-789-000');
    form.type('ZIP code', '1226');
    form.submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      Name: 'Acme Corp',
      Tin: '123-456-789-000',
      PayFrequency: 'SemiMonthly',
      IsActive: true,
      RegisteredName: null,
      RdoCode: null,
      SssEmployerNumber: null,
      PhilHealthEmployerNumber: null,
      PagIbigEmployerNumber: null,
      Address: null,
      ZipCode: '1226',
      Email: null,
      Phone: null,
    });
  });

  it("puts the server's field errors on their fields and the rest in an alert", async () => {
    onSubmit.mockRejectedValue(
      new ApiError(400, {
        title: 'Bad Request',
        status: 400,
        detail: 'One or more fields are invalid.',
        errors: [
          { Code: 'Tin', Description: 'Another company of your account already has TIN 123-456-789' },
          { Code: 'Licence', Description: '' },
        ],
      }),
    );
    const toastError = vi.spyOn(toast, 'error').mockReturnValue('id');
    const form = renderForm();
    form.type('Name', 'Acme');
    form.type('TIN', '123-456-789');
    form.submit();
    await waitFor(() =>
      expect(helperOf(form.field('TIN'))).toBe('Another company of your account already has TIN 123-456-789'),
    );
    // Description, else Code (spec §8).
    expect(screen.getByRole('alert').textContent).toBe('Licence');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('hands a stale-version 409 to onConflict; any other failure (another 409 too) becomes an error toast', async () => {
    const form = renderForm();
    form.type('Name', 'Acme');
    form.type('TIN', '123-456-789');
    onSubmit.mockRejectedValueOnce(
      new ApiError(409, {
        type: ProblemTypes.staleRowVersion,
        title: 'Conflict',
        status: 409,
        detail: 'Changed.',
      }),
    );
    form.submit();
    await waitFor(() => expect(onConflict).toHaveBeenCalledTimes(1));

    const toastError = vi.spyOn(toast, 'error').mockReturnValue('id');
    onSubmit.mockRejectedValueOnce(
      new ApiError(409, { type: ProblemTypes.duplicate, title: 'Conflict', status: 409, detail: 'Taken.' }),
    );
    form.submit();
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Taken.'));
    expect(onConflict).toHaveBeenCalledTimes(1);

    onSubmit.mockRejectedValueOnce(new ApiError(500, { title: 'Internal Server Error', status: 500 }));
    form.submit();
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('The company could not be saved.'));
  });
});
