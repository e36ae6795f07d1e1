import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { companyKeys } from './company-keys';

export const fetchCompany = (id: string, signal?: AbortSignal) =>
  apiClient.get<Company>(`/api/v1/companies/${encodeURIComponent(id)}`, { signal });

export const companyQueryOptions = (id: string) =>
  queryOptions({ queryKey: companyKeys.detail(id), queryFn: ({ signal }) => fetchCompany(id, signal) });

/** The company being edited; always read fresh on opening so its RowVersion is current. */
export const useCompany = (id: string) => useQuery({ ...companyQueryOptions(id), staleTime: 0 });
