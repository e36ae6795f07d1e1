import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
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
import { type Clock, formatIsoDate, formatTime, useClockFormat } from '@/lib/dates';
import { visuallyHidden } from '@/lib/visually-hidden';

const time = (value: string | null, clock: Clock) => (value ? formatTime(value.slice(11, 16), clock) : '—');
const minutes = (value: number) => (value ? String(value) : '');
const hours = (value: number) => (value ? value.toFixed(2) : '');
const NO_SORT: never[] = [];

/** The grid's own header title, as its GridColumnHeaderTitle draws it. */
const figureHeaderStyle = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: 'var(--unstable_DataGrid-headWeight)',
  lineHeight: 'normal',
} as const;

/**
 * A figure's column, its unit in the header ("Late (min)": lateness and undertime are whole minutes, the rest
 * hours to two decimals), the whole name on a phone's card; what it counts in the header's tooltip and in its
 * accessible name for the keyboard and screen readers ("Late (min): Minutes late").
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
        {`: ${description}`}
      </Box>
    </Box>
  ),
  type: 'number',
  width,
  valueFormatter: format,
});

/**
 * What is off with the day, in words: absent, on leave, the punches' anomalies, a shift not over yet (null for a
 * day in order).
 */
function dayFlags(row: AttendanceDay): { text: string; color: string } | null {
  // A lone In (or Out) is flagged both "single punch" and "missing out" (in): the missing one says what to fix,
  // and the two together were cut off in the column. A single punch of unknown direction still says so.
  const missing = row.Anomalies.includes('MissingIn') || row.Anomalies.includes('MissingOut');
  const anomalies = row.Anomalies.filter((a) => !(missing && a === 'SinglePunch'));
  const words = [
    ...(row.Absent ? ['Absent'] : []),
    ...(row.OnLeave ? ['On leave'] : []),
    ...anomalies.map((a) => ANOMALY_LABELS[a]),
    // Today before the shift ends: not absent, no undertime, no missing out yet, and not stored for payroll.
    ...(row.NotOver ? ['Not over yet'] : []),
    // A day before the hire date or after the separation: nothing expected, nothing stored.
    ...(row.Employment === 'NotYetHired' ? ['Not yet hired'] : []),
    ...(row.Employment === 'Separated' ? ['Separated'] : []),
  ];
  if (!words.length) return null;
  // Dark shades: the theme's warning orange on white is 3.1:1; these reach 4.5:1 in a caption.
  const color = row.Absent ? 'error.dark' : row.Anomalies.length ? '#8a3c00' : 'info.dark';
  return { text: words.join(', '), color };
}

const inOut = (row: AttendanceDay, clock: Clock) =>
  row.FirstIn || row.LastOut ? `${time(row.FirstIn, clock)} – ${time(row.LastOut, clock)}` : '—';

const cut = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * The punches of the day and, under them, what is off with it (absent, on leave, a missing punch): a column of
 * its own for these stood empty on almost every row and took the room the figures' units need.
 */
function PunchesCell({ row, clock }: { row: AttendanceDay; clock: Clock }) {
  const times = inOut(row, clock);
  const flags = dayFlags(row);
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}
      title={flags ? `${times} — ${flags.text}` : times}
    >
      <Box component="span" sx={{ ...cut, lineHeight: 1.43 }}>
        {times}
      </Box>
      {flags && (
        <Box
          component="span"
          sx={{ ...cut, typography: 'caption', lineHeight: 1.33, fontWeight: 600, color: flags.color }}
        >
          {flags.text}
        </Box>
      )}
    </Box>
  );
}

/**
 * The attendance columns. At 1280 px with the menu open the table has some 960 px: Day and shift share a
 * column, as do the punches and what is off with the day; the figures carry their units in their headers; the
 * employee's column is left out when one employee is chosen (the picker names them). A phone's cards (DataTable)
 * label each figure in full, with its unit.
 */
export function attendanceColumns({
  phone,
  oneEmployee,
  clock = '24h',
}: {
  phone: boolean;
  oneEmployee: boolean;
  /** The company's clock for the punch times (Application Settings). */
  clock?: Clock;
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
      width: 122,
      valueGetter: (_v, row) => dayTypeLabel(row),
      renderCell: ({ row }) => <TwoLinesCell main={dayTypeLabel(row)} detail={row.ShiftName ?? 'No shift'} />,
    },
    {
      field: 'FirstIn',
      headerName: 'In – out',
      description:
        'The first punch in and the last punch out of the day; under them, an absence, a leave or a missing punch',
      // It shares the room left with the employee's name: at 1366 px "Absent, No work in shift" is whole (a
      // fixed 125 px cut what "Only anomalies" is for); at 1280 px both keep their least widths.
      flex: 1,
      minWidth: 125,
      valueGetter: (_v, row) => {
        const flags = dayFlags(row);
        return flags ? `${inOut(row, clock)} · ${flags.text}` : inOut(row, clock);
      },
      renderCell: ({ row }) => <PunchesCell row={row} clock={clock} />,
    },
    figure('WorkedHours', 'Worked (h)', 'Worked (h)', 'Hours worked', 90, phone, hours),
    figure('LateMinutes', 'Late (min)', 'Late (min)', 'Minutes late', 85, phone, minutes),
    figure('UndertimeMinutes', 'UT (min)', 'Undertime (min)', 'Undertime, in minutes', 76, phone, minutes),
    figure('OvertimeHours', 'OT (h)', 'OT (h)', 'Overtime worked, in hours', 62, phone, hours),
    figure(
      'PayableOvertimeHours',
      'Appr. OT (h)',
      'Approved OT (h)',
      'Approved overtime, in hours: the overtime payroll pays',
      100,
      phone,
      hours,
    ),
    figure('NightDiffHours', 'ND (h)', 'Night diff (h)', 'Night differential, in hours', 64, phone, hours),
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
  const { clock } = useClockFormat();
  const columns = useMemo(
    () => attendanceColumns({ phone, oneEmployee, clock }),
    [phone, oneEmployee, clock],
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
