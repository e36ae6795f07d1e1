import type { ComponentType } from 'react';
import type { UserTypeName } from '@hrpay/contracts';
import type { MenuIconName } from '@/components/menu-icons';
import { ROUTES } from '@/lib/paths';

/**
 * THE route table (spec §2): every route of the app with its name (page title), who may open it, its layout
 * and its lazily loaded page. Guards, redirects, document titles and menus are all derived from this list
 * (see navigation.ts and router.tsx); nothing about a route is written anywhere else.
 */
export type RouteAccess =
  /** Anyone, signed in or not. */
  | 'public'
  /** Any signed-in user, whatever the type. */
  | 'signed-in'
  /** Signed-in users of these types only; others go to /unauthorized. */
  | readonly UserTypeName[];

export type RouteLayout = 'public' | 'staff' | 'portal';

export type PageModule = { default: ComponentType };

export interface AppRoute {
  path: string;
  name: string;
  access: RouteAccess;
  layout: RouteLayout;
  /** The page, loaded on first visit. Absent only for routes that always redirect. */
  page?: () => Promise<PageModule>;
  /** Always sends the visitor on (after the access check). */
  redirectTo?: string;
  /** Shown in the layout's drawer menu, in table order. `to` defaults to the path without optional segments. */
  // The icon by name: the icons load with the signed-in layouts, not with the table (issue 11).
  menu?: { label: string; icon: MenuIconName; to?: string };
  /** The user type a per-type public page (sign-in, forgot password) is for. */
  userType?: UserTypeName;
}

const ADMIN = ['Admin'] as const;
const HR = ['HRUser'] as const;
const PAYROLL = ['PayrollUser'] as const;
const PORTAL = ['PortalUser'] as const;

const loginPage = () => import('@/features/auth/pages/login-page');
const forgotPasswordPage = () => import('@/features/auth/pages/forgot-password-page');
const dashboardPage = () => import('@/features/dashboard/pages/dashboard-page');

// One line per route keeps the table readable as a table.
// prettier-ignore
export const appRoutes: readonly AppRoute[] = [
  // ---- public ----
  { path: '/', name: 'Home', access: 'public', layout: 'public', page: () => import('@/features/public/pages/landing-page') },
  { path: '/admin/login', name: 'Admin Sign In', access: 'public', layout: 'public', page: loginPage, userType: 'Admin' },
  { path: '/hr/login', name: 'HR Sign In', access: 'public', layout: 'public', page: loginPage, userType: 'HRUser' },
  { path: '/payroll/login', name: 'Payroll Sign In', access: 'public', layout: 'public', page: loginPage, userType: 'PayrollUser' },
  { path: '/portal/login', name: 'Employee Portal Sign In', access: 'public', layout: 'public', page: loginPage, userType: 'PortalUser' },
  { path: '/admin/forgot-password', name: 'Forgot Password', access: 'public', layout: 'public', page: forgotPasswordPage, userType: 'Admin' },
  { path: '/hr/forgot-password', name: 'Forgot Password', access: 'public', layout: 'public', page: forgotPasswordPage, userType: 'HRUser' },
  { path: '/payroll/forgot-password', name: 'Forgot Password', access: 'public', layout: 'public', page: forgotPasswordPage, userType: 'PayrollUser' },
  { path: '/portal/forgot-password', name: 'Forgot Password', access: 'public', layout: 'public', page: forgotPasswordPage, userType: 'PortalUser' },
  { path: '/reset-password', name: 'Reset Password', access: 'public', layout: 'public', page: () => import('@/features/auth/pages/reset-password-page') },
  { path: '/account-setup', name: 'Account Setup', access: 'public', layout: 'public', page: () => import('@/features/auth/pages/account-setup-page') },
  { path: '/about', name: 'About', access: 'public', layout: 'public', page: () => import('@/features/public/pages/about-page') },
  { path: '/contact', name: 'Contact', access: 'public', layout: 'public', page: () => import('@/features/public/pages/contact-page') },
  { path: '/support', name: 'Support', access: 'public', layout: 'public', page: () => import('@/features/public/pages/support-page') },
  { path: '/unauthorized', name: 'Unauthorized', access: 'public', layout: 'public', page: () => import('@/features/public/pages/unauthorized-page') },

  // ---- Admin ----
  { path: '/admin/dashboard', name: 'Dashboard', access: ADMIN, layout: 'staff', page: dashboardPage, menu: { label: 'Dashboard', icon: 'DashboardOutlined', to: '/' } },
  { path: ROUTES.adminCompanies, name: 'Companies', access: ADMIN, layout: 'staff', page: () => import('@/features/companies/pages/companies-page'), menu: { label: 'Companies', icon: 'ApartmentOutlined' } },
  { path: ROUTES.adminCompanyAdd, name: 'Add Company', access: ADMIN, layout: 'staff', page: () => import('@/features/companies/pages/add-company-page') },
  { path: ROUTES.adminCompanyEdit, name: 'Edit Company', access: ADMIN, layout: 'staff', page: () => import('@/features/companies/pages/edit-company-page') },
  { path: ROUTES.adminImportRecords, name: 'Import Employee Records', access: 'signed-in', layout: 'staff', page: () => import('@/app/pages/import-records-page') },
  { path: ROUTES.adminUsers, name: 'Users', access: ADMIN, layout: 'staff', page: () => import('@/features/users/pages/users-page'), menu: { label: 'Users', icon: 'ManageAccountsOutlined' } },
  { path: ROUTES.adminUserAdd, name: 'Add User', access: ADMIN, layout: 'staff', page: () => import('@/features/users/pages/add-user-page') },
  { path: ROUTES.adminUserEdit, name: 'Edit User', access: ADMIN, layout: 'staff', page: () => import('@/features/users/pages/edit-user-page') },

  // ---- HRUser (table order is menu order) ----
  { path: '/hr/dashboard', name: 'Dashboard', access: HR, layout: 'staff', page: dashboardPage, menu: { label: 'Dashboard', icon: 'DashboardOutlined' } },
  { path: '/hr/departments', name: 'Departments', access: HR, layout: 'staff', page: () => import('@/features/departments/pages/departments-page'), menu: { label: 'Departments', icon: 'AccountTreeOutlined' } },
  { path: ROUTES.hrEmployees, name: 'Employees', access: HR, layout: 'staff', page: () => import('@/features/employees/pages/employees-page'), menu: { label: 'Employees', icon: 'PeopleAltOutlined' } },
  { path: ROUTES.hrEmployeeAdd, name: 'Add Employee', access: HR, layout: 'staff', page: () => import('@/features/employees/pages/add-employee-page') },
  { path: ROUTES.hrEmployeeEdit, name: 'Edit Employee', access: HR, layout: 'staff', page: () => import('@/features/employees/pages/edit-employee-page') },
  { path: '/hr/leave-requests', name: 'Leave Requests', access: HR, layout: 'staff', page: () => import('@/features/requests/pages/hr-leave-requests-page'), menu: { label: 'Leave Requests', icon: 'EventBusyOutlined' } },
  { path: '/hr/ot-requests', name: 'Overtime Requests', access: HR, layout: 'staff', page: () => import('@/features/requests/pages/hr-ot-requests-page'), menu: { label: 'Overtime Requests', icon: 'MoreTimeOutlined' } },
  { path: '/hr/ut-requests', name: 'Undertime Requests', access: HR, layout: 'staff', page: () => import('@/features/requests/pages/hr-ut-requests-page'), menu: { label: 'Undertime Requests', icon: 'TimelapseOutlined' } },
  { path: '/hr/shifts', name: 'Shifts', access: HR, layout: 'staff', page: () => import('@/features/shifts/pages/shifts-page'), menu: { label: 'Shifts', icon: 'ScheduleOutlined' } },
  { path: '/hr/holidays', name: 'Holidays', access: HR, layout: 'staff', page: () => import('@/features/holidays/pages/holidays-page'), menu: { label: 'Holidays', icon: 'CelebrationOutlined' } },
  { path: '/hr/timelogs', name: 'Time Logs', access: HR, layout: 'staff', page: () => import('@/features/timelogs/pages/time-logs-page') },
  { path: '/hr/reports', name: 'Reports', access: HR, layout: 'staff', page: () => import('@/features/reports/pages/hr-reports-page'), menu: { label: 'Reports', icon: 'AssessmentOutlined' } },
  { path: '/lookups', name: 'Lookups', access: HR, layout: 'staff', page: () => import('@/app/pages/lookups-page'), menu: { label: 'Lookups', icon: 'ListAltOutlined' } },

  // ---- PayrollUser ----
  { path: '/payroll/dashboard', name: 'Dashboard', access: PAYROLL, layout: 'staff', page: dashboardPage, menu: { label: 'Dashboard', icon: 'DashboardOutlined' } },
  { path: '/payroll/employee-payroll-details', name: 'Employee Payroll Details', access: PAYROLL, layout: 'staff', page: () => import('@/features/payroll/pages/employee-payroll-details-page'), menu: { label: 'Employees', icon: 'PeopleAltOutlined' } },
  { path: '/payroll/payroll-periods', name: 'Payroll Periods', access: PAYROLL, layout: 'staff', page: () => import('@/features/payroll/pages/payroll-periods-page'), menu: { label: 'Payroll', icon: 'PaymentsOutlined' } },
  { path: '/payroll/payroll-periods/:payrollPeriodId', name: 'Payroll Period Details', access: PAYROLL, layout: 'staff', page: () => import('@/features/payroll/pages/payroll-period-details-page') },
  { path: '/payroll/settings/:tab?', name: 'Payroll Settings', access: PAYROLL, layout: 'staff', page: () => import('@/features/payroll/pages/payroll-settings-page'), menu: { label: 'Payroll Settings', icon: 'TuneOutlined' } },
  { path: '/payroll/reports', name: 'Payroll Reports', access: PAYROLL, layout: 'staff', page: () => import('@/features/reports/pages/payroll-reports-page'), menu: { label: 'Reports', icon: 'AssessmentOutlined' } },
  { path: '/application-settings', name: 'Application Settings', access: PAYROLL, layout: 'staff', page: () => import('@/features/settings/pages/application-settings-page'), menu: { label: 'Settings', icon: 'SettingsOutlined' } },

  // ---- shared ----
  { path: '/dashboard', name: 'Dashboard', access: ['Admin', 'HRUser', 'PayrollUser'], layout: 'staff' },
  { path: '/profile', name: 'Profile', access: 'signed-in', layout: 'staff', page: () => import('@/features/profile/pages/profile-page') },

  // ---- PortalUser ----
  { path: '/portal', name: 'Employee Portal', access: PORTAL, layout: 'portal', redirectTo: '/portal/dashboard' },
  { path: '/portal/dashboard', name: 'Dashboard', access: PORTAL, layout: 'portal', page: () => import('@/features/dashboard/pages/portal-dashboard-page'), menu: { label: 'Dashboard', icon: 'DashboardOutlined' } },
  { path: '/portal/leave-requests', name: 'My Leave Requests', access: PORTAL, layout: 'portal', page: () => import('@/features/requests/pages/my-leave-requests-page'), menu: { label: 'My Leave Requests', icon: 'EventBusyOutlined' } },
  { path: '/portal/leave-requests/review/:id', name: 'Leave Request Review', access: PORTAL, layout: 'portal', page: () => import('@/features/requests/pages/leave-request-review-page') },
  { path: '/portal/ot-requests', name: 'My OT Requests', access: PORTAL, layout: 'portal', page: () => import('@/features/requests/pages/my-ot-requests-page'), menu: { label: 'My OT Requests', icon: 'MoreTimeOutlined' } },
  { path: '/portal/ot-requests/review/:id', name: 'OT Request Review', access: PORTAL, layout: 'portal', page: () => import('@/features/requests/pages/ot-request-review-page') },
  { path: '/portal/ut-requests', name: 'My UT Requests', access: PORTAL, layout: 'portal', page: () => import('@/features/requests/pages/my-ut-requests-page'), menu: { label: 'My UT Requests', icon: 'TimelapseOutlined' } },
  { path: '/portal/ut-requests/review/:id', name: 'UT Request Review', access: PORTAL, layout: 'portal', page: () => import('@/features/requests/pages/ut-request-review-page') },
  { path: '/portal/ut-requests/:id/details', name: 'UT Request Details', access: PORTAL, layout: 'portal', page: () => import('@/features/requests/pages/ut-request-details-page') },
  { path: '/portal/leave-credits', name: 'My Leave Credits', access: PORTAL, layout: 'portal', page: () => import('@/features/leave/pages/my-leave-credits-page'), menu: { label: 'My Leave Credits', icon: 'BeachAccessOutlined' } },
  { path: '/portal/payslips', name: 'My Payslips', access: PORTAL, layout: 'portal', page: () => import('@/features/payslips/pages/my-payslips-page'), menu: { label: 'My Payslips', icon: 'ReceiptLongOutlined' } },
];

/** Any path no route matches: the not-found page (public layout). */
export const notFoundRoute: AppRoute = {
  path: '*',
  name: 'Page Not Found',
  access: 'public',
  layout: 'public',
  page: () => import('@/features/public/pages/not-found-page'),
};
