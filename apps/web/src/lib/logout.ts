import { apiClient } from './api-client';
import { endSession, readToken } from './session';

/**
 * Logout (spec §4): tells the server best-effort (revokes this session's refresh token), then clears both
 * tokens and hands over to the app, which goes to the login route of the user's type.
 */
export async function logout(): Promise<void> {
  if (readToken()) {
    await apiClient.post('/api/v1/users/logout', undefined, { skipAuthRefresh: true }).catch(() => undefined);
  }
  endSession();
}
