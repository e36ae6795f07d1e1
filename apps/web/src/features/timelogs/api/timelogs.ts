import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttendanceDay,
  AttendanceRequest,
  CreateTimeLogRequest,
  DeleteTimeLogRequest,
  DepartmentOption,
  ListResponse,
  PunchImportPreview,
  PunchImportResult,
  TimeLog,
  TimeLogListRequest,
  UpdateTimeLogRequest,
} from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

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

/** The company's departments for the filters. */
export const useDepartmentFilterOptions = () =>
  useQuery({
    queryKey: timeLogKeys.departments(),
    queryFn: ({ signal }) => apiClient.get<DepartmentOption[]>('/api/v1/departments/options', { signal }),
  });

function useTimeLogMutation<V, R>(send: (value: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeLogKeys.all }),
  });
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

/** What importing the file would do; the server stores nothing. */
export const usePreviewPunchImport = () =>
  useMutation({
    mutationFn: (file: File) => apiClient.upload<PunchImportPreview>('/api/v1/timelogs/import/preview', file),
  });
/** Imports the file, all or nothing (the same file is sent again and checked again). */
export const useCommitPunchImport = () =>
  useTimeLogMutation((file: File) =>
    apiClient.upload<PunchImportResult>('/api/v1/timelogs/import/commit', file),
  );
