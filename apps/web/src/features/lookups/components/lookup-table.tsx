import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { LOOKUP_KINDS, LOOKUP_SORTABLE, type LookupItem, type LookupKind } from '@hrpay/contracts';
import { DataTable, FilterSelect, ListToolbar, SearchField, RowAction } from '@/components/data-table';
import { booleanParam, useListQuery } from '@/lib/use-list-query';
import { fetchLookups, lookupKeys, useDeleteLookup, useSaveLookup } from '../api/lookups';
import { LookupDialog } from './lookup-dialog';
import { ExportButton } from '@/components/export-button';
import { useDeleteOrDeactivate } from '@/components/use-delete-or-deactivate';

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/** One lookup list: search, status filter, employees using each item, add / edit / delete or deactivate. */
export function LookupTable({ kind }: { kind: LookupKind }) {
  const { singular, title } = LOOKUP_KINDS[kind];
  const [editing, setEditing] = useState<LookupItem | 'new' | null>(null);
  const deleteOrDeactivate = useDeleteOrDeactivate();
  const { mutateAsync: remove } = useDeleteLookup(kind);
  const { mutateAsync: save } = useSaveLookup(kind);
  const fetcher = useMemo(() => fetchLookups(kind), [kind]);
  const list = useListQuery({
    queryKey: lookupKeys.lists(kind),
    queryFn: fetcher,
    sortable: LOOKUP_SORTABLE,
    defaultSort: { SortBy: 'Name', SortDirection: 'asc' },
    filters: { IsActive: booleanParam },
  });

  const removeItem = useCallback(
    (item: LookupItem) =>
      deleteOrDeactivate({
        noun: singular,
        name: item.Name,
        isActive: item.IsActive,
        remove: () => remove(item.Id),
        deactivate: () => save({ id: item.Id, body: { ...item, IsActive: false } }),
        messages: {
          deleted: `${item.Name} deleted`,
          deactivated: `${item.Name} deactivated`,
          inUseTitle: `${item.Name} is in use`,
        },
      }),
    [deleteOrDeactivate, remove, save, singular],
  );

  const columns = useMemo<GridColDef<LookupItem>[]>(
    () => [
      {
        field: 'Name',
        headerName: 'Name',
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => (
          <Link component="button" type="button" onClick={() => setEditing(row)}>
            {row.Name}
          </Link>
        ),
      },
      { field: 'EmployeeCount', headerName: 'Employees', type: 'number', width: 120 },
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
            onClick={() => void removeItem(row)}
          />,
        ],
      },
    ],
    [removeItem],
  );

  const isActive = list.state.filters.IsActive;
  return (
    <Box>
      <ListToolbar
        search={<SearchField value={list.search} onChange={list.setSearch} placeholder="Search name" />}
      >
        <FilterSelect
          label="Status"
          value={isActive === undefined ? '' : String(isActive)}
          onChange={(value) => list.setFilter('IsActive', booleanParam.parse(value))}
          options={STATUS_OPTIONS}
        />
        <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
          <ExportButton path={`/api/v1/${kind}/export`} request={list.request} fileName={kind} />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add {singular}
          </Button>
        </Box>
      </ListToolbar>
      <DataTable
        label={title}
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => row.Id}
        emptyMessage={
          list.request.Search || isActive !== undefined
            ? 'Nothing matches.'
            : `No ${title.toLowerCase()} yet.`
        }
      />
      {editing && (
        <LookupDialog
          kind={kind}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
