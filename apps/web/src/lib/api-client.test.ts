import { describe, expect, it, vi, afterEach } from 'vitest';
import { toast } from 'react-toastify';
import { fakeToken, sessionClaims } from '@/test/tokens';
import { apiClient } from './api-client';
import { ApiError } from './api-error';
import { REFRESH_TOKEN_KEY, TOKEN_KEY, onSessionEnded } from './session';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const headerOf = (call: unknown[], name: string) => new Headers((call[1] as RequestInit).headers).get(name);

afterEach(() => vi.unstubAllGlobals());

/**
 * A signed-in portal user whose refresh token the server will refuse, its toasts silenced; `ended` records
 * where the session-ended listener was sent, `stop` removes it.
 */
function portalSessionWithDeadRefresh() {
  localStorage.setItem(TOKEN_KEY, fakeToken(sessionClaims({ user_type: 'PortalUser' })));
  localStorage.setItem(REFRESH_TOKEN_KEY, 'dead');
  vi.spyOn(toast, 'error').mockReturnValue('id');
  const ended = vi.fn();
  return { ended, stop: onSessionEnded(ended) };
}

describe('apiClient (spec §7)', () => {
  it('sends JSON with the bearer token and X-Tenant-ID from the token', async () => {
    const token = fakeToken(sessionClaims());
    localStorage.setItem(TOKEN_KEY, token);
    const fetch = vi.fn().mockResolvedValue(json({ Id: 1 }));
    vi.stubGlobal('fetch', fetch);

    expect(
      await apiClient.post('/api/v1/things', { Name: 'x' }, { params: { Page: 1, Skip: undefined } }),
    ).toEqual({
      Id: 1,
    });
    const call = fetch.mock.calls[0]!;
    expect(call[0]).toBe('/api/v1/things?Page=1');
    expect(headerOf(call, 'Authorization')).toBe(`Bearer ${token}`);
    expect(headerOf(call, 'X-Tenant-ID')).toBe('11111111-2222-3333-4444-555555555555');
    expect(headerOf(call, 'Content-Type')).toBe('application/json');
    expect((call[1] as RequestInit).body).toBe('{"Name":"x"}');
  });

  it('retries a 401 once after a refresh, with the new bearer token', async () => {
    const old = fakeToken(sessionClaims({ sid: 'old' }));
    const fresh = fakeToken(sessionClaims({ sid: 'new' }));
    localStorage.setItem(TOKEN_KEY, old);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json({ title: 'Unauthorized', status: 401 }, 401))
      .mockResolvedValueOnce(json(fresh))
      .mockResolvedValueOnce(json({ ok: true }));
    vi.stubGlobal('fetch', fetch);

    expect(await apiClient.get('/api/v1/portal/employees/basic-info')).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch.mock.calls[1]![0]).toBe('/api/v1/users/refresh-token');
    expect(headerOf(fetch.mock.calls[2]!, 'Authorization')).toBe(`Bearer ${fresh}`);
  });

  it('when the refresh fails: clears tokens, asks for the login route of the type, passes the error on', async () => {
    const { ended, stop } = portalSessionWithDeadRefresh();
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json({ title: 'Forbidden', status: 403, detail: 'No access.' }, 403))
        .mockResolvedValueOnce(json({ title: 'Unauthorized', status: 401 }, 401)),
    );

    const error = await apiClient.get('/api/v1/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).detail).toBe('No access.');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(ended).toHaveBeenCalledWith('PortalUser');
    stop();
  });

  it('a 401 that lands after the session ended does not end it again (no second trip, to /)', async () => {
    const { ended, stop } = portalSessionWithDeadRefresh();
    let answerLate!: (response: Response) => void;
    const late = new Promise<Response>((resolve) => (answerLate = resolve));
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json({ title: 'Unauthorized', status: 401 }, 401))
        .mockReturnValueOnce(late)
        .mockResolvedValueOnce(json({ title: 'Unauthorized', status: 401 }, 401)),
    );

    const first = apiClient.get('/api/v1/first').catch((caught: unknown) => caught);
    const second = apiClient.get('/api/v1/second').catch((caught: unknown) => caught);
    expect(await first).toBeInstanceOf(ApiError);
    answerLate(json({ title: 'Unauthorized', status: 401 }, 401));
    expect(await second).toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith('PortalUser');
    stop();
  });

  it('does not refresh for public calls and surfaces problem details', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValue(json({ title: 'Unauthorized', status: 401, detail: 'Wrong.' }, 401));
    vi.stubGlobal('fetch', fetch);
    const error = (await apiClient
      .post('/api/v1/users/login', {}, { skipAuthRefresh: true })
      .catch((caught: unknown) => caught)) as ApiError;
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(error.detail).toBe('Wrong.');
  });

  it('downloads blobs by GET and POST with the file name of Content-Disposition', async () => {
    const fetch = vi.fn().mockImplementation(
      async () =>
        new Response('a,b', {
          headers: { 'Content-Disposition': "attachment; filename*=UTF-8''payroll%20register.csv" },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const byGet = await apiClient.download('/api/v1/reports/1');
    expect(byGet.fileName).toBe('payroll register.csv');
    expect(await byGet.blob.text()).toBe('a,b');
    const byPost = await apiClient.downloadPost('/api/v1/reports/export', { PeriodId: 1 });
    expect(fetch.mock.calls[1]![1].method).toBe('POST');
    expect(byPost.fileName).toBe('payroll register.csv');
  });

  it('uploads multipart without forcing a JSON content type', async () => {
    const fetch = vi.fn().mockResolvedValue(json({ Rows: 3 }));
    vi.stubGlobal('fetch', fetch);
    const file = new File(['x'], 'employees.csv', { type: 'text/csv' });
    expect(await apiClient.upload('/api/v1/imports', file, { fields: { CompanyId: '7' } })).toEqual({
      Rows: 3,
    });
    const init = fetch.mock.calls[0]![1] as RequestInit;
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('CompanyId')).toBe('7');
    expect(headerOf(fetch.mock.calls[0]!, 'Content-Type')).toBeNull();
  });
});
