import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateEmployeeRequest,
  DepartmentOption,
  Employee,
  EmployeeHistoryEntry,
  EmployeeListItem,
  EmployeeListRequest,
  ListResponse,
  LookupItem,
  SeparateEmployeeRequest,
  Shift,
  UpdateEmployeeRequest,
} from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { invalidateAfterDelete } from '@/lib/query-client';

/** The employees cache keys; every mutation invalidates `all`, so lists, the record and its history refresh. */
export const employeeKeys = {
  all: ['employees'] as const,
  lists: () => [...employeeKeys.all, 'list'] as const,
  detail: (id: string) => [...employeeKeys.all, 'detail', id] as const,
  history: (id: string) => [...employeeKeys.all, 'history', id] as const,
  formOptions: () => [...employeeKeys.all, 'form-options'] as const,
};

const path = (id: string, rest = '') => `/api/v1/employees/${encodeURIComponent(id)}${rest}`;

/** Spec §3: one page of the own company's employees (Search, DepartmentId, EmploymentStatusId, EmploymentType). */
export const fetchEmployees = (request: EmployeeListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<EmployeeListItem>>('/api/v1/employees/list', request, { signal });

export const useEmployee = (id: string) =>
  useQuery({
    queryKey: employeeKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<Employee>(path(id), { signal }),
  });

export const useEmployeeHistory = (id: string) =>
  useQuery({
    queryKey: employeeKeys.history(id),
    queryFn: ({ signal }) => apiClient.get<EmployeeHistoryEntry[]>(path(id, '/history'), { signal }),
  });

export interface Choice {
  value: string;
  label: string;
  active: boolean;
}
export interface EmployeeFormOptions {
  departments: Choice[];
  positions: Choice[];
  employmentStatuses: Choice[];
  workLocations: Choice[];
  shifts: (Choice & { restDays: number[]; hours: string })[];
}

const ALL = { PageSize: 500, SortBy: 'Name' as const };
/** The company's lists the form chooses from (active ones, plus whatever the record already uses). */
export const useEmployeeFormOptions = () =>
  useQuery({
    queryKey: employeeKeys.formOptions(),
    queryFn: async ({ signal }): Promise<EmployeeFormOptions> => {
      const lookup = (kind: string) =>
        apiClient
          .post<ListResponse<LookupItem>>(`/api/v1/${kind}/list`, ALL, { signal })
          .then((r) => r.Items.map((i) => ({ value: i.Id, label: i.Name, active: i.IsActive })));
      const [departments, positions, employmentStatuses, workLocations, shifts] = await Promise.all([
        apiClient.get<DepartmentOption[]>('/api/v1/departments/options', { signal }),
        lookup('positions'),
        lookup('employment-statuses'),
        lookup('work-locations'),
        apiClient.post<ListResponse<Shift>>('/api/v1/shifts/list', ALL, { signal }),
      ]);
      return {
        departments: departments.map((d) => ({ value: d.DepartmentId, label: d.Name, active: d.IsActive })),
        positions,
        employmentStatuses,
        workLocations,
        shifts: shifts.Items.map((s) => ({
          value: s.ShiftId,
          label: s.Name,
          active: s.IsActive,
          restDays: s.RestDays,
          hours: `${s.TimeIn.slice(0, 5)}–${s.TimeOut.slice(0, 5)}`,
        })),
      };
    },
    staleTime: 30_000,
  });

function useEmployeeMutation<V, R>(send: (value: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}

export const useCreateEmployee = () =>
  useEmployeeMutation((body: CreateEmployeeRequest) => apiClient.post<Employee>('/api/v1/employees', body));

/** 409 (type staleRowVersion) when someone else saved first. */
export const useUpdateEmployee = () =>
  useEmployeeMutation(({ id, body }: { id: string; body: UpdateEmployeeRequest }) =>
    apiClient.put<Employee>(path(id), body),
  );

/** 409 (type stillReferenced) when anything is recorded against the employee: separate instead. */
export const useDeleteEmployee = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<{ Message: string }>(path(id)),
    onSuccess: (_answer, id) => invalidateAfterDelete(queryClient, employeeKeys.all, id),
  });
};

export const useSeparateEmployee = () =>
  useEmployeeMutation(({ id, body }: { id: string; body: SeparateEmployeeRequest }) =>
    apiClient.post<Employee>(path(id, '/separation'), body),
  );

export const useReinstateEmployee = () =>
  useEmployeeMutation(({ id, rowVersion }: { id: string; rowVersion: number }) =>
    apiClient.post<Employee>(path(id, '/reinstatement'), { RowVersion: rowVersion }),
  );
