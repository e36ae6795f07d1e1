import { expect, test } from '@playwright/test';
import { demo, signInWithTokens, listGrid } from './support.js';

// Issue 8 §3: HR creates a night shift that crosses midnight.

test('HR adds a night shift that crosses midnight and sees it marked overnight and night', async ({
  page,
}) => {
  await signInWithTokens(page, demo.hr);
  await page.goto('/hr/shifts');
  const grid = await listGrid(page, 'Shifts');
  await expect(grid.getByRole('row').filter({ hasText: 'Night Shift' })).toContainText(
    '22:00 – 07:00 (next day)',
  );

  await page.getByRole('button', { name: 'Add Shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Shift' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Graveyard');
  for (const [label, hours, minutes] of [
    ['Time in', '21', '00'],
    ['Time out', '06', '00'],
  ] as const) {
    const group = dialog.getByRole('group', { name: label });
    await group.getByRole('spinbutton', { name: 'Hours' }).click();
    await page.keyboard.type(hours + minutes);
  }
  await dialog.getByLabel('Sat').check();
  await page.waitForTimeout(900); // the time picker reports a change 750 ms after the last key (spec §9)
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  const row = grid.getByRole('row').filter({ hasText: 'Graveyard' });
  await expect(row).toContainText('21:00 – 06:00 (next day)');
  await expect(row).toContainText('Night');
  await expect(row).toContainText('Sun, Sat');
  await page.screenshot({ path: 'test-results/hr-shifts.png', fullPage: true });
});
