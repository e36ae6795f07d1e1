import { useQuery } from '@tanstack/react-query';
import type { PortalPayslipDetail, PortalPayslipList } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

export const myPayslipsQueryKey = ['payslips', 'mine'] as const;

/** The employee's own payslips of finalised periods, newest first. */
export const useMyPayslips = () =>
  useQuery({
    queryKey: myPayslipsQueryKey,
    queryFn: ({ signal }) => apiClient.get<PortalPayslipList>('/api/v1/portal/payslips', { signal }),
    staleTime: 0,
  });

export const useMyPayslip = (id: string | null) =>
  useQuery({
    queryKey: [...myPayslipsQueryKey, id],
    queryFn: ({ signal }) => apiClient.get<PortalPayslipDetail>(`/api/v1/portal/payslips/${id}`, { signal }),
    enabled: id !== null,
  });
