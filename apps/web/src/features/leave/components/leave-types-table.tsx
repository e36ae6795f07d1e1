import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { LEAVE_GRANT_RULE_LABELS, LEAVE_TYPE_SORTABLE, type LeaveType } from '@hrpay/contracts';
import { editDeleteColumn, nameColumn, statusColumn } from '@/components/list-columns';
import { DataTable, ListToolbar, SearchField } from '@/components/data-table';
import { ExportButton } from '@/components/export-button';
import { StatusFilter } from '@/components/status-filter';
import { useDeleteRow } from '@/components/use-delete-or-deactivate';
import { booleanParam, useListQuery } from '@/lib/use-list-query';
import { fetchLeaveTypes, leaveTypeKeys, useDeleteLeaveType, useUpdateLeaveType } from '../api/leave';
import { LeaveTypeDialog } from './leave-type-dialog';

/**
 * The company's leave types (Philippine statutory leaves seeded): search, status filter, export, add, edit and
 * delete-or-deactivate, as the other lookup lists.
 */
export function LeaveTypesTable() {
  const [editing, setEditing] = useState<LeaveType | 'new' | null>(null);
  const { mutateAsync: remove } = useDeleteLeaveType();
  const { mutateAsync: update } = useUpdateLeaveType();
  const list = useListQuery({
    queryKey: leaveTypeKeys.lists(),
    queryFn: fetchLeaveTypes,
    sortable: LEAVE_TYPE_SORTABLE,
    defaultSort: { SortBy: 'Name', SortDirection: 'asc' },
    filters: { IsActive: booleanParam },
  });

  const removeType = useDeleteRow<LeaveType>('leave type', 'LeaveTypeId', remove, update);

  const columns = useMemo<GridColDef<LeaveType>[]>(
    () => [
      nameColumn<LeaveType>(setEditing, { flex: 1.2, minWidth: 180 }),
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
      statusColumn<LeaveType>(),
      editDeleteColumn<LeaveType>(setEditing, (row) => void removeType(row)),
    ],
    [removeType],
  );

  const isActive = list.state.filters.IsActive;
  return (
    <>
      <ListToolbar
        search={
          <SearchField value={list.search} onChange={list.setSearch} placeholder="Search name or code" />
        }
      >
        <StatusFilter value={isActive} onChange={(value) => list.setFilter('IsActive', value)} />
        <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
          <ExportButton path="/api/v1/leave-types/export" request={list.request} fileName="leave-types" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add Leave Type
          </Button>
        </Box>
      </ListToolbar>
      <DataTable
        label="Leave types"
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => row.LeaveTypeId}
        emptyMessage={
          list.request.Search || isActive !== undefined ? 'No leave types match.' : 'No leave types yet.'
        }
      />
      {editing && (
        <LeaveTypeDialog leaveType={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
