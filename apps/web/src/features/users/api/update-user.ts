import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserRequest, User } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** 409 on a stale RowVersion, and when an Admin would disable itself or the last active Admin. */
export const updateUser = (body: UpdateUserRequest & { UserId: string }) =>
  apiClient.put<User>(`/api/v1/users/${encodeURIComponent(body.UserId)}`, body);

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
