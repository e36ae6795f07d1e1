import { z } from 'zod';
import { CreateCompanyRequest, type Company } from '@hrpay/contracts';

import { OPTIONAL_TEXT } from './company-fields';

export { companyToUpdateRequest, PAY_FREQUENCY_LABELS } from './company-fields';

/** The form validates with the API's own create schema: the same rules and messages on both sides. */
export const companyFormSchema = CreateCompanyRequest;
export type CompanyFormValues = z.input<typeof companyFormSchema>;
export type CompanyFormOutput = z.output<typeof companyFormSchema>;

/** Every field the form edits, in screen order (server errors are matched against these names). */
export const COMPANY_FORM_FIELDS = ['Name', 'Tin', 'PayFrequency', 'IsActive', ...OPTIONAL_TEXT] as const;

export const emptyCompanyValues: CompanyFormValues = {
  Name: '',
  RegisteredName: '',
  Tin: '',
  RdoCode: '',
  PayFrequency: 'SemiMonthly',
  IsActive: true,
  SssEmployerNumber: '',
  PhilHealthEmployerNumber: '',
  PagIbigEmployerNumber: '',
  Address: '',
  ZipCode: '',
  Email: '',
  Phone: '',
};

export function companyToFormValues(company: Company): CompanyFormValues {
  const values: CompanyFormValues = { ...emptyCompanyValues, Name: company.Name, Tin: company.Tin ?? '' };
  for (const field of OPTIONAL_TEXT) values[field] = company[field] ?? '';
  return { ...values, PayFrequency: company.PayFrequency, IsActive: company.IsActive };
}

/** The create body: the validated values with empty optional inputs as null. */
export function toCompanyRequest(values: CompanyFormOutput): CreateCompanyRequest {
  const request: CreateCompanyRequest = {
    Name: values.Name,
    Tin: values.Tin,
    PayFrequency: values.PayFrequency,
    IsActive: values.IsActive,
  };
  for (const field of OPTIONAL_TEXT) request[field] = values[field] || null;
  return request;
}
