import { expect, test, type Locator, type Page } from '@playwright/test';
import { demo, signInWithTokens } from './support.js';

// A list on a phone (390 px) is a card per row: every column's value is on the card and the row's actions are
// labelled buttons at its foot, so nothing lies beyond the screen's edge. The grid never loads on a phone.

test.use({ viewport: { width: 390, height: 844 } });

/** True when the element shows all of its text (no ellipsis, nothing cut at its edge). */
const showsAllText = (cell: Locator) => cell.evaluate((el) => el.scrollWidth <= el.clientWidth);
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
/** The card's lines as "label: value". */
const linesOf = (card: Locator) =>
  card
    .locator('dt')
    .evaluateAll((terms) => terms.map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`));

test('on a phone each holiday is a card with its date, type and an Edit button on the screen', async ({
  page,
}) => {
  await signInWithTokens(page, demo.hr);
  await page.goto('/hr/holidays?year=2026');
  const list = page.getByRole('list', { name: 'Holidays', exact: true });
  // Rizal Day: no other test adds a holiday on its date (a second one would make it a double holiday, a note).
  const card = list.getByRole('listitem').filter({ hasText: 'Rizal Day' });
  await expect(card).toHaveCount(1);
  expect(await linesOf(card)).toEqual(
    expect.arrayContaining(['Date: Wed, Dec 30, 2026', 'Type: Regular holiday', 'Applies to: National']),
  );
  // A holiday without notes has no empty "Notes" line.
  await expect(card.getByText('Notes', { exact: true })).toBeHidden();
  const edit = card.getByRole('button', { name: 'Edit' });
  await edit.scrollIntoViewIfNeeded();
  const box = (await edit.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await scrollsSideways(page)).toBe(false);
  // A touch does not bring the grid in (it did the table's place).
  await card.dispatchEvent('touchstart');
  await edit.click();
  await expect(page.getByRole('dialog', { name: 'Edit Rizal Day' })).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
  expect(await page.getByRole('table', { name: 'Holidays' }).count()).toBe(0);
});

test("on a phone a request's card shows its whole date and offers Cancel request, which the grid kept in a menu", async ({
  page,
}) => {
  await signInWithTokens(page, demo.employee);
  await page.goto('/portal/leave-requests');
  const card = page.getByRole('list', { name: 'Leave requests', exact: true }).getByRole('listitem').first();
  const dates = card.locator('dd').first();
  await expect(dates).toContainText(/\d{4}/);
  expect(await showsAllText(dates)).toBe(true);
  const cancel = card.getByRole('button', { name: 'Cancel request' });
  await expect(cancel).toBeVisible();
  await cancel.click();
  const confirm = page.getByRole('dialog', { name: /^Cancel leave request/ });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Back' }).click();
  await expect(confirm).toBeHidden();
  expect(await scrollsSideways(page)).toBe(false);
});

test('on a phone a list sorts through its Sort by select', async ({ page }) => {
  await signInWithTokens(page, demo.hr);
  await page.goto('/hr/employees');
  const titles = page.getByRole('list', { name: 'Employees', exact: true }).locator('.card-title');
  await expect(titles.first()).toBeVisible();
  const sort = page.getByLabel('Sort by');
  await expect(sort).toHaveValue('FullName:asc');
  const ascending = await titles.allTextContents();
  expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));
  await sort.selectOption('FullName:desc');
  await expect(page).toHaveURL(/sortDirection=desc/);
  await expect(titles.first()).toHaveText(ascending.at(-1)!);
  // The card's title is the name (the page's cardTitle), the number a line of it.
  expect(await linesOf(page.getByRole('listitem').first())).toEqual(
    expect.arrayContaining([expect.stringMatching(/^No\.: DM-\d{4}$/)]),
  );
});

test('on a phone the leave credit history keeps each date on one line', async ({ page }) => {
  await signInWithTokens(page, demo.employee);
  await page.goto('/portal/leave-credits');
  const history = page.getByRole('table', { name: 'Leave credit history' });
  const date = history.getByRole('row').nth(1).getByRole('cell').first();
  await expect(date).toContainText(/\d{4}$/);
  // The lines the date's text takes (one box per line): wrapped, "Nov 1, 2026" took three.
  const lines = await date.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
  expect(await showsAllText(date)).toBe(true);
});

test('on a phone an empty list shows its whole message on the screen', async ({ page }) => {
  await signInWithTokens(page, demo.employee);
  await page.goto('/portal/leave-requests?search=no-such-reason');
  const message = page.getByText('No requests match.');
  await expect(message).toBeVisible();
  const text = await message.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const box = range.getBoundingClientRect();
    return { left: box.left, right: box.right };
  });
  expect(text.left).toBeGreaterThanOrEqual(0);
  expect(text.right).toBeLessThanOrEqual(390);
  await expect(
    page.getByRole('list', { name: 'Leave requests', exact: true }).getByRole('listitem'),
  ).toHaveCount(0);
});

test('on a phone a dialog leaves 16 px of the page on each side, so two date fields fit side by side', async ({
  page,
}) => {
  await signInWithTokens(page, demo.employee);
  await page.goto('/portal/leave-requests');
  await page.getByRole('button', { name: 'File Leave' }).click();
  const dialog = page.getByRole('dialog', { name: 'File Leave' });
  const box = (await dialog.boundingBox())!;
  expect(Math.round(box.x)).toBe(16);
  expect(Math.round(box.width)).toBe(390 - 32);
  const from = (await dialog.getByLabel('From').boundingBox())!;
  // The date's "mm/dd/yyyy" and its picker button need about 150 px (MUI's 32 px margins left 131).
  expect(from.width).toBeGreaterThanOrEqual(150);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test("on a phone an approver's request card offers Review, which opens the review page", async ({ page }) => {
  await signInWithTokens(page, demo.approver);
  await page.goto('/portal/leave-requests');
  await page.getByRole('tab', { name: /For my review/ }).click();
  const card = page.getByRole('list', { name: 'Leave requests', exact: true }).getByRole('listitem').first();
  const review = card.getByRole('button', { name: 'Review' });
  await expect(review).toBeVisible();
  await review.click();
  await expect(page).toHaveURL(/\/portal\/leave-requests\/review\/[0-9a-f-]{36}$/);
});

// Portal walkthrough: at 390 px the OT and UT lists put "To" alone on a row under Status and From.
test('on a phone a request list keeps its From and To filters side by side', async ({ page }) => {
  await signInWithTokens(page, demo.employee);
  await page.goto('/portal/ot-requests');
  const from = (await page.getByLabel('From', { exact: true }).boundingBox())!;
  const to = (await page.getByLabel('To', { exact: true }).boundingBox())!;
  expect(Math.round(to.y)).toBe(Math.round(from.y));
  // Wide enough for "mm/dd/yyyy" and the picker button (see the dialog's test above).
  expect(from.width).toBeGreaterThanOrEqual(150);
  expect(to.x + to.width).toBeLessThanOrEqual(390 - 16 + 1);
  expect(await scrollsSideways(page)).toBe(false);
});
