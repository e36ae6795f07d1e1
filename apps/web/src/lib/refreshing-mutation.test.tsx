import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ProblemTypes } from '@hrpay/contracts';
import { newQueryClient } from '@/test/fetch-stub';
import { ApiError } from './api-error';
import { useRefreshingMutation } from './refreshing-mutation';

/** A list read through `key` (counting its reads) beside a mutation refreshing it that fails with `error`. */
function setUp(error: unknown) {
  const queryClient = newQueryClient();
  const read = vi.fn(async () => ['row']);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => ({
      list: useQuery({ queryKey: ['things', 'list'], queryFn: read }),
      save: useRefreshingMutation(() => Promise.reject(error), [['things']]),
    }),
    { wrapper },
  );
  return { result, read };
}

// HR review: after a 409 the department, lookup, leave type and punch dialogs said "the list now shows the latest
// version", but their lists were refreshed only after a save that worked, so a retry was refused again.
describe('useRefreshingMutation', () => {
  it('refreshes the list before it reports a save refused as stale (409)', async () => {
    const stale = new ApiError(409, { type: ProblemTypes.staleRowVersion, status: 409, detail: 'Changed' });
    const { result, read } = setUp(stale);
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    expect(read).toHaveBeenCalledTimes(1);
    await act(() => expect(result.current.save.mutateAsync(undefined)).rejects.toBe(stale));
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('does not refresh after another refusal', async () => {
    const { result, read } = setUp(new ApiError(400, { status: 400, detail: 'Bad' }));
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    await act(() => expect(result.current.save.mutateAsync(undefined)).rejects.toBeInstanceOf(ApiError));
    expect(read).toHaveBeenCalledTimes(1);
  });
});
