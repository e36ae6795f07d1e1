import type { ToastContainerProps } from 'react-toastify';

/**
 * Spec §9: at most 20, newest on top, 7000 ms, no progress bar, not closed by a click, top-right, dismissed by
 * dragging 60 % of the width. (The spec also mentions an earlier 5000 ms reading; 7000 ms is the current one.)
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
