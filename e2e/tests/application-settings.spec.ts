import { expect, test } from '@playwright/test';
import { demo, listGrid, separateSessions } from './support.js';

const pageAs = separateSessions();

// Issue 10 §2: Payroll keeps the company's options; the rest of the app reads them (the time pickers' clock).

test("Payroll switches the company to a 12-hour clock and HR's time pickers follow", async ({ browser }) => {
  test.setTimeout(90_000);
  const payroll = await pageAs(browser, demo.payroll);
  await payroll.goto('/application-settings');
  const form = payroll.getByRole('form', { name: 'Application settings' });
  await form.getByLabel('Clock', { exact: true }).click();
  await payroll.getByRole('option', { name: /12-hour/ }).click();
  await form.getByLabel('Signatory', { exact: true }).fill('Jose Reyes');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(payroll.getByText('Settings saved')).toBeVisible();

  const hr = await pageAs(browser, demo.hr);
  await hr.goto('/hr/shifts');
  await hr.getByRole('button', { name: 'Add Shift' }).click();
  const dialog = hr.getByRole('dialog', { name: 'Add Shift' });
  const timeIn = dialog.getByRole('group', { name: 'Time in' });
  await expect(timeIn.getByRole('spinbutton', { name: 'Meridiem' })).toBeVisible();
  // The times shown follow the same clock as the pickers: the seeded overtime reads "5:00 PM–7:00 PM".
  await hr.keyboard.press('Escape');
  await hr.goto('/hr/ot-requests');
  const requests = await listGrid(hr, 'OT requests');
  const when = requests.locator('[role="gridcell"][data-field="DateFrom"]').first();
  await expect(when).toContainText(/\d{1,2}:\d{2}\s[AP]M–\d{1,2}:\d{2}\s[AP]M/);

  // Put the 24-hour clock back for the other tests.
  await payroll.reload();
  await form.getByLabel('Clock', { exact: true }).click();
  await payroll.getByRole('option', { name: /24-hour/ }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(payroll.getByText('Settings saved')).toBeVisible();
});
