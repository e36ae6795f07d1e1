import { expect, test, type Locator } from '@playwright/test';
import { demo, signInWithTokens } from './support.js';

// A list on a phone (390 px): every column it keeps shows its content. The plain table shown before the grid
// loads scrolls sideways when its columns do not fit, as the grid does, and a cell's text wraps.

test.use({ viewport: { width: 390, height: 844 } });

/** True when the element shows all of its text (no ellipsis, nothing cut at its edge). */
const showsAllText = (cell: Locator) => cell.evaluate((el) => el.scrollWidth <= el.clientWidth);

test('on a phone the holidays table keeps the name column and scrolls sideways to the row actions', async ({
  page,
}) => {
  await signInWithTokens(page, demo.hr);
  await page.goto('/hr/holidays?year=2026');
  // The plain table: read without pointing at it, which would load the grid in its place.
  const table = page.getByRole('table', { name: 'Holidays', exact: true });
  const name = table.getByRole('cell', { name: 'Christmas Day', exact: true });
  await expect(name).toBeVisible();
  const box = await name.boundingBox();
  // The column's least width (200 px), not what the fixed columns left over (nothing on a phone).
  expect(box!.width).toBeGreaterThanOrEqual(200);
  const scroller = table.locator('xpath=..');
  const overflow = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeGreaterThan(0);

  // The row's Edit button lies beyond the screen's edge until the table is scrolled to it. (Not clicked: a
  // pointer on the table loads the grid in its place.)
  const edit = table
    .getByRole('row')
    .filter({ hasText: 'Christmas Day' })
    .getByRole('button', { name: 'Edit' });
  expect((await edit.boundingBox())!.x).toBeGreaterThan(390);
  await edit.scrollIntoViewIfNeeded();
  const shown = (await edit.boundingBox())!;
  expect(shown.x + shown.width).toBeLessThanOrEqual(390);
  expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

test('on a phone a request row shows its whole date, wrapped in the table, and in the grid', async ({
  page,
}) => {
  await signInWithTokens(page, demo.employee);
  await page.goto('/portal/leave-requests');
  const table = page.getByRole('table', { name: 'Leave requests', exact: true });
  const dates = table.getByRole('row').nth(1).getByRole('cell').nth(1);
  await expect(dates).toContainText(/\d{4}/);
  expect(await showsAllText(dates)).toBe(true);
  expect((await dates.boundingBox())!.height).toBeGreaterThan(40);

  // A touch on the table loads the grid in its place, which shows the whole date too.
  await table.dispatchEvent('touchstart');
  const grid = page.getByRole('grid', { name: 'Leave requests', exact: true });
  await expect(grid).toBeVisible();
  const gridDates = grid.getByRole('row').nth(1).getByRole('gridcell').nth(1);
  await expect(gridDates).toContainText(/\d{4}/);
  expect(await showsAllText(gridDates)).toBe(true);
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

test('on a phone an empty list shows its whole message under a header as wide as the frame', async ({
  page,
}) => {
  await signInWithTokens(page, demo.employee);
  await page.goto('/portal/leave-requests?search=no-such-reason');
  const message = page.getByText('No requests match.');
  await expect(message).toBeVisible();
  const table = page.getByRole('table', { name: 'Leave requests', exact: true });
  const frame = (await table.locator('xpath=../..').boundingBox())!;
  // The message's text lies inside the frame (not centred in a table wider than the screen).
  const text = await message.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const box = range.getBoundingClientRect();
    return { left: box.left, right: box.right };
  });
  expect(text.left).toBeGreaterThanOrEqual(frame.x);
  expect(text.right).toBeLessThanOrEqual(frame.x + frame.width);
  // The header row is as wide as the frame: the columns hidden on a phone leave no gap beside it, and with
  // nothing to scroll to, it does not run past the frame either.
  const header = (await table.getByRole('row').first().boundingBox())!;
  expect(Math.abs(header.width - frame.width)).toBeLessThanOrEqual(2);
});
