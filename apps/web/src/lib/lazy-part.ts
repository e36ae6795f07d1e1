import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component whose code loads when first reached for, not with the page (issue 11): `onReach` (spread on the
 * control that opens it) starts the download on pointer, touch or focus; `Component` renders it (suspending until
 * loaded). The module is asked for once; a failed download is asked for again on the next reach.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component is rendered with its own
export function lazyPart<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): {
  Component: LazyExoticComponent<M[K]>;
  onReach: { onPointerEnter: () => void; onTouchStart: () => void; onFocus: () => void };
} {
  let loading: Promise<M> | undefined;
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const prefetch = () => void once().catch(() => undefined);
  return {
    Component: lazy(async () => ({ default: (await once())[name] })),
    onReach: { onPointerEnter: prefetch, onTouchStart: prefetch, onFocus: prefetch },
  };
}
