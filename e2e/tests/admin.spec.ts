import { expect, test, type Page } from '@playwright/test';
import { EMPLOYEE_IMPORT_COLUMN_NAMES } from '@hrpay/contracts';
import { linkIn, startMailReceiver } from '../../apps/server/test/mail-receiver.js';
import { smtpPort } from '../playwright.config.js';
import { apiHeaders, demo, signInThroughPage, type DemoUser, listGrid } from './support.js';

// Issue 4 end to end: an Admin sets up a company and a portal user who accepts the e-mailed invitation, and
// imports employee records: template, preview with an error, fixed file, commit, employees visible.

let mail: Awaited<ReturnType<typeof startMailReceiver>>;
test.beforeAll(async () => {
  mail = await startMailReceiver(smtpPort);
});
test.afterAll(async () => {
  await mail.close();
});

/** Picks an option of an MUI select by its label. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('an Admin creates a company, then a PortalUser who sets a password from the invitation and signs in', async ({
  page,
}) => {
  // Two forms, an invitation by mail and two sign-ins: close to 30 s on a busy host.
  test.setTimeout(60_000);
  await signInThroughPage(page, demo.admin);

  // A company, through the form, then found in the grid.
  await page.getByRole('link', { name: 'Companies' }).first().click();
  await expect(page).toHaveURL(/\/admin\/companies/);
  await page
    .getByRole('link', { name: 'Add Company' })
    .or(page.getByRole('button', { name: 'Add Company' }))
    .first()
    .click();
  await expect(page).toHaveURL('/admin/companies/add');
  await page.getByRole('button', { name: 'Add Company' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.getByRole('textbox', { name: /^Name\b/ }).fill('Pasig Bakery Corp.');
  await page.getByLabel('TIN').fill('444-555-666-000');
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByRole('button', { name: 'Add Company' }).click();
  await expect(page.getByText('E-mail must be valid')).toBeVisible();
  await page.getByLabel('E-mail').fill('hr@pasigbakery.example');
  await page.getByRole('button', { name: 'Add Company' }).click();
  await expect(page.getByText('Company created')).toBeVisible();
  await page.goto('/admin/companies?search=Pasig');
  await listGrid(page, 'Companies');
  await expect(page.getByRole('gridcell', { name: 'Pasig Bakery Corp.' })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: '444-555-666-000' })).toBeVisible();

  // A PortalUser of the demo company, linked to an employee who has no account yet.
  await page.goto('/admin/users/add');
  await choose(page, 'User type', 'Employee Portal');
  await choose(page, 'Company', 'Demo Manufacturing Inc.');
  await page.getByLabel('Full name').fill('Liza Mendoza');
  await page.getByLabel('E-mail').fill('liza.mendoza@demo.hrpay.test');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('A PortalUser must be linked to an employee')).toBeVisible();
  await page.getByRole('combobox', { name: 'Linked employee' }).fill('Mendoza');
  await page.getByRole('option', { name: /Liza Mendoza \(DM-0005\)/ }).click();
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(
    page.getByText(/User created\. An invitation was sent to liza\.mendoza@demo\.hrpay\.test/),
  ).toBeVisible();

  // The grid lists the new user as waiting for the invitation.
  await page.goto('/admin/users?search=Liza');
  await listGrid(page, 'Users');
  await expect(page.getByRole('gridcell', { name: 'liza.mendoza@demo.hrpay.test' })).toBeVisible();
  await expect(page.getByText('Invitation pending').first()).toBeVisible();

  // The invitation arrives by SMTP with a single-use /account-setup link.
  const link = new URL(linkIn(await mail.next('liza.mendoza@demo.hrpay.test'), '/account-setup'));
  await page.evaluate(() => localStorage.clear());
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New Password', { exact: true }).fill('portal-pass-1');
  await page.getByLabel('Confirm New Password').fill('portal-pass-1');
  await page.getByRole('button', { name: /set|save|create|continue/i }).click();
  await expect(page.getByText(/account is ready/i).first()).toBeVisible();

  const liza: DemoUser = {
    email: 'liza.mendoza@demo.hrpay.test',
    type: 'PortalUser',
    home: '/portal/dashboard',
    login: '/portal/login',
  };
  await signInThroughPage(page, liza, 'portal-pass-1');
  await expect(page.getByText('Liza Mendoza').first()).toBeVisible();
});

const header = EMPLOYEE_IMPORT_COLUMN_NAMES.join(',');
const line = (values: Partial<Record<(typeof EMPLOYEE_IMPORT_COLUMN_NAMES)[number], string>>) =>
  EMPLOYEE_IMPORT_COLUMN_NAMES.map((c) => values[c] ?? '').join(',');
const person = (n: number, hireDate: string) => ({
  EmployeeNumber: `BK-${n}`,
  LastName: ['Aquino', 'Lopez', 'Tan'][n - 1]!,
  FirstName: ['Rosa', 'Ben', 'Cora'][n - 1]!,
  EmploymentStatus: 'Probationary',
  HireDate: hireDate,
  RateType: 'Daily',
  BasicRate: '645.00',
  Department: 'Baking',
  Position: 'Baker',
  SSSNumber: `34-123456${n}-0`,
});

test('an Admin imports three employees: preview, an error fixed, commit, employees counted', async ({
  page,
}) => {
  await signInThroughPage(page, demo.admin);
  const created = await page.request.post('/api/v1/companies', {
    headers: await apiHeaders(page),
    data: { Name: 'Cebu Bakery Corp.', Tin: '777-888-999-000' },
  });
  expect(created.status()).toBe(201);
  const companyId = (await created.json()).CompanyId as string;
  await page.goto('/admin/companies?search=Cebu');
  await listGrid(page, 'Companies');
  await page.getByRole('gridcell', { name: 'Cebu Bakery Corp.' }).waitFor();
  // The row's actions menu leads to the import page.
  await page
    .getByRole('row', { name: /Cebu Bakery Corp\./ })
    .getByLabel('more', { exact: true })
    .click();
  await page.getByRole('menuitem', { name: 'Import employee records' }).click();
  await expect(page).toHaveURL(/\/admin\/companies\/import-records\//);
  await expect(page.getByText('Cebu Bakery Corp.').first()).toBeVisible();

  // The template downloads with every column.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const template = await (await download).path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(template!, 'utf8').split(/\r?\n/)[0]).toBe(header);

  // Three rows, one with an impossible hire date: the preview names row, column, value and message.
  const withError = [
    header,
    line(person(1, '2024-03-01')),
    line(person(2, '2024-02-30')),
    line(person(3, '2024-03-01')),
  ];
  await page.getByLabel('Employee file').setInputFiles({
    name: 'bakery.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(withError.join('\n')),
  });
  await expect(page.getByText('Fix the errors below in your file and upload it again.').first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('gridcell', { name: 'HireDate' }).first()).toBeVisible();
  await expect(page.getByRole('gridcell', { name: '2024-02-30' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);

  // The fixed file: three to create and the new department and position listed, then the commit.
  const fixed = [
    header,
    line(person(1, '2024-03-01')),
    line(person(2, '2024-02-28')),
    line(person(3, '2024-03-01')),
  ];
  await page.getByLabel('Employee file').setInputFiles({
    name: 'bakery.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(fixed.join('\n')),
  });
  await expect(page.getByText('No errors found').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('New department: Baking').first()).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'BK-2' })).toBeVisible();
  await page.getByRole('button', { name: /^Import 3 employees/ }).click();
  await expect(page.getByRole('dialog')).toContainText('This creates 3 and updates 0 employees');
  await page.getByRole('dialog').getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText(/Import complete: 3 created/).first()).toBeVisible({ timeout: 20_000 });

  // The employees are there: the company counts them and the employee picker finds them.
  await page.goto('/admin/companies?search=Cebu');
  await listGrid(page, 'Companies');
  await expect(
    page.getByRole('row', { name: /Cebu Bakery Corp\./ }).getByRole('gridcell', { name: '3', exact: true }),
  ).toBeVisible();
  const found = await page.request.get(`/api/v1/employees/search?SearchText=BK-&CompanyId=${companyId}`, {
    headers: await apiHeaders(page),
  });
  expect((await found.json()).map((e: { EmployeeNumber: string }) => e.EmployeeNumber).sort()).toEqual([
    'BK-1',
    'BK-2',
    'BK-3',
  ]);
});
