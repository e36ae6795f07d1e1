import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployeeImportSummary } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { importKeys } from './import-keys';

/** The company's latest 20 imports, newest first. */
export const fetchCompanyImports = (companyId: string, signal?: AbortSignal) =>
  apiClient.get<EmployeeImportSummary[]>(
    `/api/v1/companies/${encodeURIComponent(companyId)}/employee-imports`,
    { signal },
  );

export const companyImportsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: importKeys.ofCompany(companyId),
    queryFn: ({ signal }) => fetchCompanyImports(companyId, signal),
    staleTime: 0,
  });

export const useCompanyImports = (companyId: string) => useQuery(companyImportsQueryOptions(companyId));
