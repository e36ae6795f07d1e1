import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployeeImport, ImportStatus } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { importKeys } from './import-keys';

/** Statuses in which the server is still working on the file; the page polls while one of these shows. */
export const WORKING_STATUSES: readonly ImportStatus[] = ['Queued', 'Validating', 'Committing'];
export const POLL_INTERVAL_MS = 500;

export const isWorking = (status: ImportStatus | undefined) =>
  status !== undefined && WORKING_STATUSES.includes(status);

export const fetchImport = (importId: string, signal?: AbortSignal) =>
  apiClient.get<EmployeeImport>(`/api/v1/employee-imports/${encodeURIComponent(importId)}`, { signal });

export const importQueryOptions = (importId: string) =>
  queryOptions({
    queryKey: importKeys.detail(importId),
    queryFn: ({ signal }) => fetchImport(importId, signal),
    // Polled every 500 ms while the server validates or commits; left alone once the job has settled.
    refetchInterval: (query) => (isWorking(query.state.data?.Status) ? POLL_INTERVAL_MS : false),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

export const useImport = (importId: string | null) =>
  useQuery({ ...importQueryOptions(importId ?? ''), enabled: importId !== null });
