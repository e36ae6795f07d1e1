import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PayrollGeneralSettings,
  StatutoryTables,
  UpdatePayrollGeneralSettingsRequest,
} from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

const keys = {
  general: ['payroll-settings', 'general'] as const,
  tables: ['payroll-settings', 'statutory-tables'] as const,
};

export const usePayrollGeneralSettings = () =>
  useQuery({
    queryKey: keys.general,
    queryFn: ({ signal }) =>
      apiClient.get<PayrollGeneralSettings>('/api/v1/payroll/settings/general', { signal }),
  });

export const useStatutoryTables = () =>
  useQuery({
    queryKey: keys.tables,
    queryFn: ({ signal }) =>
      apiClient.get<StatutoryTables>('/api/v1/payroll/settings/statutory-tables', { signal }),
    staleTime: Infinity,
  });

/** 409 (stale row version) when someone saved first. */
export function useUpdatePayrollGeneralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePayrollGeneralSettingsRequest) =>
      apiClient.put<PayrollGeneralSettings>('/api/v1/payroll/settings/general', body),
    onSuccess: (saved) => queryClient.setQueryData(keys.general, saved),
  });
}
