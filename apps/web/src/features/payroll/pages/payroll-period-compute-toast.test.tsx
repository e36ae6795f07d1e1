import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import type { PayrollJobStatus, PayrollPeriodDetail } from '@hrpay/contracts';
import { draftPeriod as draft, PERIOD_ID as ID } from '@/test/payroll-period-fixture';
import { renderApp } from '@/test/render-app';
import PayrollPeriodDetailsPage from './payroll-period-details-page';

// The compute's toast follows the period as the page shows it once the action is answered: a small period is
// computed by then, and "Computing started" beside a Computed period read as if nothing had happened.

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The draft until Compute is pressed, then the period as its job left it by the refetch. */
function renderComputing(job: PayrollJobStatus) {
  let computed = false;
  const after: PayrollPeriodDetail = {
    ...draft,
    JobStatus: job,
    ...(job === 'Done'
      ? {
          Status: 'Computed' as const,
          ComputedAt: '2026-11-30T01:00:00.000Z',
          Totals: { ...draft.Totals, Employees: 7 },
        }
      : {}),
  };
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith(`/payroll-periods/${ID}/compute`) && init?.method === 'POST') {
      computed = true;
      return json({ ...draft, JobStatus: 'Queued' }, 202);
    }
    if (url.endsWith(`/payroll-periods/${ID}`)) return json(computed ? after : draft);
    return json({ Items: [], TotalCount: 0 });
  });
  renderApp(<PayrollPeriodDetailsPage />, {
    path: '/payroll/payroll-periods/:payrollPeriodId',
    at: `/payroll/payroll-periods/${ID}`,
  });
}

describe("the compute's toast", () => {
  it('says the period is computed, with its payslips, when the job is done by the time the page shows it', async () => {
    const success = vi.spyOn(toast, 'success');
    renderComputing('Done');
    fireEvent.click(await screen.findByRole('button', { name: 'Compute' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Period computed: 7 payslips'));
    expect(success).not.toHaveBeenCalledWith('Computing started');
  });

  it('says computing started while the job still runs', async () => {
    const success = vi.spyOn(toast, 'success');
    renderComputing('Running');
    fireEvent.click(await screen.findByRole('button', { name: 'Compute' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Computing started'));
  });

  it('warns when the job failed, the page saying why', async () => {
    const warning = vi.spyOn(toast, 'warning');
    renderComputing('Failed');
    fireEvent.click(await screen.findByRole('button', { name: 'Compute' }));
    await waitFor(() => expect(warning).toHaveBeenCalledWith('The compute failed; the page says why.'));
  });
});
