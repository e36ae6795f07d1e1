import { config } from 'zod/v4';

/**
 * zod 4 compiles object schemas with `new Function` when it may, and probes for that on first use; under the
 * Content-Security-Policy (no 'unsafe-eval') the probe is reported as a violation. The interpreted path gives
 * the same answers, so the web app never asks.
 *
 * The web build resolves `zod` to this module (vite.config.ts), so the setting is made before any schema is
 * used, wherever zod is first imported, and zod stays out of the pages that use no schema (the sign-in pages,
 * issue 11).
 */
config({ jitless: true });

export * from 'zod/v4';
