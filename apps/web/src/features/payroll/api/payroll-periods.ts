import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePayrollAdjustmentRequest,
  CreatePayrollPeriodRequest,
  PayrollPeriodDetail,
  PayrollPeriodListItem,
  PayrollPeriodListRequest,
  PayrollPeriodProposal,
  PayslipDetail,
  PayslipListItem,
  PayslipListRequest,
  ListResponse,
} from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { invalidateAfterDelete } from '@/lib/query-client';

const BASE = '/api/v1/payroll-periods';
const at = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** Cache keys: every change to a period invalidates `all` (list, detail, payslips, dashboard figures). */
export const periodKeys = {
  all: ['payroll-periods'] as const,
  lists: () => [...periodKeys.all, 'list'] as const,
  detail: (id: string) => [...periodKeys.all, 'detail', id] as const,
  payslips: (id: string) => [...periodKeys.all, 'payslips', id] as const,
  payslip: (id: string, payslipId: string) => [...periodKeys.all, 'payslip', id, payslipId] as const,
};

export const fetchPeriods = (request: PayrollPeriodListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<PayrollPeriodListItem>>(`${BASE}/list`, request, { signal });

export const fetchPeriodPayslips = (id: string) => (request: PayslipListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<PayslipListItem>>(`${at(id)}/payslips/list`, request, { signal });

export const useProposal = (enabled: boolean) =>
  useQuery({
    queryKey: [...periodKeys.all, 'proposal'],
    queryFn: ({ signal }) => apiClient.get<PayrollPeriodProposal>(`${BASE}/proposal`, { signal }),
    enabled,
    staleTime: 0,
  });

/** The period; polled every second while its compute job runs so the progress bar moves. */
export const usePeriod = (id: string) =>
  useQuery({
    queryKey: periodKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<PayrollPeriodDetail>(at(id), { signal }),
    refetchInterval: (query) => {
      const job = query.state.data?.JobStatus;
      return job === 'Queued' || job === 'Running' ? 1000 : false;
    },
  });

export const usePayslip = (id: string, payslipId: string | null) =>
  useQuery({
    queryKey: periodKeys.payslip(id, payslipId ?? ''),
    queryFn: ({ signal }) => apiClient.get<PayslipDetail>(`${BASE}/payslips/${payslipId}`, { signal }),
    enabled: payslipId !== null,
  });

function usePeriodMutation<V, R>(send: (value: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: periodKeys.all }),
  });
}

export const useCreatePeriod = () =>
  usePeriodMutation((body: CreatePayrollPeriodRequest) => apiClient.post<PayrollPeriodDetail>(BASE, body));

/** Once deleted, the period's own queries are not fetched again (they would answer 404 while the page leaves). */
export const useDeletePeriod = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<{ Message: string }>(at(id)),
    onSettled: (_answer, error, id) =>
      error
        ? queryClient.invalidateQueries({ queryKey: periodKeys.all })
        : invalidateAfterDelete(queryClient, periodKeys.all, id),
  });
};

export type PeriodAction = 'compute' | 'approve' | 'return-to-draft' | 'finalise' | 'mark-paid';
/** Finalise and mark-paid are replay-safe: one key per click, so a retried request has one effect. */
const IDEMPOTENT: readonly PeriodAction[] = ['finalise', 'mark-paid'];

export const usePeriodAction = () =>
  usePeriodMutation(({ id, action, rowVersion }: { id: string; action: PeriodAction; rowVersion: number }) =>
    apiClient.post<PayrollPeriodDetail>(
      `${at(id)}/${action}`,
      { RowVersion: rowVersion },
      IDEMPOTENT.includes(action) ? { headers: { 'Idempotency-Key': crypto.randomUUID() } } : {},
    ),
  );

export const useAddAdjustment = (id: string) =>
  usePeriodMutation((body: CreatePayrollAdjustmentRequest) => apiClient.post(`${at(id)}/adjustments`, body));

export const useDeleteAdjustment = (id: string) =>
  usePeriodMutation((adjustmentId: string) => apiClient.delete(`${at(id)}/adjustments/${adjustmentId}`));

export const useSetPayslipStatus = () =>
  usePeriodMutation(
    ({ payslipId, action }: { payslipId: string; action: 'hold' | 'include' | 'exclude' | 'release' }) =>
      apiClient.post(`${BASE}/payslips/${payslipId}/${action}`, {}),
  );

export const downloadRegister = (id: string, format: 'xlsx' | 'csv' | 'pdf') =>
  apiClient.download(`${at(id)}/register`, { params: { Format: format } });

/** Every payslip of a finalised period in one PDF. */
export const downloadPayslips = (id: string) => apiClient.download(`${at(id)}/payslips-pdf`);

/** The certificate of final pay of one employee of a finalised final-pay period. */
export const downloadFinalPayCertificate = (periodId: string, employeeId: string) =>
  apiClient.download('/api/v1/payroll/reports/final-pay-certificate', {
    params: { PayrollPeriodId: periodId, EmployeeId: employeeId },
  });

/** Mails each employee of a finalised period that the payslip is ready (through the outbox). */
export const emailPayslipNotices = (id: string) =>
  apiClient.post<{ Sent: number }>(`${at(id)}/payslips-email`);
