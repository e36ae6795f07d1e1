import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/** The recovery tests receive the server's mail on this port (see tests/recovery.spec.ts). */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);

// Browser tests run against the real server (embedded database, demo data) serving the built web app.
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    command: 'npm run build -w @hrpay/web && npm run serve:e2e -w @hrpay/server',
    cwd: '..',
    url: `http://localhost:${port}/api/health`,
    env: {
      PORT: String(port),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      APP_BASE_URL: `http://localhost:${port}`,
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
