import { describe, expect, it } from 'vitest';
import { pathTo, ROUTES } from '@/lib/paths';
import { appRoutes } from './route-table';

describe('paths', () => {
  it('names only patterns the route table declares', () => {
    const declared = new Set(appRoutes.map((route) => route.path));
    for (const pattern of Object.values(ROUTES)) expect(declared, pattern).toContain(pattern);
  });

  it('fills in ids, leaves out a missing optional segment, and refuses a missing required one', () => {
    expect(pathTo(ROUTES.adminCompanyEdit, { id: 'a b' })).toBe('/admin/companies/edit/a%20b');
    expect(pathTo(ROUTES.adminUsers)).toBe('/admin/users');
    expect(pathTo(ROUTES.adminUsers, { id: 'c1' })).toBe('/admin/users/c1');
    expect(() => pathTo(ROUTES.hrEmployeeEdit)).toThrow(/needs id/);
  });
});
