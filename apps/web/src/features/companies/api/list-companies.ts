import type { Company, CompanyListRequest, ListResponse } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

/** One page of the tenant's companies (search, Active filter, server sort). */
export const fetchCompanies = (request: CompanyListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<Company>>('/api/v1/companies/list', request, { signal });
