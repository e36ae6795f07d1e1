import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationSettings, UpdateApplicationSettingsRequest } from '@hrpay/contracts';
import { apiClient } from './api-client';

const key = ['application-settings'] as const;

/** The signed-in user's company's options (issue 10 §2); every screen may read them. */
export const useApplicationSettings = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiClient.get<ApplicationSettings>('/api/v1/application-settings', { signal }),
    staleTime: 5 * 60_000,
  });

/** Whether the time pickers show a 12-hour clock with AM / PM (24-hour until the settings have loaded). */
export const useTwelveHourClock = () => useApplicationSettings().data?.TimeFormat === '12h';

/** Payroll saves them; 409 (stale row version) when someone saved first. */
export function useUpdateApplicationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateApplicationSettingsRequest) =>
      apiClient.put<ApplicationSettings>('/api/v1/application-settings', body),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
