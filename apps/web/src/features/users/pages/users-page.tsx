import { useCallback, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { USER_SORTABLE, UserTypeId, type User } from '@hrpay/contracts';
import { DataTable, FilterSelect, ListToolbar, SearchField, RowAction } from '@/components/data-table';
import { ExportButton } from '@/components/export-button';
import { PageHeader } from '@/components/page-header';
import { TwoLinesCell } from '@/components/two-lines-cell';
import { StatusFilter } from '@/components/status-filter';
import { booleanParam, useListLinkState, useListQuery } from '@/lib/use-list-query';
import { useSession } from '@/lib/use-session';
import { useCompanyOptions } from '../api/company-options';
import { fetchUsers } from '../api/list-users';
import { userKeys } from '../api/user-keys';
import { useUserActions } from '../components/use-user-actions';
import {
  toUserTypeGuid,
  USER_TYPE_OPTIONS,
  userStatus,
  userTypeLabel,
  userTypeParam,
  type UserStatus,
} from '../components/user-values';
import { pathTo, ROUTES } from '@/lib/paths';

/**
 * A menu action the server would refuse for this row, shown disabled with the reason on hover and to screen
 * readers, instead of failing after a confirmation (issue 11). A disabled item takes no pointer events, so the
 * tooltip sits on a wrapper.
 */
function RefusedMenuAction({
  label,
  icon,
  reason,
}: {
  label: string;
  icon: ReactNode;
  reason: string;
  showInMenu: true;
}) {
  return (
    <Tooltip title={reason} placement="left">
      <span>
        <MenuItem disabled aria-description={reason}>
          <ListItemIcon>{icon}</ListItemIcon>
          {label}
        </MenuItem>
      </span>
    </Tooltip>
  );
}

/** How many Admins are active in the tenant (one, two or more is all that matters here). */
function useActiveAdminCount() {
  return useQuery({
    queryKey: [...userKeys.all, 'active-admin-count'],
    queryFn: ({ signal }) =>
      fetchUsers('all', { UserType: UserTypeId.Admin, IsActive: true, Page: 1, PageSize: 2 }, signal),
    select: (page) => page.TotalCount,
  });
}

const STATUS_COLOR: Record<UserStatus, 'success' | 'default' | 'warning'> = {
  Active: 'success',
  Inactive: 'default',
  'Invitation pending': 'warning',
};

/** /admin/users (every company) and /admin/users/:id (the users of company :id). */
export default function UsersPage() {
  const { id: companyId } = useParams();
  const segment = companyId ?? 'all';
  const navigate = useNavigate();
  const location = useLocation();
  const { from } = useListLinkState();
  const { remove, resend } = useUserActions();
  const session = useSession();
  const activeAdmins = useActiveAdminCount();
  const companies = useCompanyOptions();
  const company = companies.data?.find((option) => option.CompanyId === companyId);
  // The rules the server enforces on delete (no self-delete, never the last active Admin), known up front.
  const deleteRefusal = useCallback(
    (row: User): string | null => {
      if (session && row.UserId === session.userId) return 'You cannot delete your own account.';
      if (row.UserType === UserTypeId.Admin && row.IsActive && activeAdmins.data === 1) {
        return 'This is the only active Admin; add another Admin before deleting this one.';
      }
      return null;
    },
    [session, activeAdmins.data],
  );
  const list = useListQuery({
    queryKey: userKeys.lists(segment),
    queryFn: (request, signal) => fetchUsers(segment, request, signal),
    sortable: USER_SORTABLE,
    defaultSort: { SortBy: 'FullName', SortDirection: 'asc' },
    filters: { UserType: userTypeParam, IsActive: booleanParam },
  });

  // Another company is another address; the search and filters come along, the page starts over.
  const showCompany = (nextCompanyId: string) => {
    const params = new URLSearchParams(location.search);
    params.delete('page');
    const query = params.toString();
    void navigate(`${pathTo(ROUTES.adminUsers, { id: nextCompanyId })}${query ? `?${query}` : ''}`);
  };

  const columns = useMemo(() => {
    const all: GridColDef<User>[] = [
      {
        field: 'FullName',
        headerName: 'Full name',
        flex: 1.4,
        minWidth: 120,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={pathTo(ROUTES.adminUserEdit, { id: row.UserId })} state={{ from }}>
            {row.FullName}
          </Link>
        ),
      },
      // The text columns share the width by what their values need: at 1366 px with the menu open, e-mails such
      // as "approver@demo.hrpay.test", "Demo Manufacturing Inc." and the linked employee's name whole (a
      // longer value is cut, whole in its title). The approver flag is under the type and the employee's number
      // under the name, so no column is spent on them.
      { field: 'Email', headerName: 'E-mail', flex: 1.9, minWidth: 150 },
      {
        field: 'UserType',
        headerName: 'Type',
        flex: 1.1,
        minWidth: 110,
        valueFormatter: (value: string) => userTypeLabel(value),
        renderCell: ({ row }) => (
          <TwoLinesCell main={userTypeLabel(row.UserType)} detail={row.IsApprover ? 'Approver' : null} />
        ),
      },
      { field: 'CompanyName', headerName: 'Company', flex: 1.7, minWidth: 130 },
      {
        field: 'EmployeeName',
        headerName: 'Linked employee',
        flex: 1.2,
        minWidth: 120,
        valueGetter: (_value: unknown, row: User) =>
          row.EmployeeName ? `${row.EmployeeName} (${row.EmployeeNumber})` : '',
        renderCell: ({ row }) =>
          row.EmployeeName ? (
            <TwoLinesCell main={row.EmployeeName} detail={row.EmployeeNumber ?? null} />
          ) : null,
      },
      {
        field: 'IsActive',
        headerName: 'Status',
        // Room for the longest chip, "Invitation pending", whole.
        width: 150,
        renderCell: ({ row }) => {
          const status = userStatus(row);
          return <Chip size="small" variant="outlined" label={status} color={STATUS_COLOR[status]} />;
        },
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 90,
        getActions: ({ row }) => [
          <RowAction
            key="edit"
            icon={<EditOutlined />}
            label="Edit"
            onClick={() => navigate(pathTo(ROUTES.adminUserEdit, { id: row.UserId }), { state: { from } })}
          />,
          // The server refuses an invitation for a disabled user, so it is offered to active ones only.
          ...(!row.HasPassword && row.IsActive
            ? [
                <RowAction
                  key="resend"
                  showInMenu
                  icon={<ForwardToInboxOutlined />}
                  label="Resend invitation"
                  onClick={() => void resend(row)}
                />,
              ]
            : []),
          deleteRefusal(row) ? (
            <RefusedMenuAction
              key="delete"
              showInMenu
              icon={<DeleteOutlined />}
              label="Delete"
              reason={deleteRefusal(row)!}
            />
          ) : (
            <RowAction
              key="delete"
              showInMenu
              icon={<DeleteOutlined />}
              label="Delete"
              onClick={() => void remove(row)}
            />
          ),
        ],
      },
    ];
    // On one company's page every row has that company.
    return companyId ? all.filter((column) => column.field !== 'CompanyName') : all;
  }, [companyId, from, navigate, remove, resend, deleteRefusal]);

  const { UserType, IsActive } = list.state.filters;
  const filtered = !!list.request.Search || UserType !== undefined || IsActive !== undefined;
  return (
    <>
      <PageHeader
        title={companyId ? `Users of ${company?.Name ?? 'this company'}` : undefined}
        subtitle={
          companyId ? (
            <Link component={RouterLink} to={pathTo(ROUTES.adminUsers)}>
              Show all users
            </Link>
          ) : (
            'Everyone who can sign in to your account, in every company.'
          )
        }
        actions={
          <>
            <ExportButton path={`/api/v1/users/export/${segment}`} request={list.request} fileName="users" />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              component={RouterLink}
              to={`${ROUTES.adminUserAdd}${companyId ? `?companyId=${companyId}` : ''}`}
              state={{ from }}
            >
              Add User
            </Button>
          </>
        }
      />
      <ListToolbar
        search={
          <SearchField value={list.search} onChange={list.setSearch} placeholder="Search name or e-mail" />
        }
      >
        <FilterSelect
          label="Company"
          value={companyId ?? ''}
          onChange={showCompany}
          allLabel="All companies"
          options={(companies.data ?? []).map((option) => ({ value: option.CompanyId, label: option.Name }))}
        />
        <FilterSelect
          label="Type"
          value={UserType ?? ''}
          onChange={(value) => list.setFilter('UserType', toUserTypeGuid(value))}
          options={USER_TYPE_OPTIONS}
        />
        <StatusFilter value={IsActive} onChange={(value) => list.setFilter('IsActive', value)} />
      </ListToolbar>
      <DataTable
        label="Users"
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => row.UserId}
        emptyMessage={filtered ? 'No users match.' : 'No users yet.'}
      />
    </>
  );
}
