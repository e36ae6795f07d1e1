import { useMemo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import SearchIcon from '@mui/icons-material/Search';
import { useTheme } from '@mui/material/styles';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowId,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { errorMessage } from '@/lib/error-handler';
import { PAGE_SIZE_OPTIONS } from '@/lib/use-list-query';

export const LIST_LOAD_FAILED = 'The list could not be loaded.';

export interface DataTableProps<R extends GridValidRowModel> {
  /** Names the grid for screen readers ("Companies"). */
  label: string;
  columns: GridColDef<R>[];
  rows: readonly R[];
  /** All rows on the server, not just this page. */
  rowCount: number;
  getRowId: (row: R) => GridRowId;
  loading: boolean;
  /** The last load failure, or null. */
  error: unknown;
  onRetry: () => void;
  /** Shown when there are no rows ("No companies match your search."). */
  emptyMessage: string;
  /** 0-based, as the grid counts. */
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
  /** Only these columns offer sorting (the API's SortBy list); all others are plain. */
  sortableFields?: readonly string[];
  /** Columns left out on phone-width screens, where the grid would otherwise scroll sideways. */
  hideOnPhone?: readonly string[];
}

/**
 * The app's list grid: MUI X DataGrid paged and sorted by the server, page sizes 10/25/50/100, a loading bar
 * over the previous page while the next loads, an empty message, and an error line with Retry. Feed it
 * `useListQuery(...).tableProps` plus columns.
 */
export function DataTable<R extends GridValidRowModel>({
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
  hideOnPhone = [],
}: DataTableProps<R>) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const gridColumns = useMemo(
    () =>
      columns.map((column) => ({
        ...column,
        sortable: (column.sortable ?? true) && (!sortableFields || sortableFields.includes(column.field)),
      })),
    [columns, sortableFields],
  );
  // Keyed on the names, not the array: callers pass a literal, and a new model each render makes the grid redo work.
  const hiddenOnPhone = hideOnPhone.join(' ');
  const columnVisibilityModel = useMemo(() => {
    const fields = hiddenOnPhone ? hiddenOnPhone.split(' ') : [];
    return Object.fromEntries(fields.map((field) => [field, !phone]));
  }, [hiddenOnPhone, phone]);

  const failed = error !== null && error !== undefined;
  const empty = failed ? LIST_LOAD_FAILED : emptyMessage;
  return (
    <Box>
      {failed && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          {errorMessage(error, LIST_LOAD_FAILED)}
        </Alert>
      )}
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
        columnVisibilityModel={columnVisibilityModel}
        disableColumnFilter
        disableColumnMenu
        disableRowSelectionOnClick
        // No count under a failed or first load: it would only be the placeholder count of useListQuery.
        hideFooter={rows.length === 0 && (loading || failed)}
        localeText={{ noRowsLabel: empty, noResultsOverlayLabel: empty }}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
        sx={{ bgcolor: 'background.paper', minHeight: 260 }}
      />
    </Box>
  );
}

/** The row above a grid: the search box, then the filters (two to a line on a phone). */
export function ListToolbar({ search, children }: { search: ReactNode; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', flex: { xs: '1 1 100%', sm: '0 1 320px' } }}>{search}</Box>
      {children && (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            flex: { xs: '1 1 100%', sm: '0 1 auto' },
            '& > *': { flex: { xs: '1 1 140px', sm: '0 0 auto' } },
          }}
        >
          {children}
        </Box>
      )}
    </Box>
  );
}

/** The list's search box; the value is what was typed (useListQuery debounces the request). */
export function SearchField({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <TextField
      type="search"
      size="small"
      margin="none"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      slotProps={{
        htmlInput: { 'aria-label': placeholder },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A filter of a few choices; the empty value means "no filter" and shows `allLabel`. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel = 'All',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
}) {
  return (
    <TextField
      select
      size="small"
      margin="none"
      fullWidth={false}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 160 }}
      // "All" is a real choice, so it is shown (and the label kept above it) rather than an empty box.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
