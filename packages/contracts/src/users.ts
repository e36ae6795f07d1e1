import { z } from 'zod';
import { requiredText } from './field-rules.js';
import { exportRequest, listRequest, listResponse, outputOnly, RowVersion } from './lists.js';
import { UserTypeId } from './user-types.js';
import { EMAIL_PATTERN, ValidationMessages as M } from './validation-messages.js';

export const UserTypeGuid = z.enum([
  UserTypeId.Admin,
  UserTypeId.PayrollUser,
  UserTypeId.HRUser,
  UserTypeId.PortalUser,
]);

/**
 * The user body of spec §7 (`POST /api/v1/users`, `PUT /api/v1/users/{UserId}`). `CompanyName` is read only:
 * accepted so a client may send back what it read, never stored. `EmployeeId` is required for a PortalUser.
 */
export const UserFields = {
  UserId: z.uuid().optional(),
  UserType: UserTypeGuid,
  FullName: requiredText(200),
  Email: z.string().trim().min(1, M.required).max(254, M.maxLength(254)).regex(EMAIL_PATTERN, M.email),
  CompanyId: z.uuid(M.required),
  CompanyName: z.string().max(300).nullable().optional(),
  EmployeeId: z.uuid().nullable().optional(),
  IsApprover: z.boolean().default(false),
  IsActive: z.boolean().default(true),
};

const portalNeedsEmployee = (v: { UserType: string; EmployeeId?: string | null }) =>
  v.UserType !== UserTypeId.PortalUser || !!v.EmployeeId;
const portalMessage = { message: 'A PortalUser must be linked to an employee', path: ['EmployeeId'] };

export const CreateUserRequest = z.strictObject(UserFields).refine(portalNeedsEmployee, portalMessage);
export type CreateUserRequest = z.input<typeof CreateUserRequest>;
export const UpdateUserRequest = z
  .strictObject({
    ...UserFields,
    RowVersion,
    ...outputOnly({
      EmployeeNumber: z.string().nullable(),
      EmployeeName: z.string().nullable(),
      HasPassword: z.boolean(),
      CreatedAt: z.string(),
      UpdatedAt: z.string(),
    }),
  })
  .refine(portalNeedsEmployee, portalMessage);
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;

export const User = z.object({
  UserId: z.uuid(),
  UserType: UserTypeGuid,
  FullName: z.string(),
  Email: z.string(),
  CompanyId: z.uuid(),
  CompanyName: z.string(),
  EmployeeId: z.uuid().nullable(),
  EmployeeNumber: z.string().nullable(),
  EmployeeName: z.string().nullable(),
  IsApprover: z.boolean(),
  IsActive: z.boolean(),
  /** False until the user has set a password from the invitation link. */
  HasPassword: z.boolean(),
  RowVersion: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type User = z.infer<typeof User>;

export const USER_SORTABLE = [
  'FullName',
  'Email',
  'UserType',
  'CompanyName',
  'IsActive',
  'CreatedAt',
] as const;
/** Body of `POST /api/v1/users/list/{segment}`; the segment is `all` or a company id. */
export const UserListRequest = listRequest(USER_SORTABLE, {
  UserType: UserTypeGuid.optional(),
  IsActive: z.boolean().optional(),
});
export type UserListRequest = z.input<typeof UserListRequest>;
export const UserExportRequest = exportRequest(USER_SORTABLE, {
  UserType: UserTypeGuid.optional(),
  IsActive: z.boolean().optional(),
});
export const UserListResponse = listResponse(User);
export const UserListSegment = z.union([z.literal('all'), z.uuid()]);
