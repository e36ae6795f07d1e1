import { expect, test } from '@playwright/test';
import { demo, signInWithTokens, listGrid, openRowMenu } from './support.js';

// Issue 11 §2: rough edges a new Admin hit, seen as a user sees them.

test('the login page links to the other sign-in pages', async ({ page }) => {
  await page.goto('/hr/login');
  const others = page.getByRole('navigation', { name: 'Other sign-in pages' });
  await expect(others.getByRole('link')).toHaveText(['Employee Portal', 'Payroll', 'Admin']);
  await others.getByRole('link', { name: 'Payroll' }).click();
  await expect(page).toHaveURL(/\/payroll\/login$/);
  await expect(page.getByRole('heading', { name: 'Payroll sign in' })).toBeVisible();
});

test('the show-password button is reachable by keyboard and says whether the password shows', async ({
  page,
}) => {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill('admin@demo.hrpay.test');
  await page.getByLabel('Password', { exact: true }).fill('secret-words');
  await page.getByLabel('Password', { exact: true }).press('Tab');
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
});

test('every entry of the staff navigation is a list item', async ({ page }) => {
  await signInWithTokens(page, demo.admin);
  await page.goto('/admin/companies');
  const lists = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('list');
  await expect(lists.first()).toBeVisible();
  // A list's children are all list items (no bare links or buttons inside the ul).
  const strays = await lists.evaluateAll((uls) =>
    uls.flatMap((ul) =>
      Array.from(ul.children)
        .filter((child) => child.tagName !== 'LI')
        .map((c) => c.tagName),
    ),
  );
  expect(strays).toEqual([]);
});

test("an Admin's own row offers Delete disabled, with a tooltip saying why", async ({ page }) => {
  await signInWithTokens(page, demo.admin);
  await page.goto('/admin/users');
  const grid = await listGrid(page, 'Users');
  const own = grid.getByRole('row').filter({ hasText: demo.admin.email });
  await openRowMenu(own);
  const remove = page.getByRole('menuitem', { name: 'Delete' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAttribute('aria-description', 'You cannot delete your own account.');
  await remove.locator('..').hover();
  await expect(
    page.getByRole('tooltip').filter({ hasText: 'You cannot delete your own account.' }),
  ).toBeVisible();
});
