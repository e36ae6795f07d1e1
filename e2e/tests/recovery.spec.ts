import { expect, test } from '@playwright/test';
import { linkIn, startMailReceiver } from '../../apps/server/test/mail-receiver.js';
import { smtpPort } from '../playwright.config.js';
import { signInThroughPage, type DemoUser } from './support.js';

// Forgot / reset password end to end: page -> SMTP -> link -> page -> sign-in (issue 2 §4, §6).

let mail: Awaited<ReturnType<typeof startMailReceiver>>;
test.beforeAll(async () => {
  mail = await startMailReceiver(smtpPort);
});
test.afterAll(async () => {
  await mail.close();
});

const hrOther: DemoUser = {
  email: 'hr@other.hrpay.test',
  type: 'HRUser',
  home: '/hr/dashboard',
  login: '/hr/login',
};

test('forgot password e-mails a single-use link; /reset-password sets the new password', async ({ page }) => {
  await page.goto('/hr/login');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL('/hr/forgot-password');
  // The page loads lazily: until its heading shows, the sign-in page (with an E-mail field of its own) may still be
  // on screen, and a value typed there is lost (seen once in CI: "This field is required" on the new page).
  await expect(page.getByRole('heading', { name: /forgot your password/i })).toBeVisible();
  await page.getByLabel('E-mail').fill(hrOther.email);
  await page.getByRole('button', { name: /send|reset/i }).click();
  const confirmation = await page
    .getByText(/if an account/i)
    .first()
    .textContent();

  const link = linkIn(await mail.next(hrOther.email), '/reset-password');
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('different');
  await page.getByRole('button', { name: /reset|save|set/i }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('recovered-123');
  await page.getByLabel('Confirm New Password').fill('recovered-123');
  await page.getByRole('button', { name: /reset|save|set/i }).click();
  await expect(page.getByText(/password (has been|was) (reset|changed|set)/i).first()).toBeVisible();

  await signInThroughPage(page, hrOther, 'recovered-123');

  // The link is single-use.
  await page.evaluate(() => localStorage.clear());
  await page.goto(url.pathname + url.search);
  await page.getByLabel('New Password', { exact: true }).fill('another-123');
  await page.getByLabel('Confirm New Password').fill('another-123');
  await page.getByRole('button', { name: /reset|save|set/i }).click();
  await expect(page.getByText(/invalid|expired/i).first()).toBeVisible();

  // An unknown address gets the same answer and no mail.
  await page.goto('/hr/forgot-password');
  await page.getByLabel('E-mail').fill('nobody@nowhere.hrpay.test');
  await page.getByRole('button', { name: /send|reset/i }).click();
  await expect(page.getByText(/if an account/i).first()).toHaveText(confirmation!);
  await expect(mail.next('nobody@nowhere.hrpay.test', 1500)).rejects.toThrow();
});
