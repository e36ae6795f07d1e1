import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { SHIFT_SORTABLE, type Shift } from '@hrpay/contracts';
import { editDeleteColumn, nameColumn, statusColumn } from '@/components/list-columns';
import { DataTable, ListToolbar, SearchField } from '@/components/data-table';
import { ExportButton } from '@/components/export-button';
import { PageHeader } from '@/components/page-header';
import { StatusFilter } from '@/components/status-filter';
import { useDeleteRow } from '@/components/use-delete-or-deactivate';
import { formatHourNumber } from '@/lib/numbers';
import { booleanParam, useListQuery } from '@/lib/use-list-query';
import { fetchShifts, shiftKeys, useDeleteShift, useSaveShift } from '../api/shifts';
import { ShiftDialog } from '../components/shift-dialog';
import { restDaysText, scheduleText } from '../components/shift-values';
import { useClockFormat } from '@/lib/dates';

/** /hr/shifts: the company's work schedules. */
export default function ShiftsPage() {
  const [editing, setEditing] = useState<Shift | 'new' | null>(null);
  const { mutateAsync: remove } = useDeleteShift();
  const { mutateAsync: save } = useSaveShift();
  const list = useListQuery({
    queryKey: shiftKeys.lists(),
    queryFn: fetchShifts,
    sortable: SHIFT_SORTABLE,
    defaultSort: { SortBy: 'Name', SortDirection: 'asc' },
    filters: { IsActive: booleanParam },
  });

  const removeShift = useDeleteRow<Shift>('shift', 'ShiftId', remove, save);

  const { clock, time } = useClockFormat();
  const columns = useMemo<GridColDef<Shift>[]>(
    () => [
      nameColumn<Shift>(setEditing, { flex: 1, minWidth: 140 }),
      {
        field: 'TimeIn',
        headerName: 'Schedule',
        width: clock === '12h' ? 230 : 180,
        valueGetter: (_v, row) => scheduleText(row, time),
      },
      {
        field: 'WorkHours',
        headerName: 'Work hours',
        type: 'number',
        width: 110,
        sortable: false,
        valueFormatter: (v: number) => formatHourNumber(v),
      },
      {
        field: 'RestDays',
        headerName: 'Rest days',
        width: 140,
        sortable: false,
        valueFormatter: (v: number[]) => restDaysText(v),
      },
      {
        field: 'IsNightShift',
        headerName: 'Type',
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <>
            {row.IsNightShift && (
              <Chip size="small" label="Night" color="info" variant="outlined" sx={{ mr: 0.5 }} />
            )}
            {row.IsFlexible && <Chip size="small" label="Flexible" variant="outlined" />}
            {/* A blank cell read as missing data. */}
            {!row.IsNightShift && !row.IsFlexible && 'Day'}
          </>
        ),
      },
      { field: 'EmployeeCount', headerName: 'Employees', type: 'number', width: 110 },
      statusColumn<Shift>(),
      editDeleteColumn<Shift>(setEditing, (row) => void removeShift(row)),
    ],
    [removeShift, clock, time],
  );

  const isActive = list.state.filters.IsActive;
  return (
    <>
      <PageHeader
        subtitle="Work schedules: time in and out, break, grace period and rest days. Night hours are 22:00 to 06:00."
        actions={
          <>
            <ExportButton path="/api/v1/shifts/export" request={list.request} fileName="shifts" />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Add Shift
            </Button>
          </>
        }
      />
      <ListToolbar
        search={<SearchField value={list.search} onChange={list.setSearch} placeholder="Search name" />}
      >
        <StatusFilter value={isActive} onChange={(value) => list.setFilter('IsActive', value)} />
      </ListToolbar>
      <DataTable
        label="Shifts"
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => row.ShiftId}
        emptyMessage={list.request.Search || isActive !== undefined ? 'No shifts match.' : 'No shifts yet.'}
      />
      {editing && <ShiftDialog shift={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
