import { useQuery } from '@tanstack/react-query';
import type {
  CreateDepartmentRequest,
  Department,
  DepartmentListRequest,
  DepartmentOption,
  ListResponse,
  UpdateDepartmentRequest,
} from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';

/** The departments cache keys; every mutation invalidates `all`, so the list, options and headcounts refresh. */
export const departmentKeys = {
  all: ['departments'] as const,
  lists: () => [...departmentKeys.all, 'list'] as const,
  options: () => [...departmentKeys.all, 'options'] as const,
};

/** One page of the own company's departments (search, Active filter, server sort). */
export const fetchDepartments = (request: DepartmentListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<Department>>('/api/v1/departments/list', request, { signal });

export const useDepartmentOptions = () =>
  useQuery({
    queryKey: departmentKeys.options(),
    queryFn: ({ signal }) => apiClient.get<DepartmentOption[]>('/api/v1/departments/options', { signal }),
  });

function useDepartmentMutation<V>(send: (value: V) => Promise<unknown>) {
  return useRefreshingMutation(send, [departmentKeys.all]);
}

export const useCreateDepartment = () =>
  useDepartmentMutation((body: CreateDepartmentRequest) =>
    apiClient.post<Department>('/api/v1/departments', body),
  );

/** 409 (type staleRowVersion) when someone else saved first. */
export const useUpdateDepartment = () =>
  useDepartmentMutation(({ id, body }: { id: string; body: UpdateDepartmentRequest }) =>
    apiClient.put<Department>(`/api/v1/departments/${encodeURIComponent(id)}`, body),
  );

/** 409 (type stillReferenced) while employees or sub-departments belong to it. */
export const useDeleteDepartment = () =>
  useDepartmentMutation((id: string) =>
    apiClient.delete<{ Message: string }>(`/api/v1/departments/${encodeURIComponent(id)}`),
  );
