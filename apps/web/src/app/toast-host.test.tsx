import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import Dialog from '@mui/material/Dialog';
import { fakeToken, sessionClaims } from '@/test/tokens';

// Each test starts with a fresh app: no toast container mounted, none wanted (the modules keep that state).
let host: typeof import('./toast-host');
let toasts: typeof import('@/lib/toast-host');
beforeEach(async () => {
  vi.resetModules();
  host = await import('./toast-host');
  toasts = await import('@/lib/toast-host');
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('ToastHost', () => {
  it('loads nothing for a visitor who is not signed in and has seen no toast', () => {
    vi.useFakeTimers();
    render(<host.ToastHost />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(toasts.toastsWanted()).toBe(false);
  });

  it("waits until a signed-in screen has shown for a moment, not the page's first paint", async () => {
    localStorage.setItem('token', fakeToken(sessionClaims()));
    vi.useFakeTimers();
    render(<host.ToastHost />);
    expect(toasts.toastsWanted()).toBe(false);
    act(() => vi.advanceTimersByTime(host.TOAST_IDLE_DELAY_MS - 1));
    expect(toasts.toastsWanted()).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    // Then when the browser is idle (at most 2 s later).
    await vi.waitFor(() => expect(toasts.toastsWanted()).toBe(true), { timeout: 3000 });
  });

  it('mounts at once for a toast asked for earlier', () => {
    localStorage.setItem('token', fakeToken(sessionClaims()));
    vi.useFakeTimers();
    render(<host.ToastHost />);
    act(() => void toasts.showToast('success', 'Saved'));
    expect(toasts.toastsWanted()).toBe(true);
  });

  // Sweep E finding 3: the container was inside #root, which an open dialog marks aria-hidden, so a screen
  // reader never heard a toast shown over a dialog.
  it('keeps the toasts outside #root and readable while a dialog is open', async () => {
    localStorage.setItem('token', fakeToken(sessionClaims()));
    const root = document.body.appendChild(document.createElement('div'));
    root.id = 'root';
    const { rerender, unmount } = render(<host.ToastHost />, { container: root });
    await act(() => toasts.showToast('error', 'The shift could not be saved.'));
    const alert = await screen.findByText('The shift could not be saved.');
    const toastRoot = document.getElementById(host.TOAST_ROOT_ID)!;
    expect(toastRoot.contains(alert)).toBe(true);
    expect(root.contains(alert)).toBe(false);

    rerender(
      <>
        <host.ToastHost />
        <Dialog open aria-label="Edit shift">
          <p>Form</p>
        </Dialog>
      </>,
    );
    await screen.findByRole('dialog');
    // MUI hides every other child of <body>: #root is, the toasts are not.
    expect(root.getAttribute('aria-hidden')).toBe('true');
    await vi.waitFor(() => expect(toastRoot.hasAttribute('aria-hidden')).toBe(false));
    expect(screen.getByText('The shift could not be saved.')).toBeTruthy();
    unmount();
    root.remove();
  });
});
