import type { UserTypeName } from '@hrpay/contracts';

/** How each sign-in is named to people. */
export const SIGN_IN_AUDIENCE: Record<UserTypeName, { title: string; description: string }> = {
  Admin: { title: 'Admin', description: 'Companies, users and employee record imports.' },
  HRUser: { title: 'HR', description: 'Employees, schedules, time logs, leave, overtime and undertime.' },
  PayrollUser: {
    title: 'Payroll',
    description: 'Payroll periods, statutory settings, payslips and reports.',
  },
  PortalUser: { title: 'Employee Portal', description: 'Your requests, leave credits and payslips.' },
};
