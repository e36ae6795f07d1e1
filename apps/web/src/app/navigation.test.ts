import { describe, expect, it } from 'vitest';
import { appRoutes } from './route-table';
import {
  findRoute,
  homeFor,
  loginRouteFor,
  menuPath,
  portalMenu,
  resolveRedirect,
  staffMenuFor,
} from './navigation';

const as = (userType: string) => ({ userType });
const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('route table', () => {
  it('holds every route of spec §2 exactly once', () => {
    const paths = appRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/',
      '/admin/login',
      '/hr/login',
      '/payroll/login',
      '/portal/login',
      '/admin/forgot-password',
      '/hr/forgot-password',
      '/payroll/forgot-password',
      '/portal/forgot-password',
      '/reset-password',
      '/about',
      '/contact',
      '/support',
      '/account-setup',
      '/unauthorized',
      '/admin/dashboard',
      '/admin/users/:id?',
      '/admin/users/add',
      '/admin/users/edit/:id',
      '/admin/companies',
      '/admin/companies/add',
      '/admin/companies/edit/:id',
      '/admin/companies/import-records/:id',
      '/hr/dashboard',
      '/lookups',
      '/hr/departments',
      '/hr/employees',
      '/hr/employees/add',
      '/hr/employees/edit/:id',
      '/hr/shifts',
      '/hr/holidays',
      '/hr/timelogs',
      '/hr/leave-requests',
      '/hr/ot-requests',
      '/hr/ut-requests',
      '/hr/reports',
      '/payroll/dashboard',
      '/payroll/employee-payroll-details',
      '/payroll/payroll-periods',
      '/payroll/payroll-periods/:payrollPeriodId',
      '/payroll/settings/:tab?',
      '/payroll/reports',
      '/application-settings',
      '/dashboard',
      '/profile',
      '/portal',
      '/portal/dashboard',
      '/portal/leave-requests',
      '/portal/leave-requests/review/:id',
      '/portal/ot-requests',
      '/portal/ot-requests/review/:id',
      '/portal/ut-requests',
      '/portal/ut-requests/review/:id',
      '/portal/ut-requests/:id/details',
      '/portal/leave-credits',
      '/portal/payslips',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('gives every route a page unless it always redirects', () => {
    for (const route of appRoutes) {
      if (route.path === '/dashboard' || route.redirectTo) continue;
      expect(route.page, route.path).toBeTypeOf('function');
    }
  });

  it('matches optional segments and prefers static segments', () => {
    expect(findRoute('/admin/users')?.name).toBe('Users');
    expect(findRoute('/admin/users/3f0c')?.name).toBe('Users');
    expect(findRoute('/admin/users/add')?.name).toBe('Add User');
    expect(findRoute('/payroll/settings')?.name).toBe('Payroll Settings');
    expect(findRoute('/payroll/settings/tax')?.name).toBe('Payroll Settings');
    expect(findRoute('/portal/ut-requests/9/details')?.name).toBe('UT Request Details');
    expect(findRoute('/no/such/page')).toBeUndefined();
  });
});

describe('resolveRedirect (spec §2 navigation rules)', () => {
  it('sends unauthenticated visitors of signed-in routes to /', () => {
    for (const path of [
      '/admin/dashboard',
      '/hr/employees',
      '/payroll/settings/tax',
      '/portal/payslips',
      '/profile',
    ]) {
      expect(resolveRedirect(path, null), path).toBe('/');
    }
    expect(resolveRedirect('/dashboard', null)).toBe('/');
    expect(resolveRedirect('/admin/companies/import-records/1', null)).toBe('/');
  });

  it('lets anyone see public pages and the not-found page', () => {
    for (const path of [
      '/',
      '/about',
      '/admin/login',
      '/portal/forgot-password',
      '/reset-password',
      '/x/y',
    ]) {
      expect(resolveRedirect(path, null), path).toBeNull();
    }
  });

  it('sends a signed-in user on /, /dashboard or any login path to their own dashboard', () => {
    expect(resolveRedirect('/', as('PayrollUser'))).toBe('/payroll/dashboard');
    expect(resolveRedirect('/dashboard', as('Admin'))).toBe('/admin/dashboard');
    expect(resolveRedirect('/admin/login', as('HRUser'))).toBe('/hr/dashboard');
    expect(resolveRedirect('/dashboard', as('PortalUser'))).toBe('/portal/dashboard');
    expect(resolveRedirect('/some/login/thing', as('PortalUser'))).toBe('/portal/dashboard');
    // Other types have no dashboard: they stay on /.
    expect(resolveRedirect('/', as('Auditor'))).toBeNull();
    expect(resolveRedirect('/hr/login', as('Auditor'))).toBe('/');
  });

  it('sends a user of the wrong type to /unauthorized', () => {
    expect(resolveRedirect('/admin/companies', as('HRUser'))).toBe('/unauthorized');
    expect(resolveRedirect('/payroll/payroll-periods', as('HRUser'))).toBe('/unauthorized');
    expect(resolveRedirect('/hr/employees', as('PayrollUser'))).toBe('/unauthorized');
    expect(resolveRedirect('/portal/payslips', as('Admin'))).toBe('/unauthorized');
    expect(resolveRedirect('/application-settings', as('PortalUser'))).toBe('/unauthorized');
    expect(resolveRedirect('/hr/dashboard', as(''))).toBe('/unauthorized');
  });

  it('opens /profile and the import page to every signed-in type', () => {
    for (const type of ['Admin', 'HRUser', 'PayrollUser', 'PortalUser']) {
      expect(resolveRedirect('/profile', as(type))).toBeNull();
      expect(resolveRedirect('/admin/companies/import-records/42', as(type))).toBeNull();
    }
  });

  it('redirects /portal to /portal/dashboard and leaves allowed pages alone', () => {
    expect(resolveRedirect('/portal', as('PortalUser'))).toBe('/portal/dashboard');
    expect(resolveRedirect('/portal/', as('PortalUser'))).toBe('/portal/dashboard');
    expect(resolveRedirect('/hr/holidays', as('HRUser'))).toBeNull();
    expect(resolveRedirect('/admin/users/7', as('Admin'))).toBeNull();
  });
});

describe('home and login routes by type', () => {
  it('maps each type and falls back to /', () => {
    expect(homeFor('HRUser')).toBe('/hr/dashboard');
    expect(homeFor('nobody')).toBe('/');
    expect(loginRouteFor('PayrollUser')).toBe('/payroll/login');
    expect(loginRouteFor('Admin')).toBe('/admin/login');
    expect(loginRouteFor('HRUser')).toBe('/hr/login');
    expect(loginRouteFor('PortalUser')).toBe('/portal/login');
    expect(loginRouteFor(undefined)).toBe('/');
    expect(loginRouteFor('toString')).toBe('/');
  });
});

describe('menus (spec §2 layouts)', () => {
  it('gives each staff type its exact menu, in order', () => {
    expect(labels(staffMenuFor('Admin'))).toEqual(['Dashboard', 'Companies', 'Users']);
    expect(staffMenuFor('Admin')[0]?.to).toBe('/');
    expect(labels(staffMenuFor('PayrollUser'))).toEqual([
      'Dashboard',
      'Employees',
      'Payroll',
      'Payroll Settings',
      'Reports',
      'Settings',
    ]);
    expect(labels(staffMenuFor('HRUser'))).toEqual([
      'Dashboard',
      'Departments',
      'Employees',
      'Leave Requests',
      'Overtime Requests',
      'Undertime Requests',
      'Shifts',
      'Holidays',
      'Reports',
      'Lookups',
    ]);
  });

  it('gives a PortalUser in the staff layout Dashboard only, and other types nothing', () => {
    expect(staffMenuFor('PortalUser').map((item) => [item.label, item.to])).toEqual([
      ['Dashboard', '/portal/dashboard'],
    ]);
    expect(staffMenuFor('Auditor')).toEqual([]);
    expect(staffMenuFor(undefined)).toEqual([]);
  });

  it('gives the portal its six drawer items', () => {
    expect(labels(portalMenu())).toEqual([
      'Dashboard',
      'My Leave Requests',
      'My OT Requests',
      'My UT Requests',
      'My Leave Credits',
      'My Payslips',
    ]);
  });

  it('links optional-segment routes without the segment', () => {
    const settings = appRoutes.find((route) => route.path === '/payroll/settings/:tab?')!;
    const users = appRoutes.find((route) => route.path === '/admin/users/:id?')!;
    expect(menuPath(settings)).toBe('/payroll/settings');
    expect(menuPath(users)).toBe('/admin/users');
  });
});
