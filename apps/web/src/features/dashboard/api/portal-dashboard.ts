import { useQueries, useQuery } from '@tanstack/react-query';
import {
  REQUEST_KINDS,
  REQUEST_SEGMENTS,
  type EmployeeLeaveCredits,
  type ListResponse,
  type PortalPayslipList,
  type PortalToday,
  type RequestKind,
  type TimeRequest,
} from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

/**
 * The portal dashboard reads what the portal pages read: today's schedule, the leave credits, the user's own
 * pending requests of each kind and, for an approver, what waits for their review. Fresh on every visit.
 */
export function usePortalDashboard(isApprover: boolean) {
  return useQueries({
    queries: [
      {
        queryKey: ['portal', 'today'],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          apiClient.get<PortalToday>('/api/v1/portal/today', { signal }),
        staleTime: 0,
      },
      {
        queryKey: ['leave-credits', 'mine'],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          apiClient.get<EmployeeLeaveCredits>('/api/v1/portal/leave-credits', { signal }),
        staleTime: 0,
      },
      {
        queryKey: ['requests', 'mine-pending'],
        queryFn: async ({ signal }: { signal: AbortSignal }) => {
          const lists = await Promise.all(
            REQUEST_KINDS.map((kind) =>
              apiClient.post<ListResponse<TimeRequest>>(
                `/api/v1/${REQUEST_SEGMENTS[kind]}/list`,
                { Scope: 'Mine', Status: 'Pending', PageSize: 5, SortBy: 'DateFrom' },
                { signal },
              ),
            ),
          );
          return lists.flatMap((l) => l.Items).sort((a, b) => a.DateFrom.localeCompare(b.DateFrom));
        },
        staleTime: 0,
      },
      {
        queryKey: ['requests', 'pending-counts'],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          apiClient.get<Record<RequestKind, number>>('/api/v1/requests/pending-counts', { signal }),
        enabled: isApprover,
        staleTime: 0,
      },
    ],
  });
}

/** The employee's released payslips (the payslips page reads the same list under the same key). */
export const useMyPayslipList = () =>
  useQuery({
    queryKey: ['payslips', 'mine'],
    queryFn: ({ signal }) => apiClient.get<PortalPayslipList>('/api/v1/portal/payslips', { signal }),
    staleTime: 0,
  });
