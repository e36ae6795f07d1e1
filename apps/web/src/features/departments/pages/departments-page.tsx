import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { DEPARTMENT_SORTABLE, type Department } from '@hrpay/contracts';
import { DataTable, FilterSelect, ListToolbar, SearchField, RowAction } from '@/components/data-table';
import { ExportButton } from '@/components/export-button';
import { PageHeader } from '@/components/page-header';
import { useDeleteOrDeactivate } from '@/components/use-delete-or-deactivate';
import { booleanParam, useListQuery } from '@/lib/use-list-query';
import {
  departmentKeys,
  fetchDepartments,
  useDeleteDepartment,
  useUpdateDepartment,
} from '../api/departments';
import { DepartmentDialog } from '../components/department-dialog';

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/** /hr/departments: the departments of the HR user's company, with head and headcount. */
export default function DepartmentsPage() {
  const [editing, setEditing] = useState<Department | 'new' | null>(null);
  const deleteOrDeactivate = useDeleteOrDeactivate();
  const { mutateAsync: deleteDepartment } = useDeleteDepartment();
  const { mutateAsync: updateDepartment } = useUpdateDepartment();
  const list = useListQuery({
    queryKey: departmentKeys.lists(),
    queryFn: fetchDepartments,
    sortable: DEPARTMENT_SORTABLE,
    defaultSort: { SortBy: 'Name', SortDirection: 'asc' },
    filters: { IsActive: booleanParam },
  });

  /** Delete with confirmation; while in use, the server says why and "Deactivate instead" is offered. */
  const remove = useCallback(
    (department: Department) =>
      deleteOrDeactivate({
        noun: 'department',
        name: department.Name,
        isActive: department.IsActive,
        remove: () => deleteDepartment(department.DepartmentId),
        deactivate: () =>
          updateDepartment({ id: department.DepartmentId, body: { ...department, IsActive: false } }),
      }),
    [deleteOrDeactivate, deleteDepartment, updateDepartment],
  );

  const columns = useMemo<GridColDef<Department>[]>(
    () => [
      {
        field: 'Name',
        headerName: 'Name',
        flex: 1.2,
        minWidth: 150,
        renderCell: ({ row }) => (
          <Link component="button" type="button" onClick={() => setEditing(row)} sx={{ textAlign: 'left' }}>
            {row.Name}
          </Link>
        ),
      },
      { field: 'Code', headerName: 'Code', width: 100, valueFormatter: (v: string | null) => v ?? '' },
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
      {
        field: 'IsActive',
        headerName: 'Status',
        width: 110,
        renderCell: ({ value }) => (
          <Chip
            size="small"
            label={value ? 'Active' : 'Inactive'}
            color={value ? 'success' : 'default'}
            variant="outlined"
          />
        ),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 90,
        getActions: ({ row }) => [
          <RowAction key="edit" icon={<EditOutlined />} label="Edit" onClick={() => setEditing(row)} />,
          <RowAction
            key="delete"
            showInMenu
            icon={<DeleteOutlined />}
            label="Delete"
            onClick={() => void remove(row)}
          />,
        ],
      },
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
        <FilterSelect
          label="Status"
          value={isActive === undefined ? '' : String(isActive)}
          onChange={(value) => list.setFilter('IsActive', booleanParam.parse(value))}
          options={STATUS_OPTIONS}
        />
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
        hideOnPhone={['Code', 'ParentName', 'HeadName']}
      />
      {editing && (
        <DepartmentDialog department={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
