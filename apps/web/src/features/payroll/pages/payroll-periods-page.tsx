import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import {
  PAYROLL_PERIOD_KINDS,
  PAYROLL_PERIOD_SORTABLE,
  PAYROLL_PERIOD_STATUSES,
  type PayrollPeriodListItem,
} from '@hrpay/contracts';
import { DataTable, FilterSelect, ListToolbar, SearchField } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { formatCurrency } from '@/lib/currency';
import { formatIsoDate } from '@/lib/dates';
import { enumParam, useListQuery } from '@/lib/use-list-query';
import { fetchPeriods, periodKeys } from '../api/payroll-periods';
import { CreatePeriodDialog } from '../components/create-period-dialog';
import { KIND_LABEL, PeriodStatusChip } from '../components/period-status-chip';
import { NOT_COMPUTED } from '../components/period-totals';

const date = formatIsoDate;

/**
 * A draft no compute has made payslips for yet: its totals are not zero but not there, and show as a dash. (A
 * period sent back to draft keeps its last compute's payslips and totals.)
 */
export const notComputed = (row: Pick<PayrollPeriodListItem, 'Status' | 'EmployeeCount'>) =>
  row.Status === 'Draft' && row.EmployeeCount === 0;

/** /payroll/payroll-periods: the company's payroll periods, newest first, with their state and totals. */
export default function PayrollPeriodsPage() {
  const [creating, setCreating] = useState(false);
  const list = useListQuery({
    queryKey: periodKeys.lists(),
    queryFn: fetchPeriods,
    sortable: PAYROLL_PERIOD_SORTABLE,
    defaultSort: { SortBy: 'CutoffStart', SortDirection: 'desc' },
    filters: { Status: enumParam(PAYROLL_PERIOD_STATUSES), Kind: enumParam(PAYROLL_PERIOD_KINDS) },
  });

  const columns = useMemo<GridColDef<PayrollPeriodListItem>[]>(
    () => [
      {
        field: 'Name',
        headerName: 'Period',
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={`/payroll/payroll-periods/${row.Id}`}>
            {row.Name}
          </Link>
        ),
      },
      { field: 'Kind', headerName: 'Kind', width: 100, valueFormatter: (v: string) => KIND_LABEL[v] ?? v },
      {
        field: 'CutoffStart',
        headerName: 'Cut-off',
        flex: 1,
        // "Nov 16, 2026 – Nov 30, 2026" whole (it was cut at 1366 px); with the fixed columns at what their values
        // need, a period's name fits beside it at 1280 px.
        minWidth: 215,
        valueGetter: (_v, row) => `${date(row.CutoffStart)} – ${date(row.CutoffEnd)}`,
      },
      { field: 'PayDate', headerName: 'Pay date', width: 110, valueFormatter: (v: string) => date(v) },
      {
        field: 'Status',
        headerName: 'Status',
        width: 130, // "Needs recompute", the longest chip, whole
        renderCell: ({ row }) => (
          <PeriodStatusChip
            status={row.Status}
            jobStatus={row.JobStatus}
            needsRecompute={row.NeedsRecompute}
          />
        ),
      },
      {
        field: 'EmployeeCount',
        headerName: 'Employees',
        type: 'number',
        width: 90,
        sortable: false,
        valueFormatter: (v: number, row) => (notComputed(row) ? NOT_COMPUTED : String(v)),
      },
      {
        field: 'Net',
        headerName: 'Net pay',
        type: 'number',
        width: 130,
        sortable: false,
        valueFormatter: (v: string, row) => (notComputed(row) ? NOT_COMPUTED : formatCurrency(v)),
      },
    ],
    [],
  );

  const { Status, Kind } = list.state.filters;
  return (
    <>
      <PageHeader
        subtitle="Compute, review and finalise payroll; payslips are released to employees when a period is finalised."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Add Payroll Period
          </Button>
        }
      />
      <ListToolbar
        search={<SearchField value={list.search} onChange={list.setSearch} placeholder="Search name" />}
      >
        <FilterSelect
          label="Status"
          value={Status ?? ''}
          onChange={(value) => list.setFilter('Status', enumParam(PAYROLL_PERIOD_STATUSES).parse(value))}
          options={PAYROLL_PERIOD_STATUSES.map((s) => ({ value: s, label: s }))}
        />
        <FilterSelect
          label="Kind"
          value={Kind ?? ''}
          onChange={(value) => list.setFilter('Kind', enumParam(PAYROLL_PERIOD_KINDS).parse(value))}
          options={PAYROLL_PERIOD_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] ?? k }))}
        />
      </ListToolbar>
      <DataTable
        label="Payroll periods"
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => row.Id}
        emptyMessage={
          list.request.Search || Status || Kind
            ? 'No periods match.'
            : 'No payroll period yet. Create the first one.'
        }
      />
      {creating && <CreatePeriodDialog onClose={() => setCreating(false)} />}
    </>
  );
}
