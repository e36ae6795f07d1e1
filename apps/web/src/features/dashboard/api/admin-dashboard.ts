import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

export const adminDashboardQueryKey = ['admin', 'dashboard'] as const;

export const fetchAdminDashboard = (signal?: AbortSignal) =>
  apiClient.get<AdminDashboard>('/api/v1/admin/dashboard', { signal });

export const adminDashboardQueryOptions = () =>
  queryOptions({
    queryKey: adminDashboardQueryKey,
    queryFn: ({ signal }) => fetchAdminDashboard(signal),
    // Figures are read fresh on every visit; they are cheap and an Admin expects to see what just happened.
    staleTime: 0,
  });

export const useAdminDashboard = () => useQuery(adminDashboardQueryOptions());
