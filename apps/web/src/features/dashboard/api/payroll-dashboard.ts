import { useQuery } from '@tanstack/react-query';
import type { PayrollDashboard } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

export const payrollDashboardQueryKey = ['payroll', 'dashboard'] as const;

/** The payroll user's company: the last finalised period, the trend, open periods and data problems. */
export const usePayrollDashboard = () =>
  useQuery({
    queryKey: payrollDashboardQueryKey,
    queryFn: ({ signal }) => apiClient.get<PayrollDashboard>('/api/v1/payroll/dashboard', { signal }),
    staleTime: 0,
  });
