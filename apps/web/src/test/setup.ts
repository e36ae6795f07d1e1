import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Pages and the signed-in layouts load lazily (two dynamic imports in a row); on a busy 2-core CI machine the
// default 1 s for findBy* is not always enough to transform and load them.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Files share their worker's globals (vite.config.ts): a stub (a phone's matchMedia, fetch) ends with its test.
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  localStorage.clear();
  sessionStorage.clear();
});

// The next file in this worker evaluates the app's modules afresh (their state: the grid's code once loaded, the
// session's listeners, the toast host); the libraries' modules stay loaded, which is the time saved.
afterAll(() => vi.resetModules());
