import { USER_TYPE_TITLES, type UserTypeName } from '@hrpay/contracts';

/** How each sign-in is named to people. */
export const SIGN_IN_AUDIENCE: Record<UserTypeName, { title: string; description: string }> = {
  Admin: { title: USER_TYPE_TITLES.Admin, description: 'Companies, users and employee record imports.' },
  HRUser: {
    title: USER_TYPE_TITLES.HRUser,
    description: 'Employees, schedules, time logs, leave, overtime and undertime.',
  },
  PayrollUser: {
    title: USER_TYPE_TITLES.PayrollUser,
    description: 'Payroll periods, statutory settings, payslips and reports.',
  },
  PortalUser: {
    title: USER_TYPE_TITLES.PortalUser,
    description: 'Your requests, leave credits and payslips.',
  },
};
