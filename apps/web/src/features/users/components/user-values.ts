import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateUserRequest,
  UserTypeId,
  userTypeNameFromId,
  userTypeNames,
  ValidationMessages,
  type User,
  type UserTypeGuid,
  type UserTypeName,
} from '@hrpay/contracts';
import type { SelectOption } from '@/components/form-fields';
import type { ParamCodec } from '@/lib/use-list-query';
import { SIGN_IN_AUDIENCE } from '@/lib/user-type-labels';
import type { EmployeeMatch } from '@/lib/employee-search';

export type UserTypeGuidValue = z.infer<typeof UserTypeGuid>;

/** The four types by their GUID, named as on the sign-in pages. */
export const USER_TYPE_OPTIONS: SelectOption[] = userTypeNames.map((name) => ({
  value: UserTypeId[name],
  label: SIGN_IN_AUDIENCE[name].title,
  description: SIGN_IN_AUDIENCE[name].description,
}));

export const userTypeLabel = (guid: string): string => {
  const name = userTypeNameFromId(guid);
  return name ? SIGN_IN_AUDIENCE[name].title : 'Unknown';
};

export const isType = (guid: string | undefined, name: UserTypeName) => guid === UserTypeId[name];

export const toUserTypeGuid = (value: string): UserTypeGuidValue | undefined => {
  const name = userTypeNameFromId(value);
  return name ? UserTypeId[name] : undefined;
};

/** The user-type filter is written as its name in the address (`?userType=HRUser`) and sent as the GUID. */
export const userTypeParam: ParamCodec<UserTypeGuidValue> = {
  parse: (raw) => (userTypeNames.includes(raw as UserTypeName) ? UserTypeId[raw as UserTypeName] : undefined),
  format: (guid) => userTypeNameFromId(guid) ?? '',
};

export type UserStatus = 'Active' | 'Inactive' | 'Invitation pending';
export const userStatus = (user: Pick<User, 'IsActive' | 'HasPassword'>): UserStatus =>
  !user.IsActive ? 'Inactive' : user.HasPassword ? 'Active' : 'Invitation pending';

/** The form validates with the API's own create schema (PortalUser needs an employee, e-mail rule, ...). */
export type UserFormValues = z.input<typeof CreateUserRequest>;
export type UserFormOutput = z.output<typeof CreateUserRequest>;

// The schema names no message for an unchosen type; ours is the spec's required message.
export const userFormResolver = zodResolver(CreateUserRequest, {
  error: (issue) => (issue.path?.[0] === 'UserType' ? ValidationMessages.required : undefined),
});

/** Every field the form edits (server errors are matched against these names). */
export const USER_FORM_FIELDS = [
  'UserType',
  'FullName',
  'Email',
  'CompanyId',
  'EmployeeId',
  'IsApprover',
  'IsActive',
] as const;

export function emptyUserValues(companyId = ''): UserFormValues {
  return {
    // No type until one is chosen; the resolver answers 'This field is required' for the empty value.
    UserType: '' as UserTypeGuidValue,
    FullName: '',
    Email: '',
    CompanyId: companyId,
    EmployeeId: null,
    IsApprover: false,
    IsActive: true,
  };
}

export function userToFormValues(user: User): UserFormValues {
  return {
    UserType: user.UserType,
    FullName: user.FullName,
    Email: user.Email,
    CompanyId: user.CompanyId,
    EmployeeId: user.EmployeeId,
    IsApprover: user.IsApprover,
    IsActive: user.IsActive,
  };
}

export const linkedEmployeeOf = (user: User): EmployeeMatch | null =>
  user.EmployeeId
    ? {
        EmployeeId: user.EmployeeId,
        EmployeeNumber: user.EmployeeNumber ?? '',
        FullName: user.EmployeeName ?? '',
        CompanyId: user.CompanyId,
      }
    : null;

/** The body: an Admin is linked to no employee, and only a PortalUser can be an approver. */
export function toUserRequest(values: UserFormOutput): CreateUserRequest {
  return {
    ...values,
    EmployeeId: isType(values.UserType, 'Admin') ? null : (values.EmployeeId ?? null),
    IsApprover: isType(values.UserType, 'PortalUser') && values.IsApprover,
  };
}
