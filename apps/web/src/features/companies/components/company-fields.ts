import type { Company, UpdateCompanyRequest } from '@hrpay/contracts';

/*
 * The company's plain field lists and mappings, apart from company-values.ts (the form and its zod schema), so
 * the companies list, which validates nothing, does not download zod and the schemas (issue 11).
 */

export { PAY_FREQUENCY_LABELS } from '@hrpay/contracts';

/** The optional text fields; an empty one is sent as null ("none"). */
export const OPTIONAL_TEXT = [
  'RegisteredName',
  'RdoCode',
  'SssEmployerNumber',
  'PhilHealthEmployerNumber',
  'PagIbigEmployerNumber',
  'Address',
  'ZipCode',
  'Email',
  'Phone',
] as const;

/** The update body for a company as read (used to deactivate straight from the list). */
export function companyToUpdateRequest(
  company: Company,
  changes: Partial<Company> = {},
): UpdateCompanyRequest {
  const merged = { ...company, ...changes };
  const request: UpdateCompanyRequest = {
    Name: merged.Name,
    Tin: merged.Tin ?? '',
    PayFrequency: merged.PayFrequency,
    IsActive: merged.IsActive,
    RowVersion: merged.RowVersion,
  };
  for (const field of OPTIONAL_TEXT) request[field] = merged[field];
  return request;
}
