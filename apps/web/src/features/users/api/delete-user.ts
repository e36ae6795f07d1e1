import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** 409 (with the reason) for one's own account and for the last active Admin. */
export const deleteUser = (id: string) =>
  apiClient.delete<{ Message: string }>(`/api/v1/users/${encodeURIComponent(id)}`);

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
