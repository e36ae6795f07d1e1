/** The employee-import cache keys; this folder owns them. */
export const importKeys = {
  all: ['employee-imports'] as const,
  ofCompany: (companyId: string) => [...importKeys.all, 'company', companyId] as const,
  detail: (importId: string) => [...importKeys.all, 'detail', importId] as const,
  /** The mutation key of uploads to one company, so the page can tell an upload is under way. */
  upload: (companyId: string) => [...importKeys.all, 'upload', companyId] as const,
};
