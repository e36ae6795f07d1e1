import type { ToastOptions } from 'react-toastify';

/**
 * The toast library (react-toastify, about 9 kB compressed) loads only when the app needs it: once someone is
 * signed in (the signed-in pages toast), or when a toast is shown before that (the session-expiry toast on a
 * sign-in page, an error on a public page). The sign-in pages themselves carry none of it (issue 11). Toasts
 * asked for before the container mounts are queued by the library and shown when it does.
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
    toast[kind](message, options);
  });
}

/**
 * An error toast from code that must not carry the toast library itself: the session (loaded at start), and
 * the error handler and list actions every signed-in page loads with its first paint (issue 11).
 */
export const showErrorToast = (message: string, options?: ToastOptions) =>
  showToast('error', message, options);
