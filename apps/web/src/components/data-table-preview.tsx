import {
  isValidElement,
  useLayoutEffect,
  useRef,
  type CSSProperties,
  type RefObject,
  type ReactElement,
  type ReactNode,
} from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { alpha, lighten, type Theme } from '@mui/material/styles';
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
/** MUI X's defaults for a column that names no width, least or greatest width (GRID_STRING_COL_DEF). */
const DEFAULT_WIDTH = 100;
const DEFAULT_MIN_WIDTH = 50;
const isFlexible = (column: GridColDef) => !!column.flex && column.flex > 0;
const fixedWidth = (column: GridColDef) =>
  Math.min(
    Math.max(column.width || DEFAULT_WIDTH, column.minWidth || DEFAULT_MIN_WIDTH),
    column.maxWidth || Infinity,
  );
/** A column's least width, as the grid sizes it: a flexible one its minWidth, else its width (MUI X defaults). */
const leastWidth = (column: GridColDef) =>
  isFlexible(column) ? (column.minWidth ?? DEFAULT_MIN_WIDTH) : fixedWidth(column);
/** The table's least height, frame included (the grid's). */
export const PREVIEW_MIN_HEIGHT = 260;

/**
 * Each column's width in px as the grid computes it for a list `available` px wide (MUI X's
 * `hydrateColumnsWidth`, which follows CSS flexbox's resolution of flexible lengths): a fixed column gets its
 * `width` (100) kept within its `minWidth` (50) and `maxWidth`; the flexible ones share what the fixed ones
 * leave in proportion to their `flex`, and one that would fall below its `minWidth` (or rise above its
 * `maxWidth`) is held there while the others share the rest again. The plain table gives its columns these
 * widths, so the grid's columns take the same places when it comes in (issue 10). Fractions are kept, as the
 * grid keeps them.
 */
export function gridColumnWidths(columns: readonly GridColDef[], available: number): number[] {
  const widths = columns.map((column) => (isFlexible(column) ? 0 : fixedWidth(column)));
  const flexible = columns.flatMap((column, index) => (isFlexible(column) ? [index] : []));
  // Unmeasured (no layout yet): the flexible columns keep no width, as the grid's before it has measured.
  if (flexible.length === 0 || available <= 0) return widths;
  const free = Math.max(available - widths.reduce((sum, width) => sum + width, 0), 0);
  const frozen = new Set<number>();
  while (frozen.size < flexible.length) {
    let space = free;
    let units = 0;
    for (const index of flexible) {
      if (frozen.has(index)) space -= widths[index]!;
      else units += columns[index]!.flex!;
    }
    const open = flexible.filter((index) => !frozen.has(index));
    const belowMin: number[] = [];
    const aboveMax: number[] = [];
    let violation = 0;
    for (const index of open) {
      const column = columns[index]!;
      const min = column.minWidth ?? DEFAULT_MIN_WIDTH;
      const max = column.maxWidth ?? Infinity;
      let width = (space / units) * column.flex!;
      if (width < min) {
        violation += min - width;
        width = min;
        belowMin.push(index);
      } else if (width > max) {
        violation += max - width;
        width = max;
        aboveMax.push(index);
      }
      widths[index] = width;
    }
    for (const index of violation < 0 ? aboveMax : violation > 0 ? belowMin : open) frozen.add(index);
  }
  return widths;
}

/**
 * Gives the table's columns (its `<col>`s) the grid's widths for the width of its frame, before the first paint
 * and again whenever the frame's width changes (a window resized, the side menu folded). Written to the elements
 * directly: measuring is layout work only, no render of the rows.
 */
function useGridWidths(columns: readonly GridColDef[]): RefObject<HTMLTableElement | null> {
  const table = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const element = table.current;
    const frame = element?.parentElement;
    if (!element || !frame) return;
    let measured = -1;
    const apply = () => {
      const available = frame.clientWidth;
      if (available === measured) return;
      measured = available;
      const widths = gridColumnWidths(columns, available);
      const cols = element.querySelectorAll<HTMLElement>(':scope > colgroup > col');
      widths.forEach((width, index) => {
        const col = cols[index];
        if (col && width > 0) col.style.width = `${width}px`;
      });
      // As wide as its columns: the grid's columns do not stretch beyond their widths either.
      if (available > 0) element.style.width = `${widths.reduce((sum, width) => sum + width, 0)}px`;
    };
    apply();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(apply);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [columns]);
  return table;
}

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

/** MUI's select arrow (ArrowDropDown, 24 px, action.active), drawn by the browser's own select. */
const SELECT_ARROW = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='rgba(0,0,0,0.54)' d='M7 10l5 5 5-5z'/%3E%3C/svg%3E")`;

/**
 * One class for the whole table (issue 11): emotion serialises and inserts a rule per distinct style, and a
 * component per cell would do so per cell; plain elements under one set of nested rules cost one. Drawn as the
 * grid draws itself (its frame, header with separators, rows, row hover, footer at the foot of its least height
 * and MUI's pagination), so nothing moves or changes its look when the grid takes its place (issue 10).
 */
const tableStyle = {
  ...listControlsStyle,
  // The grid's lines: the divider's colour made opaque (MUI X's border colour), so two that meet do not darken.
  '--list-line': (theme: Theme) => lighten(alpha(theme.palette.divider, 1), 0.88),
  display: 'flex',
  flexDirection: 'column',
  bgcolor: 'background.paper',
  minHeight: PREVIEW_MIN_HEIGHT,
  border: '1px solid var(--list-line)',
  borderRadius: 1,
  overflow: 'hidden',
  // The columns have the grid's widths (useGridWidths); the frame scrolls sideways when they do not fit, as the
  // grid does. Until measured, at least as wide as its columns' least widths.
  '& .scroller': { overflowX: 'auto', flex: 'none', mb: '-1px' },
  '& table': {
    width: '100%',
    minWidth: `var(${MIN_WIDTH}, 0)`,
    tableLayout: 'fixed',
    borderCollapse: 'separate',
    borderSpacing: 0,
    typography: 'body2',
  },
  '& th, & td': {
    boxSizing: 'border-box',
    px: '10px',
    textAlign: 'left',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  // The grid's lines: under the header, and a row's line on its top (the first row's is the header's), and one
  // under the last row (the footer's own when they meet).
  '& th': {
    position: 'relative',
    height: HEADER_HEIGHT,
    fontWeight: 500,
    borderBottom: '1px solid var(--list-line)',
  },
  '& td': { height: ROW_HEIGHT, borderTop: '1px solid var(--list-line)' },
  '& tbody tr:first-of-type td': { borderTopColor: 'transparent' },
  '& tbody tr:last-of-type td': { borderBottom: '1px solid var(--list-line)', height: ROW_HEIGHT + 1 },
  // The grid's column separators: a line 24 px high on each header's right edge but the last one's.
  '& th:not(:last-child)::after': {
    content: '""',
    position: 'absolute',
    right: 0,
    top: (HEADER_HEIGHT - 24) / 2,
    width: '1px',
    height: 24,
    bgcolor: 'var(--list-line)',
  },
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
  '@media (hover: hover)': { '& tbody tr:hover': { bgcolor: 'action.hover' } },
  '& .number': { textAlign: 'right' },
  '& .actions': { textAlign: 'center', py: 0 },
  // The grid's row actions: 28 px buttons (its menu's 30 px), 8 px apart.
  '& .actions .row-action + .row-action': { ml: 1 },
  '& .actions .row-action:not([data-row-menu]) svg': { fontSize: 18 },
  // MUI's TablePagination as the grid's footer shows it, at the foot of the frame's least height.
  '& .footer': {
    ...listControlsStyle['& .footer'],
    mt: 'auto',
    // The grid's footer: 52 px under a line, which is the last row's own line when the rows reach it.
    minHeight: ROW_HEIGHT + 1,
    borderTop: '1px solid var(--list-line)',
    columnGap: 0,
    pl: 3,
    pr: '2px',
  },
  '& .footer label': { display: 'inline-flex', alignItems: 'center' },
  '& .footer select': {
    appearance: 'none',
    fieldSizing: 'content',
    m: '0 32px 0 8px',
    p: '4px 24px 5px 8px',
    border: 0,
    borderRadius: 1,
    font: 'inherit',
    lineHeight: '20px',
    color: 'inherit',
    textAlign: 'right',
    cursor: 'pointer',
    background: `transparent ${SELECT_ARROW} no-repeat right center / 24px`,
    '&:focus-visible': { outline: 0, bgcolor: 'rgba(0, 0, 0, 0.05)' },
  },
  '& .pager': { display: 'inline-flex', ml: '20px' },
  '& .pager .row-action': {
    p: 1,
    color: 'inherit',
    '& svg': { fontSize: 24 },
    '&:disabled': { color: 'action.disabled' },
  },
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
  rowCountCapped,
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
  const table = useGridWidths(columns as readonly GridColDef[]);
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
          <table ref={table} aria-label={label} onPointerOver={titleIfCut}>
            {/* The grid's widths once measured (useGridWidths); meanwhile a fixed column's own. */}
            <colgroup>
              {columns.map((column) => (
                <col
                  key={column.field}
                  style={
                    isFlexible(column as GridColDef) ? undefined : { width: fixedWidth(column as GridColDef) }
                  }
                />
              ))}
            </colgroup>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.field}
                    scope="col"
                    data-field={column.field}
                    className={classOf(column)}
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
          rowCountCapped={rowCountCapped}
          paginationModel={paginationModel}
          onPaginationModelChange={onPaginationModelChange}
        />
      </Box>
    </Box>
  );
}

const formatCount = (n: number) => n.toLocaleString('en-PH');

/**
 * Which rows these are of how many: "1–25 of 60", or "1–25 of more than 100,000" when the server stopped
 * counting at `count` (`rowCountCapped`). The pager under the table and the cards, and the grid's when capped.
 */
export function displayedRows(from: number, to: number, count: number, capped = false): string {
  // Thousands separated as the grid's own footer writes them, so nothing changes when the grid comes in.
  return `${formatCount(from)}–${formatCount(to)} of ${capped ? 'more than ' : ''}${formatCount(count)}`;
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
  rowCountCapped,
  shown,
  paginationModel: { page, pageSize },
  onPaginationModelChange,
}: {
  rowCount: number;
  /** More rows than `rowCount` (DataTableProps): the last page is the cap's. */
  rowCountCapped?: boolean;
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
      <span>{displayedRows(first + 1, first + shown, rowCount, rowCountCapped)}</span>
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
