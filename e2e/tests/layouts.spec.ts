import { expect, test } from '@playwright/test';
import { demo, signInWithTokens } from './support.js';

// Spec §2 "Layouts": the exact menus per type, the top bar, the portal layout and the global confirmation dialog.

const staffMenus = [
  [demo.admin, ['Dashboard', 'Companies', 'Users']],
  [demo.payroll, ['Dashboard', 'Employees', 'Payroll', 'Payroll Settings', 'Reports', 'Settings']],
  [
    demo.hr,
    [
      'Dashboard',
      'Departments',
      'Employees',
      'Leave Requests',
      'Overtime Requests',
      'Undertime Requests',
      'Shifts',
      'Holidays',
      'Reports',
      'Lookups',
    ],
  ],
] as const;

for (const [user, items] of staffMenus) {
  test(`the ${user.type} drawer shows exactly its menu, a logout item, company and name`, async ({
    page,
  }) => {
    await signInWithTokens(page, user);
    await page.goto(user.home);
    const drawer = page.getByRole('navigation', { name: 'Main navigation' });
    // The signed-in layout loads on demand: wait for it before reading the list at once.
    await expect(drawer.getByRole('link').first()).toBeVisible();
    const labels = (await drawer.getByRole('link').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    expect(labels).toEqual(items);
    await expect(drawer.getByText('Logout', { exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Demo Manufacturing Inc.')).toBeVisible();
  });
}

test('each HR menu item opens its page with its title', async ({ page }) => {
  await signInWithTokens(page, demo.hr);
  await page.goto('/hr/dashboard');
  const drawer = page.getByRole('navigation');
  for (const [item, path] of [
    ['Departments', '/hr/departments'],
    ['Employees', '/hr/employees'],
    ['Leave Requests', '/hr/leave-requests'],
    ['Overtime Requests', '/hr/ot-requests'],
    ['Undertime Requests', '/hr/ut-requests'],
    ['Shifts', '/hr/shifts'],
    ['Holidays', '/hr/holidays'],
    ['Reports', '/hr/reports'],
    ['Lookups', '/lookups'],
  ] as const) {
    await drawer.getByRole('link', { name: item, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
  }
});

test('the drawer collapses and expands', async ({ page }) => {
  await signInWithTokens(page, demo.payroll);
  await page.goto('/payroll/dashboard');
  const drawer = page.getByRole('navigation');
  const wide = (await drawer.boundingBox())!.width;
  await page
    .getByRole('button', { name: /collapse|toggle|menu/i })
    .first()
    .click();
  await expect.poll(async () => (await drawer.boundingBox())?.width ?? 0).toBeLessThan(wide);
  await page
    .getByRole('button', { name: /expand|toggle|menu/i })
    .first()
    .click();
  await expect.poll(async () => (await drawer.boundingBox())?.width ?? 0).toBe(wide);
});

test('the Employee Portal layout has its title, the name and its six drawer items', async ({ page }) => {
  await signInWithTokens(page, demo.employee);
  await page.goto('/portal/dashboard');
  await expect(page.getByText('Employee Portal').first()).toBeVisible();
  await expect(page.getByRole('banner').getByText('Juan Dela Cruz')).toBeVisible();
  const drawer = page.getByRole('navigation');
  // The drawer's code loads after the frame's first paint (issue 11): wait for its items.
  await expect(drawer.getByRole('link')).toHaveText([
    'Dashboard',
    'My Leave Requests',
    'My OT Requests',
    'My UT Requests',
    'My Leave Credits',
    'My Payslips',
  ]);
  await drawer.getByRole('link', { name: 'My Payslips' }).click();
  await expect(page).toHaveURL('/portal/payslips');
  await expect(page).toHaveTitle(/^HRPAY - /);
});

test("on a phone a signed-in visitor's public header keeps My dashboard on the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithTokens(page, demo.hr);
  await page.goto('/about');
  const back = page.getByRole('link', { name: 'My dashboard' });
  await expect(back).toBeVisible();
  const box = (await back.boundingBox())!;
  // One line, wholly on the screen (it had run past the edge, its label broken over two lines).
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.height).toBeLessThan(48);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  // The site's links stay in the footer.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact' })).toBeVisible();
  await back.click();
  await expect(page).toHaveURL(/\/hr\/dashboard$/);
});
