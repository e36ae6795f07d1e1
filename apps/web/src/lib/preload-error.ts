/**
 * After a deployment, an open tab may ask for page chunks that no longer exist. Vite then raises
 * `vite:preloadError`; we reload once to pick up the new build. A second failure shortly after is left to the
 * router, whose error element falls back to / (spec §2 "A failed navigation falls back to /").
 */
export const PRELOAD_RELOAD_KEY = 'hrpay:preload-reload-at';
const RELOAD_WINDOW_MS = 60_000;

export function shouldReloadAfterPreloadError(
  storage: Pick<Storage, 'getItem'>,
  nowMs = Date.now(),
): boolean {
  const last = Number(storage.getItem(PRELOAD_RELOAD_KEY));
  return !Number.isFinite(last) || last <= 0 || nowMs - last > RELOAD_WINDOW_MS;
}

export function installPreloadErrorReload(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (!shouldReloadAfterPreloadError(target.sessionStorage)) return;
    target.sessionStorage.setItem(PRELOAD_RELOAD_KEY, String(Date.now()));
    event.preventDefault();
    target.location.reload();
  });
}
