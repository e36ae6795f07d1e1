import Chip from '@mui/material/Chip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { CellLink } from '@/components/cell-link';
import { RowAction } from './data-table';

/*
 * The columns every company list of named records shares (departments, shifts, lookups, leave / loan types,
 * pay components): the name that opens the record, its Active / Inactive status, Edit and Delete.
 */

/** The record's name as a link-styled button that opens its dialog. */
export function nameColumn<R extends GridValidRowModel & { Name: string }>(
  open: (row: R) => void,
  size: { flex: number; minWidth: number },
): GridColDef<R> {
  return {
    field: 'Name',
    headerName: 'Name',
    ...size,
    renderCell: ({ row }) => <CellLink text={row.Name} onOpen={() => open(row)} />,
  };
}

/** `IsActive` as an Active / Inactive chip. */
export function statusColumn<R extends GridValidRowModel>(): GridColDef<R> {
  return {
    field: 'IsActive',
    headerName: 'Status',
    // "Inactive" and the header's sort arrow; the room goes to the lists' text columns.
    width: 100,
    renderCell: ({ value }) => (
      <Chip
        size="small"
        label={value ? 'Active' : 'Inactive'}
        color={value ? 'success' : 'default'}
        variant="outlined"
      />
    ),
  };
}

/** Edit as an icon, Delete in the row's menu (the delete handler confirms and offers "Deactivate instead"). */
export function editDeleteColumn<R extends GridValidRowModel>(
  edit: (row: R) => void,
  remove: (row: R) => void,
): GridColDef<R> {
  return {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    width: 90,
    getActions: ({ row }) => [
      <RowAction key="edit" icon={<EditOutlined />} label="Edit" onClick={() => edit(row)} />,
      <RowAction
        key="delete"
        showInMenu
        icon={<DeleteOutlined />}
        label="Delete"
        onClick={() => remove(row)}
      />,
    ],
  };
}
