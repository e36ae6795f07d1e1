import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest, User } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** The server e-mails the new user an invitation to set a password. 400 `{Code: 'Email'}` when taken. */
export const createUser = (body: CreateUserRequest) => apiClient.post<User>('/api/v1/users', body);

export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
