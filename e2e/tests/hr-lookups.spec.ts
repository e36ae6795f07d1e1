import { expect, test } from '@playwright/test';
import { demo, signInWithTokens, listGrid, openRowMenu } from './support.js';

// Issue 8 §1: /lookups keeps the company's simple lists, a tab each.

test('HR adds and renames a position, and sees employment statuses with the employees using them', async ({
  page,
}) => {
  await signInWithTokens(page, demo.hr);
  await page.goto('/lookups');
  await expect(page.getByRole('tab', { name: 'Positions' })).toHaveAttribute('aria-selected', 'true');
  const positions = await listGrid(page, 'Positions');
  await expect(positions.getByRole('row').filter({ hasText: 'Machine Operator' })).toContainText('2');

  await page.getByRole('button', { name: 'Add Position' }).click();
  const add = page.getByRole('dialog', { name: 'Add Position' });
  await add.getByLabel('Name').fill('machine operator');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.getByText('Position machine operator already exists')).toBeVisible();
  await add.getByLabel('Name').fill('Quality Inspector');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toBeHidden();
  await positions.getByRole('button', { name: 'Quality Inspector' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Quality Inspector' });
  await edit.getByLabel('Name').fill('Senior Quality Inspector');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(positions.getByRole('button', { name: 'Senior Quality Inspector' })).toBeVisible();

  // Nobody holds the new position yet: it is deleted outright, and the toast names it.
  const senior = positions.getByRole('row').filter({ hasText: 'Senior Quality Inspector' });
  await openRowMenu(senior);
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete position' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Senior Quality Inspector deleted')).toBeVisible();
  await expect(positions.getByRole('button', { name: 'Senior Quality Inspector' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Employment statuses' }).click();
  await expect(page).toHaveURL(/\?tab=employment-statuses$/);
  const statuses = await listGrid(page, 'Employment statuses');
  // Every demo employee is Regular (7), plus any an earlier test added.
  const regular = statuses.getByRole('row').filter({ hasText: 'Regular' });
  await expect(regular).toHaveText(/^Regular\d+Active$/);
  expect(Number((await regular.textContent())!.match(/\d+/)![0])).toBeGreaterThanOrEqual(7);
  await page.screenshot({ path: 'test-results/hr-lookups.png', fullPage: true });
});

// Review: the Leave types tab had neither the Status filter nor the Export of the other lookup tabs.
test('HR filters the leave types by status and exports them', async ({ page }) => {
  await signInWithTokens(page, demo.hr);
  await page.goto('/lookups?tab=leave-types');
  const types = await listGrid(page, 'Leave types');
  await expect(types.getByRole('row').filter({ hasText: 'Service Incentive Leave' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Active' });
  await expect(page).toHaveURL(/isActive=true/);
  await expect(types.getByRole('row').filter({ hasText: 'Service Incentive Leave' })).toBeVisible();

  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^leave-types-\d{4}-\d{2}-\d{2}\.csv$/);
  const { readFileSync } = await import('node:fs');
  const lines = readFileSync((await download.path())!, 'utf8')
    .replace(/^\ufeff/, '')
    .split(/\r?\n/);
  expect(lines[0]).toBe('Name,Code,Credits,Days a year,Most days a request,Paid,Status');
  expect(lines.some((line) => line.startsWith('Service Incentive Leave,SIL,'))).toBe(true);
  expect(
    lines
      .filter(Boolean)
      .slice(1)
      .every((line) => line.endsWith(',Active')),
  ).toBe(true);
});
