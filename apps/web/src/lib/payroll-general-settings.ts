import { useQuery } from '@tanstack/react-query';
import type { PayrollGeneralSettings } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

/** The company's general payroll settings: kept by Payroll Settings, read by the Reports page (bank enrolments). */
export const payrollGeneralSettingsKey = ['payroll-settings', 'general'] as const;

export const usePayrollGeneralSettings = () =>
  useQuery({
    queryKey: payrollGeneralSettingsKey,
    queryFn: ({ signal }) =>
      apiClient.get<PayrollGeneralSettings>('/api/v1/payroll/settings/general', { signal }),
  });
