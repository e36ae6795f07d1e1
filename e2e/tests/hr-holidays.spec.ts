import { expect, test } from '@playwright/test';
import { demo, signInWithTokens, listGrid } from './support.js';

// Issue 8 §4: HR sees the national calendar, adds a local holiday, and sees the year at a glance.

test('HR adds a local holiday (validation seen) and finds it in the list and the year view', async ({
  page,
}) => {
  await signInWithTokens(page, demo.hr);
  await page.goto('/hr/holidays?year=2026');
  const grid = await listGrid(page, 'Holidays');
  await expect(grid.getByRole('row').filter({ hasText: 'Christmas Day' })).toContainText('Regular holiday');
  await expect(grid.getByRole('row').filter({ hasText: 'Christmas Day' })).toContainText('National');

  await page.getByRole('button', { name: 'Add Holiday' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Holiday' });
  await dialog.getByRole('button', { name: 'Add' }).click();
  // Both empty required fields, the date too (it said "Not a valid date" beside a box showing mm/dd/yyyy).
  await expect(dialog.getByText('This field is required')).toHaveCount(2);
  await dialog.getByLabel('Date').fill('2026-12-25');
  await dialog.getByLabel('Name').fill('Company Christmas Party');
  await dialog.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Regular holiday' }).click();
  await dialog.getByLabel('Applies to').click();
  await page.getByRole('option', { name: 'Main Plant' }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  // Christmas Day is already there: a second holiday on the day is asked about (it raises the day's pay).
  const ask = page.getByRole('dialog', { name: 'Two holidays on one day?' });
  await expect(ask).toContainText('Dec 25, 2026 is already Christmas Day (Regular holiday)');
  await ask.getByRole('button', { name: 'Add anyway' }).click();
  await expect(dialog).toBeHidden();

  const party = grid.getByRole('row').filter({ hasText: 'Company Christmas Party' });
  await expect(party).toContainText('Main Plant');
  // Two regular holidays on one day: a double holiday for the plant.
  await expect(party).toContainText('Double holiday');
  await page.screenshot({ path: 'test-results/hr-holidays-list.png', fullPage: true });

  await page.getByRole('button', { name: 'Year view' }).click();
  const december = page.getByRole('group', { name: 'December 2026' });
  const christmas = december.getByRole('button', { name: /^Dec 25, 2026: .*Company Christmas Party/ });
  await expect(christmas).toBeVisible();
  await page.screenshot({ path: 'test-results/hr-holidays-year.png', fullPage: true });
  // A day of two holidays asks which one to edit (it had opened "Add Holiday").
  await christmas.click();
  const menu = page.getByRole('menu', { name: 'Holidays on Dec 25, 2026' });
  await expect(menu.getByRole('menuitem', { name: /^Edit Christmas Day/ })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Add holiday on this day' })).toBeVisible();
  await menu.getByRole('menuitem', { name: /^Edit Company Christmas Party/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Company Christmas Party' });
  await expect(edit.getByLabel('Name')).toHaveValue('Company Christmas Party');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
});
