import { expect, test, type Locator, type Page } from '@playwright/test';
import { demo, signInWithTokens } from './support.js';

// A list's first page of a visit is a plain table; the grid (MUI X) replaces it once its code is in (apps/web
// components/data-table.tsx). These hold the grid's code back so that the visitor's first actions land on the
// plain table, then let it in under them.

/** Holds the grid's code (the data-grid-view chunk) until the returned function is called. */
async function holdGrid(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let delivered!: () => void;
  const served = new Promise<void>((resolve) => (delivered = resolve));
  await page.route(/\/assets\/data-grid-view-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
    delivered();
  });
  return async () => {
    release();
    await served;
    // Its imports, evaluation and the grid's first render: long enough for a swap to have happened.
    await page.waitForTimeout(1_500);
  };
}

/** Counts, on every change of the page, the list's tables and grids named `name`: the most ever at once. */
async function countTables(page: Page, name: string) {
  await page.addInitScript((label) => {
    const w = window as unknown as { mostTables: number };
    w.mostTables = 0;
    const selector = `table[aria-label="${label}"], [role="grid"][aria-label="${label}"]`;
    new MutationObserver(() => {
      w.mostTables = Math.max(w.mostTables, document.querySelectorAll(selector).length);
    }).observe(document, { childList: true, subtree: true });
  }, name);
  return () => page.evaluate(() => (window as unknown as { mostTables: number }).mostTables);
}

async function openDepartments(page: Page) {
  await signInWithTokens(page, demo.hr);
  const mostTables = await countTables(page, 'Departments');
  const letGridIn = await holdGrid(page);
  await page.goto('/hr/departments');
  const table = page.getByRole('table', { name: 'Departments' });
  await expect(table).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Production' });
  await expect(row).toBeVisible();
  return { table, row, letGridIn, mostTables };
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Departments' });

/** The row's "more" button is the focused element (the plain table's or, after the swap, the grid's). */
async function expectFocused(button: Locator) {
  await expect(button).toBeFocused();
}

test('the first click on a row\'s "more" on the plain table opens its menu; a dialog from it gives the focus back', async ({
  page,
}) => {
  const { table, row, letGridIn, mostTables } = await openDepartments(page);
  const more = row.getByRole('button', { name: 'more' });
  // One click, on the plain table (the grid's code is still held back).
  await more.click();
  await expect(table).toBeVisible();
  await letGridIn();
  const menuItem = page.getByRole('menuitem', { name: 'Delete' });
  await expect(menuItem).toBeVisible();
  await expect(grid(page)).toBeVisible();

  await menuItem.click();
  // Production has employees: its Delete offers "Deactivate instead" at once (any dialog serves here).
  const confirm = page.getByRole('dialog', { name: 'Department cannot be deleted' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expectFocused(more);

  // Again, closed with Cancel.
  await more.click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expectFocused(more);
  expect(await mostTables()).toBe(1);
});

test('the grid does not replace the plain table between a press on "more" and its release', async ({
  page,
}) => {
  const { row, letGridIn, mostTables } = await openDepartments(page);
  const more = row.getByRole('button', { name: 'more' });
  const box = (await more.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // The grid's code arrives while the button is held down.
  await letGridIn();
  await page.mouse.up();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  await expect(grid(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeHidden();
  await expectFocused(more);
  expect(await mostTables()).toBe(1);
});

test('a dialog opened from the plain table gives the focus back to its button after the grid came in', async ({
  page,
}) => {
  const { row, letGridIn, mostTables } = await openDepartments(page);
  const edit = row.getByRole('button', { name: 'Edit' });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Production' });
  await expect(dialog).toBeVisible();
  // The grid's code arrives while the dialog is open.
  await letGridIn();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocused(edit);
  // The grid then takes the table's place, with the focus on its own Edit of that row.
  await expect(grid(page)).toBeVisible();
  await expectFocused(
    grid(page).getByRole('row').filter({ hasText: 'Production' }).getByRole('button', { name: 'Edit' }),
  );
  expect(await mostTables()).toBe(1);
});

test('a cell cut by its ellipsis shows its whole text as its title, on the plain table and on the grid', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithTokens(page, demo.admin);
  const letGridIn = await holdGrid(page);
  await page.goto('/admin/users');
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row').nth(1)).toBeVisible();

  /** Hovers every cell the ellipsis cuts and expects its title to be its text, and one that fits to have none. */
  const checkCells = async (cells: Locator, titled: boolean) => {
    const [cut, whole] = await cells.evaluateAll((elements) => {
      const isCut = (cell: Element) =>
        [cell, ...Array.from(cell.querySelectorAll('*'))].some((e) => e.scrollWidth > e.clientWidth);
      const withText = elements.flatMap((cell, index) => (cell.textContent!.trim() ? [index] : []));
      return [withText.filter((i) => isCut(elements[i]!)), withText.filter((i) => !isCut(elements[i]!))];
    });
    for (const index of cut) {
      const cell = cells.nth(index);
      await cell.hover();
      await expect(cell).toHaveAttribute('title', (await cell.textContent())!.trim());
    }
    if (!titled) {
      const fits = cells.nth(whole[0]!);
      await fits.hover();
      await expect(fits).not.toHaveAttribute('title');
    }
    return cut.length;
  };
  expect(await checkCells(users.getByRole('cell'), false)).toBeGreaterThan(0);

  await letGridIn();
  const usersGrid = page.getByRole('grid', { name: 'Users' });
  await expect(usersGrid).toBeVisible();
  // (MUI X titles its own plain cells, cut or not; those a page's renderer draws are titled when cut.)
  expect(await checkCells(usersGrid.getByRole('gridcell'), true)).toBeGreaterThan(0);
});
