/** The four fixed user-type identifiers (spec §3). The GUIDs are part of the API contract. */
export const UserTypeId = {
  Admin: '0d5a3b9e-6c1f-4f8e-9a57-1f0c8a7e2a01',
  PayrollUser: '0d5a3b9e-6c1f-4f8e-9a57-1f0c8a7e2a02',
  HRUser: '0d5a3b9e-6c1f-4f8e-9a57-1f0c8a7e2a03',
  PortalUser: '0d5a3b9e-6c1f-4f8e-9a57-1f0c8a7e2a04',
} as const;

export type UserTypeName = keyof typeof UserTypeId;

/** What each user type is called to people (the sign-in pages, the users list and its export). */
export const USER_TYPE_TITLES: Record<UserTypeName, string> = {
  Admin: 'Admin',
  HRUser: 'HR',
  PayrollUser: 'Payroll',
  PortalUser: 'Employee Portal',
};
export const userTypeNames = Object.keys(UserTypeId) as UserTypeName[];

export function userTypeNameFromId(id: string): UserTypeName | undefined {
  return userTypeNames.find((name) => UserTypeId[name] === id.toLowerCase());
}
