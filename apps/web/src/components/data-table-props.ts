import type {
  GridColDef,
  GridPaginationModel,
  GridRowId,
  GridSortModel,
  GridValidRowModel,
} from '@mui/x-data-grid';

/** What the list pages give a DataTable; the grid and its plain first paint (data-table-preview) both read it. */
export const LIST_LOAD_FAILED = 'The list could not be loaded.';

export interface DataTableProps<R extends GridValidRowModel> {
  /** Names the grid for screen readers ("Companies"). */
  label: string;
  columns: GridColDef<R>[];
  rows: readonly R[];
  /** All rows on the server, not just this page. */
  rowCount: number;
  /**
   * True when the server stopped counting at `rowCount` (the list's `TotalCountCapped`): it holds more rows. The
   * pager then says "1–25 of more than 100,000" and pages up to the cap's last page (a date filter goes further).
   */
  rowCountCapped?: boolean;
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
  /** The column whose value titles a row's card on a phone (data-table-cards.tsx); the first column if not given. */
  cardTitle?: string;
}
