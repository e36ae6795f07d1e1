import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';

// Pages and the signed-in layouts load lazily (two dynamic imports in a row); on a busy 2-core CI machine the
// default 1 s for findBy* is not always enough to transform and load them.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Files share their worker's globals (vite.config.ts): a stub (a phone's matchMedia, fetch) ends with its test.
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // Toasts shown while no container was on screen wait in react-toastify's queue (a library's module, which the
  // reset below keeps): with no container mounted, dismissing all empties it.
  toast.dismiss();
  localStorage.clear();
  sessionStorage.clear();
});

// The next file in this worker evaluates the app's modules afresh (their state: the grid's code once loaded, the
// session's listeners, the app's toast host); the libraries' modules stay loaded, which is the time saved. The
// worker's DOM stays too, emptied by cleanup() after each test.
afterAll(() => vi.resetModules());
