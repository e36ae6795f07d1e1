import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ProblemTypes,
  type CreateShiftRequest,
  type ListResponse,
  type Shift,
  type ShiftListRequest,
  type UpdateShiftRequest,
} from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { isProblem } from '@/lib/api-error';

export const shiftKeys = { all: ['shifts'] as const, lists: () => [...shiftKeys.all, 'list'] as const };

export const fetchShifts = (request: ShiftListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<Shift>>('/api/v1/shifts/list', request, { signal });

function useShiftMutation<V>(send: (value: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shiftKeys.all }),
    // A colleague changed the shift since the list was read (409 stale RowVersion): refetch, so the list
    // shows the latest version and a retry sends it. Awaited, so the caller's message is true when shown.
    onError: (error) =>
      isProblem(error, ProblemTypes.staleRowVersion)
        ? queryClient.invalidateQueries({ queryKey: shiftKeys.all })
        : undefined,
  });
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
