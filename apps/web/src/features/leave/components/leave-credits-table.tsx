import { useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { LEAVE_CREDIT_SORTABLE, LeaveAdjustmentRequest, type LeaveCreditRow } from '@hrpay/contracts';
import { CellLink } from '@/components/cell-link';
import { useConfirm } from '@/components/confirm-dialog';
import { useScrollRegion } from '@/components/scroll-region';
import { DataTable, FilterSelect, ListToolbar, SearchField, RowAction } from '@/components/data-table';
import { errorDetail, handleError } from '@/lib/error-handler';
import { stringParam, useListQuery } from '@/lib/use-list-query';
import { formatDayNumber as days, formatDays } from '@/lib/numbers';
import { formatIsoDate, manilaToday } from '@/lib/dates';
import {
  fetchLeaveCredits,
  leaveCreditKeys,
  useAdjustLeave,
  useEmployeeLeaveCredits,
  useRunAccrual,
} from '../api/leave';
import { LeaveBalances } from './leave-balances';

/** HR's view of every employee's balances, with adjustments (a reason each) and the accrual run. */
export function LeaveCreditsTable({ leaveTypes }: { leaveTypes: { value: string; label: string }[] }) {
  const [adjusting, setAdjusting] = useState<LeaveCreditRow | null>(null);
  const [viewing, setViewing] = useState<LeaveCreditRow | null>(null);
  const confirm = useConfirm();
  const accrual = useRunAccrual();
  const list = useListQuery({
    queryKey: leaveCreditKeys.lists(),
    queryFn: fetchLeaveCredits,
    sortable: LEAVE_CREDIT_SORTABLE,
    defaultSort: { SortBy: 'EmployeeName', SortDirection: 'asc' },
    filters: { LeaveTypeId: stringParam },
  });

  const runAccrual = async () => {
    const asOf = manilaToday();
    const agreed = await confirm({
      title: 'Grant and accrue leave credits',
      message: `Grant every yearly, anniversary and monthly credit due by ${formatIsoDate(asOf)} to every active employee. Credits already granted are not granted twice.`,
      confirmLabel: 'Run',
    });
    if (!agreed) return;
    try {
      const result = await accrual.mutateAsync(asOf);
      toast.success(result.Message);
    } catch (error) {
      handleError(error, 'The accrual run failed; nothing was granted.');
    }
  };

  const columns = useMemo<GridColDef<LeaveCreditRow>[]>(
    () => [
      {
        field: 'EmployeeName',
        headerName: 'Employee',
        flex: 1.2,
        minWidth: 180,
        renderCell: ({ row }) => <CellLink text={row.EmployeeName} onOpen={() => setViewing(row)} />,
      },
      // The numbers as narrow as their headers allow; the names get the room ("Service Incentive Leave" in full).
      { field: 'EmployeeNumber', headerName: 'No.', width: 90 },
      { field: 'DepartmentName', headerName: 'Department', flex: 1, minWidth: 110, sortable: false },
      { field: 'LeaveTypeName', headerName: 'Leave type', flex: 1.04, minWidth: 150 },
      {
        field: 'Earned',
        headerName: 'Earned this year',
        type: 'number',
        width: 125,
        sortable: false,
        valueFormatter: days,
      },
      { field: 'Used', headerName: 'Used', type: 'number', width: 75, sortable: false, valueFormatter: days },
      {
        field: 'Pending',
        headerName: 'Pending',
        type: 'number',
        width: 80,
        sortable: false,
        valueFormatter: days,
      },
      { field: 'Balance', headerName: 'Balance', type: 'number', width: 90, valueFormatter: days },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 72,
        getActions: ({ row }) => [
          <RowAction key="adjust" icon={<TuneOutlined />} label="Adjust" onClick={() => setAdjusting(row)} />,
        ],
      },
    ],
    [],
  );

  return (
    <>
      <ListToolbar
        search={
          <SearchField
            value={list.search}
            onChange={list.setSearch}
            placeholder="Search employee name or number"
          />
        }
      >
        <FilterSelect
          label="Leave type"
          value={list.state.filters.LeaveTypeId ?? ''}
          onChange={(value) => list.setFilter('LeaveTypeId', stringParam.parse(value))}
          options={leaveTypes}
        />
        <Button
          variant="outlined"
          onClick={() => void runAccrual()}
          disabled={accrual.isPending}
          startIcon={accrual.isPending ? <CircularProgress size={16} /> : undefined}
        >
          Run accrual
        </Button>
      </ListToolbar>
      <DataTable
        label="Leave credits"
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => `${row.EmployeeId}:${row.LeaveTypeId}`}
        emptyMessage={list.request.Search ? 'No employees match.' : 'No active employees with leave credits.'}
      />
      {adjusting && <AdjustDialog row={adjusting} onClose={() => setAdjusting(null)} />}
      {viewing && <EmployeeCreditsDialog row={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

function AdjustDialog({ row, onClose }: { row: LeaveCreditRow; onClose: () => void }) {
  const [daysText, setDaysText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const adjust = useAdjustLeave();
  const save = async () => {
    const body = {
      EmployeeId: row.EmployeeId,
      LeaveTypeId: row.LeaveTypeId,
      Days: Number(daysText),
      Reason: reason,
    };
    const parsed = LeaveAdjustmentRequest.safeParse({
      ...body,
      Days: daysText.trim() === '' ? undefined : body.Days,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      await adjust.mutateAsync(parsed.data);
      toast.success(`${row.LeaveTypeName} of ${row.EmployeeName} adjusted`);
      onClose();
    } catch (error) {
      const detail = errorDetail(error);
      if (detail) setErrors({ Days: detail });
      else handleError(error, 'The adjustment could not be saved.');
    }
  };
  return (
    <Dialog
      open
      onClose={adjust.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="adjust-title"
    >
      <DialogTitle id="adjust-title">Adjust {row.LeaveTypeName}</DialogTitle>
      <DialogContent>
        <Box sx={{ mb: 1 }}>
          {row.EmployeeName}: balance {formatDays(row.Balance)}
        </Box>
        <TextField
          label="Days to add (negative to take away)"
          type="number"
          value={daysText}
          onChange={(e) => setDaysText(e.target.value)}
          fullWidth
          margin="normal"
          autoFocus
          error={!!errors.Days}
          helperText={errors.Days ?? 'e.g. 2 or -0.5'}
          slotProps={{ htmlInput: { step: 0.5 } }}
        />
        <TextField
          label="Reason"
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          margin="normal"
          multiline
          minRows={2}
          error={!!errors.Reason}
          helperText={errors.Reason ?? 'Kept on the employee’s credit history'}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={adjust.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={adjust.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function EmployeeCreditsDialog({ row, onClose }: { row: LeaveCreditRow; onClose: () => void }) {
  const credits = useEmployeeLeaveCredits(row.EmployeeId);
  // The balances and history scroll inside the dialog: the keyboard can scroll them.
  const scroller = useScrollRegion(`Leave credits of ${row.EmployeeName}`);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="credits-title">
      <DialogTitle id="credits-title">
        Leave credits of {row.EmployeeName} ({row.EmployeeNumber})
      </DialogTitle>
      <DialogContent {...scroller}>
        {credits.isPending && <CircularProgress aria-label="Loading" />}
        {credits.isError && (
          <Alert severity="error">
            {errorDetail(credits.error) ?? 'The leave credits could not be loaded.'}
          </Alert>
        )}
        {credits.data && <LeaveBalances credits={credits.data} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
