import { useQuery } from '@tanstack/react-query';
import type { HrDashboard, UpcomingBirthday } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

export const hrDashboardQueryKey = ['hr', 'dashboard'] as const;

/** The HR user's company at a glance; read fresh on every visit. */
export const useHrDashboard = () =>
  useQuery({
    queryKey: hrDashboardQueryKey,
    queryFn: ({ signal }) => apiClient.get<HrDashboard>('/api/v1/hr/dashboard', { signal }),
    staleTime: 0,
  });

/** The dashboard's birthdays card: the spec's call (§7), the next `days` days, soonest first. */
export const useUpcomingBirthdays = (days: number) =>
  useQuery({
    queryKey: ['employees', 'upcoming-birthdays', days] as const,
    queryFn: ({ signal }) =>
      apiClient.get<UpcomingBirthday[]>('/api/v1/employees/upcoming-birthdays', {
        params: { Days: days },
        signal,
      }),
    staleTime: 0,
  });
