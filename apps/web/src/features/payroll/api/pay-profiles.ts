import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelLoanRequest,
  CarriedDeduction,
  CarriedDeductionListResponse,
  CreateLoanRequest,
  CreateLoanTypeRequest,
  CreatePayItemRequest,
  CreatePayRateRequest,
  DepartmentOption,
  EmployeePayDetails,
  EmployeePayListRequest,
  EmployeePayRow,
  ListResponse,
  Loan,
  LoanAdjustmentRequest,
  LoanType,
  LoanTypeListRequest,
  LoanTypeOption,
  PayItem,
  PayRate,
  RateImportResult,
  UpdateEmployeePayDetailsRequest,
  UpdateLoanRequest,
  UpdateLoanTypeRequest,
  UpdatePayItemRequest,
  WaiveCarriedDeductionRequest,
  PreviousEmployerCompensation,
  PreviousEmployerListResponse,
  SavePreviousEmployerRequest,
} from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';

const BASE = '/api/v1/employee-payroll-details';
const at = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const payDetailKeys = {
  all: ['employee-payroll-details'] as const,
  lists: () => ['employee-payroll-details', 'list'] as const,
  departments: () => ['employee-payroll-details', 'departments'] as const,
  employee: (id: string) => ['employee-payroll-details', 'employee', id] as const,
  part: (
    id: string,
    part: 'profile' | 'rates' | 'items' | 'loans' | 'carried-deductions' | 'previous-employers',
  ) => ['employee-payroll-details', 'employee', id, part] as const,
};
export const loanTypeKeys = {
  all: ['loan-types'] as const,
  lists: () => ['loan-types', 'list'] as const,
  options: () => ['loan-types', 'options'] as const,
};

export const fetchPayRows = (request: EmployeePayListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<EmployeePayRow>>(`${BASE}/list`, request, { signal });
export const fetchLoanTypes = (request: LoanTypeListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<LoanType>>('/api/v1/loan-types/list', request, { signal });

export const usePayDepartments = () =>
  useQuery({
    queryKey: payDetailKeys.departments(),
    queryFn: ({ signal }) => apiClient.get<DepartmentOption[]>(`${BASE}/department-options`, { signal }),
    staleTime: 60_000,
  });

export const useLoanTypeOptions = () =>
  useQuery({
    queryKey: loanTypeKeys.options(),
    queryFn: ({ signal }) => apiClient.get<LoanTypeOption[]>('/api/v1/loan-types/options', { signal }),
  });

export const usePayDetails = (id: string) =>
  useQuery({
    queryKey: payDetailKeys.part(id, 'profile'),
    queryFn: ({ signal }) => apiClient.get<EmployeePayDetails>(at(id), { signal }),
  });
export const usePayRates = (id: string) =>
  useQuery({
    queryKey: payDetailKeys.part(id, 'rates'),
    queryFn: ({ signal }) => apiClient.get<PayRate[]>(`${at(id)}/rates`, { signal }),
  });
export const usePayItems = (id: string) =>
  useQuery({
    queryKey: payDetailKeys.part(id, 'items'),
    queryFn: ({ signal }) => apiClient.get<PayItem[]>(`${at(id)}/items`, { signal }),
  });
export const useCarriedDeductions = (id: string) =>
  useQuery({
    queryKey: payDetailKeys.part(id, 'carried-deductions'),
    queryFn: ({ signal }) =>
      apiClient.get<CarriedDeductionListResponse>(`${at(id)}/carried-deductions`, { signal }),
  });
export const usePreviousEmployers = (id: string) =>
  useQuery({
    queryKey: payDetailKeys.part(id, 'previous-employers'),
    queryFn: ({ signal }) =>
      apiClient.get<PreviousEmployerListResponse>(`${at(id)}/previous-employers`, { signal }),
  });
export const useSavePreviousEmployer = (id: string) =>
  useEmployeeMutation(id, ({ year, body }: { year: number; body: SavePreviousEmployerRequest }) =>
    apiClient.put<PreviousEmployerCompensation>(`${at(id)}/previous-employers/${year}`, body),
  );
export const useDeletePreviousEmployer = (id: string) =>
  useEmployeeMutation(id, (year: number) =>
    apiClient.delete<{ Message: string }>(`${at(id)}/previous-employers/${year}`),
  );
export const useLoans = (id: string) =>
  useQuery({
    queryKey: payDetailKeys.part(id, 'loans'),
    queryFn: ({ signal }) => apiClient.get<Loan[]>(`${at(id)}/loans`, { signal }),
  });

/** Every change to an employee refreshes that employee's tabs and the grid (its rate and flags). */
function useEmployeeMutation<V, R>(employeeId: string, send: (value: V) => Promise<R>) {
  return useRefreshingMutation(send, [payDetailKeys.employee(employeeId), payDetailKeys.lists()]);
}

export const useUpdatePayDetails = (id: string) =>
  useEmployeeMutation(id, (body: UpdateEmployeePayDetailsRequest) =>
    apiClient.put<EmployeePayDetails>(at(id), body),
  );
export const useAddRate = (id: string) =>
  useEmployeeMutation(id, (body: CreatePayRateRequest) => apiClient.post<PayRate>(`${at(id)}/rates`, body));
export const useDeleteRate = (id: string) =>
  useEmployeeMutation(id, (rateId: string) =>
    apiClient.delete<{ Message: string }>(`${at(id)}/rates/${encodeURIComponent(rateId)}`),
  );
export const useSaveItem = (id: string) =>
  useEmployeeMutation(id, ({ itemId, body }: { itemId?: string; body: CreatePayItemRequest }) =>
    itemId
      ? apiClient.put<PayItem>(`${at(id)}/items/${encodeURIComponent(itemId)}`, body as UpdatePayItemRequest)
      : apiClient.post<PayItem>(`${at(id)}/items`, body),
  );
export const useDeleteItem = (id: string) =>
  useEmployeeMutation(id, (itemId: string) =>
    apiClient.delete<{ Message: string }>(`${at(id)}/items/${encodeURIComponent(itemId)}`),
  );
export const useSaveLoan = (id: string) =>
  useEmployeeMutation(id, ({ loanId, body }: { loanId?: string; body: CreateLoanRequest }) =>
    loanId
      ? apiClient.put<Loan>(`${at(id)}/loans/${encodeURIComponent(loanId)}`, body as UpdateLoanRequest)
      : apiClient.post<Loan>(`${at(id)}/loans`, body),
  );
export const useWaiveCarriedDeduction = (id: string) =>
  useEmployeeMutation(
    id,
    ({ carryoverId, body }: { carryoverId: string; body: WaiveCarriedDeductionRequest }) =>
      apiClient.post<CarriedDeduction>(
        `${at(id)}/carried-deductions/${encodeURIComponent(carryoverId)}/waive`,
        body,
      ),
  );
export const useCancelLoan = (id: string) =>
  useEmployeeMutation(id, ({ loanId, body }: { loanId: string; body: CancelLoanRequest }) =>
    apiClient.post<Loan>(`${at(id)}/loans/${encodeURIComponent(loanId)}/cancel`, body),
  );
export const useAdjustLoan = (id: string) =>
  useEmployeeMutation(id, ({ loanId, body }: { loanId: string; body: LoanAdjustmentRequest }) =>
    apiClient.post<Loan>(`${at(id)}/loans/${encodeURIComponent(loanId)}/adjustments`, body),
  );

/** Preview writes nothing; commit writes every new rate or none (400 with the row errors). */
export function useRateImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, step }: { file: File; step: 'preview' | 'commit' }) =>
      apiClient.upload<RateImportResult>(`${BASE}/rate-imports/${step}`, file),
    onSuccess: (result) =>
      result.Committed ? queryClient.invalidateQueries({ queryKey: payDetailKeys.all }) : undefined,
  });
}

function useLoanTypeMutation<V, R>(send: (value: V) => Promise<R>) {
  return useRefreshingMutation(send, [loanTypeKeys.all]);
}
export const useCreateLoanType = () =>
  useLoanTypeMutation((body: CreateLoanTypeRequest) => apiClient.post<LoanType>('/api/v1/loan-types', body));
export const useUpdateLoanType = () =>
  useLoanTypeMutation(({ id, body }: { id: string; body: UpdateLoanTypeRequest }) =>
    apiClient.put<LoanType>(`/api/v1/loan-types/${encodeURIComponent(id)}`, body),
  );
export const useDeleteLoanType = () =>
  useLoanTypeMutation((id: string) =>
    apiClient.delete<{ Message: string }>(`/api/v1/loan-types/${encodeURIComponent(id)}`),
  );
