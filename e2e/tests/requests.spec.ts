import { expect, test, type Page } from '@playwright/test';
import { apiHeaders, demo, separateSessions, signInWithTokens, listGrid, weekdayAhead } from './support.js';
import type { EmployeeLeaveCredits } from '@hrpay/contracts';

const pageAs = separateSessions();

// Issue 9 §3: leave filed in the portal, reviewed by the supervisor's approver; HR decides overtime.
// Two people sign in one after the other: more time than a one-user test.
test.describe.configure({ timeout: 90_000 });

/**
 * Early in the year the demo employee has a month of vacation leave accrued, less the day the demo's own request
 * holds: HR adjusts the balance, as it would for a carried-over balance, so that a day can be filed.
 */
async function ensureVacationDay(employee: Page, hr: Page) {
  const mine = await employee.request.get('/api/v1/portal/leave-credits', {
    headers: await apiHeaders(employee),
  });
  expect(mine.status()).toBe(200);
  const credits = (await mine.json()) as EmployeeLeaveCredits;
  const vacation = credits.Balances.find((b) => b.LeaveTypeCode === 'VL')!;
  if (vacation.Available >= 1) return;
  const adjusted = await hr.request.post('/api/v1/leave-credits/adjustments', {
    headers: await apiHeaders(hr),
    data: {
      EmployeeId: credits.EmployeeId,
      LeaveTypeId: vacation.LeaveTypeId,
      Days: 2,
      Reason: 'Balance carried over',
    },
  });
  expect(adjusted.status(), await adjusted.text()).toBe(201);
}

async function vacationBalance(page: Page): Promise<number> {
  await page.goto('/portal/leave-credits');
  const card = page.getByRole('listitem', { name: 'Vacation Leave' });
  const text = await card.textContent();
  return Number(/Balance ([\d.]+)/.exec(text ?? '')![1]);
}

test('an employee files a leave, the approver approves it, and the balance drops', async ({ browser }) => {
  const date = weekdayAhead(2, 42); // a Tuesday six weeks ahead
  const employee = await pageAs(browser, demo.employee);
  await ensureVacationDay(employee, await pageAs(browser, demo.hr));
  const before = await vacationBalance(employee);

  await employee.goto('/portal/leave-requests');
  await employee.getByRole('button', { name: 'File Leave' }).click();
  const dialog = employee.getByRole('dialog', { name: 'File Leave' });
  await dialog.getByRole('button', { name: 'File' }).click();
  await expect(dialog.getByText('This field is required').first()).toBeVisible();
  await dialog.getByLabel('Leave type').click();
  await employee.getByRole('option', { name: 'Vacation Leave' }).click();
  await dialog.getByLabel('From').fill(date);
  await dialog.getByLabel('To').fill(date);
  await dialog.getByLabel('Reason').fill('Renewing my passport');
  await dialog.getByRole('button', { name: 'File' }).click();
  await expect(dialog).toBeHidden();
  await expect(employee.getByText('Ana Cruz will review it')).toBeVisible();
  const grid = await listGrid(employee, 'Leave requests');
  const mine = grid.getByRole('row').filter({ hasText: 'Renewing my passport' });
  await expect(mine).toContainText('Pending');
  await expect(mine).toContainText('1 day');

  const approver = await pageAs(browser, demo.approver);
  await approver.goto('/portal/leave-requests');
  await approver.getByRole('tab', { name: /For my review/ }).click();
  const waiting = (await listGrid(approver, 'Leave requests')).getByRole('row').filter({
    hasText: 'Renewing my passport',
  });
  await waiting.getByRole('link', { name: 'Juan Dela Cruz' }).click();
  await expect(approver.getByRole('heading', { name: 'Leave Request Review' })).toBeVisible();
  await expect(approver.getByText('Renewing my passport')).toBeVisible();
  await approver.getByRole('button', { name: 'Approve' }).click();
  const decide = approver.getByRole('dialog', { name: 'Approve leave request' });
  await decide.getByLabel(/Remarks/).fill('Good luck at DFA');
  await decide.getByRole('button', { name: 'Approve' }).click();
  await expect(decide).toBeHidden();
  await expect(approver.getByText('Approved', { exact: true })).toBeVisible();
  await expect(approver.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  await employee.goto('/portal/leave-requests');
  await listGrid(employee, 'Leave requests');
  await expect(grid.getByRole('row').filter({ hasText: 'Renewing my passport' })).toContainText('Approved');
  expect(await vacationBalance(employee)).toBe(before - 1);
});

test('HR rejects an overtime request with remarks', async ({ page }) => {
  await signInWithTokens(page, demo.hr);
  await page.goto('/hr/ot-requests');
  const grid = await listGrid(page, 'OT requests');
  const row = grid.getByRole('row').filter({ hasText: 'Month-end inventory count' });
  await expect(row).toContainText('Pending', { timeout: 20_000 });
  await row.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject overtime request' });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel(/Remarks/).fill('Inventory moved to the weekend');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Rejected');
  await expect(row).toContainText('Maria Santos');
});
