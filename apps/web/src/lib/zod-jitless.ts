import { config } from 'zod';

/**
 * zod 4 compiles object schemas with `new Function` when it may, and probes for that on first use; under the
 * Content-Security-Policy (no 'unsafe-eval') the probe is reported as a violation. The interpreted path gives
 * the same answers, so the web app never asks.
 */
config({ jitless: true });
