import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { TOAST_CONTAINER_PROPS } from '@/lib/toast-config';
import { subscribeToToastHost, toastsWanted, wantToasts } from '@/lib/toast-host';
import { useSession } from '@/lib/use-session';

const ToastContainer = lazy(async () => ({ default: (await import('react-toastify')).ToastContainer }));

/**
 * How long after a signed-in screen first shows the toast library loads unasked: a signed-in page's first
 * paint does not need it, and on a phone's link its 12 kB would share the bandwidth with the page's own code
 * (issue 11). An error toast asks for it at once (lib/toast-host.ts).
 */
export const TOAST_IDLE_DELAY_MS = 1500;

/** `callback` once the browser is idle, `delay` ms from now; answers the cancel. */
function afterIdle(delay: number, callback: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback !== 'function') return callback();
    const id = requestIdleCallback(callback, { timeout: 2000 });
    cancelIdle = () => cancelIdleCallback(id);
  }, delay);
  return () => {
    clearTimeout(timer);
    cancelIdle?.();
  };
}

/**
 * The one toast container, outside the router so toasts survive navigation, and rendered outside #root (below)
 * so a dialog does not hide it from screen readers. It loads with the first toast
 * that asks for it (lib/toast-host.ts), or once a signed-in screen has shown and the browser is idle
 * (`TOAST_IDLE_DELAY_MS`), whichever comes first; until then toasts are queued by the library.
 */
export function ToastHost() {
  const signedIn = useSession() !== null;
  const wanted = useSyncExternalStore(subscribeToToastHost, toastsWanted, toastsWanted);
  useEffect(() => {
    // Once loaded the container stays, so a toast shown while signing out is not lost.
    if (signedIn && !wanted) return afterIdle(TOAST_IDLE_DELAY_MS, wantToasts);
  }, [signedIn, wanted]);
  if (!wanted) return null;
  return createPortal(
    <Suspense fallback={null}>
      <ToastContainer {...TOAST_CONTAINER_PROPS} />
    </Suspense>,
    toastRoot(),
  );
}

export const TOAST_ROOT_ID = 'toast-root';

/**
 * The toasts' own element, a child of <body> outside #root. An open MUI dialog marks every other child of <body>
 * aria-hidden (its ModalManager), and a toast there would never be announced; toasts are the app's status
 * messages, so this one element is kept readable: the mark is taken off again as soon as it is set.
 */
function toastRoot(): HTMLElement {
  const existing = document.getElementById(TOAST_ROOT_ID);
  if (existing) return existing;
  const root = document.createElement('div');
  root.id = TOAST_ROOT_ID;
  document.body.appendChild(root);
  new MutationObserver(() => {
    if (root.hasAttribute('aria-hidden')) root.removeAttribute('aria-hidden');
  }).observe(root, { attributes: true, attributeFilter: ['aria-hidden'] });
  return root;
}
