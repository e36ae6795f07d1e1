import { z } from 'zod';
import { exportRequest, listRequest, listResponse, outputOnly, RowVersion } from './lists.js';
import { optionalFreeText, requiredText } from './field-rules.js';

/** The editable fields of a department (issue 8 §1). Shared by the form and the API. */
export const DepartmentFields = {
  Name: requiredText(100),
  Code: optionalFreeText(20),
  /** The department above this one; none for a top-level department. */
  ParentDepartmentId: z.uuid().nullable().optional(),
  /** The employee who heads the department. */
  HeadEmployeeId: z.uuid().nullable().optional(),
  IsActive: z.boolean().default(true),
};

export const Department = z.object({
  DepartmentId: z.uuid(),
  CompanyId: z.uuid(),
  Name: z.string(),
  Code: z.string().nullable(),
  ParentDepartmentId: z.uuid().nullable(),
  ParentName: z.string().nullable(),
  HeadEmployeeId: z.uuid().nullable(),
  HeadName: z.string().nullable(),
  /** Employees whose department this is. */
  Headcount: z.number().int(),
  IsActive: z.boolean(),
  RowVersion: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type Department = z.infer<typeof Department>;

export const CreateDepartmentRequest = z.strictObject(DepartmentFields);
export type CreateDepartmentRequest = z.input<typeof CreateDepartmentRequest>;
export const UpdateDepartmentRequest = z.strictObject({
  ...DepartmentFields,
  RowVersion,
  ...outputOnly({
    DepartmentId: z.uuid(),
    CompanyId: z.uuid(),
    ParentName: z.string().nullable(),
    HeadName: z.string().nullable(),
    Headcount: z.number().int(),
    CreatedAt: z.string(),
    UpdatedAt: z.string(),
  }),
});
export type UpdateDepartmentRequest = z.input<typeof UpdateDepartmentRequest>;

export const DEPARTMENT_SORTABLE = ['Name', 'Code', 'ParentName', 'Headcount', 'IsActive'] as const;
export const DepartmentListRequest = listRequest(DEPARTMENT_SORTABLE, { IsActive: z.boolean().optional() });
export const DepartmentExportRequest = exportRequest(DEPARTMENT_SORTABLE, {
  IsActive: z.boolean().optional(),
});
export type DepartmentListRequest = z.input<typeof DepartmentListRequest>;
export const DepartmentListResponse = listResponse(Department);

export const DepartmentOption = z.object({ DepartmentId: z.uuid(), Name: z.string(), IsActive: z.boolean() });
export const DepartmentOptionsResponse = z.array(DepartmentOption);
export type DepartmentOption = z.infer<typeof DepartmentOption>;
