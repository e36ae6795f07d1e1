import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { LEAVE_GRANT_RULE_LABELS, LEAVE_TYPE_SORTABLE, type LeaveType } from '@hrpay/contracts';
import { DataTable, ListToolbar, SearchField, RowAction } from '@/components/data-table';
import { useDeleteOrDeactivate } from '@/components/use-delete-or-deactivate';
import { useListQuery } from '@/lib/use-list-query';
import { fetchLeaveTypes, leaveTypeKeys, useDeleteLeaveType, useUpdateLeaveType } from '../api/leave';
import { LeaveTypeDialog } from './leave-type-dialog';

/** The company's leave types (Philippine statutory leaves seeded), with add, edit and delete-or-deactivate. */
export function LeaveTypesTable() {
  const [editing, setEditing] = useState<LeaveType | 'new' | null>(null);
  const deleteOrDeactivate = useDeleteOrDeactivate();
  const { mutateAsync: remove } = useDeleteLeaveType();
  const { mutateAsync: update } = useUpdateLeaveType();
  const list = useListQuery({
    queryKey: leaveTypeKeys.lists(),
    queryFn: fetchLeaveTypes,
    sortable: LEAVE_TYPE_SORTABLE,
    defaultSort: { SortBy: 'Name', SortDirection: 'asc' },
  });

  const removeType = useCallback(
    (t: LeaveType) =>
      deleteOrDeactivate({
        noun: 'leave type',
        name: t.Name,
        isActive: t.IsActive,
        remove: () => remove(t.LeaveTypeId),
        deactivate: () => update({ id: t.LeaveTypeId, body: { ...t, IsActive: false } }),
      }),
    [deleteOrDeactivate, remove, update],
  );

  const columns = useMemo<GridColDef<LeaveType>[]>(
    () => [
      {
        field: 'Name',
        headerName: 'Name',
        flex: 1.2,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Link component="button" type="button" onClick={() => setEditing(row)} sx={{ textAlign: 'left' }}>
            {row.Name}
          </Link>
        ),
      },
      { field: 'Code', headerName: 'Code', width: 90 },
      {
        field: 'GrantRule',
        headerName: 'Credits',
        flex: 1,
        minWidth: 170,
        valueFormatter: (v: LeaveType['GrantRule']) => LEAVE_GRANT_RULE_LABELS[v],
      },
      {
        field: 'AnnualDays',
        headerName: 'Days',
        width: 110,
        valueGetter: (_v, row) =>
          row.NeedsBalance
            ? `${row.AnnualDays} a year`
            : row.MaxDaysPerRequest
              ? `up to ${row.MaxDaysPerRequest}`
              : '—',
      },
      {
        field: 'IsPaid',
        headerName: 'Paid',
        width: 80,
        sortable: false,
        valueFormatter: (v: boolean) => (v ? 'Yes' : 'No'),
      },
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
            onClick={() => void removeType(row)}
          />,
        ],
      },
    ],
    [removeType],
  );

  return (
    <>
      <ListToolbar
        search={
          <SearchField value={list.search} onChange={list.setSearch} placeholder="Search name or code" />
        }
      >
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Add Leave Type
        </Button>
      </ListToolbar>
      <DataTable
        label="Leave types"
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => row.LeaveTypeId}
        emptyMessage={list.request.Search ? 'No leave types match.' : 'No leave types yet.'}
        hideOnPhone={['Code', 'IsPaid']}
      />
      {editing && (
        <LeaveTypeDialog leaveType={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
