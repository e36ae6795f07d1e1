import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AttendanceDay,
  AttendanceRequest,
  CreateTimeLogRequest,
  DeleteTimeLogRequest,
  DepartmentOption,
  ListResponse,
  PunchImport,
  StoreAttendanceRequest,
  StoreAttendanceResult,
  TimeLog,
  TimeLogListRequest,
  UpdateTimeLogRequest,
} from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';

/** The time-log cache keys; every change invalidates `all`, so punches and attendance refresh together. */
export const timeLogKeys = {
  all: ['timelogs'] as const,
  lists: () => [...timeLogKeys.all, 'list'] as const,
  attendance: (request: AttendanceRequest) => [...timeLogKeys.all, 'attendance', request] as const,
  departments: () => [...timeLogKeys.all, 'departments'] as const,
};

export const fetchTimeLogs = (request: TimeLogListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<TimeLog>>('/api/v1/timelogs/list', request, { signal });

export const useAttendance = (request: AttendanceRequest | null) =>
  useQuery({
    queryKey: timeLogKeys.attendance(request ?? { DateFrom: '', DateTo: '' }),
    queryFn: ({ signal }) =>
      apiClient.post<ListResponse<AttendanceDay>>('/api/v1/timelogs/attendance', request, { signal }),
    enabled: request !== null,
    staleTime: 0,
  });

/**
 * Stores a range's attendance for payroll (decision 0008): every active employee's days, computed again from the
 * punches, schedules and approved requests, replace the stored ones. A payroll run reads only stored days.
 */
export const useStoreAttendance = () =>
  useMutation({
    mutationFn: (body: StoreAttendanceRequest) =>
      apiClient.post<StoreAttendanceResult>('/api/v1/timelogs/attendance/store', body),
  });

/** The company's departments for the filters. */
export const useDepartmentFilterOptions = () =>
  useQuery({
    queryKey: timeLogKeys.departments(),
    queryFn: ({ signal }) => apiClient.get<DepartmentOption[]>('/api/v1/departments/options', { signal }),
  });

function useTimeLogMutation<V, R>(send: (value: V) => Promise<R>) {
  return useRefreshingMutation(send, [timeLogKeys.all]);
}

export const useCreateTimeLog = () =>
  useTimeLogMutation((body: CreateTimeLogRequest) => apiClient.post<TimeLog>('/api/v1/timelogs', body));
export const useUpdateTimeLog = () =>
  useTimeLogMutation(({ id, body }: { id: string; body: UpdateTimeLogRequest }) =>
    apiClient.put<TimeLog>(`/api/v1/timelogs/${encodeURIComponent(id)}`, body),
  );
export const useDeleteTimeLog = () =>
  useTimeLogMutation(({ id, body }: { id: string; body: DeleteTimeLogRequest }) =>
    apiClient.delete<{ Message: string }>(`/api/v1/timelogs/${encodeURIComponent(id)}`, { body }),
  );

/** A punch import is a job (decision 0008): upload, then watch it checked, commit, then watch it stored. */
export const punchImportKey = (id: string | null) => ['punch-imports', id] as const;
const ACTIVE_IMPORT = ['Queued', 'Validating', 'Committing'];
export const isImportAtWork = (job: PunchImport | undefined) => !!job && ACTIVE_IMPORT.includes(job.Status);

export const useUploadPunchImport = () =>
  useMutation({
    mutationFn: (file: File) => apiClient.upload<PunchImport>('/api/v1/timelogs/imports', file),
  });

/** The job, polled twice a second while the server works on it. */
export const usePunchImport = (id: string | null) =>
  useQuery({
    queryKey: punchImportKey(id),
    queryFn: ({ signal }) =>
      apiClient.get<PunchImport>(`/api/v1/timelogs/imports/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (isImportAtWork(query.state.data) ? 500 : false),
  });

/** Commits a checked file, all or nothing; the job then shows the commit's progress. */
export const useCommitPunchImport = () =>
  useMutation({
    mutationFn: (id: string) =>
      apiClient.post<PunchImport>(`/api/v1/timelogs/imports/${encodeURIComponent(id)}/commit`),
  });
