import { defineConfig } from '@playwright/test';

/**
 * Browser tests run against the real server (embedded database, demo data) serving the built web app. Each
 * worker has a server of its own (decision 0015): the embedded database runs on its server's main thread, so
 * one server was the bottleneck of the run. A spec file still runs in one worker, in order, against one server.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
const basePort = Number(process.env.E2E_PORT ?? 3100);
const baseSmtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
// Playwright loads this file again in each worker, with the worker's slot in TEST_PARALLEL_INDEX (0 in the
// main process, which starts the servers below).
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const port = basePort + slot;
/** The recovery tests receive this worker's server's mail on this port (see tests/recovery.spec.ts). */
export const smtpPort = baseSmtpPort + slot;

/** Server i: port basePort + i, mail to baseSmtpPort + i. The first builds the web app, the others wait for it. */
const server = (i: number) => ({
  command:
    i === 0
      ? 'npm run build -w @hrpay/web && npm run serve:e2e -w @hrpay/server'
      : 'npm run serve:e2e -w @hrpay/server',
  cwd: '..',
  url: `http://localhost:${basePort + i}/api/health`,
  env: {
    PORT: String(basePort + i),
    SMTP_URL: `smtp://127.0.0.1:${baseSmtpPort + i}`,
    APP_BASE_URL: `http://localhost:${basePort + i}`,
  },
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  // Started one after the other: the first server's build is done before the second starts.
  webServer: Array.from({ length: workers }, (_, i) => server(i)),
});
