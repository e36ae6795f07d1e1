import type { ListResponse, User, UserListRequest } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

/** One page of users, of every company (`segment` 'all') or of one company (its id; 404 when unknown). */
export const fetchUsers = (segment: string, request: UserListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<User>>(`/api/v1/users/list/${encodeURIComponent(segment)}`, request, {
    signal,
  });
