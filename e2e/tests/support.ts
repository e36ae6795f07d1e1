import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { UserTypeId, type UserTypeName, type LoginResponse } from '@hrpay/contracts';

export const DEMO_PASSWORD = 'demo1234';

export const demo = {
  admin: { email: 'admin@demo.hrpay.test', type: 'Admin', home: '/admin/dashboard', login: '/admin/login' },
  hr: { email: 'hr@demo.hrpay.test', type: 'HRUser', home: '/hr/dashboard', login: '/hr/login' },
  payroll: {
    email: 'payroll@demo.hrpay.test',
    type: 'PayrollUser',
    home: '/payroll/dashboard',
    login: '/payroll/login',
  },
  approver: {
    email: 'approver@demo.hrpay.test',
    type: 'PortalUser',
    home: '/portal/dashboard',
    login: '/portal/login',
  },
  employee: {
    email: 'employee@demo.hrpay.test',
    type: 'PortalUser',
    home: '/portal/dashboard',
    login: '/portal/login',
  },
} as const satisfies Record<string, DemoUser>;

export interface DemoUser {
  email: string;
  type: UserTypeName;
  home: string;
  login: string;
}

/** Signs in through the login page, as a user would. */
export async function signInThroughPage(page: Page, user: DemoUser, password = DEMO_PASSWORD) {
  await page.goto(user.login);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(user.home);
}

/** Signs in through the API and stores the tokens where the app keeps them (spec §3: localStorage). */
export async function signInWithTokens(page: Page, user: DemoUser): Promise<LoginResponse> {
  const response = await page.request.post('/api/v1/users/login', {
    data: { email: user.email, password: DEMO_PASSWORD, userType: UserTypeId[user.type] },
  });
  expect(response.status()).toBe(200);
  const tokens = (await response.json()) as LoginResponse;
  await storeTokens(page, tokens.AccessToken, tokens.RefreshToken);
  return tokens;
}

/**
 * Puts tokens into localStorage on a page of the origin where the app does not run (the favicon), so nothing can
 * read them before the test opens its page. On an app page the app may still be starting when `goto` resolves
 * (its first render is a transition in later tasks, after the load event): it would then start with the new
 * tokens, refreshing or ending the session before the test's own page opens.
 */
export async function storeTokens(page: Page, token: string | null, refreshToken: string | null) {
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([t, r]) => {
      localStorage.clear();
      if (t !== null) localStorage.setItem('token', t);
      if (r !== null) localStorage.setItem('refreshToken', r);
    },
    [token, refreshToken] as const,
  );
}

/** A JWT-shaped token the client reads as valid (future exp) but the server rejects (bad signature). */
export function forgedAccessToken(realToken: string, overrides: Record<string, unknown> = {}) {
  const [header, payload] = realToken.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')), ...overrides };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${header}.${body}.${Buffer.from('not-the-signature').toString('base64url')}`;
}

/** The signed-in page's bearer token and tenant, for a direct API call. */
export async function apiHeaders(page: Page) {
  return page.evaluate(() => {
    const token = localStorage.getItem('token')!;
    const claims = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return { authorization: `Bearer ${token}`, 'x-tenant-id': claims.tenant_id as string };
  });
}

export async function storedTokens(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    refreshToken: localStorage.getItem('refreshToken'),
  }));
}

/**
 * For tests where several people take turns: `const pageAs = separateSessions()` at the top of the spec, then
 * `await pageAs(browser, demo.approver)` gives a page signed in as that user in a browser context of its own.
 * The contexts close after each test, so none keeps a page (and its requests) alive into the next test.
 */
export function separateSessions() {
  const open: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  return async (browser: Browser, user: DemoUser): Promise<Page> => {
    const context = await browser.newContext();
    open.push(context);
    const page = await context.newPage();
    await signInWithTokens(page, user);
    return page;
  };
}

/**
 * A list's grid (apps/web components/data-table.tsx). The first list of a visit shows its rows as a plain table
 * that sorts and pages by itself, and loads the grid only when the table is reached for (issue 11): the pointer
 * goes to the table first, as a person's does. Harmless where the grid is already there.
 */
export async function listGrid(page: Page, name: string): Promise<Locator> {
  const grid = page.getByRole('grid', { name, exact: true });
  await page.getByRole('table', { name, exact: true }).or(grid).first().hover();
  await expect(grid).toBeVisible();
  return grid;
}

/** Opens a grid row's "more" menu (Delete and other row actions): a menu item of the actions cell, or a button. */
export async function openRowMenu(row: Locator) {
  await row
    .getByRole('menuitem', { name: 'more' })
    .or(row.getByRole('button', { name: 'more' }))
    .click();
}

/**
 * The first given weekday (0 Sunday ... 6 Saturday) at least `days` days from today (YYYY-MM-DD): a date clear of
 * the demo's own requests, which are two weeks ahead.
 */
export function weekdayAhead(weekday: number, days: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  while (day.getUTCDay() !== weekday) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
