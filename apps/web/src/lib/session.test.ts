import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'react-toastify';
import { fakeToken, inSeconds, sessionClaims } from '@/test/tokens';
import {
  REFRESH_TOKEN_KEY,
  SESSION_EXPIRED_MESSAGE,
  TOKEN_KEY,
  currentUser,
  decodeSession,
  isTokenExpired,
  onSessionEnded,
  restoreSessionOnStart,
} from './session';

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('decodeSession (spec §3 session user)', () => {
  it('reads the claims; is_approver is true only for the text True', () => {
    const session = decodeSession(fakeToken(sessionClaims({ is_approver: 'True', exp: 2000000000 })));
    expect(session).toEqual({
      userId: 'user-1',
      userType: 'HRUser',
      company: 'Demo Manufacturing Inc.',
      name: 'Maria Santos',
      tenantId: '11111111-2222-3333-4444-555555555555',
      isApprover: true,
      exp: 2000000000,
    });
    expect(decodeSession(fakeToken(sessionClaims({ is_approver: 'true' })))?.isApprover).toBe(false);
    expect(decodeSession(fakeToken(sessionClaims({ is_approver: true })))?.isApprover).toBe(false);
  });

  it('answers null for unreadable tokens or tokens without exp', () => {
    expect(decodeSession('garbage')).toBeNull();
    expect(decodeSession(null)).toBeNull();
    expect(decodeSession(fakeToken({ user_type: 'Admin' }))).toBeNull();
  });
});

describe('isTokenExpired / currentUser (spec §4 authenticated)', () => {
  it('is authenticated only with a readable, unexpired token', () => {
    expect(isTokenExpired(fakeToken(sessionClaims({ exp: inSeconds(60) })))).toBe(false);
    expect(isTokenExpired(fakeToken(sessionClaims({ exp: inSeconds(-1) })))).toBe(true);
    expect(isTokenExpired('garbage')).toBe(true);
    expect(currentUser()).toBeNull();
    localStorage.setItem(TOKEN_KEY, fakeToken(sessionClaims()));
    expect(currentUser()?.name).toBe('Maria Santos');
  });
});

describe('restoreSessionOnStart (spec §4 on start)', () => {
  it('does nothing with a valid token', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem(TOKEN_KEY, fakeToken(sessionClaims()));
    expect(await restoreSessionOnStart()).toEqual({ expired: false });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refreshes an expired token and stores the new one', async () => {
    const fresh = fakeToken(sessionClaims({ exp: inSeconds(900) }));
    const fetch = vi.fn().mockResolvedValue(jsonResponse(fresh));
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem(TOKEN_KEY, fakeToken(sessionClaims({ exp: inSeconds(-60) })));
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');

    expect(await restoreSessionOnStart()).toEqual({ expired: false });
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/users/refresh-token',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(JSON.parse(fetch.mock.calls[0]![1].body)).toEqual({ refreshToken: 'refresh-1' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe(fresh);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
  });

  it('on a failed refresh clears both tokens, toasts, and answers the old type', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse({ title: 'Unauthorized', status: 401 }, 401)),
    );
    const toastError = vi.spyOn(toast, 'error').mockReturnValue('id');
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    localStorage.setItem(
      TOKEN_KEY,
      fakeToken(sessionClaims({ user_type: 'PayrollUser', exp: inSeconds(-5) })),
    );
    localStorage.setItem(REFRESH_TOKEN_KEY, 'dead');

    expect(await restoreSessionOnStart()).toEqual({ expired: true, userType: 'PayrollUser' });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    // The toast library loads on demand (lib/toast-host.ts), so the toast follows a moment later.
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE, expect.anything()),
    );
    expect(SESSION_EXPIRED_MESSAGE).toBe('Your session has expired. Please log in again.');
    // On start the caller redirects before the router exists; no session-end navigation is requested.
    expect(ended).not.toHaveBeenCalled();
    stop();
  });

  it('treats an unreadable token as expired (old type unknown)', async () => {
    vi.stubGlobal('fetch', vi.fn());
    vi.spyOn(toast, 'error').mockReturnValue('id');
    localStorage.setItem(TOKEN_KEY, 'garbage');
    expect(await restoreSessionOnStart()).toEqual({ expired: true, userType: undefined });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('leaves a first-time visitor alone', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await restoreSessionOnStart()).toEqual({ expired: false });
    expect(fetch).not.toHaveBeenCalled();
  });
});
