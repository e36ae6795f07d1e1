import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import { ApiError } from '@/lib/api-error';
import { DataTable, loadDataGrid, type DataTableProps } from './data-table';

type Row = { Id: string; Name: string; Code: string };
const columns: GridColDef<Row>[] = [
  { field: 'Name', headerName: 'Name', width: 200 },
  { field: 'Code', headerName: 'Code', width: 100 },
];

function renderTable(props: Partial<DataTableProps<Row>> = {}) {
  const handlers = { onRetry: vi.fn(), onPaginationModelChange: vi.fn(), onSortModelChange: vi.fn() };
  render(
    // The grid measures its parent; give it room so rows render in happy-dom.
    <div style={{ width: 800, height: 600 }}>
      <DataTable<Row>
        label="Things"
        columns={columns}
        rows={[]}
        rowCount={0}
        getRowId={(row) => row.Id}
        loading={false}
        error={null}
        emptyMessage="No things yet."
        paginationModel={{ page: 0, pageSize: 25 }}
        sortModel={[{ field: 'Name', sort: 'asc' }]}
        sortableFields={['Name']}
        {...handlers}
        {...props}
      />
    </div>,
  );
  return handlers;
}

describe('DataTable before the grid is loaded', () => {
  it("shows the grid's frame with a loading bar, then loads the grid after the first paint", async () => {
    renderTable({ rows: [{ Id: '1', Name: 'Acme', Code: 'A' }], rowCount: 1 });
    expect(screen.getByRole('progressbar', { name: 'Loading Things' })).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(await screen.findByRole('grid', { name: 'Things' })).toBeTruthy();
    expect(screen.getByText('Acme')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Loading Things' })).toBeNull();
  });
});

describe('DataTable', () => {
  // Loaded once, as on every list page after the first: the grid renders in the table's first render.
  beforeAll(() => loadDataGrid());

  it('says the empty message when there are no rows', () => {
    renderTable();
    expect(screen.getByRole('grid', { name: 'Things' })).toBeTruthy();
    expect(screen.getByText('No things yet.')).toBeTruthy();
  });

  it('shows the load failure with Retry, and neither an "empty" claim nor a row count', () => {
    const { onRetry } = renderTable({
      error: new ApiError(500, { title: 'Internal Server Error', status: 500, detail: 'Database is down.' }),
      rowCount: 50, // useListQuery's placeholder before any answer
    });
    expect(screen.getByRole('alert').textContent).toContain('Database is down.');
    expect(screen.getByText('The list could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('No things yet.')).toBeNull();
    expect(screen.queryByText(/of 50/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers sorting only on the columns the API can sort by', () => {
    const { onSortModelChange } = renderTable({ rows: [{ Id: '1', Name: 'Acme', Code: 'A' }], rowCount: 1 });
    fireEvent.click(screen.getByRole('columnheader', { name: 'Code' }));
    expect(onSortModelChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    expect(onSortModelChange).toHaveBeenCalledWith([{ field: 'Name', sort: 'desc' }], expect.anything());
  });

  it('pages on the server: the footer counts all rows and asks for the next page', () => {
    const { onPaginationModelChange } = renderTable({
      rows: [{ Id: '1', Name: 'Acme', Code: 'A' }],
      rowCount: 60,
    });
    expect(screen.getByText('1–25 of 60')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPaginationModelChange).toHaveBeenCalledWith({ page: 1, pageSize: 25 }, expect.anything());
  });
});
