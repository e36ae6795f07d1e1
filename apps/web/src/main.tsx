import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loginRouteFor } from './app/navigation';
import { createAppRouter } from './app/router';
import { installPreloadErrorReload } from './lib/preload-error';
import { restoreSessionOnStart } from './lib/session';

installPreloadErrorReload();

// Spec §4 "On start": with no valid token, try a refresh; if it fails, the expiry toast (queued until the toast
// container mounts) and the login page of the old token's type.
void restoreSessionOnStart().then((start) => {
  if (start.expired) window.history.replaceState(null, '', loginRouteFor(start.userType));
  // The router reads the location when created, so it is created after the start-up redirect.
  const router = createAppRouter();
  const root = createRoot(document.getElementById('root')!);
  // The first paint happens now, not in a later task: the shell is on screen when the page reports loaded.
  flushSync(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
});
