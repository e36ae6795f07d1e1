import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { PunchSource, TIMELOG_SORTABLE, type TimeLog } from '@hrpay/contracts';
import { DataTable, FilterSelect, ListToolbar, SearchField, RowAction } from '@/components/data-table';
import { stringParam, useListQuery, type ParamCodec } from '@/lib/use-list-query';
import { fetchTimeLogs, timeLogKeys, useDepartmentFilterOptions } from '../api/timelogs';
import { DeleteTimeLogDialog } from './delete-time-log-dialog';
import { useClockFormat } from '@/lib/dates';
import { shortDateTime, SOURCE_OPTIONS } from './labels';
import { punchSourceLabel } from '@/lib/punch-sources';
import { TimeLogDialog } from './time-log-dialog';

const dateParam: ParamCodec<string> = {
  parse: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined),
  format: (v) => v,
};
const sourceParam: ParamCodec<PunchSource> = {
  parse: (raw) => PunchSource.safeParse(raw).data,
  format: (v) => v,
};

/** The punches of the company, newest first, with add, correct and delete (each with a reason). */
export function PunchesTab() {
  const [editing, setEditing] = useState<TimeLog | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TimeLog | null>(null);
  const departments = useDepartmentFilterOptions();
  const list = useListQuery({
    queryKey: timeLogKeys.lists(),
    queryFn: fetchTimeLogs,
    sortable: TIMELOG_SORTABLE,
    // Newest first, as the server's default: a direction alone now applies to the default sort.
    defaultSort: { SortBy: 'PunchedAt', SortDirection: 'desc' },
    filters: { DepartmentId: stringParam, Source: sourceParam, DateFrom: dateParam, DateTo: dateParam },
  });
  const { filters } = list.state;
  const { clock } = useClockFormat();

  const columns = useMemo<GridColDef<TimeLog>[]>(
    () => [
      {
        field: 'PunchedAt',
        headerName: 'Date and time',
        // "Nov 30, 2026, 12:25 PM" on the 12-hour clock.
        width: clock === '12h' ? 175 : 150,
        valueFormatter: (v: string) => shortDateTime(v, clock),
      },
      { field: 'EmployeeNumber', headerName: 'No.', width: 90 },
      { field: 'EmployeeName', headerName: 'Employee', flex: 1, minWidth: 130 },
      {
        field: 'DepartmentName',
        headerName: 'Department',
        flex: 1,
        minWidth: 110,
        sortable: false,
        valueFormatter: (v: string | null) => v ?? '—',
      },
      { field: 'Direction', headerName: 'Direction', width: 95 },
      {
        field: 'Source',
        headerName: 'Source',
        width: 125,
        renderCell: ({ value }) => (
          <Chip size="small" variant="outlined" label={punchSourceLabel(String(value))} />
        ),
      },
      {
        field: 'Reason',
        headerName: 'Reason',
        flex: 1,
        minWidth: 120,
        sortable: false,
        valueFormatter: (v: string | null) => v ?? '',
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 90,
        getActions: ({ row }) => [
          <RowAction key="edit" icon={<EditOutlined />} label="Correct" onClick={() => setEditing(row)} />,
          <RowAction
            key="delete"
            showInMenu
            icon={<DeleteOutlined />}
            label="Delete"
            onClick={() => setDeleting(row)}
          />,
        ],
      },
    ],
    [clock],
  );

  const dateField = (name: 'DateFrom' | 'DateTo', label: string) => (
    <TextField
      type="date"
      size="small"
      margin="none"
      fullWidth={false}
      sx={{ width: 170 }}
      label={label}
      value={filters[name] ?? ''}
      onChange={(event) => list.setFilter(name, event.target.value || undefined)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  const filtered = Object.values(filters).some((v) => v !== undefined) || !!list.request.Search;
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
        {dateField('DateFrom', 'From')}
        {dateField('DateTo', 'To')}
        <FilterSelect
          label="Department"
          value={filters.DepartmentId ?? ''}
          onChange={(value) => list.setFilter('DepartmentId', value || undefined)}
          options={(departments.data ?? []).map((d) => ({ value: d.DepartmentId, label: d.Name }))}
        />
        <FilterSelect
          label="Source"
          value={filters.Source ?? ''}
          onChange={(value) => list.setFilter('Source', sourceParam.parse(value))}
          options={SOURCE_OPTIONS}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Add Punch
        </Button>
      </ListToolbar>
      <DataTable
        label="Punches"
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => row.TimeLogId}
        emptyMessage={filtered ? 'No punches match.' : 'No punches yet. Import a terminal file or add one.'}
        cardTitle="EmployeeName"
      />
      {editing && (
        <TimeLogDialog punch={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteTimeLogDialog punch={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
