import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { COMPANY_SORTABLE, type Company } from '@hrpay/contracts';
import { DataTable, FilterSelect, ListToolbar, RowAction, SearchField } from '@/components/data-table';
import { ExportButton } from '@/components/export-button';
import { statusColumn } from '@/components/list-columns';
import { PageHeader } from '@/components/page-header';
import { booleanParam, useListLinkState, useListQuery } from '@/lib/use-list-query';
import { companyKeys } from '../api/company-keys';
import { fetchCompanies } from '../api/list-companies';
import { PAY_FREQUENCY_LABELS } from '../components/company-fields';
import { useRemoveCompany } from '../components/use-remove-company';
import { pathTo, ROUTES } from '@/lib/paths';

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/** /admin/companies: the tenant's legal employers, searchable and paged by the server. */
export default function CompaniesPage() {
  const navigate = useNavigate();
  const remove = useRemoveCompany();
  const linkState = useListLinkState();
  const from = linkState.from;
  const list = useListQuery({
    queryKey: companyKeys.lists(),
    queryFn: fetchCompanies,
    sortable: COMPANY_SORTABLE,
    defaultSort: { SortBy: 'Name', SortDirection: 'asc' },
    filters: { IsActive: booleanParam },
  });

  const columns = useMemo<GridColDef<Company>[]>(
    () => [
      {
        field: 'Name',
        headerName: 'Name',
        flex: 1.5,
        minWidth: 140,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={pathTo(ROUTES.adminCompanyEdit, { id: row.CompanyId })}
            state={{ from }}
          >
            {row.Name}
          </Link>
        ),
      },
      { field: 'Tin', headerName: 'TIN', width: 170 },
      {
        field: 'PayFrequency',
        headerName: 'Pay frequency',
        width: 140,
        valueFormatter: (value: Company['PayFrequency']) => PAY_FREQUENCY_LABELS[value],
      },
      { field: 'EmployeeCount', headerName: 'Employees', type: 'number', width: 110 },
      { field: 'UserCount', headerName: 'Users', type: 'number', width: 90 },
      statusColumn<Company>(),
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
            onClick={() =>
              navigate(pathTo(ROUTES.adminCompanyEdit, { id: row.CompanyId }), { state: { from } })
            }
          />,
          <RowAction
            key="import"
            showInMenu
            icon={<UploadFileOutlined />}
            label="Import employee records"
            onClick={() => navigate(pathTo(ROUTES.adminImportRecords, { id: row.CompanyId }))}
          />,
          <RowAction
            key="users"
            showInMenu
            icon={<GroupOutlined />}
            label="Users"
            onClick={() => navigate(pathTo(ROUTES.adminUsers, { id: row.CompanyId }))}
          />,
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
    [from, navigate, remove],
  );

  const isActive = list.state.filters.IsActive;
  return (
    <>
      <PageHeader
        subtitle="The legal employers of your account, with their government registrations."
        actions={
          <>
            <ExportButton path="/api/v1/companies/export" request={list.request} fileName="companies" />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              component={RouterLink}
              to={ROUTES.adminCompanyAdd}
              state={linkState}
            >
              Add Company
            </Button>
          </>
        }
      />
      <ListToolbar
        search={
          <SearchField value={list.search} onChange={list.setSearch} placeholder="Search name or TIN" />
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
        label="Companies"
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => row.CompanyId}
        emptyMessage={
          list.request.Search || isActive !== undefined ? 'No companies match.' : 'No companies yet.'
        }
      />
    </>
  );
}
