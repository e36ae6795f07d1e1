import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError } from './api-error';

/**
 * Answers from the server are final (a 404 or 500 will not change by asking again at once): only requests that
 * never reached the server are retried, twice. Screens offer their own Retry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => isApiError(error) && error.status === 0 && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * After a record was deleted: every query under `queryKey` is refreshed except the record's own (its detail,
 * history, payslips), which would only answer 404 while its page leaves.
 */
export const invalidateAfterDelete = (queryClient: QueryClient, queryKey: QueryKey, deletedId: string) =>
  queryClient.invalidateQueries({ queryKey, predicate: (query) => !query.queryKey.includes(deletedId) });
