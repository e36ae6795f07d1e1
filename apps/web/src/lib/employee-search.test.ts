import { describe, expect, it, vi } from 'vitest';
import { searchEmployees } from './employee-search';

// Review: with nothing typed the picker sent no SearchText; the spec's call is `?SearchText=&CompanyId=` (§7).
describe('searchEmployees', () => {
  it('sends SearchText even when empty, and CompanyId only for a named company', async () => {
    const fetchMock = vi.fn(
      async () => new Response('[]', { headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      await searchEmployees('own', '');
      await searchEmployees('6f1c2a3e-0b4d-4c5e-9f60-7a8b9c0d1e2f', 'ana');
      expect(fetchMock.mock.calls.map((call) => String((call as unknown[])[0]))).toEqual([
        '/api/v1/employees/search?SearchText=',
        '/api/v1/employees/search?SearchText=ana&CompanyId=6f1c2a3e-0b4d-4c5e-9f60-7a8b9c0d1e2f',
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
