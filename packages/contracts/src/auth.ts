import { z } from 'zod';
import { UserTypeId } from './user-types.js';

// Kept in validation-messages.ts (no zod there): the sign-in pages read it without loading zod.
import { PASSWORD_MIN_LENGTH } from './validation-messages.js';
export { PASSWORD_MIN_LENGTH };

const userTypeGuid = z.enum([
  UserTypeId.Admin,
  UserTypeId.PayrollUser,
  UserTypeId.HRUser,
  UserTypeId.PortalUser,
]);

export const LoginRequest = z.strictObject({
  email: z.string().min(1).max(254),
  password: z.string().min(1).max(1024),
  userType: userTypeGuid,
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({ AccessToken: z.string(), RefreshToken: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshRequest = z.strictObject({ refreshToken: z.string().min(1).max(512) });
/** The refresh answer is the new access token itself, as a JSON string (spec §3). */
export const RefreshResponse = z.string();

export const ChangePasswordRequest = z.strictObject({
  CurrentPassword: z.string().min(1).max(1024),
  NewPassword: z.string().min(1).max(1024),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const ForgotPasswordRequest = z.strictObject({
  Email: z.string().min(1).max(254),
  UserType: userTypeGuid.optional(),
});
export const ResetPasswordRequest = z.strictObject({
  Token: z.string().min(1).max(512),
  NewPassword: z.string().min(1).max(1024),
});
/** Account setup from an invitation link uses the same shape as a reset. */
export const AccountSetupRequest = ResetPasswordRequest;

export const MessageResponse = z.object({ Message: z.string() });

/** Claims of the access token (spec §3 plus sub and sid). */
export const AccessTokenClaims = z.object({
  sub: z.string(),
  sid: z.string(),
  user_type: z.string(),
  company: z.string(),
  name: z.string(),
  tenant_id: z.string(),
  is_approver: z.enum(['True', 'False']),
  exp: z.number(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaims>;

export const ShiftInfo = z.object({
  Name: z.string(),
  TimeIn: z.string().nullable(),
  TimeOut: z.string().nullable(),
});
export const EmployeeBasicInfo = z.object({
  FullName: z.string(),
  /** Null for a user without an employee record (an Admin): every employee field is then null. */
  EmployeeNumber: z.string().nullable(),
  DepartmentName: z.string().nullable(),
  PositionName: z.string().nullable(),
  Shift: ShiftInfo.nullable(),
});
export type EmployeeBasicInfo = z.infer<typeof EmployeeBasicInfo>;
