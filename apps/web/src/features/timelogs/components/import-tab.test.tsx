import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PunchImport } from '@hrpay/contracts';
import { ImportTab } from './import-tab';
import { dayTypeLabel } from './labels';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const job = (over: Partial<PunchImport> = {}): PunchImport => ({
  ImportId: '5b0c1f7e-3a55-4b8e-9d8f-2f1d7a0c9e11',
  FileName: 'punches.csv',
  FileSize: 80,
  Format: 'Csv',
  Status: 'Ready',
  Progress: 100,
  Message: null,
  TotalRows: 2,
  ValidRows: 2,
  DuplicateRows: 0,
  NewRows: 2,
  ErrorCount: 0,
  Errors: [],
  Sample: [
    {
      Row: 2,
      EmployeeNumber: 'DM-0004',
      EmployeeName: 'Juan Dela Cruz',
      PunchedAt: '2026-11-03T08:25:00',
      Direction: 'In',
    },
  ],
  Added: null,
  Duplicates: null,
  CreatedAt: '2026-11-26T01:00:00.000Z',
  CommittedAt: null,
  ...over,
});

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ImportTab />
    </QueryClientProvider>,
  );
  return (file = new File(['EmployeeNumber,DateTime\n'], 'punches.csv', { type: 'text/csv' })) =>
    fireEvent.change(screen.getByTestId('punch-file-input'), { target: { files: [file] } });
}

describe('punch import tab', () => {
  it('shows the progress of the check, then the row errors, and keeps Import disabled', async () => {
    fetchMock.mockResolvedValueOnce(json(202, job({ Status: 'Queued', Progress: 0 })));
    fetchMock.mockResolvedValueOnce(json(200, job({ Status: 'Validating', Progress: 40 })));
    fetchMock.mockResolvedValueOnce(
      json(
        200,
        job({
          Status: 'Invalid',
          ErrorCount: 1,
          Errors: [{ Row: 4, Column: 'EmployeeNumber', Value: 'DM-9', Message: 'Unknown' }],
        }),
      ),
    );
    const choose = renderTab();
    choose();
    expect(await screen.findByRole('progressbar', { name: 'Checking the file… 40%' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Row errors' }, { timeout: 3000 });
    expect(table.textContent).toContain('DM-9');
    expect(screen.getByRole('button', { name: 'Import 2 punches' })).toHaveProperty('disabled', true);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/v1/timelogs/imports');
  });

  it('imports a clean file and says how many punches were added', async () => {
    fetchMock.mockResolvedValueOnce(json(202, job()));
    const choose = renderTab();
    choose();
    fireEvent.click(await screen.findByRole('button', { name: 'Import 2 punches' }));
    fetchMock.mockResolvedValueOnce(json(202, job({ Status: 'Committing', Progress: 0 })));
    fetchMock.mockResolvedValue(
      json(200, job({ Status: 'Committed', Added: 2, Duplicates: 0, CommittedAt: '2026-11-26T01:01:00Z' })),
    );
    await waitFor(() => expect(screen.getByText('2 punches added; 0 were already on file.')).toBeTruthy(), {
      timeout: 3000,
    });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/v1/timelogs/imports/5b0c1f7e-3a55-4b8e-9d8f-2f1d7a0c9e11/commit',
    );
  });

  it("shows the server's refusal of a hostile file", async () => {
    fetchMock.mockResolvedValueOnce(
      json(415, { status: 415, title: 'Unsupported Media Type', detail: 'The file content is not text.' }),
    );
    const choose = renderTab();
    choose();
    expect((await screen.findByRole('alert')).textContent).toContain('The file content is not text.');
  });
});

describe('day type labels', () => {
  it('names the rest-day combinations', () => {
    expect(dayTypeLabel({ DayType: 'ordinary', RestDay: false })).toBe('Ordinary day');
    expect(dayTypeLabel({ DayType: 'ordinary', RestDay: true })).toBe('Rest day');
    expect(dayTypeLabel({ DayType: 'double_regular_holiday', RestDay: true })).toBe(
      'Rest day, double holiday',
    );
  });
});
