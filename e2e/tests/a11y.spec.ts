import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { demo, signInWithTokens } from './support.js';

// Accessibility checks of the sweep's findings (colour contrast, scrollable regions the keyboard cannot reach,
// the list's focus when the grid replaces the plain table, the charts' Tab stop): axe-core runs on the page.

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Violation {
  id: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe-core's violations of `rules` on the page (or inside `selector`). */
async function axe(page: Page, rules: string[], selector?: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(
    async ([only, scope]) => {
      const w = window as unknown as {
        axe: { run: (c: unknown, o: unknown) => Promise<{ violations: Violation[] }> };
      };
      const context = scope ? document.querySelector(scope)! : document;
      const result = await w.axe.run(context, { runOnly: { type: 'rule', values: only } });
      return result.violations;
    },
    [rules, selector ?? null] as const,
  );
  // Readable on failure: the rule, the element and why.
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${(n.failureSummary ?? '').split('\n')[1] ?? ''}`),
  );
}

const CONTRAST = ['color-contrast'];
const SCROLLABLE = ['scrollable-region-focusable'];

// The page's own script policy forbids an injected script: the tests' pages bypass it.
test.use({ bypassCSP: true });

test('status chips, holiday colours and toggle buttons reach 4.5:1', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithTokens(page, demo.hr);
  // A Pending request (the theme's warning colour, outlined).
  await page.goto('/hr/leave-requests');
  await expect(page.locator('main .MuiChip-root', { hasText: 'Pending' }).first()).toBeVisible();
  expect(await axe(page, CONTRAST)).toEqual([]);
  // Night shifts (info, outlined).
  await page.goto('/hr/shifts');
  await expect(page.locator('main .MuiChip-root', { hasText: 'Night' }).first()).toBeVisible();
  expect(await axe(page, CONTRAST)).toEqual([]);
  // Special non-working days (white day numbers on amber) and the List / Year toggle, in 2026, a year of the
  // national calendar the app ships (the current year may have no holidays on file yet).
  await page.goto('/hr/holidays?view=year&year=2026');
  await expect(page.getByRole('button', { name: /Chinese New Year/ }).first()).toBeVisible();
  expect(await axe(page, CONTRAST)).toEqual([]);
  await page.goto('/hr/holidays?year=2026');
  await expect(
    page.locator('main .MuiChip-root', { hasText: 'Special non-working day' }).first(),
  ).toBeVisible();
  expect(await axe(page, CONTRAST)).toEqual([]);
});

test('a wide list without controls is keyboard-scrollable, and its focus passes to the grid', async ({
  page,
}) => {
  // At 1024 px the attendance table (which fits 1280 px) is wider than the room beside the menu.
  await page.setViewportSize({ width: 1024, height: 900 });
  await signInWithTokens(page, demo.hr);
  // The grid's code is held back until the keyboard has reached the plain table (as on a slow connection).
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/data-grid-view-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/hr/timelogs?tab=attendance');
  const table = page.getByRole('table', { name: 'Attendance' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // The unselected "Per day" toggle reaches 4.5:1 too.
  expect(await axe(page, [...SCROLLABLE, ...CONTRAST])).toEqual([]);

  // By keyboard, from the control before the table: the next stop is the table's scroller...
  const scroller = page.getByRole('region', { name: 'Attendance' });
  await expect(scroller).toHaveAttribute('tabindex', '0');
  await page.getByRole('main').getByRole('tab', { name: 'Attendance' }).focus();
  for (let i = 0; i < 20 && !(await scroller.evaluate((e) => e === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(scroller).toBeFocused();
  // ...and when the grid replaces the table the focus is on its first column header, not the page's body.
  release();
  const grid = page.getByRole('grid', { name: 'Attendance' });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('columnheader').first()).toBeFocused();
});

test('the leave credit history and the HR leave credits dialog are keyboard-scrollable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithTokens(page, demo.employee);
  await page.goto('/portal/leave-credits');
  await expect(
    page.getByRole('table', { name: 'Leave credit history' }).getByRole('row').nth(1),
  ).toBeVisible();
  expect(await axe(page, SCROLLABLE)).toEqual([]);
  // On a phone the history fits the screen (the reason under the leave type): nothing scrolls sideways, so it
  // needs no Tab stop of its own; the dialog below still scrolls.
  const history = page.getByRole('table', { name: 'Leave credit history' });
  expect(await history.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(
    true,
  );

  // Short enough that the dialog scrolls with the few history rows of early January, too.
  await page.setViewportSize({ width: 1280, height: 560 });
  await signInWithTokens(page, demo.hr);
  await page.goto('/lookups?tab=leave-credits');
  await page.getByRole('button', { name: 'Juan Dela Cruz' }).first().click();
  const dialog = page.getByRole('dialog', { name: /Leave credits of/ });
  await expect(dialog.getByRole('table', { name: 'Leave credit history' })).toBeVisible();
  expect(await axe(page, SCROLLABLE, '[role="dialog"]')).toEqual([]);
  // The dialog's content is a Tab stop of its own (MUI's focus trap keeps it in the Tab order).
  const content = dialog.getByRole('region', { name: 'Leave credits of Juan Dela Cruz' });
  await content.focus();
  await page.keyboard.press('End');
  await expect.poll(() => content.evaluate((e) => e.scrollTop)).toBeGreaterThan(0);
});

test("the portal's payslip dialog scrolls by keyboard on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  // A released payslip with enough lines to scroll (the browser tests' demo data has no finalised period).
  const id = '9d2f5b8e-3a41-4c6e-9f0a-5b7c2d1e8a01';
  const row = {
    Id: id,
    PayrollPeriodId: '9d2f5b8e-3a41-4c6e-9f0a-5b7c2d1e8a02',
    PeriodName: 'November 2026 1st cut-off',
    Kind: 'Regular',
    CutoffStart: '2026-11-01',
    CutoffEnd: '2026-11-15',
    PayDate: '2026-11-20',
    PeriodStatus: 'Finalised',
    Gross: '15000.00',
    Deductions: '1713.50',
    NetPay: '13286.50',
  };
  const line = (Code: string, Description: string, Kind: 'earning' | 'deduction', Amount: string) => ({
    Code,
    Description,
    Kind,
    Quantity: 1,
    Unit: '',
    Rate: '',
    Amount,
  });
  await page.route('**/api/v1/portal/payslips', (route) => route.fulfill({ json: { Items: [row] } }));
  await page.route(`**/api/v1/portal/payslips/${id}`, (route) =>
    route.fulfill({
      json: {
        ...row,
        EmployeeNumber: 'DM-0001',
        FullName: 'Juan Dela Cruz',
        Lines: [
          line('BASIC', 'Basic pay', 'earning', '12500.00'),
          line('OT_REG', 'Overtime', 'earning', '1200.00'),
          line('ND', 'Night differential', 'earning', '300.00'),
          line('COLA', 'Cost of living allowance', 'earning', '1000.00'),
          line('SSS', 'SSS contribution', 'deduction', '750.00'),
          line('PHIC', 'PhilHealth contribution', 'deduction', '375.00'),
          line('HDMF', 'Pag-IBIG contribution', 'deduction', '100.00'),
          line('WTAX', 'Withholding tax', 'deduction', '288.50'),
          line('LOAN', 'SSS salary loan', 'deduction', '200.00'),
          line('HDMF_LOAN', 'Pag-IBIG multi-purpose loan', 'deduction', '0.00'),
          line('CASH_ADV', 'Cash advance', 'deduction', '0.00'),
        ],
        WithholdingTax: '288.50',
        YearToDateTaxable: '280000.00',
        YearToDateTax: '12000.00',
      },
    }),
  );
  await signInWithTokens(page, demo.employee);
  await page.goto('/portal/payslips');
  await page.getByRole('button', { name: /^Payslip November 2026 1st cut-off/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Payslip · November 2026 1st cut-off' });
  await expect(dialog.getByRole('table', { name: 'Payslip lines' })).toBeVisible();
  expect(await axe(page, SCROLLABLE, '[role="dialog"]')).toEqual([]);
  // Tab reaches the lines (before, MUI's focus trap went Download PDF → Close → Download PDF).
  const content = dialog.getByRole('region', { name: 'Payslip details' });
  await dialog.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Tab');
  await expect(content).toBeFocused();
  await page.keyboard.press('End');
  await expect.poll(() => content.evaluate((e) => e.scrollTop)).toBeGreaterThan(0);
});

test('the dashboard charts add no unnamed Tab stop', async ({ page }) => {
  await signInWithTokens(page, demo.admin);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('list', { name: 'Employees per company' })).toBeAttached();
  await expect(page.locator('main svg').first()).toBeVisible();
  // MUI X Charts' keyboard layer: a div of role "none" with tabindex 0 and no visible focus.
  await expect(page.locator('main [tabindex="0"][role="none"]')).toHaveCount(0);
});

// WCAG 2.4.11: a Save the form refuses focuses its first wrong field; with the fixed top bar the page had scrolled
// that field under the bar, so only its red message showed (payroll settings, seen at 1366 px).
test('a refused Save scrolls its first wrong field into view below the fixed top bar', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInWithTokens(page, demo.payroll);
  await page.goto('/payroll/settings');
  const field = page.getByRole('textbox', { name: 'Minimum take-home pay (₱)' });
  await field.fill('');
  await page.mouse.wheel(0, 3000);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(field).toBeFocused();
  const bar = await page.locator('header').first().boundingBox();
  const box = await field.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
});
