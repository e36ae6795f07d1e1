import { UserTypeId, type LoginResponse, type UserTypeName } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

/** The public auth calls: none of them carries a session, so none triggers the refresh-and-retry. */
const publicCall = { skipAuthRefresh: true } as const;

export const login = (email: string, password: string, userType: UserTypeName) =>
  apiClient.post<LoginResponse>(
    '/api/v1/users/login',
    { email: email.trim(), password, userType: UserTypeId[userType] },
    publicCall,
  );

export const requestPasswordReset = (email: string, userType: UserTypeName) =>
  apiClient.post<{ Message: string }>(
    '/api/v1/users/forgot-password',
    { Email: email.trim(), UserType: UserTypeId[userType] },
    publicCall,
  );

/** Redeems a password link: a reset link (`reset-password`) or an invitation (`account-setup`). */
export const setPasswordWithLink = (purpose: 'reset' | 'invite', token: string, newPassword: string) =>
  apiClient.post<{ Message: string }>(
    purpose === 'reset' ? '/api/v1/users/reset-password' : '/api/v1/users/account-setup',
    { Token: token, NewPassword: newPassword },
    publicCall,
  );
