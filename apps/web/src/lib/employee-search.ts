import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EmployeeMatch } from '@hrpay/contracts';
import { apiClient } from './api-client';

export type { EmployeeMatch };

/** `'own'`: the signed-in HR or Payroll user's company, which the server knows (it is never sent). */
export type EmployeeSearchCompany = string | 'own';

/** Up to 20 employees of the company whose number or name contains `text`. */
export const searchEmployees = (companyId: EmployeeSearchCompany, text: string, signal?: AbortSignal) =>
  apiClient.get<EmployeeMatch[]>('/api/v1/employees/search', {
    // SearchText always, empty too: the spec's call is `?SearchText=&CompanyId=` (§7), CompanyId optional.
    params: { SearchText: text, CompanyId: companyId === 'own' ? undefined : companyId },
    signal,
  });

export const useEmployeeSearch = (companyId: EmployeeSearchCompany, text: string, enabled: boolean) =>
  useQuery({
    queryKey: ['employees', 'search', companyId, text] as const,
    queryFn: ({ signal }) => searchEmployees(companyId, text, signal),
    enabled: enabled && !!companyId,
    placeholderData: keepPreviousData,
  });
