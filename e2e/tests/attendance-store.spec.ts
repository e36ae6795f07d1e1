import { expect, test, type Page } from '@playwright/test';
import { apiHeaders, demo, separateSessions } from './support.js';

const pageAs = separateSessions();

// Payroll reads only the attendance days HR stored (decision 0008). HR stores a range from Time Logs ›
// Attendance › Store for payroll; a period computed on a cut-off nobody stored says so on its page.
// Two people and two computes: more time than a one-screen test.
test.describe.configure({ timeout: 120_000 });

/**
 * The 1st-15th cut-off of the month `months` from now (negative: ago), with its pay date. In the past: a day
 * whose shift has not ended is not stored. More than a year ago: the other specs neither store nor pay these
 * days, and storing them changes none of their figures.
 */
function cutoffOf(months: number) {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  const month = first.toISOString().slice(0, 8);
  return { CutoffStart: `${month}01`, CutoffEnd: `${month}15`, PayDate: `${month}20` };
}

/** Shows a range on the Attendance tab. */
async function showRange(page: Page, from: string, to: string) {
  // Exact: the list's paging buttons ("Go to next page") also hold "to".
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
}

/** Stores the shown range through the confirmation and answers the result toast. */
async function storeShownRange(page: Page) {
  await page.getByRole('button', { name: 'Store for payroll' }).click();
  const confirm = page.getByRole('dialog', { name: 'Store attendance for payroll?' });
  await expect(confirm).toContainText('Payroll computes pay from the stored attendance days');
  await expect(confirm).toContainText(
    'replaced with what the current punches, schedules and approved requests',
  );
  await confirm.getByRole('button', { name: 'Store', exact: true }).click();
  await expect(confirm).toBeHidden();
  const toast = page.getByRole('alert').filter({ hasText: 'Attendance stored for payroll' });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  return toast;
}

test('HR stores the shown range for payroll and sees what was stored; more than 31 days is refused', async ({
  browser,
}) => {
  const hr = await pageAs(browser, demo.hr);
  const stores: string[] = [];
  hr.on('request', (request) => {
    if (request.url().includes('/timelogs/attendance/store')) stores.push(request.method());
  });
  await hr.goto('/hr/timelogs?tab=attendance');
  const cutoff = cutoffOf(-13);

  // 1 to 15 of the month before through the 15th: 46 days.
  const before = cutoffOf(-14);
  await showRange(hr, before.CutoffStart, cutoff.CutoffEnd);
  await hr.getByRole('button', { name: 'Store for payroll' }).click();
  await expect(hr.getByRole('alert').filter({ hasText: 'At most 31 days at a time' })).toBeVisible();
  await expect(hr.getByRole('dialog')).toHaveCount(0);
  expect(stores).toEqual([]);

  await showRange(hr, cutoff.CutoffStart, cutoff.CutoffEnd);
  const toast = await storeShownRange(hr);
  await expect(toast).toContainText(/Attendance stored for payroll, .+: \d+ employees, [1-9][\d,]* days/);
  await expect(toast).not.toContainText('left out');
  expect(stores).toEqual(['POST']);
  await hr.screenshot({ path: 'test-results/attendance-stored.png' });
});

test('Payroll is warned that a computed cut-off has no stored attendance, until HR stores it', async ({
  browser,
}) => {
  const payroll = await pageAs(browser, demo.payroll);
  await payroll.goto('/payroll/payroll-periods');
  const cutoff = cutoffOf(-15);
  const created = await payroll.request.post('/api/v1/payroll-periods', {
    headers: await apiHeaders(payroll),
    data: { Kind: 'Regular', Name: 'Unstored cut-off', ...cutoff },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { Id } = (await created.json()) as { Id: string };

  await payroll.goto(`/payroll/payroll-periods/${Id}`);
  await expect(payroll.getByRole('heading', { name: 'Unstored cut-off' })).toBeVisible();
  const banner = payroll.getByRole('alert').filter({ hasText: 'Attendance not stored for this cut-off' });
  await expect(banner).toHaveCount(0);
  await payroll.getByRole('button', { name: 'Compute', exact: true }).click();
  await expect(payroll.getByText('Computed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(banner).toBeVisible();
  // Nobody stored these days: every employee of the period is counted.
  await expect(banner).toContainText(/(\d+) of \1 employees have no stored attendance for/);
  await expect(banner).toContainText('Time Logs › Attendance › Store for payroll');
  await expect(banner).toContainText('compute the period again');
  await payroll.screenshot({ path: 'test-results/attendance-not-stored-banner.png' });

  const hr = await pageAs(browser, demo.hr);
  await hr.goto('/hr/timelogs?tab=attendance');
  await showRange(hr, cutoff.CutoffStart, cutoff.CutoffEnd);
  await storeShownRange(hr);

  const period = async () =>
    (await (
      await payroll.request.get(`/api/v1/payroll-periods/${Id}`, { headers: await apiHeaders(payroll) })
    ).json()) as { ComputedAt: string; JobStatus: string };
  const first = (await period()).ComputedAt;
  await payroll.getByRole('button', { name: 'Recompute' }).click();
  await expect
    .poll(
      async () => {
        const now = await period();
        return now.JobStatus === 'Done' && now.ComputedAt !== first;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  // The page has the new compute (the banner also hides while one runs).
  await expect(payroll.getByRole('progressbar', { name: 'Compute progress' })).toHaveCount(0);
  await expect(payroll.getByText('Computed', { exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0);
  // Gone again: a period left computed would wait to be finalised before the periods after it (payroll.spec's).
  const deleted = await payroll.request.delete(`/api/v1/payroll-periods/${Id}`, {
    headers: await apiHeaders(payroll),
  });
  expect(deleted.status(), await deleted.text()).toBe(200);
});
