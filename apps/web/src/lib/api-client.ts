import { ApiError } from './api-error';
import { endSession, readToken, refreshAccessToken, decodeSession } from './session';

/**
 * The one HTTP client (spec §7): same origin, JSON, `X-Tenant-ID` from the token's tenant_id, bearer token when
 * one exists, no default timeout (pass a signal to cancel). A 401 or 403 is retried once after a token refresh
 * with the new bearer; when the refresh fails the session ends (tokens cleared, login route of the type) and the
 * original error is passed on (spec §4, §8).
 */
export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Query-string parameters; undefined and null values are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** Public calls (sign-in, refresh, password links) never trigger the refresh-and-retry. */
  skipAuthRefresh?: boolean;
}

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'form'; value: FormData };
type Expect = 'json' | 'blob';

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition when the server names the file. */
  fileName: string | undefined;
  /** The answer's headers (a bank file names the employees it left out in one). */
  headers: Headers;
}

export const API_BASE_URL = '';

function buildUrl(path: string, params: RequestOptions['params']): string {
  const url = `${API_BASE_URL}${path}`;
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const search = query.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

function buildHeaders(body: Body, expect: Expect, extra: Record<string, string> | undefined): Headers {
  const headers = new Headers({ Accept: expect === 'json' ? 'application/json' : '*/*' });
  // JSON content type on every JSON body; multipart bodies let the browser write their own boundary.
  if (body.kind === 'json') headers.set('Content-Type', 'application/json');
  const token = readToken();
  if (token) {
    headers.set('Authorization', `Bearer ${token}`);
    const tenantId = decodeSession(token)?.tenantId;
    if (tenantId) headers.set('X-Tenant-ID', tenantId);
  }
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return headers;
}

async function readProblem(response: Response): Promise<ApiError> {
  let problem: ApiError['problem'] = null;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') problem = parsed as ApiError['problem'];
    } catch {
      problem = null;
    }
  }
  return new ApiError(response.status, problem);
}

async function send(method: string, path: string, body: Body, expect: Expect, options: RequestOptions) {
  const attempt = async () => {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.params), {
        method,
        headers: buildHeaders(body, expect, options.headers),
        body:
          body.kind === 'none' ? undefined : body.kind === 'json' ? JSON.stringify(body.value) : body.value,
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, null, 'The server could not be reached. Check your connection and try again.');
    }
    return response;
  };

  let response = await attempt();
  if ((response.status === 401 || response.status === 403) && !options.skipAuthRefresh) {
    const original = await readProblem(response);
    try {
      await refreshAccessToken();
    } catch {
      endSession({ expired: true });
      throw original;
    }
    response = await attempt();
  }
  if (!response.ok) throw await readProblem(response);
  return response;
}

async function json<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

function fileNameOf(response: Response): string | undefined {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      return encoded.trim();
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
}

const none: Body = { kind: 'none' };
const jsonBody = (value: unknown): Body => (value === undefined ? none : { kind: 'json', value });

export const apiClient = {
  get: async <T>(path: string, options: RequestOptions = {}) =>
    json<T>(await send('GET', path, none, 'json', options)),
  post: async <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    json<T>(await send('POST', path, jsonBody(body), 'json', options)),
  put: async <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    json<T>(await send('PUT', path, jsonBody(body), 'json', options)),
  /** DELETE, with a JSON body when the resource asks why (a time log's reason). */
  delete: async <T = void>(path: string, options: RequestOptions & { body?: unknown } = {}) =>
    json<T>(await send('DELETE', path, jsonBody(options.body), 'json', options)),
  /** Multipart upload by POST; `fields` become extra form parts next to the file. */
  upload: async <T>(
    path: string,
    file: Blob,
    options: RequestOptions & { fieldName?: string; fileName?: string; fields?: Record<string, string> } = {},
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    const fileName = options.fileName ?? (file instanceof File ? file.name : 'upload');
    form.append(options.fieldName ?? 'file', file, fileName);
    return json<T>(await send('POST', path, { kind: 'form', value: form }, 'json', options));
  },
  /** A file by GET (reports, payslips). */
  download: async (path: string, options: RequestOptions = {}): Promise<DownloadedFile> => {
    const response = await send('GET', path, none, 'blob', options);
    return { blob: await response.blob(), fileName: fileNameOf(response), headers: response.headers };
  },
  /** A file by POST, for exports driven by a filter body. */
  downloadPost: async (
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<DownloadedFile> => {
    const response = await send('POST', path, jsonBody(body), 'blob', options);
    return { blob: await response.blob(), fileName: fileNameOf(response), headers: response.headers };
  },
};

/** Hands a downloaded file to the browser's save flow. */
export function saveFile({ blob, fileName }: DownloadedFile, fallbackName = 'download'): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
