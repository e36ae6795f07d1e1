import { expect, test, type Locator, type Page } from '@playwright/test';
import { demo, listGrid, signInWithTokens, weekdayAhead } from './support.js';

// A typed time is what a form sends even when the form is sent at once: the time picker reports a change 750 ms
// after the last key (spec §9), and leaving the field (a click on the submit button) sends it without waiting.
// Before, Add Shift saved its defaults (08:00 - 17:00) with "Shift added", and File Overtime did nothing.

/** Types HHmm into a time picker's field, starting at its hours, as a person does. */
async function typeTime(page: Page, dialog: Locator, label: string, hhmm: string) {
  await dialog.getByRole('group', { name: label }).getByRole('spinbutton', { name: 'Hours' }).click();
  await page.keyboard.type(hhmm);
}

test('a shift typed and added at once is saved with the typed times', async ({ page }) => {
  await signInWithTokens(page, demo.hr);
  await page.goto('/hr/shifts');
  const grid = await listGrid(page, 'Shifts');
  await page.getByRole('button', { name: 'Add Shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Shift' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Quick Entry');
  await typeTime(page, dialog, 'Time in', '0900');
  await typeTime(page, dialog, 'Time out', '1800');
  // No wait: the click on Add comes straight after the last key.
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Shift added')).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: 'Quick Entry' })).toContainText('09:00 – 18:00');

  // Editing the times and saving at once keeps the edit too.
  await grid
    .getByRole('row')
    .filter({ hasText: 'Quick Entry' })
    .getByRole('button', { name: 'Quick Entry' })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Quick Entry' });
  await typeTime(page, edit, 'Time out', '1700');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(grid.getByRole('row').filter({ hasText: 'Quick Entry' })).toContainText('09:00 – 17:00');
});

test('an overtime typed and filed at once is filed on the first click with the typed times', async ({
  page,
}) => {
  const date = weekdayAhead(3, 50); // a Wednesday seven weeks ahead, clear of the other specs' requests
  await signInWithTokens(page, demo.employee);
  await page.goto('/portal/ot-requests');
  await page.getByRole('button', { name: 'File Overtime' }).click();
  const dialog = page.getByRole('dialog', { name: 'File Overtime' });
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByLabel('Reason').fill('Typed and filed at once');
  await typeTime(page, dialog, 'Start', '1800');
  await typeTime(page, dialog, 'End', '2030');
  await dialog.getByRole('button', { name: 'File' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('OT request filed')).toBeVisible();
  const grid = await listGrid(page, 'OT requests');
  const row = grid.getByRole('row').filter({ hasText: 'Typed and filed at once' });
  await expect(row).toContainText('18:00–20:30');
  await expect(row).toContainText('Pending');
});
