import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EmployeeImport, EmployeeImportSummary } from '@hrpay/contracts';
import { errorMessage } from '@/lib/error-handler';
import { useCompanyImports } from '../api/list-company-imports';
import { formatCount, useClockFormat } from '../import-format';
import { ImportStatusChip } from '@/components/import-status-chip';

const count = (value: number | null) => (value === null ? '—' : formatCount(value));
/**
 * Created and Updated say what an import did, so they show only for a committed one: a discarded preview's
 * "Created 2" read as if two employees had been created (issue 11).
 */
const committedOnly = (value: number, row: EmployeeImportSummary) =>
  row.Status === 'Committed' ? value : null;

/** The company's latest imports; opening one shows its result in step 3. */
export function RecentImports({
  companyId,
  currentId,
  live,
  onOpen,
}: {
  companyId: string;
  currentId: string | null;
  /** The import on show, polled: fresher than the list, so its row shows what it says. */
  live?: EmployeeImport;
  onOpen: (importId: string) => void;
}) {
  const imports = useCompanyImports(companyId);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const { dateTime } = useClockFormat();
  const rows = useMemo(
    () =>
      (imports.data ?? []).map((row) =>
        live && row.ImportId === live.ImportId
          ? {
              ...row,
              Status: live.Status,
              TotalRows: live.TotalRows,
              CreateCount: live.CreateCount,
              UpdateCount: live.UpdateCount,
              ErrorCount: live.ErrorCount,
            }
          : row,
      ),
    [imports.data, live],
  );

  const columns = useMemo<GridColDef<EmployeeImportSummary>[]>(
    () => [
      {
        field: 'CreatedAt',
        headerName: 'Uploaded',
        width: 170,
        valueFormatter: (value: string) => dateTime(value),
      },
      {
        field: 'FileName',
        headerName: 'File',
        minWidth: phone ? 100 : 160,
        flex: 1,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            <Link
              component="button"
              type="button"
              onClick={() => onOpen(row.ImportId)}
              sx={{ textAlign: 'left', wordBreak: 'break-word' }}
              aria-current={row.ImportId === currentId ? 'true' : undefined}
            >
              {row.FileName}
            </Link>
            {phone && (
              <Typography variant="caption" color="text.secondary" component="div">
                {dateTime(row.CreatedAt)}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'Status',
        headerName: 'Status',
        width: phone ? 132 : 140,
        renderCell: ({ row }) => <ImportStatusChip status={row.Status} />,
      },
      {
        field: 'CreateCount',
        headerName: 'Created',
        type: 'number',
        width: phone ? 82 : 90,
        valueGetter: committedOnly,
        valueFormatter: count,
      },
      {
        field: 'UpdateCount',
        headerName: 'Updated',
        type: 'number',
        width: 90,
        valueGetter: committedOnly,
        valueFormatter: count,
      },
      { field: 'ErrorCount', headerName: 'Errors', type: 'number', width: 80, valueFormatter: count },
      {
        field: 'UploadedBy',
        headerName: 'Uploaded by',
        minWidth: 140,
        flex: 0.8,
        valueFormatter: (value: string | null) => value ?? '—',
      },
    ],
    [currentId, onOpen, phone, dateTime],
  );

  if (imports.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void imports.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(imports.error, 'The recent imports could not be loaded.')}
      </Alert>
    );
  }

  return (
    <DataGrid
      aria-label="Recent imports"
      columns={columns}
      rows={rows}
      getRowId={(row) => row.ImportId}
      loading={imports.isPending}
      density="compact"
      autoHeight
      hideFooter
      disableColumnMenu
      disableRowSelectionOnClick
      columnVisibilityModel={{
        CreatedAt: !phone,
        UploadedBy: !phone,
        UpdateCount: !phone,
        ErrorCount: !phone,
      }}
      getRowHeight={phone ? () => 'auto' : undefined}
      getRowClassName={({ row }) => (row.ImportId === currentId ? 'current-import' : '')}
      localeText={{ noRowsLabel: 'No imports yet for this company.' }}
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
      sx={{
        bgcolor: 'background.paper',
        '& .current-import': { bgcolor: 'action.selected' },
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
        '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: phone ? 0.75 : 0 },
      }}
    />
  );
}
