import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loginRouteFor } from './app/navigation';
import { createAppRouter } from './app/router';
import { installPreloadErrorReload } from './lib/preload-error';
import { restoreSessionOnStart } from './lib/session';

installPreloadErrorReload();

// Spec §4 "On start": with no valid token, try a refresh; if it fails, the expiry toast (queued until the toast
// container mounts) and the login page of the old token's type.
void restoreSessionOnStart().then(async (start) => {
  if (start.expired) window.history.replaceState(null, '', loginRouteFor(start.userType));
  // The router reads the location when created, so it is created after the start-up redirect.
  const { router, opening } = createAppRouter();
  // The opening route's layout and page first (their files are already on their way): rendered before they
  // are in, the page would show a loading placeholder and then wait React's fallback throttle (up to 300 ms)
  // before its content (issue 11: LCP). The HTML's splash shows meanwhile.
  await opening;
  // A phone's main thread must not be held for the whole start (issue 11: total blocking time): the scripts'
  // evaluation ends its task here, and the first render is a transition, which React does in slices that
  // give the main thread back every few milliseconds.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
});
