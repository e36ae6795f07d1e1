import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REQUEST_SEGMENTS,
  type CreateLeaveRequest,
  type CreateOvertimeRequest,
  type CreateUndertimeRequest,
  type LeaveTypeOption,
  type ListResponse,
  type RequestKind,
  type TimeRequest,
  type TimeRequestListRequest,
  type UndertimeDetails,
} from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

const base = (kind: RequestKind) => `/api/v1/${REQUEST_SEGMENTS[kind]}`;

/** Cache keys: every decision or filing invalidates `all`, so lists, counts and credits refresh together. */
export const requestKeys = {
  all: ['requests'] as const,
  lists: (kind: RequestKind) => [...requestKeys.all, kind, 'list'] as const,
  one: (kind: RequestKind, id: string) => [...requestKeys.all, kind, id] as const,
  details: (id: string) => [...requestKeys.all, 'Undertime', id, 'details'] as const,
  pendingCounts: () => [...requestKeys.all, 'pending-counts'] as const,
};

export const fetchRequests = (kind: RequestKind, request: TimeRequestListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<TimeRequest>>(`${base(kind)}/list`, request, { signal });

export const useRequest = (kind: RequestKind, id: string, enabled = true) =>
  useQuery({
    queryKey: requestKeys.one(kind, id),
    queryFn: ({ signal }) =>
      apiClient.get<TimeRequest>(`${base(kind)}/${encodeURIComponent(id)}`, { signal }),
    enabled,
  });

export const useUndertimeDetails = (id: string) =>
  useQuery({
    queryKey: requestKeys.details(id),
    queryFn: ({ signal }) =>
      apiClient.get<UndertimeDetails>(`${base('Undertime')}/${encodeURIComponent(id)}/details`, { signal }),
  });

export const usePendingCounts = () =>
  useQuery({
    queryKey: requestKeys.pendingCounts(),
    queryFn: ({ signal }) =>
      apiClient.get<Record<RequestKind, number>>('/api/v1/requests/pending-counts', { signal }),
  });

/** The types one may file (`filing`), or every active type of the company (a list's filter). */
export const useLeaveTypeOptions = (purpose: 'filing' | 'filter' = 'filing') =>
  useQuery({
    queryKey: ['leave-types', 'options', purpose],
    queryFn: ({ signal }) =>
      apiClient.get<LeaveTypeOption[]>('/api/v1/leave-types/options', {
        signal,
        params: purpose === 'filter' ? { All: true } : undefined,
      }),
    staleTime: 60_000,
  });

/** The company's departments, for HR's filter (HR only). */
export const useDepartmentFilterOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['departments', 'options'],
    queryFn: ({ signal }) =>
      apiClient.get<{ DepartmentId: string; Name: string }[]>('/api/v1/departments/options', { signal }),
    enabled,
    staleTime: 60_000,
  });

export type NewRequest = CreateLeaveRequest | CreateOvertimeRequest | CreateUndertimeRequest;

function useRequestMutation<V>(send: (value: V) => Promise<TimeRequest>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Refused too: a 409 (decided or changed by someone else first) means what is shown is out of date.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['leave-credits'] }),
      ]),
  });
}

export const useFileRequest = (kind: RequestKind) =>
  useRequestMutation((body: NewRequest) => apiClient.post<TimeRequest>(base(kind), body));

export type Decision = 'approve' | 'reject' | 'cancel';
/** 409 when someone decided first (invalid state, stale version) or the balance no longer covers it. */
export const useDecideRequest = (kind: RequestKind) =>
  useRequestMutation(
    ({
      id,
      action,
      body,
    }: {
      id: string;
      action: Decision;
      body: { RowVersion: number; Remarks?: string | null };
    }) => apiClient.post<TimeRequest>(`${base(kind)}/${encodeURIComponent(id)}/${action}`, body),
  );
