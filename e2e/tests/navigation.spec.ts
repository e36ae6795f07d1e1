import { expect, test } from '@playwright/test';
import { demo, signInThroughPage, signInWithTokens } from './support.js';

// Spec §2 "Navigation rules", one test per rule.

test('an unauthenticated visitor to any signed-in route is sent to the landing page', async ({ page }) => {
  for (const path of [
    '/admin/dashboard',
    '/hr/employees',
    '/payroll/settings/tax',
    '/portal/payslips',
    '/profile',
    '/dashboard',
    '/admin/companies/import-records/1',
  ]) {
    await page.goto(path);
    await expect(page, `visiting ${path}`).toHaveURL('/');
  }
  await expect(page).toHaveTitle(/^HRPAY - /);
});

for (const user of Object.values(demo)) {
  test(`${user.email} signs in on ${user.login} and lands on ${user.home}`, async ({ page }) => {
    await signInThroughPage(page, user);
    await expect(page).toHaveTitle(/^HRPAY - .*Dashboard/);
  });
}

test('a signed-in user on /, /dashboard or a login path goes to their own dashboard', async ({ page }) => {
  await signInWithTokens(page, demo.hr);
  for (const path of ['/', '/dashboard', '/admin/login', '/portal/login', '/hr/login']) {
    await page.goto(path);
    await expect(page, `visiting ${path}`).toHaveURL('/hr/dashboard');
  }
  await signInWithTokens(page, demo.employee);
  for (const path of ['/', '/dashboard', '/payroll/login']) {
    await page.goto(path);
    await expect(page, `visiting ${path}`).toHaveURL('/portal/dashboard');
  }
});

test('a user whose type is not allowed goes to /unauthorized', async ({ page }) => {
  const cases = [
    [demo.hr, '/admin/companies'],
    [demo.hr, '/payroll/payroll-periods'],
    [demo.payroll, '/hr/employees'],
    [demo.admin, '/portal/payslips'],
    [demo.employee, '/hr/dashboard'],
    [demo.employee, '/application-settings'],
  ] as const;
  for (const [user, path] of cases) {
    await signInWithTokens(page, user);
    await page.goto(path);
    await expect(page, `${user.type} visiting ${path}`).toHaveURL('/unauthorized');
  }
  await expect(page).toHaveTitle(/^HRPAY - /);
});

test('routes open to every signed-in type: /profile and the company import page', async ({ page }) => {
  await signInWithTokens(page, demo.employee);
  await page.goto('/profile');
  await expect(page).toHaveURL('/profile');
  await signInWithTokens(page, demo.hr);
  await page.goto('/admin/companies/import-records/42');
  await expect(page).toHaveURL('/admin/companies/import-records/42');
});

test('/portal redirects to /portal/dashboard', async ({ page }) => {
  await signInWithTokens(page, demo.approver);
  await page.goto('/portal');
  await expect(page).toHaveURL('/portal/dashboard');
});

test('optional route segments resolve: /admin/users/:id? and /payroll/settings/:tab?', async ({ page }) => {
  await signInWithTokens(page, demo.admin);
  for (const path of ['/admin/users', '/admin/users/3f0c']) {
    await page.goto(path);
    await expect(page).toHaveURL(path);
    await expect(page).toHaveTitle(/^HRPAY - Users/);
  }
  await signInWithTokens(page, demo.payroll);
  for (const path of ['/payroll/settings', '/payroll/settings/tax']) {
    await page.goto(path);
    await expect(page).toHaveURL(path);
    await expect(page).toHaveTitle(/^HRPAY - .*Settings/);
  }
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  await expect(page).toHaveURL('/no/such/page');
  await expect(page).toHaveTitle(/^HRPAY - /);
});

test('the page title follows each client-side navigation', async ({ page }) => {
  await signInWithTokens(page, demo.hr);
  await page.goto('/hr/dashboard');
  await expect(page).toHaveTitle('HRPAY - Dashboard');
  const drawer = page.getByRole('navigation');
  await drawer.getByText('Departments', { exact: true }).click();
  await expect(page).toHaveURL('/hr/departments');
  await expect(page).toHaveTitle('HRPAY - Departments');
  await drawer.getByText('Shifts', { exact: true }).click();
  await expect(page).toHaveTitle('HRPAY - Shifts');
});

test('public pages have content and titles, and the page background is light grey', async ({ page }) => {
  for (const [path, title] of [
    ['/', 'HRPAY - Home'],
    ['/about', 'HRPAY - About'],
    ['/contact', 'HRPAY - Contact'],
    ['/support', 'HRPAY - Support'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('h1, h2, h3, h4').first()).toBeVisible();
  }
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = background.match(/\d+/g)!.map(Number);
  expect(r).toBe(g);
  expect(g).toBe(b);
  expect(r).toBeGreaterThanOrEqual(235);
  expect(r).toBeLessThan(255);
});

test('a failed page load falls back to / (and from there to the own dashboard)', async ({ page }) => {
  await signInWithTokens(page, demo.hr);
  await page.goto('/hr/dashboard');
  await expect(page).toHaveTitle('HRPAY - Dashboard');
  // The Holidays page chunk cannot be fetched (for example after a deployment replaced it).
  await page.route(/\/assets\/Holidays[^/]*\.js$/, (route) => route.abort());
  await page.getByRole('navigation').getByText('Holidays', { exact: true }).click();
  await expect(page).toHaveURL('/hr/dashboard');
  await expect(page.getByRole('heading', { name: 'Holidays' })).toHaveCount(0);
});
