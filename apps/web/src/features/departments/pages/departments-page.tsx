import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { DEPARTMENT_SORTABLE, type Department } from '@hrpay/contracts';
import { editDeleteColumn, nameColumn, statusColumn } from '@/components/list-columns';
import { DataTable, ListToolbar, SearchField } from '@/components/data-table';
import { ExportButton } from '@/components/export-button';
import { PageHeader } from '@/components/page-header';
import { StatusFilter } from '@/components/status-filter';
import { useDeleteRow } from '@/components/use-delete-or-deactivate';
import { booleanParam, useListQuery } from '@/lib/use-list-query';
import {
  departmentKeys,
  fetchDepartments,
  useDeleteDepartment,
  useUpdateDepartment,
} from '../api/departments';
import { DepartmentDialog } from '../components/department-dialog';

/** /hr/departments: the departments of the HR user's company, with head and headcount. */
/** A department with employees is in use: the page knows it from the headcount, without asking the server. */
const departmentInUse = (d: Department) =>
  d.Headcount > 0 ? `${d.Name} has ${d.Headcount} employee${d.Headcount === 1 ? '' : 's'}.` : null;

export default function DepartmentsPage() {
  const [editing, setEditing] = useState<Department | 'new' | null>(null);
  const { mutateAsync: deleteDepartment } = useDeleteDepartment();
  const { mutateAsync: updateDepartment } = useUpdateDepartment();
  const list = useListQuery({
    queryKey: departmentKeys.lists(),
    queryFn: fetchDepartments,
    sortable: DEPARTMENT_SORTABLE,
    defaultSort: { SortBy: 'Name', SortDirection: 'asc' },
    filters: { IsActive: booleanParam },
  });

  const remove = useDeleteRow<Department>(
    'department',
    'DepartmentId',
    deleteDepartment,
    updateDepartment,
    undefined,
    departmentInUse,
  );

  const columns = useMemo<GridColDef<Department>[]>(
    () => [
      nameColumn<Department>(setEditing, { flex: 1.2, minWidth: 150 }),
      // No code reads "—" as a department without a parent does (the cell stood blank beside the dash).
      { field: 'Code', headerName: 'Code', width: 100, valueFormatter: (v: string | null) => v || '—' },
      {
        field: 'ParentName',
        headerName: 'Parent',
        flex: 1,
        minWidth: 130,
        valueFormatter: (v: string | null) => v ?? '—',
      },
      {
        field: 'HeadName',
        headerName: 'Head',
        flex: 1,
        minWidth: 140,
        sortable: false,
        valueFormatter: (v: string | null) => v ?? 'Not set',
      },
      { field: 'Headcount', headerName: 'Headcount', type: 'number', width: 110 },
      statusColumn<Department>(),
      editDeleteColumn<Department>(setEditing, (row) => void remove(row)),
    ],
    [remove],
  );

  const isActive = list.state.filters.IsActive;
  return (
    <>
      <PageHeader
        subtitle="The departments of your company, with their heads and the number of employees in each."
        actions={
          <>
            <ExportButton path="/api/v1/departments/export" request={list.request} fileName="departments" />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Add Department
            </Button>
          </>
        }
      />
      <ListToolbar
        search={
          <SearchField value={list.search} onChange={list.setSearch} placeholder="Search name or code" />
        }
      >
        <StatusFilter value={isActive} onChange={(value) => list.setFilter('IsActive', value)} />
      </ListToolbar>
      <DataTable
        label="Departments"
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => row.DepartmentId}
        emptyMessage={
          list.request.Search || isActive !== undefined
            ? 'No departments match.'
            : 'No departments yet. Add the first one.'
        }
      />
      {editing && (
        <DepartmentDialog department={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
