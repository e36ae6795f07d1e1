import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { userKeys } from './user-keys';

export const fetchUser = (id: string, signal?: AbortSignal) =>
  apiClient.get<User>(`/api/v1/users/${encodeURIComponent(id)}`, { signal });

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => fetchUser(id, signal) });

/** The user being edited; always read fresh on opening so its RowVersion is current. */
export const useUser = (id: string) => useQuery({ ...userQueryOptions(id), staleTime: 0 });
