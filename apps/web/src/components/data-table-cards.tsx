import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { DataTableProps } from './data-table-props';
import {
  actionItems,
  cellOf,
  isSortable,
  ListFoot,
  listControlsStyle,
  type ActionItem,
} from './data-table-preview';
import { ListLoadFailure } from './list-load-failure';

/** A list of record cards (the list's `ul`): no bullets, a gap between cards. */
export const cardListStyle = { listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 } as const;

/**
 * A record as a card (`.card`: `.card-title`, a `dl` of `.line`s of label and value, `.card-actions`): the lists'
 * phone view here, and the small tables of the pay details drawer (features/payroll small-table.tsx).
 */
export const recordCardStyle = {
  '& .card': {
    bgcolor: 'background.paper',
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    px: 2,
    py: 1.5,
    typography: 'body2',
    overflowWrap: 'anywhere',
  },
  // A title's renderer may keep the grid's one line (nowrap, ellipsis); on a card it wraps.
  '& .card-title': {
    typography: 'subtitle2',
    mb: 0.5,
    '&, & *': { whiteSpace: 'normal', overflow: 'visible' },
  },
  '& dl': {
    m: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(84px, max-content) 1fr',
    columnGap: 2,
    rowGap: 0.5,
  },
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0, minWidth: 0 },
  '& .line': { display: 'contents' },
  // A renderer that drew nothing this time (a holiday without notes) leaves no label without a value.
  '& .line:has(> dd:empty), & .line:has(> dd > :empty:only-child)': { display: 'none' },
  '& .card-actions': { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mt: 1 },
} as const;

const cardsStyle = {
  ...listControlsStyle,
  '& .sort': { display: 'flex', alignItems: 'center', gap: 1, mb: 1, typography: 'body2' },
  // Drawn as the page's outlined fields are; 16 px type, or a phone's browser zooms in on focus.
  '& .sort select': {
    font: 'inherit',
    fontSize: '1rem',
    color: 'inherit',
    bgcolor: 'background.paper',
    border: 1,
    borderColor: 'rgba(0, 0, 0, 0.23)',
    borderRadius: 1,
    minHeight: 40,
    px: 1.5,
    flex: '1 1 auto',
    minWidth: 0,
    '&:hover': { borderColor: 'text.primary' },
    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -1 },
  },
  '& .cards': cardListStyle,
  ...recordCardStyle,
  '& .card-action': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.5,
    minHeight: 36,
    px: 1.5,
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    bgcolor: 'transparent',
    color: 'primary.main',
    font: 'inherit',
    typography: 'button',
    textTransform: 'none',
    cursor: 'pointer',
    '&:hover': { bgcolor: 'action.hover' },
    '&:disabled': { color: 'action.disabled', cursor: 'default' },
    '& svg': { fontSize: 18 },
  },
  '& .card-actions .reason': { flexBasis: '100%', textAlign: 'right', color: 'text.secondary' },
  '& .footer': { ...listControlsStyle['& .footer'], px: 0 },
} as const;

/**
 * A row's actions on its card: each one a labelled button, the grid's menu items too (a phone has no menu). Each
 * button is described by the card's title ("Edit", "Santos, Maria"), and a refused one by its reason too.
 */
function CardActions({ items, titleId }: { items: readonly ActionItem[]; titleId: string }) {
  const keyOf = (item: ActionItem) => item.key ?? String(item.label);
  // A row with nothing to do (a request no longer cancellable) has no empty bar.
  if (items.length === 0) return null;
  return (
    <div className="card-actions">
      {items.map((item) => (
        <button
          key={keyOf(item)}
          type="button"
          className="card-action"
          // A refused action (users-page's RefusedMenuAction) has a reason and no handler.
          disabled={item.disabled || !item.onClick}
          aria-describedby={item.reason ? `${titleId} ${titleId}-${keyOf(item)}` : titleId}
          onClick={(event) => item.onClick?.(event as never)}
        >
          {/* The pages give every action an element as its icon. */}
          {item.icon as ReactNode}
          {item.label}
        </button>
      ))}
      {items
        .filter((item) => item.reason)
        .map((item) => (
          <span key={`${keyOf(item)}-reason`} id={`${titleId}-${keyOf(item)}`} className="reason">
            {item.label}: {item.reason}
          </span>
        ))}
    </div>
  );
}

/**
 * The list on a phone: a card per row instead of a table that would scroll sideways to its last columns and row
 * actions. A column the page names (`cardTitle`, else the first) is the card's title, every other one a line of
 * label and value, the row's actions labelled buttons at its foot. Sorting is a select of the columns the API
 * sorts by; the loading bar, failure line, empty message and pager are the table's.
 */
export function DataTableCards<R extends GridValidRowModel>({
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
  cardTitle,
}: DataTableProps<R>) {
  const baseId = useId();
  const sortId = `${baseId}-sort`;
  const failed = error !== null && error !== undefined;
  const data = columns.filter((column) => column.type !== 'actions');
  const title = data.find((column) => column.field === cardTitle) ?? data[0];
  const lines = data.filter((column) => column !== title);
  const actionsColumn = columns.find((column) => column.type === 'actions' && 'getActions' in column);
  const headerOf = (column: GridColDef<R>) => column.headerName ?? column.field;
  const sortable = columns.filter((column) => isSortable(column, sortableFields));
  const current = sortModel[0]?.sort ? `${sortModel[0].field}:${sortModel[0].sort}` : '';
  const options = sortable.flatMap((column) => [`${column.field}:asc`, `${column.field}:desc`]);
  return (
    <Box sx={cardsStyle}>
      {failed && <ListLoadFailure error={error} onRetry={onRetry} />}
      {sortable.length > 0 && rowCount > 1 && (
        <div className="sort">
          <label htmlFor={sortId}>Sort by</label>
          <select
            id={sortId}
            value={current}
            onChange={(event) => {
              const [field, sort] = event.target.value.split(':') as [string, 'asc' | 'desc'];
              onSortModelChange(field ? [{ field, sort }] : []);
            }}
          >
            {/* The page's own order (none asked for, or one by a column not shown). */}
            {!options.includes(current) && <option value={current}>Default order</option>}
            {sortable.flatMap((column) => [
              <option key={`${column.field}:asc`} value={`${column.field}:asc`}>
                {headerOf(column)}, ascending
              </option>,
              <option key={`${column.field}:desc`} value={`${column.field}:desc`}>
                {headerOf(column)}, descending
              </option>,
            ])}
          </select>
        </div>
      )}
      <div className="progress">{loading && <LinearProgress aria-label={`Loading ${label}`} />}</div>
      {rows.length > 0 && (
        // role="list": WebKit drops a list's role when its bullets are styled away.
        <ul className="cards" aria-label={label} role="list">
          {rows.map((row, index) => {
            const id = getRowId(row);
            const titleId = `${baseId}-${index}`;
            return (
              <li key={id} className="card">
                {title && (
                  <div className="card-title" id={titleId}>
                    {cellOf(title, row)}
                  </div>
                )}
                {lines.length > 0 && (
                  <dl>
                    {lines.map((column) => {
                      const value = cellOf(column, row);
                      // An empty value takes no line (an optional field, a blank note).
                      if (value === '' || value === null || value === undefined || value === false)
                        return null;
                      return (
                        <div key={column.field} className="line">
                          <dt>{headerOf(column)}</dt>
                          <dd>{value}</dd>
                        </div>
                      );
                    })}
                  </dl>
                )}
                {actionsColumn && 'getActions' in actionsColumn && (
                  <CardActions
                    items={actionItems(actionsColumn.getActions({ row, id } as never))}
                    titleId={titleId}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
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
  );
}
