import type {
  CreateLookupRequest,
  ListResponse,
  LookupItem,
  LookupKind,
  LookupListRequest,
  UpdateLookupRequest,
} from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';

/** Cache keys per kind; a mutation invalidates the kind, so its list and counts refresh. */
export const lookupKeys = {
  kind: (kind: LookupKind) => ['lookups', kind] as const,
  lists: (kind: LookupKind) => [...lookupKeys.kind(kind), 'list'] as const,
};

export const fetchLookups = (kind: LookupKind) => (request: LookupListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<LookupItem>>(`/api/v1/${kind}/list`, request, { signal });

function useLookupMutation<V>(kind: LookupKind, send: (value: V) => Promise<unknown>) {
  return useRefreshingMutation(send, [lookupKeys.kind(kind)]);
}

export const useSaveLookup = (kind: LookupKind) =>
  useLookupMutation(
    kind,
    ({ id, body }: { id: string | null; body: CreateLookupRequest | UpdateLookupRequest }) =>
      id
        ? apiClient.put<LookupItem>(`/api/v1/${kind}/${encodeURIComponent(id)}`, body)
        : apiClient.post<LookupItem>(`/api/v1/${kind}`, body),
  );

export const useDeleteLookup = (kind: LookupKind) =>
  useLookupMutation(kind, (id: string) =>
    apiClient.delete<{ Message: string }>(`/api/v1/${kind}/${encodeURIComponent(id)}`),
  );
