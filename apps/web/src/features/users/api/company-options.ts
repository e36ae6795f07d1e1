import { useQuery } from '@tanstack/react-query';
import type { CompanyOption } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** Every company of the tenant (active or not), for the company filter and picker. */
export const fetchCompanyOptions = (signal?: AbortSignal) =>
  apiClient.get<CompanyOption[]>('/api/v1/companies/options', { signal });

// Read again on every visit (the cached list shows meanwhile): a company added a moment ago must be choosable.
export const useCompanyOptions = () =>
  useQuery({
    queryKey: userKeys.companyOptions(),
    queryFn: ({ signal }) => fetchCompanyOptions(signal),
    staleTime: 0,
  });
