import { memo, useMemo, useRef, type RefObject } from 'react';
import Box from '@mui/material/Box';
import { DataGrid, type GridValidRowModel } from '@mui/x-data-grid';
import { PAGE_SIZE_OPTIONS } from '@/lib/use-list-query';
import { LIST_LOAD_FAILED, type DataTableProps } from './data-table';
import { displayedRows } from './data-table-preview';
import { titleIfCut, useHandoff, type Handoff } from './grid-handoff';
import { ListLoadFailure } from './list-load-failure';

// The row actions' own component, handed to the pages through `RowAction` (data-table.tsx) once this is loaded.
export { GridActionsCellItem } from '@mui/x-data-grid';

/**
 * The grid of `DataTable` (data-table.tsx), loaded on its own after a list page's first paint: MUI X DataGrid
 * paged and sorted by the server, page sizes 10/25/50/100, a loading bar over the previous page while the next
 * loads, an empty message, and an error line with Retry. Never on a phone (the cards of data-table-cards.tsx).
 * Where it replaces the plain table, it takes over the focus and a row menu asked for there (`handoff`,
 * grid-handoff.ts). A cell a page's renderer draws shows its text as its title when the ellipsis cuts it (MUI X
 * titles its plain cells itself).
 */
function DataGridViewRaw<R extends GridValidRowModel>({
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
  handoff,
}: DataTableProps<R> & { handoff?: RefObject<Handoff | null> }) {
  const root = useRef<HTMLDivElement>(null);
  useHandoff(root, handoff);
  const gridColumns = useMemo(
    () =>
      columns.map((column) => ({
        ...column,
        sortable: (column.sortable ?? true) && (!sortableFields || sortableFields.includes(column.field)),
      })),
    [columns, sortableFields],
  );

  const failed = error !== null && error !== undefined;
  const empty = failed ? LIST_LOAD_FAILED : emptyMessage;
  return (
    <Box ref={root} onPointerOver={titleIfCut}>
      {failed && <ListLoadFailure error={error} onRetry={onRetry} />}
      <DataGrid
        aria-label={label}
        columns={gridColumns}
        rows={rows}
        getRowId={getRowId}
        rowCount={rowCount}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={onPaginationModelChange}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        sortModel={sortModel}
        onSortModelChange={onSortModelChange}
        // A server sort is always in effect; a third "unsorted" click would only re-send the default.
        sortingOrder={['asc', 'desc']}
        disableColumnFilter
        disableColumnMenu
        disableRowSelectionOnClick
        // No count under a failed or first load: it would only be the placeholder count of useListQuery.
        hideFooter={rows.length === 0 && (loading || failed)}
        localeText={{
          noRowsLabel: empty,
          noResultsOverlayLabel: empty,
          // A capped count (rowCountCapped) is a floor, not the total; the grid's own words otherwise.
          ...(rowCountCapped
            ? {
                paginationDisplayedRows: ({ from, to, count }) => displayedRows(from, to, count, true),
              }
            : {}),
        }}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
        sx={{ bgcolor: 'background.paper', minHeight: 260 }}
      />
    </Box>
  );
}

/**
 * Memoised: `DataTable` hands it its props deferred (useDeferredValue), so an urgent render that still shows the
 * previous props skips the grid entirely and the grid's own re-render happens in an interruptible background
 * render.
 */
export const DataGridView = memo(DataGridViewRaw) as typeof DataGridViewRaw;
