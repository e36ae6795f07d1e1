import { expect, test } from '@playwright/test';
import { demo, signInWithTokens, listGrid, openRowMenu } from './support.js';

// Issue 8 §1: HR keeps its company's departments.

test('HR adds a department (validation seen), edits it, and is offered "Deactivate instead" for one in use', async ({
  page,
}) => {
  await signInWithTokens(page, demo.hr);
  await page.goto('/hr/departments');
  const grid = await listGrid(page, 'Departments');
  await expect(grid.getByRole('row').filter({ hasText: 'Production' })).toContainText('3');

  await page.getByRole('button', { name: 'Add Department' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Department' });
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('finance');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Another department is already named finance')).toBeVisible();
  await dialog.getByLabel('Name').fill('Logistics Planning');
  await dialog.getByLabel('Code').fill('LOGP');
  await dialog.getByLabel('Parent department').click();
  await page.getByRole('option', { name: 'Warehouse' }).click();
  await dialog.getByLabel('Department head').fill('Ramon');
  await page.getByRole('option', { name: /Ramon Bautista/ }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  const row = grid.getByRole('row').filter({ hasText: 'Logistics Planning' });
  await expect(row).toContainText('Warehouse');
  await expect(row).toContainText('Ramon Bautista');

  await row.getByRole('button', { name: 'Logistics Planning' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Logistics Planning' });
  await edit.getByLabel('Code').fill('LP');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('LP');

  const production = grid.getByRole('row').filter({ hasText: 'Production' });
  await openRowMenu(production);
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  // The list shows Production's employees: no Delete confirmation the server would refuse, Deactivate at once.
  const refused = page.getByRole('dialog', { name: 'Department cannot be deleted' });
  await expect(refused).toContainText(/Production has \d+ employees?\. Deactivate it instead/);
  await expect(refused.getByRole('button', { name: 'Deactivate instead' })).toBeVisible();
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await page.screenshot({ path: 'test-results/hr-departments.png', fullPage: true });
});
