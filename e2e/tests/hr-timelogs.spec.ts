import { expect, test } from '@playwright/test';
import { demo, signInWithTokens, listGrid } from './support.js';

// Issue 9 §1: HR imports a terminal's punch file, fixes the row it refused, and reads the day's lateness.

const file = (lines: string[]) => ({
  name: 'punches.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(lines.join('\r\n')),
});
const GOOD = [
  'EmployeeNumber,DateTime,Direction',
  'DM-0004,2026-11-03 08:25:00,In',
  'DM-0004,2026-11-03 17:01:00,Out',
];

test('HR imports a punch file with a bad row, fixes it, commits, and sees the late minutes in Attendance', async ({
  page,
}) => {
  await signInWithTokens(page, demo.hr);
  await page.goto('/hr/timelogs?tab=import');
  const input = page.getByTestId('punch-file-input');

  await input.setInputFiles(file([...GOOD, 'DM-9999,2026-11-03 08:00:00,In']));
  const errors = page.getByRole('table', { name: 'Row errors' });
  await expect(errors).toContainText('DM-9999');
  await expect(errors).toContainText('No employee of this company has this employee number');
  await expect(page.getByRole('button', { name: /Import 2 punches/ })).toBeDisabled();

  await input.setInputFiles(file(GOOD));
  await expect(page.getByRole('table', { name: 'Punches to import' })).toContainText('Juan Dela Cruz');
  await page.getByRole('button', { name: 'Import 2 punches' }).click();
  await expect(page.getByText('2 punches added; 0 were already on file.')).toBeVisible();

  await page.getByRole('tab', { name: 'Punches' }).click();
  const punches = await listGrid(page, 'Punches');
  await expect(punches.getByRole('row').filter({ hasText: 'Nov 3, 2026, 08:25' })).toContainText(
    'Juan Dela Cruz',
  );

  await page.getByRole('tab', { name: 'Attendance' }).click();
  await page.getByLabel('From', { exact: true }).fill('2026-11-03');
  await page.getByLabel('To', { exact: true }).fill('2026-11-03');
  const grid = await listGrid(page, 'Attendance');
  const juan = grid.getByRole('row').filter({ hasText: 'Juan Dela Cruz' });
  // The grid keeps the previous range's rows on screen until the new range's answer is rendered.
  await expect(juan).toHaveCount(1);
  await expect(juan.locator('[data-field="LateMinutes"]')).toHaveText('25');
  // In and out share one column, so the day's figures fit at 1280 px.
  await expect(juan.locator('[data-field="FirstIn"]')).toHaveText('08:25 – 17:01');
  await page.screenshot({ path: 'test-results/hr-timelogs.png', fullPage: true });
});
