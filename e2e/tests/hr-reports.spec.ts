import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import excel from 'exceljs';
import { demo, signInWithTokens } from './support.js';

// Issue 8 §5: HR downloads reports with their options as Excel and PDF.

test('HR downloads the government-id report as Excel and the movements report as PDF', async ({ page }) => {
  await signInWithTokens(page, demo.hr);
  await page.goto('/hr/reports');
  const ids = page.getByRole('region', { name: 'Government ID completeness' });
  await expect(ids).toContainText('TIN, SSS, PhilHealth and Pag-IBIG');
  await page.screenshot({ path: 'test-results/hr-reports.png', fullPage: true });

  let downloading = page.waitForEvent('download');
  await ids.getByRole('button', { name: /download Excel/ }).click();
  let download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^government-ids-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new excel.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const sheet = book.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual([
    'Employee number',
    'Name',
    'Department',
  ]);
  expect(sheet.rowCount).toBeGreaterThan(1);

  const movements = page.getByRole('region', { name: 'New hires and separations' });
  await movements.getByLabel('From').fill('2027-01-01');
  await movements.getByLabel('To').fill('2026-01-01');
  await movements.getByRole('button', { name: /download PDF/ }).click();
  await expect(movements.getByText('To cannot be before From')).toBeVisible();
  await movements.getByLabel('From').fill('2024-01-01');
  downloading = page.waitForEvent('download');
  await movements.getByRole('button', { name: /download PDF/ }).click();
  download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^movements-2024-01-01-to-2026-01-01\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});
