import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import type { PayrollJobStatus, PayrollPeriodDetail } from '@hrpay/contracts';
import { draftPeriod as draft, PERIOD_ID as ID } from '@/test/payroll-period-fixture';
import { renderApp } from '@/test/render-app';
import PayrollPeriodDetailsPage from './payroll-period-details-page';

// The compute's toasts follow the period as the page shows it: once the action is answered a small period is
// computed already, and "Computing started" beside a Computed period read as if nothing had happened; a longer job
// gets "Computing started", and when the polled period shows the job ended that toast goes and one toast says how
// it ended (the user may be looking at anything else on the page by then).

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const REASON = 'The compute was interrupted (the server restarted). Nothing was changed; compute again.';

/** The period as a job in state `job` leaves it. */
function periodAt(job: PayrollJobStatus): PayrollPeriodDetail {
  if (job === 'Done')
    return {
      ...draft,
      JobStatus: job,
      Status: 'Computed',
      ComputedAt: '2026-11-30T01:00:00.000Z',
      Totals: { ...draft.Totals, Employees: 7 },
    };
  if (job === 'Failed') return { ...draft, JobStatus: job, JobError: REASON };
  return { ...draft, JobStatus: job, JobProgress: 2, JobTotal: 7 };
}

/**
 * The draft until Compute is pressed, then the period as its job leaves it at each read: the refetch that answers
 * the action reads `jobs[0]`, the page's polls the next ones (the last one for good); a job's state stands for the
 * period `periodAt` gives.
 */
function renderComputing(...jobs: (PayrollJobStatus | PayrollPeriodDetail)[]) {
  let reads = -1;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith(`/payroll-periods/${ID}/compute`) && init?.method === 'POST') {
      reads = 0;
      return json({ ...draft, JobStatus: 'Queued' }, 202);
    }
    if (url.endsWith(`/payroll-periods/${ID}`)) {
      if (reads < 0) return json(draft);
      const job = jobs[Math.min(reads++, jobs.length - 1)]!;
      return json(typeof job === 'string' ? periodAt(job) : job);
    }
    return json({ Items: [], TotalCount: 0 });
  });
  renderApp(<PayrollPeriodDetailsPage />, {
    path: '/payroll/payroll-periods/:payrollPeriodId',
    at: `/payroll/payroll-periods/${ID}`,
  });
}

/** The id of the "Computing started" toast `success` showed. */
const startedToast = (success: MockInstance<typeof toast.success>) => {
  const at = success.mock.calls.findIndex(([text]) => text === 'Computing started');
  expect(at).toBeGreaterThanOrEqual(0);
  return success.mock.results[at]!.value as unknown;
};

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
    expect(success).toHaveBeenCalledTimes(1);
  });

  it("says the failure with the server's reason when the job failed by the time the page shows it", async () => {
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    renderComputing('Failed');
    fireEvent.click(await screen.findByRole('button', { name: 'Compute' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(`The compute failed: ${REASON}`));
    expect(success).not.toHaveBeenCalled();
  });

  it('says the period is computed when the polled job ends, and takes "Computing started" away', async () => {
    const success = vi.spyOn(toast, 'success');
    const dismiss = vi.spyOn(toast, 'dismiss');
    renderComputing('Running', 'Running', 'Done');
    fireEvent.click(await screen.findByRole('button', { name: 'Compute' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Computing started'));
    const started = startedToast(success);
    expect(dismiss).not.toHaveBeenCalled();
    // The page polls the running job every second; the status reads Computed when the outcome's toast comes.
    await waitFor(() => expect(success).toHaveBeenCalledWith('Period computed: 7 payslips'), {
      timeout: 4000,
    });
    expect(dismiss).toHaveBeenCalledWith(started);
    expect(screen.getByText('Computed')).toBeTruthy();
    expect(success).toHaveBeenCalledTimes(2);
  });

  it('counts the payslips with warnings in the outcome', async () => {
    const success = vi.spyOn(toast, 'success');
    const done = periodAt('Done');
    renderComputing('Running', { ...done, Totals: { ...done.Totals, WithWarnings: 2 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Compute' }));
    await waitFor(
      () => expect(success).toHaveBeenCalledWith('Period computed: 7 payslips, 2 with warnings'),
      {
        timeout: 4000,
      },
    );
  });

  it('says the server\'s reason when the polled job fails, and takes "Computing started" away', async () => {
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    const dismiss = vi.spyOn(toast, 'dismiss');
    renderComputing('Running', 'Failed');
    fireEvent.click(await screen.findByRole('button', { name: 'Compute' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Computing started'));
    const started = startedToast(success);
    await waitFor(() => expect(error).toHaveBeenCalledWith(`The compute failed: ${REASON}`), {
      timeout: 4000,
    });
    expect(dismiss).toHaveBeenCalledWith(started);
    expect(error).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledTimes(1);
  });
});
