import { z } from 'zod';
import { COMPANY_SORTABLE } from './constants.js';
import { exportRequest, listRequest, listResponse, outputOnly, RowVersion } from './lists.js';
import { PhIdMessages } from './ph-ids.js';
import { EMAIL_PATTERN, ValidationMessages as M } from './validation-messages.js';
import { requiredText, withoutControlCharacters } from './field-rules.js';

export const PayFrequency = z.enum(['SemiMonthly', 'Monthly', 'Weekly']);
export type PayFrequency = z.infer<typeof PayFrequency>;
/** What the pay frequencies read as (the company form, the list and its export). */
export const PAY_FREQUENCY_LABELS: Record<PayFrequency, string> = {
  SemiMonthly: 'Semi-monthly',
  Monthly: 'Monthly',
  Weekly: 'Weekly',
};

export const TIN_PATTERN = /^\d{3}-\d{3}-\d{3}(-\d{3})?$/;

/** An optional text field: empty string or null means "none"; the pattern only applies to a non-empty value. */
function optionalText(max: number, pattern?: RegExp, message?: string, multiline = false) {
  let schema = withoutControlCharacters(z.string().trim().normalize('NFC'), { multiline }).max(
    max,
    M.maxLength(max),
  );
  if (pattern) schema = schema.refine((v) => v === '' || pattern.test(v), message ?? 'Invalid format');
  return schema.nullable().optional();
}

/** The editable fields of a company (a legal employer inside the tenant). Shared by the form and the API. */
export const CompanyFields = {
  Name: requiredText(200),
  RegisteredName: optionalText(300),
  Tin: z
    .string()
    .trim()
    .min(1, M.required)
    .regex(TIN_PATTERN, 'TIN must look like 000-000-000 or 000-000-000-000'),
  RdoCode: optionalText(3, /^\d{3}$/, PhIdMessages.rdoCode),
  SssEmployerNumber: optionalText(20, /^\d{2}-?\d{7}-?\d(-?\d{3})?$/, PhIdMessages.sssEmployer),
  PhilHealthEmployerNumber: optionalText(20, /^\d{2}-?\d{9}-?\d$/, PhIdMessages.philHealth),
  PagIbigEmployerNumber: optionalText(20, /^\d{4}-?\d{4}-?\d{4}$/, PhIdMessages.pagIbig),
  Address: optionalText(500, undefined, undefined, true),
  ZipCode: optionalText(4, /^\d{4}$/, PhIdMessages.zipCode),
  Email: optionalText(254, EMAIL_PATTERN, M.email),
  Phone: optionalText(30, /^[\d\s+()-]+$/, PhIdMessages.phone),
  PayFrequency: PayFrequency.default('SemiMonthly'),
  IsActive: z.boolean().default(true),
};

export const CreateCompanyRequest = z.strictObject({ ...CompanyFields, CompanyId: z.uuid().optional() });
export type CreateCompanyRequest = z.input<typeof CreateCompanyRequest>;
export const UpdateCompanyRequest = z.strictObject({
  ...CompanyFields,
  CompanyId: z.uuid().optional(),
  RowVersion,
  ...outputOnly({
    EmployeeCount: z.number().int(),
    UserCount: z.number().int(),
    CreatedAt: z.string(),
    UpdatedAt: z.string(),
  }),
});
export type UpdateCompanyRequest = z.input<typeof UpdateCompanyRequest>;

export const Company = z.object({
  CompanyId: z.uuid(),
  Name: z.string(),
  RegisteredName: z.string().nullable(),
  Tin: z.string().nullable(),
  RdoCode: z.string().nullable(),
  SssEmployerNumber: z.string().nullable(),
  PhilHealthEmployerNumber: z.string().nullable(),
  PagIbigEmployerNumber: z.string().nullable(),
  Address: z.string().nullable(),
  ZipCode: z.string().nullable(),
  Email: z.string().nullable(),
  Phone: z.string().nullable(),
  PayFrequency,
  IsActive: z.boolean(),
  EmployeeCount: z.number().int(),
  UserCount: z.number().int(),
  RowVersion: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type Company = z.infer<typeof Company>;

export const CompanyListRequest = listRequest(COMPANY_SORTABLE, {
  IsActive: z.boolean().optional(),
});
export const CompanyExportRequest = exportRequest(COMPANY_SORTABLE, { IsActive: z.boolean().optional() });
export type CompanyListRequest = z.input<typeof CompanyListRequest>;
export const CompanyListResponse = listResponse(Company);

/** Delete either removes the company or, when people still refer to it, answers 409 and says so. */
export const DeleteCompanyResponse = z.object({ Message: z.string() });

export const CompanyOption = z.object({ CompanyId: z.uuid(), Name: z.string(), IsActive: z.boolean() });
export const CompanyOptionsResponse = z.array(CompanyOption);
export type CompanyOption = z.infer<typeof CompanyOption>;
