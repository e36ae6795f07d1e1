import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { anImport, COMPANY_ID } from '../import-fixtures';
import { UploadDropZone } from './upload-section';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderZone() {
  const onUploaded = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <UploadDropZone companyId={COMPANY_ID} onUploaded={onUploaded} />
    </QueryClientProvider>,
  );
  const choose = (file: File) =>
    fireEvent.change(screen.getByTestId('import-file-input'), { target: { files: [file] } });
  return { onUploaded, choose };
}

const fileOf = (name: string, content = 'EmployeeNumber,LastName\nE-1,Cruz\n', size?: number) => {
  const file = new File([content], name, { type: 'text/csv' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('UploadDropZone', () => {
  it('offers only .csv and .xlsx in the file chooser', () => {
    renderZone();
    expect(screen.getByTestId('import-file-input').getAttribute('accept')).toBe('.csv,.xlsx');
  });

  it('refuses a wrong extension without sending it', async () => {
    const { choose } = renderZone();
    choose(fileOf('employees.xls'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      '"employees.xls" is not a .csv or .xlsx file.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an empty file without sending it', async () => {
    const { choose } = renderZone();
    choose(fileOf('employees.csv', ''));
    expect((await screen.findByRole('alert')).textContent).toContain('"employees.csv" is empty.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a file over 50 MB without sending it', async () => {
    const { choose } = renderZone();
    choose(fileOf('employees.xlsx', 'x', 51 * 1024 * 1024));
    expect((await screen.findByRole('alert')).textContent).toContain('the limit is 50 MB');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses several dropped files at once', async () => {
    renderZone();
    fireEvent.drop(screen.getByTestId('import-drop-zone'), {
      dataTransfer: { files: [fileOf('a.csv'), fileOf('b.csv')] },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Drop one file at a time.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a good file as multipart field "file" and hands on the queued job', async () => {
    const queued = anImport({ Status: 'Queued', Progress: 0 });
    fetchMock.mockResolvedValue(json(202, queued));
    const { choose, onUploaded } = renderZone();
    choose(fileOf('employees.csv'));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(queued));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v1/companies/${COMPANY_ID}/employee-imports`);
    expect(init?.method).toBe('POST');
    const sent = (init?.body as FormData).get('file') as File;
    expect(sent.name).toBe('employees.csv');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's reason for a refused file in the page", async () => {
    fetchMock.mockResolvedValue(
      json(415, {
        title: 'Unsupported Media Type',
        status: 415,
        detail: 'The file content does not match its .xlsx extension.',
      }),
    );
    const { choose, onUploaded } = renderZone();
    choose(fileOf('employees.xlsx'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This file cannot be imported');
    expect(alert.textContent).toContain('The file content does not match its .xlsx extension.');
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('says when another import of the company is still at work (409)', async () => {
    fetchMock.mockResolvedValue(
      json(409, {
        title: 'Conflict',
        status: 409,
        detail: 'An import for Demo Manufacturing Inc. is already in progress (old.csv, validating).',
      }),
    );
    const { choose } = renderZone();
    choose(fileOf('employees.csv'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Another import is running');
    expect(alert.textContent).toContain('is already in progress (old.csv, validating)');
  });
});
