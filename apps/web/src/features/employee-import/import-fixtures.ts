import type { EmployeeImport } from '@hrpay/contracts';

export const COMPANY_ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
export const IMPORT_ID = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';

/** An import job as the API answers it (test data; override what the case is about). */
export function anImport(overrides: Partial<EmployeeImport> = {}): EmployeeImport {
  return {
    ImportId: IMPORT_ID,
    CompanyId: COMPANY_ID,
    CompanyName: 'Demo Manufacturing Inc.',
    FileName: 'employees.xlsx',
    FileSize: 20_480,
    Status: 'Ready',
    Progress: 100,
    Message: null,
    TotalRows: 3,
    CreateCount: 2,
    UpdateCount: 1,
    UnchangedCount: 0,
    ErrorCount: 0,
    Errors: [],
    LookupsToCreate: [],
    SampleRows: [],
    UploadedBy: 'Ana Reyes',
    CreatedAt: '2025-03-03T01:30:00.000Z',
    CommittedAt: null,
    ...overrides,
  };
}
