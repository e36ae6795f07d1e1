import { isValidElement, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import MoreVert from '@mui/icons-material/MoreVert';
import type { GridActionsCellItemProps, GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { PAGE_SIZE_OPTIONS } from '@/lib/use-list-query';
import { LIST_LOAD_FAILED, type DataTableProps } from './data-table-props';
import { titleIfCut, type PreviewIntent } from './grid-handoff';
import { ListLoadFailure } from './list-load-failure';
import { useScrollRegion } from './scroll-region';

// The grid's own measures (MUI X defaults), so the grid takes the preview's place without moving the page.
const HEADER_HEIGHT = 56;
const ROW_HEIGHT = 52;
const MIN_WIDTH = '--table-min-width';
/** A column's least width, as the grid sizes it: a flexible one its minWidth, else its width (MUI X defaults). */
const leastWidth = (column: GridColDef) => (column.flex ? (column.minWidth ?? 50) : (column.width ?? 100));
/** The table's least height, frame included (the grid's). */
export const PREVIEW_MIN_HEIGHT = 260;

/** The parts a list shows besides its rows, as plain elements (the table's and the phone's cards'). */
export const listControlsStyle = {
  '& .row-action': {
    display: 'inline-flex',
    p: '5px',
    border: 0,
    borderRadius: '50%',
    bgcolor: 'transparent',
    color: 'action.active',
    cursor: 'pointer',
    verticalAlign: 'middle',
    '&:hover': { bgcolor: 'action.hover' },
    '&:disabled': { color: 'action.disabled', cursor: 'default' },
    '& svg': { fontSize: 20 },
  },
  '& .empty': { m: 0, px: 2, py: 2, textAlign: 'center', color: 'text.secondary', typography: 'body2' },
  '& .footer': {
    display: 'flex',
    justifyContent: 'flex-end',
    alignItems: 'center',
    flexWrap: 'wrap',
    columnGap: 2,
    minHeight: ROW_HEIGHT,
    px: 2,
    typography: 'body2',
  },
  '& .footer select': { font: 'inherit', color: 'inherit', ml: 1, p: '2px 4px' },
  '& .pager': { display: 'inline-flex' },
  '& .progress': { height: 4, mb: '-4px' },
} as const;

/**
 * One class for the whole table (issue 11): emotion serialises and inserts a rule per distinct style, and a
 * component per cell would do so per cell; plain elements under one set of nested rules cost one.
 */
const tableStyle = {
  bgcolor: 'background.paper',
  minHeight: PREVIEW_MIN_HEIGHT,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  overflow: 'hidden',
  // At least as wide as its columns (a fixed layout gives a flexible column only what the others leave, nothing
  // in a narrow window); the frame scrolls sideways when they do not fit, as the grid does.
  '& .scroller': { overflowX: 'auto' },
  '& table': {
    width: '100%',
    minWidth: `var(${MIN_WIDTH}, 0)`,
    tableLayout: 'fixed',
    borderCollapse: 'collapse',
    typography: 'body2',
  },
  '& th, & td': {
    px: '10px',
    textAlign: 'left',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    borderBottom: 1,
    borderColor: 'divider',
  },
  '& th': { height: HEADER_HEIGHT, fontWeight: 500 },
  '& th svg': { fontSize: 18, ml: 1, verticalAlign: 'text-bottom', color: 'action.active' },
  // A sortable header is a button that reads as the header text.
  '& .sort': {
    p: 0,
    border: 0,
    bgcolor: 'transparent',
    font: 'inherit',
    color: 'inherit',
    cursor: 'pointer',
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& td': { height: ROW_HEIGHT },
  '& .number': { textAlign: 'right' },
  '& .actions': { textAlign: 'center', py: 0 },
  ...listControlsStyle,
} as const;

/** As the grid decides (data-grid-view.tsx): a column sorts unless it says not to and the API can sort by it. */
export const isSortable = (column: GridColDef, sortableFields: readonly string[] | undefined) =>
  column.type !== 'actions' &&
  (column.sortable ?? true) &&
  (!sortableFields || sortableFields.includes(column.field));

/** What a cell shows without the grid (the plain table and the phone's cards): its own renderer, else the formatted (or read) value. */
export function cellOf<R extends GridValidRowModel>(column: GridColDef<R>, row: R): ReactNode {
  const raw: unknown = row[column.field];
  // The pages' readers and formatters use the value and the row only (app rule: no grid API in them).
  const value: unknown = column.valueGetter
    ? (column.valueGetter as (value: unknown, row: R) => unknown)(raw, row)
    : raw;
  if (column.renderCell)
    return (column.renderCell as (params: { row: R; value: unknown }) => ReactNode)({ row, value });
  const formatted: unknown = column.valueFormatter
    ? (column.valueFormatter as (value: unknown, row: R) => unknown)(value, row)
    : value;
  return formatted === null || formatted === undefined ? '' : String(formatted as string | number);
}

/** A row's action as its page declared it: a `RowAction`'s props (a refused one carries its `reason`). */
export type ActionItem = GridActionsCellItemProps & { key: string | null; reason?: string };

/** The props of a row's actions (`getActions`), read without rendering them. */
export function actionItems(actions: readonly ReactNode[]): ActionItem[] {
  return actions
    .filter((action): action is ReactElement<ActionItem> => isValidElement(action))
    .map((action) => ({ ...action.props, key: action.key }));
}

/**
 * A row's actions without the grid: the page's `RowAction`s (see data-table.tsx) read as plain buttons; those the
 * grid puts in a menu are behind one "more" button (`data-row-menu`): its menu is the grid's, which `DataTable`
 * brings in and opens on the first click (grid-handoff.ts).
 */
function PreviewActions({ actions }: { actions: readonly ReactNode[] }) {
  const items = actionItems(actions);
  const inline = items.filter((item) => !item.showInMenu);
  return (
    <>
      {inline.map((item) => (
        <button
          key={item.key ?? String(item.label)}
          type="button"
          className="row-action"
          aria-label={String(item.label)}
          title={String(item.label)}
          disabled={item.disabled}
          onClick={(event) => item.onClick?.(event as never)}
        >
          {item.icon}
        </button>
      ))}
      {items.length > inline.length && (
        <button type="button" className="row-action" aria-label="more" aria-haspopup="menu" data-row-menu>
          <MoreVert aria-hidden />
        </button>
      )}
    </>
  );
}

/**
 * The list as a plain table (issue 11): what `DataTable` shows until the grid's code is loaded, so a list page's
 * first page of rows paints without MUI X (about 100 kB and the heaviest render of the page). Same columns,
 * cells, loading bar, empty message and failure line as the grid, and the same server sorting (a click on a
 * sortable header: ascending, then descending) and paging (previous and next page, rows per page) through the
 * same props. The row menu is the grid's; any pointer, touch, key or focus on the table asks for the grid
 * (`intent`, from `DataTable`). Rows, cells and headers carry the grid's `data-id` and `data-field`, so the grid
 * can focus the control that had the focus here. A cell cut by its ellipsis shows its text as its title. A phone
 * gets cards instead (data-table-cards.tsx).
 */
export function DataTablePreview<R extends GridValidRowModel>({
  label,
  columns,
  rows,
  rowCount,
  getRowId,
  loading,
  error,
  onRetry,
  emptyMessage,
  paginationModel,
  onPaginationModelChange,
  sortModel,
  onSortModelChange,
  sortableFields,
  intent,
}: DataTableProps<R> & { intent: PreviewIntent }) {
  const failed = error !== null && error !== undefined;
  const sortable = (column: GridColDef<R>) => isSortable(column, sortableFields);
  const sortBy = (field: string) =>
    onSortModelChange([
      { field, sort: sortModel.find((item) => item.field === field)?.sort === 'asc' ? 'desc' : 'asc' },
    ]);
  const sortOf = (field: string) => {
    const sort = sortModel.find((item) => item.field === field)?.sort;
    return sort ? (sort === 'asc' ? 'ascending' : 'descending') : undefined;
  };
  const classOf = (column: GridColDef<R>) =>
    [column.type === 'number' && 'number', column.type === 'actions' && 'actions']
      .filter(Boolean)
      .join(' ') || undefined;
  // Columns wider than the frame scroll sideways; the keyboard can scroll them too (a table without a focusable
  // control would otherwise keep its right-hand columns from it). Focusing it brings the grid in, which takes
  // the focus on its first column header (grid-handoff.ts).
  const scroller = useScrollRegion(label);
  // Without rows there is nothing to scroll to.
  const minWidths =
    rows.length === 0
      ? undefined
      : ({
          [MIN_WIDTH]: `${columns.reduce((sum, column) => sum + leastWidth(column as GridColDef), 0)}px`,
        } as CSSProperties);
  return (
    <Box {...intent}>
      {failed && <ListLoadFailure error={error} onRetry={onRetry} />}
      <Box sx={tableStyle}>
        <div className="progress">{loading && <LinearProgress aria-label={`Loading ${label}`} />}</div>
        <div className="scroller" style={minWidths} {...scroller} data-list-scroller>
          <table aria-label={label} onPointerOver={titleIfCut}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.field}
                    scope="col"
                    data-field={column.field}
                    className={classOf(column)}
                    style={{
                      width: column.flex ? undefined : (column.width ?? 100),
                      minWidth: column.minWidth,
                    }}
                    aria-sort={sortOf(column.field)}
                  >
                    {sortable(column) ? (
                      <button type="button" className="sort" onClick={() => sortBy(column.field)}>
                        {column.headerName ?? column.field}
                      </button>
                    ) : (
                      (column.headerName ?? column.field)
                    )}
                    {sortOf(column.field) === 'ascending' && <ArrowUpward aria-hidden />}
                    {sortOf(column.field) === 'descending' && <ArrowDownward aria-hidden />}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={getRowId(row)} data-id={getRowId(row)}>
                  {columns.map((column) => (
                    <td key={column.field} className={classOf(column)} data-field={column.field}>
                      {column.type === 'actions' && 'getActions' in column ? (
                        <PreviewActions actions={column.getActions({ row, id: getRowId(row) } as never)} />
                      ) : (
                        cellOf(column, row)
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ListFoot
          shown={rows.length}
          loading={loading}
          failed={failed}
          emptyMessage={emptyMessage}
          rowCount={rowCount}
          paginationModel={paginationModel}
          onPaginationModelChange={onPaginationModelChange}
        />
      </Box>
    </Box>
  );
}

/** What ends a list: its empty (or failed) message, or the pager; under the table or the cards. */
export function ListFoot({
  loading,
  failed,
  emptyMessage,
  ...pager
}: Parameters<typeof ListPager>[0] & { loading: boolean; failed: boolean; emptyMessage: string }) {
  if (pager.shown > 0) return <ListPager {...pager} />;
  return loading ? null : <p className="empty">{failed ? LIST_LOAD_FAILED : emptyMessage}</p>;
}

/** Rows per page, which rows these are of how many, and the previous and next page: under the table or the cards. */
export function ListPager({
  rowCount,
  shown,
  paginationModel: { page, pageSize },
  onPaginationModelChange,
}: {
  rowCount: number;
  /** Rows on this page. */
  shown: number;
  paginationModel: DataTableProps<GridValidRowModel>['paginationModel'];
  onPaginationModelChange: DataTableProps<GridValidRowModel>['onPaginationModelChange'];
}) {
  const first = page * pageSize;
  const lastPage = Math.max(0, Math.ceil(rowCount / pageSize) - 1);
  return (
    <div className="footer">
      <label>
        Rows per page:
        <select
          value={pageSize}
          onChange={(event) => onPaginationModelChange({ page: 0, pageSize: Number(event.target.value) })}
        >
          {PAGE_SIZE_OPTIONS.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span>
        {first + 1}–{first + shown} of {rowCount}
      </span>
      <span className="pager">
        <button
          type="button"
          className="row-action"
          aria-label="Go to previous page"
          title="Go to previous page"
          disabled={page === 0}
          onClick={() => onPaginationModelChange({ page: page - 1, pageSize })}
        >
          <ChevronLeft aria-hidden />
        </button>
        <button
          type="button"
          className="row-action"
          aria-label="Go to next page"
          title="Go to next page"
          disabled={page >= lastPage}
          onClick={() => onPaginationModelChange({ page: page + 1, pageSize })}
        >
          <ChevronRight aria-hidden />
        </button>
      </span>
    </div>
  );
}
