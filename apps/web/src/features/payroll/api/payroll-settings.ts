import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePayComponentRequest,
  CreateStatutoryRowRequest,
  ListResponse,
  PayComponent,
  PayComponentListRequest,
  PayComponentOption,
  PayrollGeneralSettings,
  StatutoryRow,
  StatutoryTables,
  UpdatePayComponentRequest,
  UpdatePayrollGeneralSettingsRequest,
} from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { payrollGeneralSettingsKey } from '@/lib/payroll-general-settings';

export { usePayrollGeneralSettings } from '@/lib/payroll-general-settings';

const keys = {
  general: payrollGeneralSettingsKey,
  tables: ['payroll-settings', 'statutory-tables'] as const,
};

export const useStatutoryTables = () =>
  useQuery({
    queryKey: keys.tables,
    queryFn: ({ signal }) =>
      apiClient.get<StatutoryTables>('/api/v1/payroll/settings/statutory-tables', { signal }),
    // The company's own editions change it; the mutations below refresh it.
    staleTime: 60_000,
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

/** 400 naming the field the engine refused; the tables refresh on success. */
function useStatutoryRowMutation<V, R>(send: (value: V) => Promise<R>) {
  return useRefreshingMutation(send, [keys.tables]);
}
export const useAddStatutoryRow = () =>
  useStatutoryRowMutation((body: CreateStatutoryRowRequest) =>
    apiClient.post<StatutoryRow>('/api/v1/payroll/settings/statutory-tables', body),
  );
export const useDeleteStatutoryRow = () =>
  useStatutoryRowMutation((id: string) =>
    apiClient.delete<{ Message: string }>(
      `/api/v1/payroll/settings/statutory-tables/${encodeURIComponent(id)}`,
    ),
  );

// ---------- pay components ----------

const COMPONENTS = '/api/v1/pay-components';
export const payComponentKeys = {
  all: ['pay-components'] as const,
  lists: () => ['pay-components', 'list'] as const,
  options: () => ['pay-components', 'options'] as const,
};
export const fetchPayComponents = (request: PayComponentListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<PayComponent>>(`${COMPONENTS}/list`, request, { signal });

/** The active components the recurring item and adjustment dialogs offer. */
export const usePayComponentOptions = () =>
  useQuery({
    queryKey: payComponentKeys.options(),
    queryFn: ({ signal }) => apiClient.get<PayComponentOption[]>(`${COMPONENTS}/options`, { signal }),
    staleTime: 60_000,
  });

function usePayComponentMutation<V, R>(send: (value: V) => Promise<R>) {
  return useRefreshingMutation(send, [payComponentKeys.all]);
}
export const useCreatePayComponent = () =>
  usePayComponentMutation((body: CreatePayComponentRequest) =>
    apiClient.post<PayComponent>(COMPONENTS, body),
  );
export const useUpdatePayComponent = () =>
  usePayComponentMutation(({ id, body }: { id: string; body: UpdatePayComponentRequest }) =>
    apiClient.put<PayComponent>(`${COMPONENTS}/${encodeURIComponent(id)}`, body),
  );
export const useDeletePayComponent = () =>
  usePayComponentMutation((id: string) =>
    apiClient.delete<{ Message: string }>(`${COMPONENTS}/${encodeURIComponent(id)}`),
  );
