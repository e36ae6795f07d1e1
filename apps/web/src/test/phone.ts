import { vi } from 'vitest';

/**
 * A phone's width for MUI's useMediaQuery: every `max-width` query matches, so components take their below-`sm`
 * form (DataTable's cards, SmallTable's cards). Undone by the test file's `vi.unstubAllGlobals()`.
 */
export function asPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width/.test(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
