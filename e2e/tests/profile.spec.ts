import { expect, test, type Page } from '@playwright/test';
import { demo, signInThroughPage, signInWithTokens, storedTokens, type DemoUser } from './support.js';

// Spec §2 "Profile menu" and "Change Password dialog", §8 error catalogue.

async function openProfile(page: Page) {
  await page.getByRole('button', { name: 'Profile' }).click();
  const card = page.getByRole('presentation').filter({ hasText: 'Profile' }).last();
  await expect(card).toBeVisible();
  return card;
}

test('the profile card shows the employee, department, position, shift and schedule', async ({ page }) => {
  await signInWithTokens(page, demo.employee);
  await page.goto('/portal/dashboard');
  const card = await openProfile(page);
  await expect(card.getByText('Juan Dela Cruz')).toBeVisible();
  await expect(card.getByText('DM-0004')).toBeVisible();
  await expect(card.getByText('Day Shift')).toBeVisible();
  // TimeIn/TimeOut come as HH:mm:ss and are cut to hours:minutes.
  await expect(card.getByText(/\d{2}:\d{2} to \d{2}:\d{2}|\d{2}:\d{2}\s*-\s*\d{2}:\d{2}/)).toBeVisible();
  await expect(card.getByText(/\d{2}:\d{2}:\d{2}/)).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Change Password' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('the profile card shows N/A for a missing shift and schedule', async ({ page }) => {
  await page.route('**/api/v1/portal/employees/basic-info', (route) =>
    route.fulfill({
      json: {
        FullName: 'Nora Shiftless',
        EmployeeNumber: 'DM-0999',
        DepartmentName: 'Finance',
        PositionName: 'Clerk',
        Shift: null,
      },
    }),
  );
  await signInWithTokens(page, demo.hr);
  await page.goto('/hr/dashboard');
  const card = await openProfile(page);
  await expect(card.getByText('Nora Shiftless')).toBeVisible();
  await expect(card.getByText('N/A')).toHaveCount(2);
});

test('an Admin without an employee record sees N/A in the profile card, with no error or console error', async ({
  page,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await signInWithTokens(page, demo.admin);
  await page.goto('/admin/companies');
  const card = await openProfile(page);
  await expect(card.getByText('No employee record is linked to this account.')).toBeVisible();
  await expect(card.getByText('N/A')).toHaveCount(4);
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('a profile load failure shows the error with a Retry that recovers', async ({ page }) => {
  let failures = 1;
  await page.route('**/api/v1/portal/employees/basic-info', async (route) => {
    if (failures-- > 0) {
      await route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        json: { title: 'Internal Server Error', status: 500 },
      });
    } else {
      await route.continue();
    }
  });
  await signInWithTokens(page, demo.payroll);
  await page.goto('/payroll/dashboard');
  const card = await openProfile(page);
  await expect(card.getByRole('alert')).toBeVisible();
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(card.getByText('Jose Reyes')).toBeVisible();
  await expect(card.getByRole('alert')).toHaveCount(0);
});

test('logout from the profile menu goes to the type login page', async ({ page }) => {
  await signInWithTokens(page, demo.approver);
  await page.goto('/portal/dashboard');
  const card = await openProfile(page);
  await card.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/portal/login');
  await expect.poll(() => storedTokens(page)).toEqual({ token: null, refreshToken: null });
});

test('change password: validation, server errors, success, logout and sign-in with the new password', async ({
  page,
}) => {
  const user: DemoUser = {
    email: 'employee@other.hrpay.test',
    type: 'PortalUser',
    home: '/portal/dashboard',
    login: '/portal/login',
  };
  await signInThroughPage(page, user);
  const card = await openProfile(page);
  await card.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog).toBeVisible();
  const width = await dialog
    .locator('.MuiDialog-paper, [class*="Paper"]')
    .first()
    .evaluate((e) => e.clientWidth);
  expect(width).toBeLessThanOrEqual(400);

  const submit = dialog.getByRole('button', { name: /change password|save|submit/i });
  await submit.click();
  await expect(dialog.getByText('This field is required')).toHaveCount(3);

  await dialog.getByLabel('Current Password').fill('demo1234');
  await dialog.getByLabel('New Password', { exact: true }).fill('abc');
  await dialog.getByLabel('Confirm New Password').fill('abd');
  await submit.click();
  await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(dialog.getByText('Passwords must match')).toBeVisible();

  // Wrong current password: the server's validation error is listed in an alert inside the dialog.
  await dialog.getByLabel('Current Password').fill('wrong-password');
  await dialog.getByLabel('New Password', { exact: true }).fill('brand-new-1');
  await dialog.getByLabel('Confirm New Password').fill('brand-new-1');
  await submit.click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Current password is incorrect.');
  // Editing any field clears the shown server errors.
  await dialog.getByLabel('Current Password').fill('demo1234');
  await expect(alert).toHaveCount(0);

  await submit.click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(user.login);
  await expect.poll(() => storedTokens(page)).toEqual({ token: null, refreshToken: null });

  await signInThroughPage(page, user, 'brand-new-1');
});
