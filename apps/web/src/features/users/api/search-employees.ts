import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EmployeeMatch } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { userKeys } from './user-keys';

export type { EmployeeMatch };

/** Up to 20 employees of the company whose number or name contains `text`. */
export const searchEmployees = (companyId: string, text: string, signal?: AbortSignal) =>
  apiClient.get<EmployeeMatch[]>('/api/v1/employees/search', {
    params: { SearchText: text || undefined, CompanyId: companyId },
    signal,
  });

export const useEmployeeSearch = (companyId: string, text: string, enabled: boolean) =>
  useQuery({
    queryKey: userKeys.employeeSearch(companyId, text),
    queryFn: ({ signal }) => searchEmployees(companyId, text, signal),
    enabled: enabled && !!companyId,
    placeholderData: keepPreviousData,
  });
