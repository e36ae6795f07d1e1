import type { ToastContainerProps } from 'react-toastify';

/**
 * Spec §9: at most 20, newest on top, 7000 ms, no progress bar, not closed by a click, top-right, dismissed by
 * dragging 60 % of the width. (The spec also mentions an earlier 5000 ms reading; 7000 ms is the current one.)
 * Over the app bar's corner, not below it: below the bar a toast covered the page's own top-right actions
 * (Approve, Recompute) for its 7 s, where over the bar it covers only the user's name and menu.
 */
export const TOAST_CONTAINER_PROPS = {
  position: 'top-right',
  newestOnTop: true,
  limit: 20,
  autoClose: 7000,
  hideProgressBar: true,
  closeOnClick: false,
  draggablePercent: 60,
} as const satisfies ToastContainerProps;
