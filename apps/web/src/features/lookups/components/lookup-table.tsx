import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { LOOKUP_KINDS, LOOKUP_SORTABLE, type LookupItem, type LookupKind } from '@hrpay/contracts';
import { editDeleteColumn, nameColumn, statusColumn } from '@/components/list-columns';
import { DataTable, ListToolbar, SearchField } from '@/components/data-table';
import { booleanParam, useListQuery } from '@/lib/use-list-query';
import { fetchLookups, lookupKeys, useDeleteLookup, useSaveLookup } from '../api/lookups';
import { addLabel, LookupDialog } from './lookup-dialog';
import { ExportButton } from '@/components/export-button';
import { StatusFilter } from '@/components/status-filter';
import { useDeleteRow } from '@/components/use-delete-or-deactivate';

/** A lookup item's toasts and titles name the item itself ("Regular deleted"). */
const namedMessages = (name: string) => ({
  deleted: `${name} deleted`,
  deactivated: `${name} deactivated`,
  inUseTitle: `${name} is in use`,
});

/** One lookup list: search, status filter, employees using each item, add / edit / delete or deactivate. */
export function LookupTable({ kind }: { kind: LookupKind }) {
  const { singular, title } = LOOKUP_KINDS[kind];
  const [editing, setEditing] = useState<LookupItem | 'new' | null>(null);
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

  const removeItem = useDeleteRow<LookupItem>(singular, 'Id', remove, save, namedMessages);

  const columns = useMemo<GridColDef<LookupItem>[]>(
    () => [
      nameColumn<LookupItem>(setEditing, { flex: 1, minWidth: 160 }),
      // Every record that uses it, separated employees included (what keeps it from being deleted), unlike a
      // department's headcount, which counts those employed today.
      {
        field: 'EmployeeCount',
        headerName: 'Employees on file',
        description: 'Employees whose record uses it, separated ones included',
        type: 'number',
        width: 150,
      },
      statusColumn<LookupItem>(),
      editDeleteColumn<LookupItem>(setEditing, (row) => void removeItem(row)),
    ],
    [removeItem],
  );

  const isActive = list.state.filters.IsActive;
  return (
    <Box>
      <ListToolbar
        search={<SearchField value={list.search} onChange={list.setSearch} placeholder="Search name" />}
      >
        <StatusFilter value={isActive} onChange={(value) => list.setFilter('IsActive', value)} />
        <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
          <ExportButton path={`/api/v1/${kind}/export`} request={list.request} fileName={kind} />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {addLabel(kind)}
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
