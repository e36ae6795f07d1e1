import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { EmployeeImport, EmployeeImportSummary } from '@hrpay/contracts';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { anImport, COMPANY_ID, IMPORT_ID } from '../import-fixtures';
import { EmployeeImportWorkspace } from './employee-import-workspace';

/** The server as seen through fetch: a route table of answers, every request recorded. */
const fetchMock = vi.fn<typeof fetch>();
let importAnswers: EmployeeImport[] = [];
let recentAnswer: EmployeeImportSummary[] = [];
let commitAnswer: EmployeeImport | null = null;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === `/api/v1/companies/${COMPANY_ID}/employee-imports`)
      return json(200, recentAnswer);
    if (method === 'GET' && url === `/api/v1/employee-imports/${IMPORT_ID}`) {
      // Each poll takes the next answer; the last one repeats.
      const answer = importAnswers.length > 1 ? importAnswers.shift()! : importAnswers[0]!;
      return json(200, answer);
    }
    if (method === 'POST' && url === `/api/v1/employee-imports/${IMPORT_ID}/commit`)
      return json(202, commitAnswer);
    return json(404, { title: 'Not Found', status: 404, detail: `no route for ${method} ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  importAnswers = [];
  recentAnswer = [];
  commitAnswer = null;
});

function renderWorkspace(path = `/admin/companies/import-records/${COMPANY_ID}`) {
  const onCommitted = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <ConfirmProvider>
          <EmployeeImportWorkspace
            companyId={COMPANY_ID}
            companyName="Demo Manufacturing Inc."
            onCommitted={onCommitted}
          />
        </ConfirmProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onCommitted };
}

const summaryOf = (job: EmployeeImport): EmployeeImportSummary => ({
  ImportId: job.ImportId,
  CompanyId: job.CompanyId,
  CompanyName: job.CompanyName,
  FileName: job.FileName,
  Status: job.Status,
  TotalRows: job.TotalRows,
  CreateCount: job.CreateCount,
  UpdateCount: job.UpdateCount,
  ErrorCount: job.ErrorCount,
  UploadedBy: job.UploadedBy,
  CreatedAt: job.CreatedAt,
  CommittedAt: job.CommittedAt,
});

describe('EmployeeImportWorkspace', () => {
  it('confirms, commits with the import id as idempotency key, follows progress and reports the result', async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue('id');
    const ready = anImport({ Status: 'Ready', CreateCount: 2, UpdateCount: 1 });
    recentAnswer = [summaryOf(ready)];
    importAnswers = [ready];
    commitAnswer = { ...ready, Status: 'Committing', Progress: 0 };
    const { onCommitted } = renderWorkspace(
      `/admin/companies/import-records/${COMPANY_ID}?import=${IMPORT_ID}`,
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Import 3 employees' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import employee records?' });
    expect(dialog.textContent).toContain('This creates 2 and updates 1 employees of Demo Manufacturing Inc.');
    importAnswers = [
      { ...ready, Status: 'Committing', Progress: 60 },
      { ...ready, Status: 'Committed', Progress: 100, CommittedAt: '2025-03-03T01:35:00.000Z' },
    ];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/commit'))).toBe(true),
    );
    const [, commitInit] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/commit'))!;
    expect(commitInit?.method).toBe('POST');
    expect(new Headers(commitInit?.headers).get('Idempotency-Key')).toBe(IMPORT_ID);

    expect(await screen.findByRole('status')).toBeTruthy();
    expect(
      await screen.findByText('Import complete: 2 created, 1 updated', {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(success).toHaveBeenCalledWith('Import complete: 2 created, 1 updated');
    expect(onCommitted).toHaveBeenCalledTimes(1);
  }, 15_000);

  it('cancelling the confirmation commits nothing', async () => {
    const ready = anImport({ Status: 'Ready' });
    recentAnswer = [summaryOf(ready)];
    importAnswers = [ready];
    renderWorkspace(`/admin/companies/import-records/${COMPANY_ID}?import=${IMPORT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Import 3 employees' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/commit'))).toBe(false);
  });

  it('picks up an import still being checked when the page is opened without one', async () => {
    const validating = anImport({ Status: 'Validating', Progress: 35 });
    recentAnswer = [summaryOf(validating)];
    importAnswers = [validating];
    renderWorkspace();
    const bar = await screen.findByRole('progressbar', { name: 'Checking the rows of employees.xlsx…' });
    expect(bar.getAttribute('aria-valuenow')).toBe('35');
    // While the server works, no new file can be dropped in.
    expect(screen.queryByRole('button', { name: 'Choose file' })).toBeNull();
  });

  it('starts with the upload step when the latest import is settled', async () => {
    recentAnswer = [summaryOf(anImport({ Status: 'Committed' }))];
    renderWorkspace();
    const recent = await screen.findByRole('grid', { name: 'Recent imports' });
    expect(await within(recent).findByText('Imported')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Check and import' })).toBeNull();
  });

  it('lists each import by its true final state, with counts only for what was imported', async () => {
    recentAnswer = [
      summaryOf(
        anImport({
          ImportId: crypto.randomUUID(),
          FileName: 'gone.csv',
          Status: 'Discarded',
          CreateCount: 2,
        }),
      ),
      summaryOf(
        anImport({
          ImportId: crypto.randomUUID(),
          FileName: 'same.csv',
          Status: 'NothingToImport',
          TotalRows: 3,
        }),
      ),
      summaryOf(
        anImport({
          ImportId: crypto.randomUUID(),
          FileName: 'done.csv',
          Status: 'Committed',
          CreateCount: 7,
        }),
      ),
    ];
    renderWorkspace();
    const recent = await screen.findByRole('grid', { name: 'Recent imports' });
    const rowOf = async (name: string) => (await within(recent).findByText(name)).closest('[role="row"]')!;
    const gone = await rowOf('gone.csv');
    expect(within(gone as HTMLElement).getByText('Discarded')).toBeTruthy();
    expect(within(gone as HTMLElement).queryByText('2')).toBeNull();
    const same = await rowOf('same.csv');
    expect(within(same as HTMLElement).getByText('Nothing to import')).toBeTruthy();
    const done = await rowOf('done.csv');
    expect(within(done as HTMLElement).getByText('Imported')).toBeTruthy();
    expect(within(done as HTMLElement).getByText('7')).toBeTruthy();
  });

  it('offers the drop zone only once it knows no import is to be resumed', async () => {
    let answerRecent: (response: Response) => void = () => {};
    fetchMock.mockImplementation(
      (input) =>
        new Promise<Response>((resolve) => {
          if (String(input).endsWith('/employee-imports')) answerRecent = resolve;
        }),
    );
    renderWorkspace();
    expect(screen.queryByRole('button', { name: 'Choose file' })).toBeNull();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    answerRecent(json(200, []));
    expect(await screen.findByRole('button', { name: 'Choose file' })).toBeTruthy();
  });
});
