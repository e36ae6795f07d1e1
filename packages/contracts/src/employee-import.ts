import { z } from 'zod';
import { DepartmentFields } from './departments.js';
import { EmployeeFields } from './employees.js';
import { LookupFields } from './lookups.js';
import { PayProfileFields } from './pay-profiles.js';

/**
 * The employee number of the templates' example row. The validator refuses a row carrying it, so the example
 * can never become an employee (issue 11).
 */
export const TEMPLATE_EXAMPLE_EMPLOYEE_NUMBER = 'EXAMPLE';

/**
 * The employee record (201 file) as the import template lays it out, in this order. `required` columns must be
 * in the header and have a value on every row.
 */
export const EMPLOYEE_IMPORT_COLUMNS = [
  {
    name: 'EmployeeNumber',
    required: true,
    example: 'EXAMPLE',
    hint: 'unique within the company, max 30 (EXAMPLE marks the template’s example row: delete that row)',
  },
  { name: 'LastName', required: true, example: 'Dela Cruz', hint: 'max 100' },
  { name: 'FirstName', required: true, example: 'Juan', hint: 'max 100' },
  { name: 'MiddleName', required: false, example: 'Santos', hint: 'max 100' },
  { name: 'Suffix', required: false, example: 'Jr.', hint: 'max 20' },
  { name: 'BirthDate', required: false, example: '1990-05-14', hint: 'YYYY-MM-DD' },
  { name: 'Gender', required: false, example: 'Male', hint: 'Male or Female' },
  {
    name: 'CivilStatus',
    required: false,
    example: 'Single',
    hint: 'Single, Married, Widowed, Separated or Annulled',
  },
  { name: 'Email', required: false, example: 'juan.delacruz@example.ph', hint: 'e-mail address' },
  { name: 'MobileNumber', required: false, example: '09171234567', hint: '09XXXXXXXXX or +639XXXXXXXXX' },
  { name: 'Address', required: false, example: '123 Rizal St., Makati City', hint: 'max 500' },
  { name: 'TIN', required: false, example: '123-456-789-000', hint: '9 or 12 digits' },
  { name: 'SSSNumber', required: false, example: '34-1234567-8', hint: '10 digits' },
  { name: 'PhilHealthNumber', required: false, example: '12-345678901-2', hint: '12 digits' },
  { name: 'PagIbigNumber', required: false, example: '1234-5678-9012', hint: '12 digits' },
  { name: 'Department', required: false, example: 'Operations', hint: 'created when missing' },
  { name: 'Position', required: false, example: 'Staff', hint: 'created when missing' },
  {
    name: 'EmploymentStatus',
    required: true,
    example: 'Regular',
    hint: 'e.g. Probationary, Regular, Contractual; created when missing',
  },
  { name: 'EmploymentType', required: false, example: 'FullTime', hint: 'FullTime or PartTime' },
  { name: 'HireDate', required: true, example: '2024-01-15', hint: 'YYYY-MM-DD' },
  { name: 'Shift', required: false, example: 'Day Shift', hint: 'name of an existing shift' },
  {
    name: 'SupervisorEmployeeNumber',
    required: false,
    example: '',
    hint: 'EmployeeNumber of the supervisor (in the file or the company)',
  },
  { name: 'RateType', required: true, example: 'Monthly', hint: 'Monthly or Daily' },
  { name: 'BasicRate', required: true, example: '25000.00', hint: 'pesos, up to 2 decimals' },
  { name: 'BankName', required: false, example: 'BDO', hint: 'max 100' },
  { name: 'BankAccountNumber', required: false, example: '001234567890', hint: 'digits and dashes, max 30' },
] as const;

export type EmployeeImportColumn = (typeof EMPLOYEE_IMPORT_COLUMNS)[number]['name'];

/**
 * The rule each free-text column is held to: the very rule of the form that edits that value (the HR employee
 * form, the departments and lookups pages, the pay profile), so the import stores nothing the form would refuse
 * to save again: a name in Unicode's composed form (NFC), without control characters or direction overrides,
 * not only invisible characters. Its message is the form's. (The employee number keeps the import's own pattern,
 * which admits ASCII only; the shift and the supervisor are looked up, not stored as typed.)
 */
export const EMPLOYEE_IMPORT_TEXT_RULES: Partial<
  Record<EmployeeImportColumn, z.ZodType<string | null | undefined>>
> = {
  LastName: EmployeeFields.LastName,
  FirstName: EmployeeFields.FirstName,
  MiddleName: EmployeeFields.MiddleName,
  Suffix: EmployeeFields.Suffix,
  Email: EmployeeFields.Email,
  Address: EmployeeFields.PresentAddress,
  Department: DepartmentFields.Name,
  Position: LookupFields.Name,
  EmploymentStatus: LookupFields.Name,
  BankName: PayProfileFields.BankName,
};
export const EMPLOYEE_IMPORT_COLUMN_NAMES = EMPLOYEE_IMPORT_COLUMNS.map(
  (c) => c.name,
) as EmployeeImportColumn[];

/** File limits (the spec leaves import sizes open; these are ours). */
export const IMPORT_MAX_ROWS = 200_000;
export const IMPORT_MAX_FILE_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_XLSX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;

export const ImportStatus = z.enum([
  'Queued',
  'Validating',
  /** Validated without errors: waiting for the Admin to confirm. */
  'Ready',
  /** Validated with errors: nothing can be committed; fix the file and upload again. */
  'Invalid',
  /** Validated without errors, but every row matches what the company already holds: final, nothing to do. */
  'NothingToImport',
  'Committing',
  'Committed',
  /** The file could not be read at all (the message says why), or the work was interrupted. */
  'Failed',
  /** Replaced by a newer upload or cancelled before commit. */
  'Discarded',
]);
export type ImportStatus = z.infer<typeof ImportStatus>;

export const ImportRowError = z.object({
  Row: z.number().int(),
  Column: z.string(),
  Value: z.string(),
  Message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

export const ImportLookupToCreate = z.object({
  Kind: z.enum(['Department', 'Position', 'EmploymentStatus']),
  Name: z.string(),
});

export const EmployeeImport = z.object({
  ImportId: z.uuid(),
  CompanyId: z.uuid(),
  CompanyName: z.string(),
  FileName: z.string(),
  FileSize: z.number().int(),
  Status: ImportStatus,
  /** 0..100 for the current phase (validation, then commit). */
  Progress: z.number().int().min(0).max(100),
  Message: z.string().nullable(),
  TotalRows: z.number().int(),
  CreateCount: z.number().int(),
  UpdateCount: z.number().int(),
  UnchangedCount: z.number().int(),
  ErrorCount: z.number().int(),
  /** The first errors (at most 200); all of them come from the errors CSV. */
  Errors: z.array(ImportRowError),
  LookupsToCreate: z.array(ImportLookupToCreate),
  /** A few of the rows to be created or updated, for the preview. */
  SampleRows: z.array(
    z.object({
      Row: z.number().int(),
      Action: z.enum(['Create', 'Update']),
      Values: z.record(z.string(), z.string()),
    }),
  ),
  UploadedBy: z.string().nullable(),
  CreatedAt: z.string(),
  CommittedAt: z.string().nullable(),
});
export type EmployeeImport = z.infer<typeof EmployeeImport>;

export const EmployeeImportSummary = EmployeeImport.pick({
  ImportId: true,
  CompanyId: true,
  CompanyName: true,
  FileName: true,
  Status: true,
  TotalRows: true,
  CreateCount: true,
  UpdateCount: true,
  ErrorCount: true,
  UploadedBy: true,
  CreatedAt: true,
  CommittedAt: true,
});
export type EmployeeImportSummary = z.infer<typeof EmployeeImportSummary>;
