import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { ATTENDANCE_MAX_DAYS, DEFAULT_PAGE_SIZE, type AttendanceDay } from '@hrpay/contracts';
import { DataTable, FilterSelect, ListToolbar } from '@/components/data-table';
import { EmployeePicker } from '@/components/employee-picker';
import { TwoLinesCell } from '@/components/two-lines-cell';
import type { EmployeeMatch } from '@/lib/employee-search';
import { useAttendance, useDepartmentFilterOptions } from '../api/timelogs';
import { addDays, ANOMALY_LABELS, dayTypeLabel, manilaToday } from './labels';
import { StoreAttendanceButton } from './store-attendance-button';
import { formatIsoDate } from '@/lib/dates';
import { visuallyHidden } from '@/lib/visually-hidden';

const time = (value: string | null) => (value ? value.slice(11, 16) : '—');
const minutes = (value: number) => (value ? String(value) : '');
const hours = (value: number) => (value ? value.toFixed(2) : '');
const NO_SORT: never[] = [];

/** The day's chips; dense, so that two of them, one under the other in a narrow column, fit a row's height. */
const statusStyle = {
  display: 'flex',
  flexWrap: 'wrap',
  alignContent: 'center',
  alignItems: 'center',
  gap: 0.5,
  height: '100%',
  py: '2px',
  '& .MuiChip-root': { height: 20, fontSize: '0.75rem' },
  '& .MuiChip-label': { px: 0.75 },
} as const;

/** The grid's own header title, as its GridColumnHeaderTitle draws it. */
const figureHeaderStyle = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: 'var(--unstable_DataGrid-headWeight)',
  lineHeight: 'normal',
} as const;

/**
 * A figure's column: a short header in the table (its unit in the header's tooltip, and in its accessible name for
 * the keyboard and screen readers: "Late (Minutes late)"), the whole name on a card.
 */
const figure = (
  field: keyof AttendanceDay & string,
  short: string,
  long: string,
  description: string,
  width: number,
  phone: boolean,
  format: (value: number) => string,
): GridColDef<AttendanceDay> => ({
  field,
  headerName: phone ? long : short,
  description,
  renderHeader: () => (
    <Box className="MuiDataGrid-columnHeaderTitle" title={description} sx={figureHeaderStyle}>
      {short}
      <Box component="span" sx={visuallyHidden}>
        {` (${description})`}
      </Box>
    </Box>
  ),
  type: 'number',
  width,
  valueFormatter: format,
});

/**
 * The attendance columns. At 1280 px with the menu open the table has some 970 px: Day and shift, and in and out,
 * share a column each, the figures have short headers (OT and UT as the app says them; the unit in the header's
 * tooltip), and the employee's column is left out when one employee is chosen (the picker names them). A phone's
 * cards (DataTable) label each figure in full, with its unit.
 */
export function attendanceColumns({
  phone,
  oneEmployee,
}: {
  phone: boolean;
  oneEmployee: boolean;
}): GridColDef<AttendanceDay>[] {
  return [
    { field: 'Date', headerName: 'Date', width: 105, valueFormatter: (v: string) => formatIsoDate(v) },
    ...(oneEmployee
      ? []
      : [
          {
            field: 'EmployeeName',
            headerName: 'Employee',
            flex: 1,
            minWidth: 120,
            valueGetter: (_v, row) => `${row.EmployeeName} (${row.EmployeeNumber})`,
            renderCell: ({ row }) => <TwoLinesCell main={row.EmployeeName} detail={row.EmployeeNumber} />,
          } satisfies GridColDef<AttendanceDay>,
        ]),
    {
      field: 'DayType',
      headerName: 'Day / shift',
      description: 'The kind of day (holiday, rest day) and the shift of the day',
      width: 130,
      valueGetter: (_v, row) => dayTypeLabel(row),
      renderCell: ({ row }) => <TwoLinesCell main={dayTypeLabel(row)} detail={row.ShiftName ?? 'No shift'} />,
    },
    {
      field: 'FirstIn',
      headerName: 'In – out',
      description: 'The first punch in and the last punch out of the day',
      width: 110,
      valueGetter: (_v, row) =>
        row.FirstIn || row.LastOut ? `${time(row.FirstIn)} – ${time(row.LastOut)}` : '—',
    },
    {
      field: 'Anomalies',
      headerName: 'Status',
      // What is left over goes here first (the name's column too): the chips then keep to one line.
      flex: 1,
      minWidth: 115,
      renderCell: ({ row }) => (
        <Box sx={statusStyle}>
          {row.Absent && <Chip size="small" color="error" label="Absent" />}
          {row.OnLeave && <Chip size="small" color="info" label="On leave" />}
          {row.Anomalies.map((a) => (
            <Chip key={a} size="small" color="warning" variant="outlined" label={ANOMALY_LABELS[a]} />
          ))}
        </Box>
      ),
    },
    figure('WorkedHours', 'Worked', 'Worked (h)', 'Hours worked', 70, phone, hours),
    figure('LateMinutes', 'Late', 'Late (min)', 'Minutes late', 55, phone, minutes),
    figure('UndertimeMinutes', 'UT', 'Undertime (min)', 'Undertime, in minutes', 55, phone, minutes),
    figure('OvertimeHours', 'OT', 'OT (h)', 'Overtime worked, in hours', 55, phone, hours),
    figure(
      'PayableOvertimeHours',
      'Appr. OT',
      'Approved OT (h)',
      'Approved overtime, in hours: the overtime payroll pays',
      80,
      phone,
      hours,
    ),
    figure('NightDiffHours', 'ND', 'Night diff (h)', 'Night differential, in hours', 55, phone, hours),
  ];
}

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

  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const oneEmployee = !!employee;
  const columns = useMemo(() => attendanceColumns({ phone, oneEmployee }), [phone, oneEmployee]);

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
