import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { EmployeeImport, ImportRowError } from '@hrpay/contracts';
import { formatCurrency } from '@/lib/currency';

type SampleRow = EmployeeImport['SampleRows'][number];
type SampleGridRow = { id: number; Row: number; Action: SampleRow['Action'] } & Record<
  string,
  string | number
>;
type ErrorGridRow = ImportRowError & { id: number };

const SAMPLE_FIELDS = [
  'EmployeeNumber',
  'LastName',
  'FirstName',
  'Department',
  'Position',
  'HireDate',
] as const;
const PAGE_SIZE = 25;

const gridSx = {
  bgcolor: 'background.paper',
  '& .MuiDataGrid-cell': { py: 0.75, alignItems: 'center', display: 'flex', whiteSpace: 'normal' },
  '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
} as const;

/** Phone-width screens get fewer, stacked columns instead of a grid that scrolls sideways. */
const usePhone = () => useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const rate = (value: unknown) => formatCurrency(text(value)) || text(value);

const rowColumn: GridColDef = { field: 'Row', headerName: 'Row', width: 64, type: 'number' };

const actionColumn: GridColDef<SampleGridRow> = {
  field: 'Action',
  headerName: 'Action',
  width: 96,
  renderCell: ({ value }) => (
    <Chip
      size="small"
      label={value === 'Create' ? 'Create' : 'Update'}
      color={value === 'Create' ? 'success' : 'info'}
      variant="outlined"
    />
  ),
};

const sampleColumns: GridColDef<SampleGridRow>[] = [
  rowColumn,
  actionColumn,
  ...SAMPLE_FIELDS.map((field): GridColDef<SampleGridRow> => ({
    field,
    headerName: field,
    minWidth: field === 'EmployeeNumber' ? 160 : 120,
    flex: 1,
  })),
  {
    field: 'BasicRate',
    headerName: 'BasicRate',
    minWidth: 120,
    flex: 1,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: rate,
  },
];

const samplePhoneColumns: GridColDef<SampleGridRow>[] = [
  rowColumn,
  {
    field: 'EmployeeNumber',
    headerName: 'Employee',
    flex: 1,
    minWidth: 150,
    renderCell: ({ row }) => (
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {text(row.EmployeeNumber)} · {text(row.LastName)}, {text(row.FirstName)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {[row.Department, row.Position, row.HireDate, rate(row.BasicRate)].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
    ),
  },
  actionColumn,
];

/** A few of the rows that will be created or updated, with the columns people check first. */
export function SampleRowsGrid({ rows }: { rows: EmployeeImport['SampleRows'] }) {
  const phone = usePhone();
  const gridRows = useMemo(
    () =>
      rows.map((row): SampleGridRow => ({ ...row.Values, id: row.Row, Row: row.Row, Action: row.Action })),
    [rows],
  );
  return (
    <DataGrid
      aria-label="Sample rows"
      columns={phone ? samplePhoneColumns : sampleColumns}
      rows={gridRows}
      density="compact"
      autoHeight
      getRowHeight={phone ? () => 'auto' : undefined}
      hideFooter={gridRows.length <= PAGE_SIZE}
      initialState={{ pagination: { paginationModel: { pageSize: PAGE_SIZE } } }}
      pageSizeOptions={[PAGE_SIZE]}
      disableColumnMenu
      disableRowSelectionOnClick
      sx={gridSx}
    />
  );
}

const errorColumns: GridColDef<ErrorGridRow>[] = [
  rowColumn,
  { field: 'Column', headerName: 'Column', minWidth: 150, flex: 1 },
  { field: 'Value', headerName: 'Value', minWidth: 130, flex: 1 },
  { field: 'Message', headerName: 'Message', minWidth: 260, flex: 2.5 },
];

const errorPhoneColumns: GridColDef<ErrorGridRow>[] = [
  rowColumn,
  {
    field: 'Message',
    headerName: 'Error',
    flex: 1,
    minWidth: 180,
    renderCell: ({ row }) => (
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
          {row.Column}
          {row.Value && (
            <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
              {' '}
              “{row.Value}”
            </Box>
          )}
        </Typography>
        <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
          {row.Message}
        </Typography>
      </Box>
    ),
  },
];

/** The first errors of a file, a page of 25 at a time; long messages wrap. */
export function ErrorsGrid({ errors }: { errors: ImportRowError[] }) {
  const phone = usePhone();
  const gridRows = useMemo(
    () => errors.map((error, index): ErrorGridRow => ({ ...error, id: index })),
    [errors],
  );
  return (
    <DataGrid
      aria-label="Errors"
      columns={phone ? errorPhoneColumns : errorColumns}
      rows={gridRows}
      density="compact"
      autoHeight
      getRowHeight={() => 'auto'}
      hideFooter={gridRows.length <= PAGE_SIZE}
      initialState={{ pagination: { paginationModel: { pageSize: PAGE_SIZE } } }}
      pageSizeOptions={[25, 50, 100]}
      disableColumnMenu
      disableRowSelectionOnClick
      sx={gridSx}
    />
  );
}
