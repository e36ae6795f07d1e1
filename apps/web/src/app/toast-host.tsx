import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { TOAST_CONTAINER_PROPS } from '@/lib/toast-config';
import { subscribeToToastHost, toastsWanted, wantToasts } from '@/lib/toast-host';
import { useSession } from '@/lib/use-session';

const ToastContainer = lazy(async () => ({ default: (await import('react-toastify')).ToastContainer }));

/**
 * The one toast container, outside the router so toasts survive navigation. It loads with the first toast or
 * the first signed-in render, whichever comes first (lib/toast-host.ts); until then toasts are queued.
 */
export function ToastHost() {
  const signedIn = useSession() !== null;
  const wanted = useSyncExternalStore(subscribeToToastHost, toastsWanted, toastsWanted);
  useEffect(() => {
    // Once loaded the container stays, so a toast shown while signing out is not lost.
    if (signedIn) wantToasts();
  }, [signedIn]);
  if (!signedIn && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer {...TOAST_CONTAINER_PROPS} />
    </Suspense>
  );
}
