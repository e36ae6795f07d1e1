import { decodeJwtPayload } from './jwt';
import { showErrorToast } from './toast-host';

/** localStorage keys of spec §3. */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
const REFRESH_URL = '/api/v1/users/refresh-token';

/** The signed-in user as the access token describes it (spec §3). */
export interface SessionUser {
  /** The user's id (the token's subject). */
  userId: string;
  /** Admin, PayrollUser, HRUser or PortalUser; any other text is kept as-is and gets no menu. */
  userType: string;
  company: string;
  name: string;
  tenantId: string;
  isApprover: boolean;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The claims of a token, or null when it cannot be read (an unreadable token counts as expired). */
export function decodeSession(token: string | null | undefined): SessionUser | null {
  if (!token) return null;
  const claims = decodeJwtPayload(token);
  if (!claims || typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return null;
  return {
    userId: text(claims.sub),
    userType: text(claims.user_type),
    company: text(claims.company),
    name: text(claims.name),
    tenantId: text(claims.tenant_id),
    isApprover: claims.is_approver === 'True',
    exp: claims.exp,
  };
}

export function isTokenExpired(token: string | null | undefined, nowMs = Date.now()): boolean {
  const session = decodeSession(token);
  return !session || session.exp * 1000 <= nowMs;
}

export const readToken = () => localStorage.getItem(TOKEN_KEY);
export const readRefreshToken = () => localStorage.getItem(REFRESH_TOKEN_KEY);

/** The signed-in user, or null when there is no token or it has expired (spec §4 "Authenticated"). */
export function currentUser(nowMs = Date.now()): SessionUser | null {
  const token = readToken();
  return token && !isTokenExpired(token, nowMs) ? decodeSession(token) : null;
}

// ---- change notification, for useSyncExternalStore and for the app's navigation on session end ----

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab signing in or out changes what this one shows.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) notify();
  });
}

export function storeTokens(accessToken: string, refreshToken?: string): void {
  localStorage.setItem(TOKEN_KEY, accessToken);
  if (refreshToken !== undefined) localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
  notify();
}

export function clearTokens(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  notify();
}

type SessionEndedListener = (userType: string | undefined) => void;
const endedListeners = new Set<SessionEndedListener>();

/** The app registers here to navigate to the login route of the type (lib code knows no routes). */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/**
 * Ends the session: clears both tokens, optionally shows the expiry toast, then tells the app the user type of
 * the old token so it can go to that type's login route. Returns that type.
 */
export function endSession(options: { expired?: boolean; navigate?: boolean } = {}): string | undefined {
  // A session that has already ended (both tokens gone) is not ended again: a request sent before the end whose
  // 401 lands after it would otherwise read no type from the cleared token and send the user from the login page
  // of their type to /.
  if (readToken() === null && readRefreshToken() === null) return undefined;
  const userType = decodeSession(readToken())?.userType || undefined;
  clearTokens();
  if (options.expired) void showErrorToast(SESSION_EXPIRED_MESSAGE, { toastId: 'session-expired' });
  if (options.navigate !== false) endedListeners.forEach((listener) => listener(userType));
  return userType;
}

// ---- refresh ----

export class RefreshFailedError extends Error {
  constructor(readonly status: number) {
    super('The session could not be refreshed.');
    this.name = 'RefreshFailedError';
  }
}

let refreshInFlight: Promise<string> | null = null;

/**
 * Trades the refresh token for a new access token and stores it. Concurrent callers share one request, so a
 * burst of 401s costs a single refresh. Rejects with RefreshFailedError when there is no refresh token or the
 * server refuses it.
 */
export function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= (async () => {
    const refreshToken = readRefreshToken();
    if (!refreshToken) throw new RefreshFailedError(0);
    let response: Response;
    try {
      response = await fetch(REFRESH_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
    } catch {
      throw new RefreshFailedError(0);
    }
    if (!response.ok) throw new RefreshFailedError(response.status);
    const accessToken: unknown = await response.json().catch(() => null);
    if (typeof accessToken !== 'string' || !decodeSession(accessToken))
      throw new RefreshFailedError(response.status);
    storeTokens(accessToken);
    return accessToken;
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Spec §4 "On start": with no valid token, try a refresh; if that fails clear both tokens, show the expiry toast
 * and answer the type of the old token (the caller goes to its login page). With a valid token nothing happens.
 * A first-time visitor (no token and no refresh token) has no session to expire and is left alone.
 */
export async function restoreSessionOnStart(): Promise<
  { expired: false } | { expired: true; userType?: string }
> {
  const token = readToken();
  if (token && !isTokenExpired(token)) return { expired: false };
  if (!token && !readRefreshToken()) return { expired: false };
  try {
    await refreshAccessToken();
    return { expired: false };
  } catch {
    const userType = endSession({ expired: true, navigate: false });
    return { expired: true, userType };
  }
}

/**
 * For route guards: the signed-in user, refreshing first when the access token has expired but a refresh
 * token is kept. A failed refresh ends the session (toast, tokens cleared, the app goes to the login route of
 * the old type) and yields null plus that type.
 */
export async function ensureFreshSession(): Promise<{ user: SessionUser | null; endedFor?: string }> {
  const user = currentUser();
  if (user) return { user };
  if (!readRefreshToken()) return { user: null };
  try {
    await refreshAccessToken();
    return { user: currentUser() };
  } catch {
    return { user: null, endedFor: endSession({ expired: true }) ?? '' };
  }
}
