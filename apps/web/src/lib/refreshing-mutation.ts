import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ProblemTypes } from '@hrpay/contracts';
import { isProblem } from './api-error';

/**
 * A mutation of listed records that refreshes `keys` when it succeeds, and also when it is refused as stale (409,
 * a colleague saved first): the list then shows the latest version, and a retry sends it. The refresh is
 * awaited, so a dialog's "the list now shows the latest version" is true when it is shown.
 */
export function useRefreshingMutation<V, R>(send: (value: V) => Promise<R>, keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn: send,
    onSuccess: refresh,
    onError: (error) => (isProblem(error, ProblemTypes.staleRowVersion) ? refresh() : undefined),
  });
}
