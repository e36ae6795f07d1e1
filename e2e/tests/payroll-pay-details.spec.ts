import { expect, test } from '@playwright/test';
import { demo, listGrid, separateSessions } from './support.js';

const pageAs = separateSessions();

// Issue 10 §1: Payroll keeps an employee's pay details from the drawer: a new rate, the bank account, a loan.
// Each form checks the API's schema on the body it will send and then sends that body; the forms had handed the
// already-made body to their submit, which made it again and threw before any request left.
test('Payroll adds a rate, saves the profile and adds a loan from the pay details drawer', async ({
  browser,
}) => {
  const payroll = await pageAs(browser, demo.payroll);
  await payroll.goto('/payroll/employee-payroll-details');
  const grid = await listGrid(payroll, 'Employee payroll details');
  await grid.getByRole('button', { name: 'Juan Dela Cruz' }).click();
  const drawer = payroll.getByRole('dialog', { name: /Juan Dela Cruz/ });

  await drawer.getByRole('tab', { name: 'Rates' }).click();
  await drawer.getByRole('button', { name: 'Add Rate' }).click();
  const rate = payroll.getByRole('dialog', { name: 'Add Rate' });
  await rate.getByLabel('Effective from').fill('2027-01-01');
  await rate.getByLabel('Rate (₱)').fill('31,500');
  await rate.getByLabel('Reason').fill('Annual increase');
  await rate.getByRole('button', { name: 'Add' }).click();
  await expect(payroll.getByText('Rate added')).toBeVisible();
  await expect(rate).toBeHidden();
  const history = drawer.getByRole('table', { name: 'Rate history' });
  await expect(history.getByRole('row').filter({ hasText: 'Jan 1, 2027' })).toContainText('31,500.00');

  await drawer.getByRole('tab', { name: 'Profile' }).click();
  const profile = drawer.getByRole('form', { name: 'Pay profile' });
  await profile.getByLabel('Account number').fill('001234567890');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(payroll.getByText('Payroll details saved')).toBeVisible();

  await drawer.getByRole('tab', { name: 'Loans' }).click();
  await drawer.getByRole('button', { name: 'Add Loan' }).click();
  const loan = payroll.getByRole('dialog', { name: 'Add Loan' });
  await loan.getByRole('combobox', { name: 'Loan type' }).click();
  await payroll.getByRole('option').first().click();
  await loan.getByLabel('Principal (₱)').fill('12,000');
  await loan.getByLabel('Amortisation per period (₱)').fill('500');
  await loan.getByLabel('First deduction on or after').fill('2027-01-01');
  // Reference no. and Remarks stay empty: optional.
  await loan.getByRole('button', { name: 'Add' }).click();
  await expect(payroll.getByText('Loan added')).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'Loans' })).toContainText('12,000.00');
});

// At 390 px the four tabs fit the drawer: "Recurring items" sat under a scroll arrow, cut off.
test('the pay details tabs fit a phone', async ({ browser }) => {
  const payroll = await pageAs(browser, demo.payroll);
  await payroll.setViewportSize({ width: 390, height: 844 });
  await payroll.goto('/payroll/employee-payroll-details');
  await payroll.getByRole('button', { name: 'Juan Dela Cruz' }).first().click();
  const drawer = payroll.getByRole('dialog', { name: /Juan Dela Cruz/ });
  for (const name of ['Profile', 'Rates', 'Recurring items', 'Loans']) {
    const box = (await drawer.getByRole('tab', { name }).boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
  }
});
