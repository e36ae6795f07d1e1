/** The users cache keys; every users mutation invalidates `all`. */
export const userKeys = {
  all: ['users'] as const,
  /** `segment` is 'all' or a company id (the list's address segment). */
  lists: (segment: string) => [...userKeys.all, 'list', segment] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
  companyOptions: () => [...userKeys.all, 'company-options'] as const,
  employeeSearch: (companyId: string, text: string) =>
    [...userKeys.all, 'employee-search', companyId, text] as const,
};
