import { useQuery } from '@tanstack/react-query';
import type {
  CreateLeaveTypeRequest,
  EmployeeLeaveCredits,
  LeaveAccrualRunResponse,
  LeaveAdjustmentRequest,
  LeaveCreditListRequest,
  LeaveCreditRow,
  LeaveType,
  LeaveTypeListRequest,
  ListResponse,
  UpdateLeaveTypeRequest,
} from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';

export const leaveTypeKeys = { all: ['leave-types'] as const, lists: () => ['leave-types', 'list'] as const };
/** Credits change with every adjustment, accrual run and approved leave (the requests feature invalidates it too). */
export const leaveCreditKeys = {
  all: ['leave-credits'] as const,
  lists: () => ['leave-credits', 'list'] as const,
  employee: (id: string) => ['leave-credits', 'employee', id] as const,
  mine: () => ['leave-credits', 'mine'] as const,
};

export const fetchLeaveTypes = (request: LeaveTypeListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<LeaveType>>('/api/v1/leave-types/list', request, { signal });
export const fetchLeaveCredits = (request: LeaveCreditListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<LeaveCreditRow>>('/api/v1/leave-credits/list', request, { signal });

/** The company's employment statuses, for a leave type's eligibility. */
export const useEmploymentStatusOptions = () =>
  useQuery({
    queryKey: ['employment-statuses', 'for-leave-types'],
    queryFn: async ({ signal }) =>
      (
        await apiClient.post<ListResponse<{ Id: string; Name: string; IsActive: boolean }>>(
          '/api/v1/employment-statuses/list',
          { PageSize: 500 },
          { signal },
        )
      ).Items,
  });

export const useMyLeaveCredits = () =>
  useQuery({
    queryKey: leaveCreditKeys.mine(),
    queryFn: ({ signal }) => apiClient.get<EmployeeLeaveCredits>('/api/v1/portal/leave-credits', { signal }),
  });

export const useEmployeeLeaveCredits = (employeeId: string) =>
  useQuery({
    queryKey: leaveCreditKeys.employee(employeeId),
    queryFn: ({ signal }) =>
      apiClient.get<EmployeeLeaveCredits>(
        `/api/v1/leave-credits/employees/${encodeURIComponent(employeeId)}`,
        {
          signal,
        },
      ),
  });

function useLeaveMutation<V, R>(send: (value: V) => Promise<R>, keys: readonly (readonly string[])[]) {
  return useRefreshingMutation(send, keys);
}

export const useCreateLeaveType = () =>
  useLeaveMutation(
    (body: CreateLeaveTypeRequest) => apiClient.post<LeaveType>('/api/v1/leave-types', body),
    [leaveTypeKeys.all],
  );
export const useUpdateLeaveType = () =>
  useLeaveMutation(
    ({ id, body }: { id: string; body: UpdateLeaveTypeRequest }) =>
      apiClient.put<LeaveType>(`/api/v1/leave-types/${encodeURIComponent(id)}`, body),
    [leaveTypeKeys.all],
  );
export const useDeleteLeaveType = () =>
  useLeaveMutation(
    (id: string) => apiClient.delete<{ Message: string }>(`/api/v1/leave-types/${encodeURIComponent(id)}`),
    [leaveTypeKeys.all],
  );
export const useAdjustLeave = () =>
  useLeaveMutation(
    (body: LeaveAdjustmentRequest) =>
      apiClient.post<EmployeeLeaveCredits>('/api/v1/leave-credits/adjustments', body),
    [leaveCreditKeys.all],
  );
export const useRunAccrual = () =>
  useLeaveMutation(
    (AsOf: string) => apiClient.post<LeaveAccrualRunResponse>('/api/v1/leave-credits/accrual-runs', { AsOf }),
    [leaveCreditKeys.all],
  );
