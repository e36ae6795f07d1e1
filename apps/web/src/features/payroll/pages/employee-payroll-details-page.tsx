import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { type GridColDef } from '@mui/x-data-grid';
import { EMPLOYEE_PAY_SORTABLE, type EmployeePayRow } from '@hrpay/contracts';
import { CellLink } from '@/components/cell-link';
import { DataTable, FilterSelect, ListToolbar, SearchField } from '@/components/data-table';
import { ExportButton } from '@/components/export-button';
import { PageHeader } from '@/components/page-header';
import { booleanParam, stringParam, useListQuery } from '@/lib/use-list-query';
import { fetchPayRows, payDetailKeys, usePayDepartments } from '../api/pay-profiles';
import { PayDetailsDrawer } from '../components/pay-details-drawer';
import { flagLabel, rowFlags } from '../components/pay-details-logic';
import { peso } from '../components/pay-form-bits';
import { RateImportDialog } from '../components/rate-import-dialog';

/**
 * /payroll/employee-payroll-details (PayrollUser menu "Employees", issue 10 §1): every employee of the company
 * with the rate in force today, how they are paid, and what is missing for payroll; a row opens the details.
 */
export default function EmployeePayrollDetailsPage() {
  const [selected, setSelected] = useState<EmployeePayRow | null>(null);
  const [importing, setImporting] = useState(false);
  const departments = usePayDepartments();
  const list = useListQuery({
    queryKey: payDetailKeys.lists(),
    queryFn: fetchPayRows,
    sortable: EMPLOYEE_PAY_SORTABLE,
    defaultSort: { SortBy: 'FullName', SortDirection: 'asc' },
    filters: { DepartmentId: stringParam, MissingData: booleanParam, IncludeSeparated: booleanParam },
  });
  const { filters } = list.state;

  const columns = useMemo<GridColDef<EmployeePayRow>[]>(
    () => [
      { field: 'EmployeeNumber', headerName: 'No.', width: 110 },
      {
        field: 'FullName',
        headerName: 'Name',
        flex: 1.3,
        minWidth: 180,
        renderCell: ({ row }) => <CellLink text={row.FullName} onOpen={() => setSelected(row)} />,
      },
      {
        field: 'DepartmentName',
        headerName: 'Department',
        flex: 1,
        minWidth: 130,
        valueFormatter: (v) => v ?? '—',
      },
      {
        field: 'Rate',
        headerName: 'Rate',
        width: 160,
        // A number column: right-aligned in the plain table shown before the grid loads too (it reads the type,
        // not `align`), so the pesos line up.
        type: 'number',
        valueGetter: (_v, row) =>
          row.Rate ? `${peso(row.Rate)} ${row.RateType === 'Monthly' ? '/ mo' : '/ day'}` : '—',
      },
      { field: 'PaymentMethod', headerName: 'Paid by', width: 95 },
      {
        field: 'BankName',
        headerName: 'Bank',
        flex: 0.8,
        minWidth: 120,
        sortable: false,
        valueFormatter: (v) => v ?? '—',
      },
      {
        field: 'flags',
        headerName: 'Missing data',
        flex: 1.4,
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, py: 0.5 }}>
            {rowFlags(row).map((f) => (
              <Chip key={f} size="small" color="warning" variant="outlined" label={flagLabel(f)} />
            ))}
          </Box>
        ),
      },
    ],
    [],
  );

  const filtered = !!list.request.Search || !!filters.DepartmentId || !!filters.MissingData;
  return (
    <>
      <PageHeader
        subtitle="Rates, pay profiles, recurring items and loans of your company's employees."
        actions={
          <>
            <ExportButton
              path="/api/v1/employee-payroll-details/export"
              request={list.request}
              fileName="employee-payroll-details"
            />
            <Button variant="contained" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
              Update Rates
            </Button>
          </>
        }
      />
      <ListToolbar
        search={
          <SearchField value={list.search} onChange={list.setSearch} placeholder="Name, number or ID" />
        }
      >
        <FilterSelect
          label="Department"
          value={filters.DepartmentId ?? ''}
          onChange={(v) => list.setFilter('DepartmentId', v || undefined)}
          options={(departments.data ?? []).map((d) => ({ value: d.DepartmentId, label: d.Name }))}
        />
        <FormControlLabel
          label="Missing data only"
          control={
            <Switch
              checked={!!filters.MissingData}
              onChange={(event) => list.setFilter('MissingData', event.target.checked || undefined)}
            />
          }
        />
        <FormControlLabel
          label="Include separated"
          control={
            <Switch
              checked={!!filters.IncludeSeparated}
              onChange={(event) => list.setFilter('IncludeSeparated', event.target.checked || undefined)}
            />
          }
        />
      </ListToolbar>
      <DataTable
        label="Employee payroll details"
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => row.EmployeeId}
        emptyMessage={
          filters.MissingData && !list.request.Search && !filters.DepartmentId
            ? 'Nothing missing: every employee has a rate, a bank account and government ids.'
            : filtered
              ? 'No employees match.'
              : 'No employees yet. HR adds them, or an Admin imports them.'
        }
        cardTitle="FullName"
      />
      {selected && <PayDetailsDrawer employee={selected} onClose={() => setSelected(null)} />}
      {importing && <RateImportDialog onClose={() => setImporting(false)} />}
    </>
  );
}
