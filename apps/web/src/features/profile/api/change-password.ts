import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

export const changePassword = (body: ChangePasswordRequest) =>
  apiClient.post<{ Message: string }>('/api/v1/users/change-password', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
