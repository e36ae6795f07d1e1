import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployeeBasicInfo } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';

/**
 * The signed-in user's own employee card (portal API, open to every type). A user with no employee linked gets their
 * own name and nulls for the rest, which the card shows as N/A.
 */
export const basicInfoQueryKey = ['portal', 'employees', 'basic-info'] as const;

export const fetchBasicInfo = (signal?: AbortSignal) =>
  apiClient.get<EmployeeBasicInfo>('/api/v1/portal/employees/basic-info', { signal });

export const basicInfoQueryOptions = () =>
  queryOptions({
    queryKey: basicInfoQueryKey,
    queryFn: ({ signal }) => fetchBasicInfo(signal),
    staleTime: 5 * 60_000,
  });

/**
 * An error stays shown until the person presses Retry: opening the card again does not silently refetch.
 */
export const useBasicInfo = () => {
  const signedIn = useSession() !== null;
  return useQuery({ ...basicInfoQueryOptions(), enabled: signedIn, retryOnMount: false });
};
