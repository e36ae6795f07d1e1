import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import AddIcon from '@mui/icons-material/Add';
import PunchClockOutlined from '@mui/icons-material/PunchClockOutlined';
import { type GridColDef } from '@mui/x-data-grid';
import { EMPLOYEE_SORTABLE, EmploymentType, type EmployeeListItem } from '@hrpay/contracts';
import { DataTable, FilterSelect, ListToolbar, SearchField } from '@/components/data-table';
import { ExportButton } from '@/components/export-button';
import { PageHeader } from '@/components/page-header';
import {
  booleanParam,
  stringParam,
  useListLinkState,
  useListQuery,
  type ParamCodec,
} from '@/lib/use-list-query';
import { employeeKeys, fetchEmployees, useEmployeeFormOptions } from '../api/employees';
import { EmployeeStatusCell } from '../components/employee-status-cell';
import { EMPLOYMENT_TYPE_LABELS } from '../components/employee-values';
import { pathTo, ROUTES } from '@/lib/paths';
import { formatIsoDate } from '@/lib/dates';

const employmentTypeParam: ParamCodec<EmploymentType> = {
  parse: (raw) => EmploymentType.safeParse(raw).data,
  format: (value) => value,
};
const TYPE_OPTIONS = Object.entries(EMPLOYMENT_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/** /hr/employees: the 201 files of the HR user's company (spec §3 filter: search, department, status, type). */
export default function EmployeesPage() {
  const linkState = useListLinkState();
  const options = useEmployeeFormOptions();
  const list = useListQuery({
    queryKey: employeeKeys.lists(),
    queryFn: fetchEmployees,
    sortable: EMPLOYEE_SORTABLE,
    defaultSort: { SortBy: 'FullName', SortDirection: 'asc' },
    filters: {
      DepartmentId: stringParam,
      EmploymentStatusId: stringParam,
      EmploymentType: employmentTypeParam,
      IncludeSeparated: booleanParam,
    },
  });
  const { filters } = list.state;

  const columns = useMemo<GridColDef<EmployeeListItem>[]>(
    () => [
      { field: 'EmployeeNumber', headerName: 'No.', width: 100 },
      {
        field: 'FullName',
        headerName: 'Name',
        flex: 1.2,
        minWidth: 150,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={pathTo(ROUTES.hrEmployeeEdit, { id: row.EmployeeId })}
            state={linkState}
          >
            {`${row.LastName}, ${row.FirstName}`}
          </Link>
        ),
      },
      {
        field: 'DepartmentName',
        headerName: 'Department',
        flex: 1,
        minWidth: 120,
        valueFormatter: (v) => v ?? '—',
      },
      {
        field: 'PositionName',
        headerName: 'Position',
        // Titles like "Production Supervisor" were cut at 1280 px while the name column had room to spare.
        flex: 1.2,
        minWidth: 140,
        valueFormatter: (v) => v ?? '—',
      },
      {
        field: 'EmploymentStatusName',
        headerName: 'Status',
        // "Last day Dec 31, 2026" under a scheduled separation's status.
        width: 150,
        // A separated employee reads "Separated" and the date, not the employment status they left with.
        renderCell: ({ row }) => <EmployeeStatusCell row={row} />,
      },
      {
        field: 'EmploymentType',
        headerName: 'Type',
        width: 95,
        valueFormatter: (v: EmploymentType | null) => (v ? EMPLOYMENT_TYPE_LABELS[v] : '—'),
      },
      {
        field: 'HireDate',
        headerName: 'Hired',
        width: 115,
        valueFormatter: (v: string | null) => (v ? formatIsoDate(v) : '—'),
      },
    ],
    [linkState],
  );

  const toOptions = (items?: { value: string; label: string }[]) =>
    (items ?? []).map(({ value, label }) => ({ value, label }));
  const filtered =
    !!list.request.Search ||
    !!filters.DepartmentId ||
    !!filters.EmploymentStatusId ||
    !!filters.EmploymentType;
  return (
    <>
      <PageHeader
        // "The 201 files of …" read as a count of files above a list of seven employees.
        subtitle="Your company's employees and their 201 files."
        actions={
          <>
            {/* The spec's HR menu has no Time Logs entry (§2): the employees' punches are a click from here. */}
            <Button
              variant="outlined"
              startIcon={<PunchClockOutlined />}
              component={RouterLink}
              to="/hr/timelogs"
            >
              Time logs
            </Button>
            <ExportButton path="/api/v1/employees/export" request={list.request} fileName="employees" />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              component={RouterLink}
              to={ROUTES.hrEmployeeAdd}
              state={linkState}
            >
              Add Employee
            </Button>
          </>
        }
      />
      <ListToolbar
        search={
          <SearchField
            value={list.search}
            onChange={list.setSearch}
            placeholder="Name, number, e-mail or ID"
          />
        }
      >
        <FilterSelect
          label="Department"
          value={filters.DepartmentId ?? ''}
          onChange={(v) => list.setFilter('DepartmentId', v || undefined)}
          options={toOptions(options.data?.departments)}
        />
        <FilterSelect
          label="Employment status"
          value={filters.EmploymentStatusId ?? ''}
          onChange={(v) => list.setFilter('EmploymentStatusId', v || undefined)}
          options={toOptions(options.data?.employmentStatuses)}
        />
        <FilterSelect
          label="Type"
          value={filters.EmploymentType ?? ''}
          onChange={(v) => list.setFilter('EmploymentType', employmentTypeParam.parse(v))}
          options={TYPE_OPTIONS}
        />
        <FormControlLabel
          label="Include separated"
          // On a phone, a line of its own rather than "Include / separated" wrapped beside the Type filter.
          sx={{ whiteSpace: 'nowrap' }}
          control={
            <Switch
              checked={!!filters.IncludeSeparated}
              onChange={(event) => list.setFilter('IncludeSeparated', event.target.checked || undefined)}
            />
          }
        />
      </ListToolbar>
      <DataTable
        label="Employees"
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => row.EmployeeId}
        emptyMessage={
          filtered
            ? 'No employees match.'
            : 'No employees yet. Add the first one, or ask an Admin to import them.'
        }
        cardTitle="FullName"
      />
    </>
  );
}
