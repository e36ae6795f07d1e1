import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Pages and the signed-in layouts load lazily (two dynamic imports in a row); on a busy 2-core CI machine the
// default 1 s for findBy* is not always enough to transform and load them.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
