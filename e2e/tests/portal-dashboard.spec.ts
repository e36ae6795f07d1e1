import { expect, test } from '@playwright/test';
import { demo, signInWithTokens } from './support.js';

// Issue 11: the portal dashboard shows the employee's day, balances, requests, review queue and latest payslip
// from one API call (the profile card's basic-info stays its own call, spec §2; the company's clock setting is
// read once a session for every screen's times).

test("an approver's dashboard shows every card from one call", async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (
      path.startsWith('/api/v1/') &&
      !path.endsWith('/basic-info') &&
      path !== '/api/v1/application-settings'
    )
      calls.push(path);
  });
  await signInWithTokens(page, demo.approver);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/portal/dashboard');
  await page.goto('/portal/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ana' })).toBeVisible();
  // The day's shift, or on a holiday in Manila (Bonifacio Day, say) the holiday's name in its place.
  const { Today } = (await (await answer).json()) as { Today: { HolidayName: string | null } };
  const today = page.getByRole('article', { name: 'Today' });
  await expect(today).toContainText(Today.HolidayName ?? 'Day Shift');
  await expect(page.getByRole('article', { name: 'Leave available' })).toContainText(/\d days/);
  await expect(page.getByRole('article', { name: 'Waiting for your review' })).toContainText(
    /Leave \d+ · OT \d+ · UT \d+/,
  );
  await expect(page.getByRole('region', { name: 'Upcoming holidays' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Latest payslip' })).toBeVisible();
  expect(calls.filter((c) => c !== '/api/v1/users/refresh-token')).toEqual(['/api/v1/portal/dashboard']);
});

test("an employee's dashboard lists their own pending requests and links each to its page", async ({
  page,
}) => {
  await signInWithTokens(page, demo.employee);
  await page.goto('/portal/dashboard');
  const pending = page.getByRole('region', { name: 'My pending requests' });
  await expect(page.getByRole('article', { name: 'My pending requests' })).toBeVisible();
  await expect(pending.getByText(/reviewer /).first()).toBeVisible();
  await pending.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/portal\/(leave|ot|ut)-requests$/);
});
