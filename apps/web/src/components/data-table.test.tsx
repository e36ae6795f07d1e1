import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import type DetachedWindowAPI from 'happy-dom/lib/window/DetachedWindowAPI.js';
import { ApiError } from '@/lib/api-error';
import { DataTable, loadDataGrid, RowAction, SearchField, type DataTableProps } from './data-table';

type Row = { Id: string; Name: string; Code: string; Count?: number };
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

  it('says "more than" a capped count, and pages up to the last page of the cap', () => {
    const rows = [{ Id: '1', Name: 'Acme', Code: 'A' }];
    const { onPaginationModelChange } = renderTable({ rows, rowCount: 100_000, rowCountCapped: true });
    expect(screen.getByText('1–25 of more than 100,000')).toBeTruthy();
    expect(screen.queryByText('1–25 of 100,000')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPaginationModelChange).toHaveBeenCalledWith({ page: 1, pageSize: 25 }, expect.anything());
    cleanup();
    renderTable({
      rows,
      rowCount: 100_000,
      rowCountCapped: true,
      paginationModel: { page: 3999, pageSize: 25 },
    });
    expect(screen.getByText('99,976–100,000 of more than 100,000')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Go to next page' }).disabled).toBe(true);
    // Not capped: the grid's own words.
    cleanup();
    renderTable({ rows, rowCount: 100_000, rowCountCapped: false });
    expect(screen.getByText('1–25 of 100,000')).toBeTruthy();
    expect(screen.queryByText(/more than/)).toBeNull();
  });
});

describe('SearchField', () => {
  it('takes at most the 200 characters the API searches by', () => {
    render(<SearchField value="" onChange={vi.fn()} placeholder="Search name" />);
    expect(screen.getByRole('searchbox', { name: 'Search name' }).getAttribute('maxlength')).toBe('200');
  });
});

describe('DataTable before the grid is loaded (the first list page of a visit)', () => {
  // Each test starts without the grid's code, as a fresh page does (the module keeps it once loaded).
  let table: typeof import('./data-table');
  beforeEach(async () => {
    vi.resetModules();
    table = await import('./data-table');
  });
  afterEach(() => vi.useRealTimers());

  const renderFresh = (props: Partial<DataTableProps<Row>>) => {
    const { DataTable: FreshTable } = table;
    const onEdit = vi.fn();
    const actions: GridColDef<Row> = {
      field: 'actions',
      type: 'actions',
      headerName: 'Actions',
      getActions: ({ row }) => [
        <table.RowAction key="edit" icon={<span />} label="Edit" onClick={() => onEdit(row.Id)} />,
        <table.RowAction key="delete" icon={<span />} label="Delete" showInMenu onClick={() => {}} />,
      ],
    };
    const element = (more: Partial<DataTableProps<Row>>) => (
      <div style={{ width: 800, height: 600 }}>
        <FreshTable<Row>
          label="Things"
          columns={[...columns, { field: 'Count', headerName: 'Count', type: 'number' }, actions]}
          rows={[]}
          rowCount={0}
          getRowId={(row) => row.Id}
          loading={false}
          error={null}
          emptyMessage="No things yet."
          paginationModel={{ page: 0, pageSize: 25 }}
          sortModel={[{ field: 'Name', sort: 'asc' }]}
          onRetry={vi.fn()}
          onPaginationModelChange={vi.fn()}
          onSortModelChange={vi.fn()}
          {...more}
        />
      </div>
    );
    const { rerender } = render(element(props));
    return { onEdit, rerender: (more: Partial<DataTableProps<Row>>) => rerender(element(more)) };
  };
  const acme = { Id: '1', Name: 'Acme', Code: 'A', Count: 3 };

  it('shows the first page as a plain table, with working inline actions, until the table is pointed at', async () => {
    const { onEdit } = renderFresh({ rows: [acme], rowCount: 1 });
    const plain = screen.getByRole('table', { name: 'Things' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Code',
      'Count',
      'Actions',
    ]);
    expect(screen.getAllByRole('cell').map((td) => td.textContent)).toEqual(['Acme', 'A', '3', '']);
    expect(screen.getByText('1–1 of 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith('1');
    // The menu's actions are the grid's: "more" asks for it.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
    fireEvent.pointerOver(plain);
    expect(await screen.findByRole('grid', { name: 'Things' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Things' })).toBeNull();
    expect(screen.getByRole('gridcell', { name: 'Acme' })).toBeTruthy();
  });

  it('opens the row menu on the first click on "more" of the plain table, in the grid that replaces it', async () => {
    renderFresh({ rows: [acme], rowCount: 1 });
    const more = screen.getByRole('button', { name: 'more' });
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(more);
    // One click: the grid comes in, with the row's menu open.
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'Things' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Things' })).toBeNull();
    const gridMore = within(screen.getByRole('grid')).getByRole('button', { name: 'more' });
    expect(gridMore.getAttribute('aria-expanded')).toBe('true');
  });

  it('keeps the plain table while a pointer is down on it, and hands the focus to the grid', async () => {
    renderFresh({ rows: [acme], rowCount: 1 });
    const edit = screen.getByRole('button', { name: 'Edit' });
    fireEvent.pointerOver(edit);
    fireEvent.pointerDown(edit);
    edit.focus();
    await table.loadDataGrid();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('table', { name: 'Things' })).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    fireEvent.pointerUp(window);
    expect(await screen.findByRole('grid', { name: 'Things' })).toBeTruthy();
    const gridEdit = within(screen.getByRole('grid')).getByRole('button', { name: 'Edit' });
    await vi.waitFor(() => expect(document.activeElement).toBe(gridEdit));
  });

  it('keeps the plain table while the focus is in a dialog (it gives the focus back to the table)', async () => {
    renderFresh({ rows: [acme], rowCount: 1 });
    const edit = screen.getByRole('button', { name: 'Edit' });
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    const inside = dialog.appendChild(document.createElement('button'));
    fireEvent.pointerOver(edit);
    inside.focus();
    await table.loadDataGrid();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    fireEvent.pointerOver(edit);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('grid')).toBeNull();
    // The dialog closes and gives the focus back to the button that opened it.
    dialog.remove();
    act(() => edit.focus());
    expect(await screen.findByRole('grid', { name: 'Things' })).toBeTruthy();
    const gridEdit = within(screen.getByRole('grid')).getByRole('button', { name: 'Edit' });
    await vi.waitFor(() => expect(document.activeElement).toBe(gridEdit));
  });

  it('never loads the grid by itself: a table nobody reaches for stays plain', async () => {
    vi.useFakeTimers();
    const { rerender } = renderFresh({ rows: [], loading: true });
    expect(screen.getByRole('progressbar', { name: 'Loading Things' })).toBeTruthy();
    rerender({ rows: [acme], rowCount: 1, loading: false });
    act(() => vi.advanceTimersByTime(60_000));
    vi.useRealTimers();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.getByRole('table', { name: 'Things' })).toBeTruthy();
  });

  it('sorts by itself: a sortable header is a button, ascending first, then descending', () => {
    const onSortModelChange = vi.fn();
    const { rerender } = renderFresh({
      rows: [acme],
      rowCount: 1,
      sortableFields: ['Name', 'Count'],
      onSortModelChange,
    });
    const header = (name: RegExp) => screen.getByRole('columnheader', { name });
    expect(header(/Name/).getAttribute('aria-sort')).toBe('ascending');
    // Not in the API's list, or an actions column: plain text.
    expect(within(header(/Code/)).queryByRole('button')).toBeNull();
    expect(within(header(/Actions/)).queryByRole('button')).toBeNull();
    fireEvent.click(within(header(/Name/)).getByRole('button', { name: 'Name' }));
    expect(onSortModelChange).toHaveBeenLastCalledWith([{ field: 'Name', sort: 'desc' }]);
    fireEvent.click(within(header(/Count/)).getByRole('button', { name: 'Count' }));
    expect(onSortModelChange).toHaveBeenLastCalledWith([{ field: 'Count', sort: 'asc' }]);
    rerender({
      rows: [acme],
      rowCount: 1,
      sortableFields: ['Name', 'Count'],
      onSortModelChange,
      sortModel: [{ field: 'Count', sort: 'desc' }],
    });
    expect(header(/Count/).getAttribute('aria-sort')).toBe('descending');
    expect(header(/Name/).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(header(/Count/)).getByRole('button', { name: 'Count' }));
    expect(onSortModelChange).toHaveBeenLastCalledWith([{ field: 'Count', sort: 'asc' }]);
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('pages by itself: previous and next page within the row count, and rows per page from the first page', () => {
    const onPaginationModelChange = vi.fn();
    const rows = [acme, { ...acme, Id: '2', Name: 'Bolt' }];
    const { rerender } = renderFresh({
      rows,
      rowCount: 60,
      paginationModel: { page: 0, pageSize: 25 },
      onPaginationModelChange,
    });
    const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
    expect(screen.getByText('1–2 of 60')).toBeTruthy();
    expect(button('Go to previous page').disabled).toBe(true);
    fireEvent.click(button('Go to next page'));
    expect(onPaginationModelChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 25 });
    // The last page (51–60): no next page.
    rerender({ rows, rowCount: 60, paginationModel: { page: 2, pageSize: 25 }, onPaginationModelChange });
    expect(screen.getByText('51–52 of 60')).toBeTruthy();
    expect(button('Go to next page').disabled).toBe(true);
    fireEvent.click(button('Go to previous page'));
    expect(onPaginationModelChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 25 });
    const perPage = screen.getByRole<HTMLSelectElement>('combobox', { name: /Rows per page/ });
    expect([...perPage.options].map((option) => option.value)).toEqual(['10', '25', '50', '100']);
    fireEvent.change(perPage, { target: { value: '50' } });
    expect(onPaginationModelChange).toHaveBeenLastCalledWith({ page: 0, pageSize: 50 });
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('says "more than" a capped count, and pages up to the last page of the cap', () => {
    const onPaginationModelChange = vi.fn();
    const rows = [acme, { ...acme, Id: '2', Name: 'Bolt' }];
    const { rerender } = renderFresh({
      rows,
      rowCount: 100_000,
      rowCountCapped: true,
      onPaginationModelChange,
    });
    const next = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Go to next page' });
    expect(screen.getByText('1–2 of more than 100,000')).toBeTruthy();
    fireEvent.click(next());
    expect(onPaginationModelChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 25 });
    rerender({
      rows,
      rowCount: 100_000,
      rowCountCapped: true,
      paginationModel: { page: 3998, pageSize: 25 },
      onPaginationModelChange,
    });
    expect(screen.getByText('99,951–99,952 of more than 100,000')).toBeTruthy();
    expect(next().disabled).toBe(false);
    rerender({
      rows,
      rowCount: 100_000,
      rowCountCapped: true,
      paginationModel: { page: 3999, pageSize: 25 },
      onPaginationModelChange,
    });
    expect(next().disabled).toBe(true);
    // Not capped: the count as before.
    rerender({ rows, rowCount: 100_000, rowCountCapped: false, onPaginationModelChange });
    expect(screen.getByText('1–2 of 100,000')).toBeTruthy();
    expect(screen.queryByText(/more than/)).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});

describe('DataTable on a phone', () => {
  // happy-dom answers the media query from the window's width.
  beforeAll(() => loadDataGrid());
  const viewport = (width: number, height: number) =>
    (window as unknown as { happyDOM: DetachedWindowAPI }).happyDOM.setViewport({ width, height });
  beforeEach(() => viewport(390, 844));
  afterEach(() => viewport(1024, 768));

  const handlers = { onEdit: vi.fn(), onDelete: vi.fn() };
  const actions: GridColDef<Row> = {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    getActions: ({ row }) => [
      <RowAction key="edit" icon={<span />} label="Edit" onClick={() => handlers.onEdit(row.Id)} />,
      row.Count ? (
        // As users-page's refused action: a reason, no handler.
        <RefusedAction key="delete" label="Delete" reason="Still used by 3 things." showInMenu />
      ) : (
        <RowAction
          key="delete"
          icon={<span />}
          label="Delete"
          showInMenu
          onClick={() => handlers.onDelete(row.Id)}
        />
      ),
    ],
  };
  const rows: Row[] = [
    { Id: '1', Name: 'Acme', Code: 'A', Count: 3 },
    { Id: '2', Name: 'Bolt', Code: '', Count: 0 },
  ];

  it('shows a card per row, titled by the first column or the one named, and never the grid', async () => {
    renderTable({
      columns: [...columns, { field: 'Count', headerName: 'Count', type: 'number' }, actions],
      rows,
      rowCount: 2,
    });
    const cards = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.querySelector('.card-title')!.textContent).toBe('Acme');
    const lines = (card: HTMLElement) =>
      [...card.querySelectorAll('dt')].map(
        (dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`,
      );
    expect(lines(cards[0]!)).toEqual(['Code: A', 'Count: 3']);
    // An empty value takes no line.
    expect(lines(cards[1]!)).toEqual(['Count: 0']);
    fireEvent.pointerOver(cards[0]!);
    fireEvent.touchStart(cards[0]!);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    renderTable({ columns, rows, rowCount: 2, cardTitle: 'Code' });
    const first = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem')[0]!;
    expect(first.querySelector('.card-title')!.textContent).toBe('A');
    expect(lines(first)).toEqual(['Name: Acme']);
  });

  it("offers every row action as a labelled button, the grid's menu items too, a refused one with its reason", () => {
    renderTable({ columns: [...columns, actions], rows, rowCount: 2 });
    const [acme, bolt] = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem');
    fireEvent.click(within(acme!).getByRole('button', { name: 'Edit' }));
    expect(handlers.onEdit).toHaveBeenCalledWith('1');
    const refused = within(acme!).getByRole<HTMLButtonElement>('button', { name: 'Delete' });
    expect(refused.disabled).toBe(true);
    // Described by the card's title and the reason, which shows under the buttons.
    const description = refused
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)!.textContent);
    expect(description).toEqual(['Acme', 'Delete: Still used by 3 things.']);
    fireEvent.click(within(bolt!).getByRole('button', { name: 'Delete' }));
    expect(handlers.onDelete).toHaveBeenCalledWith('2');
    expect(screen.queryByRole('button', { name: 'more' })).toBeNull();
  });

  it('sorts through a select of the columns the API sorts by, and pages as the table does', () => {
    const { onSortModelChange, onPaginationModelChange } = renderTable({ rows, rowCount: 60 });
    const sort = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    expect([...sort.options].map((option) => option.textContent)).toEqual([
      'Name, ascending',
      'Name, descending',
    ]);
    expect(sort.value).toBe('Name:asc');
    fireEvent.change(sort, { target: { value: 'Name:desc' } });
    expect(onSortModelChange).toHaveBeenLastCalledWith([{ field: 'Name', sort: 'desc' }]);
    expect(screen.getByText('1–2 of 60')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPaginationModelChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 25 });
  });

  it('says "more than" a capped count', () => {
    renderTable({ rows, rowCount: 100_000, rowCountCapped: true });
    expect(within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('1–2 of more than 100,000')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Go to next page' }).disabled).toBe(false);
    cleanup();
    renderTable({ rows, rowCount: 100_000 });
    expect(screen.getByText('1–2 of 100,000')).toBeTruthy();
    expect(screen.queryByText(/more than/)).toBeNull();
  });

  it('says the empty message when there are no rows', () => {
    renderTable();
    expect(screen.getByText('No things yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Things' })).toBeNull();
    expect(screen.queryByText(/of 0/)).toBeNull();
  });
});

/** A refused menu action as users-page declares one (a reason and no handler). */
function RefusedAction(props: { label: string; reason: string; showInMenu: true }) {
  return <span>{props.label}</span>;
}
