import { useQuery } from '@tanstack/react-query';
import type { PortalDashboard } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

/**
 * The portal dashboard in one call (issue 11): today's schedule and punches, the leave balances, the user's own
 * pending requests, an approver's review queue and the latest payslip. Fresh on every visit.
 */
export const usePortalDashboard = () =>
  useQuery({
    queryKey: ['portal', 'dashboard'],
    queryFn: ({ signal }) => apiClient.get<PortalDashboard>('/api/v1/portal/dashboard', { signal }),
    staleTime: 0,
  });
