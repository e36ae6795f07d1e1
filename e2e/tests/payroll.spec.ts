import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfText } from './pdf-text.js';
import { demo, separateSessions, listGrid } from './support.js';

const pageAs = separateSessions();

// Issue 10 §7: Payroll takes a period from create to finalise, and the employee reads the payslip in the portal.
// Computing twice, finalising and a second person signing in: more time than a one-screen test.
test.describe.configure({ timeout: 120_000 });

test('Payroll computes, adjusts, approves and finalises a period; the employee downloads the payslip', async ({
  browser,
}) => {
  const payroll = await pageAs(browser, demo.payroll);
  await payroll.goto('/payroll/payroll-periods');
  await payroll.getByRole('button', { name: 'Add Payroll Period' }).click();
  const dialog = payroll.getByRole('dialog', { name: 'Add Payroll Period' });
  // A regular period is proposed from the company's semi-monthly calendar.
  await expect(dialog.getByLabel('Name')).not.toHaveValue('', { timeout: 15_000 });
  const name = await dialog.getByLabel('Name').inputValue();
  // The dates show beside the name on every screen: the name itself carries none in ISO form.
  expect(name).toMatch(/^\w+ \d{4} (1st|2nd) cut-off$/);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(payroll.getByRole('heading', { name })).toBeVisible();

  await payroll.getByRole('button', { name: 'Compute', exact: true }).click();
  const payslips = await listGrid(payroll, 'Payslips');
  const juan = payslips.getByRole('row').filter({ hasText: 'Juan Dela Cruz' });
  await expect(juan).toBeVisible({ timeout: 60_000 });
  await expect(payroll.getByText('Computed', { exact: true })).toBeVisible();
  await payroll.screenshot({ path: 'test-results/payroll-period-computed.png', fullPage: true });

  // One-off adjustment for Juan, with a reason; the period then needs a recompute.
  await juan.getByRole('button', { name: 'Juan Dela Cruz' }).click();
  const drawer = payroll.getByRole('dialog', { name: /Juan Dela Cruz/ });
  const adjustment = drawer.getByRole('form', { name: 'Add adjustment' });
  await adjustment.getByLabel('Code').fill('PERFECT');
  await adjustment.getByLabel('Description').fill('Perfect attendance award');
  await adjustment.getByLabel('Amount (₱)').fill('1,000');
  await adjustment.getByLabel('Reason').fill('November perfect attendance');
  await adjustment.getByRole('button', { name: 'Add adjustment' }).click();
  await expect(drawer.getByRole('list', { name: 'Adjustments' })).toContainText('Perfect attendance award');
  await payroll.screenshot({ path: 'test-results/payroll-payslip-drawer.png' });
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(payroll.getByText('Compute again before approving')).toBeVisible();

  await payroll.getByRole('button', { name: 'Recompute' }).click();
  await expect(payroll.getByText('Compute again before approving')).toBeHidden({ timeout: 60_000 });
  await expect(payroll.getByText('Computed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await juan.getByRole('button', { name: 'Juan Dela Cruz' }).click();
  await expect(drawer.getByRole('table', { name: 'Payslip lines' })).toContainText(
    'Perfect attendance award',
  );
  await expect(drawer.getByRole('table', { name: 'Payslip lines' })).toContainText('₱1,000.00');
  await drawer.getByRole('button', { name: 'Close' }).click();

  await payroll.getByRole('button', { name: 'Approve' }).click();
  const approve = payroll.getByRole('dialog', { name: `Approve ${name}?` });
  await expect(approve).toContainText('net are approved for finalising');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(payroll.getByText('Approved', { exact: true })).toBeVisible();
  await payroll.getByRole('button', { name: 'Finalise' }).click();
  const confirm = payroll.getByRole('dialog', { name: `Finalise ${name}?` });
  await expect(confirm).toContainText('released to employees');
  await confirm.getByRole('button', { name: 'Finalise' }).click();
  await expect(payroll.getByText('Finalised', { exact: true })).toBeVisible();
  await expect(payroll.getByRole('button', { name: 'Recompute' })).toHaveCount(0);

  const downloading = payroll.waitForEvent('download');
  await payroll.getByRole('button', { name: 'Register' }).click();
  await payroll.getByRole('menuitem', { name: 'CSV' }).click();
  const register = await readFile((await (await downloading).path())!, 'utf8');
  // Juan's row in the register: the award is his only earning besides basic pay.
  const [header, ...rows] = register.replace(/^\uFEFF/, '').split(/\r?\n/);
  const juanRow = rows.find((line) => line.includes('Dela Cruz'))!.match(/("[^"]*"|[^,]*)(,|$)/g)!;
  const cell = (name: string) => Number(juanRow[header!.split(',').indexOf(name)]!.replace(/,$/, ''));
  expect(cell('Allowances and other earnings')).toBe(1000);
  expect(cell('Gross pay')).toBe(cell('Basic pay') + cell('Absences / tardiness') + 1000);

  const allPayslips = payroll.waitForEvent('download');
  await payroll.getByRole('button', { name: 'Payslips PDF' }).click();
  const all = await readFile((await (await allPayslips).path())!);
  expect(pdfText(all)).toContain('Dela Cruz');
  await payroll.getByRole('button', { name: 'E-mail payslips' }).click();
  await payroll
    .getByRole('dialog', { name: 'E-mail payslip notices?' })
    .getByRole('button', { name: 'Send' })
    .click();
  await expect(payroll.getByText(/^Sent to \d+ employees?$/)).toBeVisible();

  // On a phone the finalised period's four actions wrap, and the dashboard's screen-reader table of the trend
  // stays hidden: neither page scrolls sideways.
  await payroll.setViewportSize({ width: 390, height: 844 });
  const scrollsSideways = () =>
    payroll.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  await expect(payroll.getByRole('button', { name: 'Mark paid' })).toBeVisible();
  expect(await scrollsSideways()).toBe(false);
  // The payslips list is a card per employee with the figure that matters on the screen.
  const netPay = await payroll
    .getByRole('list', { name: 'Payslips' })
    .getByRole('listitem')
    .first()
    .getByText('Net pay', { exact: true })
    .locator('xpath=following-sibling::dd[1]');
  await expect(netPay).toHaveText(/^₱[\d,]+\.\d{2}$/);
  const box = (await netPay.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await payroll.goto('/payroll/dashboard');
  await expect(payroll.getByRole('table', { name: 'Gross and net pay per period' })).toBeAttached();
  expect(await scrollsSideways()).toBe(false);

  const employee = await pageAs(browser, demo.employee);
  await employee.goto('/portal/payslips');
  await employee.getByRole('button', { name: `Payslip ${name}` }).click();
  const slip = employee.getByRole('dialog', { name: `Payslip · ${name}` });
  await expect(slip.getByRole('table', { name: 'Payslip lines' })).toContainText('Perfect attendance award');
  const net = (await slip
    .getByText(/^₱[\d,]+\.\d{2}$/)
    .last()
    .textContent())!;
  await employee.screenshot({ path: 'test-results/portal-payslip.png' });
  const pdfDownload = employee.waitForEvent('download');
  await slip.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await readFile((await (await pdfDownload).path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdf);
  expect(text).toContain('Juan');
  expect(text).toContain(net.replace('₱', '').trim());
});
