import { useSyncExternalStore } from 'react';
import { currentUser, readToken, subscribeToSession, type SessionUser } from './session';

const cache: { token: string | null; user: SessionUser | null } = { token: null, user: null };

function snapshot(): SessionUser | null {
  const token = readToken();
  if (token !== cache.token) {
    cache.token = token;
    cache.user = currentUser();
  }
  return cache.user;
}

/** The signed-in user (from the access token), re-rendering when tokens change in this tab or another. */
export function useSession(): SessionUser | null {
  return useSyncExternalStore(subscribeToSession, snapshot, () => null);
}
