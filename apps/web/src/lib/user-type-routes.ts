import type { UserTypeName } from '@hrpay/contracts';

/** Spec §2: each type's own dashboard and login route; any other type goes to /. */
const HOME_BY_TYPE: Record<UserTypeName, string> = {
  PayrollUser: '/payroll/dashboard',
  Admin: '/admin/dashboard',
  HRUser: '/hr/dashboard',
  PortalUser: '/portal/dashboard',
};

const LOGIN_BY_TYPE: Record<UserTypeName, string> = {
  PayrollUser: '/payroll/login',
  Admin: '/admin/login',
  HRUser: '/hr/login',
  PortalUser: '/portal/login',
};

export const isUserTypeName = (value: string | undefined | null): value is UserTypeName =>
  !!value && Object.prototype.hasOwnProperty.call(HOME_BY_TYPE, value);

/** The user's own dashboard; any other type goes to /. */
export const homeFor = (userType: string | undefined | null): string =>
  isUserTypeName(userType) ? HOME_BY_TYPE[userType] : '/';

/** The login route of a type; unknown type falls back to /. */
export const loginRouteFor = (userType: string | undefined | null): string =>
  isUserTypeName(userType) ? LOGIN_BY_TYPE[userType] : '/';

/** The forgot-password page of a type; unknown type falls back to /. */
export const forgotPasswordRouteFor = (userType: string | undefined | null): string =>
  isUserTypeName(userType) ? LOGIN_BY_TYPE[userType].replace(/\/login$/, '/forgot-password') : '/';
