/**
 * The patterns of the pages features link to, and `pathTo` to fill them in (issue 12 item 4). The route table
 * (app/route-table.ts) declares these same patterns, and app/paths.test.ts proves each is one of its routes, so
 * a renamed route breaks a test instead of a link.
 */
export const ROUTES = {
  adminCompanies: '/admin/companies',
  adminCompanyAdd: '/admin/companies/add',
  adminCompanyEdit: '/admin/companies/edit/:id',
  adminImportRecords: '/admin/companies/import-records/:id',
  adminUsers: '/admin/users/:id?',
  adminUserAdd: '/admin/users/add',
  adminUserEdit: '/admin/users/edit/:id',
  hrEmployees: '/hr/employees',
  hrEmployeeAdd: '/hr/employees/add',
  hrEmployeeEdit: '/hr/employees/edit/:id',
} as const;

/** `pattern` with its `:name` segments filled in; an optional `:name?` without a value is left out. */
export function pathTo(pattern: string, params: Record<string, string | null | undefined> = {}): string {
  return pattern
    .replace(/\/:([A-Za-z]+)(\?)?/g, (_segment, name: string, optional?: string) => {
      const value = params[name];
      if (value) return `/${encodeURIComponent(value)}`;
      if (optional) return '';
      throw new Error(`${pattern} needs ${name}`);
    })
    .replace(/^$/, '/');
}
