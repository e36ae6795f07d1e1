import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { ATTENDANCE_MAX_DAYS, DEFAULT_PAGE_SIZE, type AttendanceDay } from '@hrpay/contracts';
import { DataTable, FilterSelect, ListToolbar } from '@/components/data-table';
import { EmployeePicker } from '@/components/employee-picker';
import type { EmployeeMatch } from '@/lib/employee-search';
import { useAttendance, useDepartmentFilterOptions } from '../api/timelogs';
import { addDays, ANOMALY_LABELS, dayTypeLabel, manilaToday } from './labels';
import { StoreAttendanceButton } from './store-attendance-button';
import { formatIsoDate } from '@/lib/dates';

const time = (value: string | null) => (value ? value.slice(11, 16) : '—');
const minutes = (value: number) => (value ? String(value) : '');
const hours = (value: number) => (value ? value.toFixed(2) : '');
const NO_SORT: never[] = [];

/**
 * Whole minutes and hours per employee per day, computed from the punches, schedule and holidays; "Store for
 * payroll" stores the shown range's days, which are what a payroll run reads.
 */
export function AttendanceTab() {
  const today = manilaToday();
  const [range, setRange] = useState({ DateFrom: addDays(today, -6), DateTo: today });
  const [departmentId, setDepartmentId] = useState('');
  const [onlyAnomalies, setOnlyAnomalies] = useState(false);
  const [employee, setEmployee] = useState<EmployeeMatch | null>(null);
  const [orderBy, setOrderBy] = useState<'Employee' | 'Date'>('Employee');
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const departments = useDepartmentFilterOptions();
  const days = (Date.parse(range.DateTo) - Date.parse(range.DateFrom)) / 86_400_000 + 1;
  const rangeError =
    !range.DateFrom || !range.DateTo
      ? 'Choose both dates'
      : days < 1
        ? 'The end date is before the start date'
        : days > ATTENDANCE_MAX_DAYS
          ? `At most ${ATTENDANCE_MAX_DAYS} days at a time`
          : null;
  const query = useAttendance(
    rangeError
      ? null
      : {
          ...range,
          DepartmentId: departmentId || undefined,
          EmployeeId: employee?.EmployeeId,
          OrderBy: orderBy,
          OnlyAnomalies: onlyAnomalies || undefined,
          Page: paging.page + 1,
          PageSize: paging.pageSize,
        },
  );

  const columns = useMemo<GridColDef<AttendanceDay>[]>(
    () => [
      { field: 'Date', headerName: 'Date', width: 120, valueFormatter: (v: string) => formatIsoDate(v) },
      {
        field: 'EmployeeName',
        headerName: 'Employee',
        flex: 1,
        minWidth: 150,
        valueGetter: (_v, row) => `${row.EmployeeName} (${row.EmployeeNumber})`,
      },
      {
        field: 'DayType',
        headerName: 'Day',
        width: 150,
        valueGetter: (_v, row) => dayTypeLabel(row),
      },
      { field: 'ShiftName', headerName: 'Shift', width: 110, valueFormatter: (v: string | null) => v ?? '—' },
      { field: 'FirstIn', headerName: 'In', width: 70, valueFormatter: time },
      { field: 'LastOut', headerName: 'Out', width: 70, valueFormatter: time },
      {
        field: 'Anomalies',
        headerName: 'Status',
        width: 200,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%', flexWrap: 'wrap' }}>
            {row.Absent && <Chip size="small" color="error" label="Absent" />}
            {row.OnLeave && <Chip size="small" color="info" label="On leave" />}
            {row.Anomalies.map((a) => (
              <Chip key={a} size="small" color="warning" variant="outlined" label={ANOMALY_LABELS[a]} />
            ))}
          </Box>
        ),
      },
      { field: 'WorkedHours', headerName: 'Worked (h)', type: 'number', width: 100, valueFormatter: hours },
      { field: 'LateMinutes', headerName: 'Late (min)', type: 'number', width: 95, valueFormatter: minutes },
      {
        field: 'UndertimeMinutes',
        headerName: 'Undertime (min)',
        type: 'number',
        width: 125,
        valueFormatter: minutes,
      },
      { field: 'OvertimeHours', headerName: 'OT (h)', type: 'number', width: 80, valueFormatter: hours },
      {
        field: 'PayableOvertimeHours',
        headerName: 'Approved OT (h)',
        type: 'number',
        width: 125,
        valueFormatter: hours,
      },
      {
        field: 'NightDiffHours',
        headerName: 'Night diff (h)',
        type: 'number',
        width: 110,
        valueFormatter: hours,
      },
    ],
    [],
  );

  const dateField = (name: 'DateFrom' | 'DateTo', label: string) => (
    <TextField
      type="date"
      size="small"
      margin="none"
      fullWidth={false}
      sx={{ width: 170 }}
      label={label}
      value={range[name]}
      onChange={(event) => {
        setRange((current) => ({ ...current, [name]: event.target.value }));
        setPaging((p) => ({ ...p, page: 0 }));
      }}
      error={!!rangeError && name === 'DateTo'}
      helperText={name === 'DateTo' ? (rangeError ?? undefined) : undefined}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <>
      <ListToolbar
        search={
          // The store acts on the dates (all employees; the filters do not apply), so it sits with them: on a
          // phone on a line of its own under them.
          <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            {dateField('DateFrom', 'From')}
            {dateField('DateTo', 'To')}
            <StoreAttendanceButton dateFrom={range.DateFrom} dateTo={range.DateTo} rangeError={rangeError} />
          </Box>
        }
      >
        <FilterSelect
          label="Department"
          value={departmentId}
          onChange={(value) => {
            setDepartmentId(value);
            setPaging((p) => ({ ...p, page: 0 }));
          }}
          options={(departments.data ?? []).map((d) => ({ value: d.DepartmentId, label: d.Name }))}
        />
        <Box sx={{ width: 260 }}>
          <EmployeePicker
            companyId="own"
            size="small"
            label="Employee"
            value={employee}
            onChange={(next) => {
              setEmployee(next);
              setPaging((p) => ({ ...p, page: 0 }));
            }}
          />
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={orderBy}
          onChange={(_event, next: 'Employee' | 'Date' | null) => next && setOrderBy(next)}
          aria-label="Show"
          sx={{ alignSelf: 'flex-start', height: 40 }}
        >
          <ToggleButton value="Employee">Per employee</ToggleButton>
          <ToggleButton value="Date">Per day</ToggleButton>
        </ToggleButtonGroup>
        <FormControlLabel
          sx={{ alignSelf: 'flex-start', height: 40 }}
          label="Only anomalies"
          control={
            <Switch
              checked={onlyAnomalies}
              onChange={(event) => {
                setOnlyAnomalies(event.target.checked);
                setPaging((p) => ({ ...p, page: 0 }));
              }}
            />
          }
        />
      </ListToolbar>
      <DataTable
        label="Attendance"
        columns={columns}
        rows={query.data?.Items ?? []}
        rowCount={query.data?.TotalCount ?? 0}
        getRowId={(row) => `${row.EmployeeId}|${row.Date}`}
        loading={query.isFetching}
        error={query.isError ? query.error : null}
        onRetry={() => void query.refetch()}
        emptyMessage={rangeError ?? (onlyAnomalies ? 'No anomalies in these days.' : 'No employees to show.')}
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        sortModel={NO_SORT}
        onSortModelChange={() => undefined}
        sortableFields={NO_SORT}
        cardTitle="EmployeeName"
      />
    </>
  );
}
