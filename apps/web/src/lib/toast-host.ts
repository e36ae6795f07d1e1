import type { ToastOptions } from 'react-toastify';

/**
 * The toast library (react-toastify, about 9 kB compressed) loads only when the app needs it: with the first
 * toast shown through `showToast` (the error handler, list actions, the session-expiry toast on a sign-in page),
 * or once a signed-in screen has shown and the browser is idle (app/toast-host.tsx: pages that import `toast`
 * themselves). No page's first paint waits for it (issue 11). Toasts asked for before the container mounts are
 * queued by the library and shown when it does.
 */
let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the toast container (App's ToastHost) from now on. */
export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

export const toastsWanted = () => wanted;

export function subscribeToToastHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** A toast from code that must not carry the toast library itself; it shows once the library has loaded. */
export function showToast(kind: ToastKind, message: string, options?: ToastOptions): Promise<void> {
  wantToasts();
  return import('react-toastify').then(({ toast }) => {
    if (options) toast[kind](message, options);
    else toast[kind](message);
  });
}

/**
 * An error toast from code that must not carry the toast library itself: the session (loaded at start), and
 * the error handler and list actions every signed-in page loads with its first paint (issue 11).
 */
export const showErrorToast = (message: string, options?: ToastOptions) =>
  showToast('error', message, options);
