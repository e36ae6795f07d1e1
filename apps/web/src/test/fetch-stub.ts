import { afterEach, beforeEach, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';

export const jsonResponse = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });

/** A 409 problem-details answer of this type (RFC 9457), as the API refuses a change. */
export const conflictResponse = (type: string, detail: string) =>
  jsonResponse(409, { type, title: 'Conflict', status: 409, detail }, 'application/problem+json');

/** A client that neither retries a query nor a mutation: a refusal reaches the component at once. */
export const newQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/**
 * Stubs `fetch` for each test of the file: a GET answers what `read` gives for its URL (else an empty list); any
 * other method answers `stub.answer()`, which the test sets.
 */
export function stubFetch(read: (url: string) => Response | undefined = () => undefined) {
  const stub = { answer: (): Response => jsonResponse(200, {}) };
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input, init) => {
      if ((init?.method ?? 'GET') !== 'GET') return stub.answer();
      return read(String(input instanceof Request ? input.url : input)) ?? jsonResponse(200, []);
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });
  return stub;
}
