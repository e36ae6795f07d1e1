import type {
  CreateShiftRequest,
  ListResponse,
  Shift,
  ShiftListRequest,
  UpdateShiftRequest,
} from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';

export const shiftKeys = { all: ['shifts'] as const, lists: () => [...shiftKeys.all, 'list'] as const };

export const fetchShifts = (request: ShiftListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<Shift>>('/api/v1/shifts/list', request, { signal });

function useShiftMutation<V>(send: (value: V) => Promise<unknown>) {
  return useRefreshingMutation(send, [shiftKeys.all]);
}

export const useSaveShift = () =>
  useShiftMutation(({ id, body }: { id: string | null; body: CreateShiftRequest | UpdateShiftRequest }) =>
    id
      ? apiClient.put<Shift>(`/api/v1/shifts/${encodeURIComponent(id)}`, body)
      : apiClient.post<Shift>('/api/v1/shifts', body),
  );

export const useDeleteShift = () =>
  useShiftMutation((id: string) =>
    apiClient.delete<{ Message: string }>(`/api/v1/shifts/${encodeURIComponent(id)}`),
  );
