import { expect, test } from '@playwright/test';
import { demo, forgedAccessToken, signInWithTokens, storeTokens, storedTokens } from './support.js';

// Spec §4 "States and transitions" and §8 error catalogue.

test('tokens are kept in localStorage under token and refreshToken after sign-in', async ({ page }) => {
  await page.goto(demo.payroll.login);
  await page.getByLabel('E-mail').fill(demo.payroll.email);
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(demo.payroll.home);
  const { token, refreshToken } = await storedTokens(page);
  expect(token?.split('.')).toHaveLength(3);
  expect(refreshToken).toBeTruthy();
  // Opaque, not a JWT: its first part is not a base64url JSON header.
  const head = Buffer.from(refreshToken!.split('.')[0]!, 'base64url').toString('utf8');
  expect(() => JSON.parse(head)).toThrow();
});

test('on start with an expired token the app refreshes it silently', async ({ page }) => {
  const tokens = await signInWithTokens(page, demo.hr);
  const expired = forgedAccessToken(tokens.AccessToken, { exp: Math.floor(Date.now() / 1000) - 60 });
  await storeTokens(page, expired, tokens.RefreshToken);
  const refresh = page.waitForRequest('**/api/v1/users/refresh-token');
  await page.goto('/hr/employees');
  await refresh;
  await expect(page).toHaveURL('/hr/employees');
  await expect.poll(async () => (await storedTokens(page)).token).not.toBe(expired);
});

test('on start with an expired token and a dead refresh token the session ends with the expiry toast', async ({
  page,
}) => {
  const tokens = await signInWithTokens(page, demo.payroll);
  const expired = forgedAccessToken(tokens.AccessToken, { exp: Math.floor(Date.now() / 1000) - 60 });
  await storeTokens(page, expired, 'revoked-or-unknown-refresh-token');
  await page.goto('/payroll/reports');
  const toast = page.getByRole('alert').filter({ hasText: 'Your session has expired. Please log in again.' });
  await expect(toast).toBeVisible();
  // Toasts per spec §9: top-right, no progress bar, not closed by a click.
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeLessThan(viewport.height / 4);
  expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.9);
  await expect(toast.getByRole('progressbar', { includeHidden: true })).toHaveAttribute(
    'aria-hidden',
    'true',
  );
  const barOpacity = await toast
    .getByRole('progressbar', { includeHidden: true })
    .evaluate((bar) => getComputedStyle(bar.parentElement!).opacity);
  expect(barOpacity).toBe('0');
  await toast.click();
  await page.waitForTimeout(1000);
  await expect(toast).toBeVisible();
  // The login page of the type read from the old token.
  await expect(page).toHaveURL('/payroll/login');
  await expect.poll(() => storedTokens(page)).toEqual({ token: null, refreshToken: null });
});

test('an unreadable token counts as expired', async ({ page }) => {
  await storeTokens(page, 'garbage', null);
  await page.goto('/hr/dashboard');
  await expect(page).toHaveURL('/');
});

test('a 401 from the API is retried once after a token refresh, with the new bearer token', async ({
  page,
}) => {
  const tokens = await signInWithTokens(page, demo.employee);
  // Looks valid to the browser (future exp) but the server rejects its signature.
  const rejected = forgedAccessToken(tokens.AccessToken, { exp: Math.floor(Date.now() / 1000) + 600 });
  await storeTokens(page, rejected, tokens.RefreshToken);

  const basicInfoAuth: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/portal/employees/basic-info')) {
      basicInfoAuth.push(request.headers()['authorization'] ?? '');
    }
  });
  await page.goto('/portal/dashboard');
  await page.getByRole('button', { name: 'Profile' }).click();
  await expect(page.getByText('DM-0004')).toBeVisible();

  expect(basicInfoAuth[0]).toBe(`Bearer ${rejected}`);
  const retried = basicInfoAuth.find((h) => h !== `Bearer ${rejected}`);
  expect(retried).toMatch(/^Bearer ey/);
  const { token } = await storedTokens(page);
  expect(retried).toBe(`Bearer ${token}`);
});

test('a 401 whose refresh fails clears the session and goes to the login page of the type', async ({
  page,
}) => {
  const tokens = await signInWithTokens(page, demo.employee);
  const rejected = forgedAccessToken(tokens.AccessToken, { exp: Math.floor(Date.now() / 1000) + 600 });
  await storeTokens(page, rejected, 'unknown-refresh-token');
  await page.goto('/portal/dashboard');
  await expect(page).toHaveURL('/portal/login');
  await expect.poll(() => storedTokens(page)).toEqual({ token: null, refreshToken: null });
});

test('logout from the drawer revokes the session and goes to the type login page', async ({ page }) => {
  const tokens = await signInWithTokens(page, demo.hr);
  await page.goto('/hr/dashboard');
  await page.getByRole('navigation').getByText('Logout', { exact: true }).click();
  await expect(page).toHaveURL('/hr/login');
  await expect.poll(() => storedTokens(page)).toEqual({ token: null, refreshToken: null });
  // The refresh token no longer works on the server.
  const refresh = await page.request.post('/api/v1/users/refresh-token', {
    data: { refreshToken: tokens.RefreshToken },
  });
  expect(refresh.status()).toBe(401);
});

test('login shows the validation messages of spec §5 and the server error for bad credentials', async ({
  page,
}) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('E-mail must be valid')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await page.getByLabel('E-mail').fill(demo.hr.email); // an HR user on the Admin login page
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/incorrect/i).first()).toBeVisible();
  await expect(page).toHaveURL('/admin/login');
});
