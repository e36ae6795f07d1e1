import { useQuery } from '@tanstack/react-query';
import type { HrDashboard } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

export const hrDashboardQueryKey = ['hr', 'dashboard'] as const;

/** The HR user's company at a glance; read fresh on every visit. */
export const useHrDashboard = () =>
  useQuery({
    queryKey: hrDashboardQueryKey,
    queryFn: ({ signal }) => apiClient.get<HrDashboard>('/api/v1/hr/dashboard', { signal }),
    staleTime: 0,
  });
