import { z } from 'zod';
import { exportRequest, listRequest, listResponse, outputOnly, RowVersion } from './lists.js';
import { requiredText } from './field-rules.js';

/**
 * The company's simple lists on /lookups (issue 8 §1), one API shape for each: `/api/v1/<kind>/...`.
 * Employees refer to an item by id, so a rename shows everywhere at once.
 */
export const LOOKUP_KINDS = {
  positions: { table: 'positions', employeeColumn: 'position_id', singular: 'position', title: 'Positions' },
  'employment-statuses': {
    table: 'employment_statuses',
    employeeColumn: 'employment_status_id',
    singular: 'employment status',
    title: 'Employment statuses',
  },
  'work-locations': {
    table: 'work_locations',
    employeeColumn: 'work_location_id',
    singular: 'work location',
    title: 'Work locations',
  },
} as const;
export type LookupKind = keyof typeof LOOKUP_KINDS;
export const lookupKinds = Object.keys(LOOKUP_KINDS) as LookupKind[];

export const LookupFields = {
  Name: requiredText(100),
  IsActive: z.boolean().default(true),
};

export const LookupItem = z.object({
  Id: z.uuid(),
  Name: z.string(),
  IsActive: z.boolean(),
  /** Employees that refer to it. */
  EmployeeCount: z.number().int(),
  RowVersion: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type LookupItem = z.infer<typeof LookupItem>;

export const CreateLookupRequest = z.strictObject(LookupFields);
export type CreateLookupRequest = z.input<typeof CreateLookupRequest>;
export const UpdateLookupRequest = z.strictObject({
  ...LookupFields,
  RowVersion,
  ...outputOnly({
    Id: z.uuid(),
    EmployeeCount: z.number().int(),
    CreatedAt: z.string(),
    UpdatedAt: z.string(),
  }),
});
export type UpdateLookupRequest = z.input<typeof UpdateLookupRequest>;

export const LOOKUP_SORTABLE = ['Name', 'EmployeeCount', 'IsActive'] as const;
export const LookupListRequest = listRequest(LOOKUP_SORTABLE, { IsActive: z.boolean().optional() });
export const LookupExportRequest = exportRequest(LOOKUP_SORTABLE, { IsActive: z.boolean().optional() });
export type LookupListRequest = z.input<typeof LookupListRequest>;
export const LookupListResponse = listResponse(LookupItem);
