import { lazy, type ComponentProps, type ComponentType } from 'react';

/** A component whose code loads on demand; `preload` starts (or joins) the download. */
export type Loadable<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A component whose code loads lazily, rendered at once (without suspending) once its module is in. React.lazy
 * suspends on its first render even when the module has already loaded, and React then holds the content back
 * for up to 300 ms after the fallback it showed (its fallback throttle): the opening page of every visit
 * painted about a quarter of a second after its code had run, the main thread idle meanwhile (issue 11: LCP).
 * The module is asked for once; a failed download is asked for again on the next render or preload.
 */
export function loadable<P extends object>(load: () => Promise<ComponentType<P>>): Loadable<P> {
  let component: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (loaded) => (component = loaded),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Loaded(props: P) {
    const Component = (component ?? Lazy) as ComponentType<P>;
    return <Component {...props} />;
  }
  return Object.assign(Loaded, { preload });
}

/**
 * A part of a page whose code loads when first reached for, not with the page (issue 11): `onReach` (spread on
 * the control that opens it) starts the download on pointer, touch or focus; `Component` renders it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component is rendered with its own
export function lazyPart<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): {
  Component: Loadable<ComponentProps<M[K]>>;
  onReach: { onPointerEnter: () => void; onTouchStart: () => void; onFocus: () => void };
} {
  const Component = loadable(async () => (await load())[name] as ComponentType<ComponentProps<M[K]>>);
  const prefetch = () => void Component.preload().catch(() => undefined);
  return { Component, onReach: { onPointerEnter: prefetch, onTouchStart: prefetch, onFocus: prefetch } };
}
