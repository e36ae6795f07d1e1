import { expect, test } from '@playwright/test';
import { demo, signInThroughPage, listGrid } from './support.js';

// Issue 11 §1: the app works under its Content-Security-Policy (no inline script, nothing blocked).

test('signing in and opening staff and portal pages raises no CSP violation', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { cspViolations: string[] }).cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  const violations = async () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  const response = await page.goto('/hr/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(await violations()).toEqual([]);

  await signInThroughPage(page, demo.admin);
  await page.goto('/admin/companies');
  await listGrid(page, 'Companies');
  expect(await violations()).toEqual([]);

  await page.evaluate(() => localStorage.clear());
  await signInThroughPage(page, demo.employee);
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  expect(await violations()).toEqual([]);
});

test("the Employee Portal's dashboard downloads neither the charts nor the grid library", async ({
  page,
}) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(response.text());
  });
  await signInThroughPage(page, demo.employee);
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  await expect(page.getByText('Latest payslip')).toBeVisible();
  const code = (await Promise.all(scripts)).join('\n');
  expect(code.includes('Employee Portal'), 'the portal layout is among the scripts read').toBe(true);
  // MUI X Charts (the staff dashboards' trend) and DataGrid (the lists) by their class-name prefixes.
  expect(code.includes('MuiChartsSurface'), 'the charts library was downloaded').toBe(false);
  expect(code.includes('MuiDataGrid'), 'the grid library was downloaded').toBe(false);
});
