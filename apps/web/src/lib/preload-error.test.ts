import { describe, expect, it } from 'vitest';
import { PRELOAD_RELOAD_KEY, shouldReloadAfterPreloadError } from './preload-error';

describe('shouldReloadAfterPreloadError', () => {
  const storage = (value: string | null) => ({
    getItem: (key: string) => (key === PRELOAD_RELOAD_KEY ? value : null),
  });

  it('reloads the first time, not again within a minute, and again later', () => {
    const now = 1_000_000;
    expect(shouldReloadAfterPreloadError(storage(null), now)).toBe(true);
    expect(shouldReloadAfterPreloadError(storage(String(now - 5_000)), now)).toBe(false);
    expect(shouldReloadAfterPreloadError(storage(String(now - 120_000)), now)).toBe(true);
  });
});
