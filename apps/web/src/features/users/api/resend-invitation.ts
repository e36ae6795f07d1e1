import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** A fresh invitation link for a user who has not set a password yet; earlier links stop working. */
export const resendInvitation = (id: string) =>
  apiClient.post<{ Message: string }>(`/api/v1/users/${encodeURIComponent(id)}/resend-invitation`);

export const useResendInvitation = () => useMutation({ mutationFn: resendInvitation });
