import { useContext, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

/**
 * The app's query cache, provided by the signed-in layouts (the only screens that query): the public and
 * sign-in pages load no TanStack Query (issue 11). One client for both layouts, so the cache is one cache. A
 * provider already above (a test's own client) is left in charge.
 */
export function AppQueries({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
