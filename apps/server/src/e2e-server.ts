import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from './server.js';

/** The browser tests' server: port 3100, a fresh embedded database with the demo data, removed on exit. */
const dataDir = mkdtempSync(join(tmpdir(), 'hrpay-e2e-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
await main({
  ...process.env,
  PORT: process.env.PORT ?? '3100',
  DATA_DIR: dataDir,
  DATABASE_URL: undefined,
  SEED_DEMO: 'always',
  SEED_DEMO_PAYROLL: 'false',
  LOG_LEVEL: 'warn',
  LOGIN_MAX_FAILURES_PER_EMAIL: '1000',
  LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
});
