import { useCallback } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/api-error';
import { EmployeeImportWorkspace } from '@/features/employee-import/components/employee-import-workspace';
import { companyKeys } from '@/features/companies/api/company-keys';
import { useCompany } from '@/features/companies/api/get-company';
import { CompanyLoadError } from '@/features/companies/components/company-load-error';
import { ROUTES } from '@/lib/paths';

export const ADMIN_ONLY = 'Only an Admin can import employee records.';

const backToCompanies = (label: string) => (
  <Button component={RouterLink} to={ROUTES.adminCompanies} startIcon={<ArrowBack />}>
    {label}
  </Button>
);

/**
 * /admin/companies/import-records/:id: the company's employee-record import. The route is open to every
 * signed-in type (spec §2); the API lets only an Admin in, so its 403 is shown as such.
 */
export default function ImportRecordsPage() {
  const { id = '' } = useParams();
  const company = useCompany(id);
  const queryClient = useQueryClient();
  // Employee counts on the companies list and detail change with a commit.
  const onCommitted = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: companyKeys.all }),
    [queryClient],
  );

  if (company.isPending) {
    return (
      <>
        <PageHeader subtitle={<Skeleton width={220} />} />
        <Card aria-busy="true" aria-label="Loading the company">
          <CardContent>
            <Skeleton width={180} height={32} />
            <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} />
          </CardContent>
        </Card>
      </>
    );
  }

  if (company.isError) {
    const status = isApiError(company.error) ? company.error.status : undefined;
    if (status === 403) {
      return (
        <>
          <PageHeader />
          <Alert severity="warning">{ADMIN_ONLY}</Alert>
        </>
      );
    }
    return <CompanyLoadError error={company.error} onRetry={() => void company.refetch()} />;
  }

  return (
    <>
      <PageHeader subtitle={company.data.Name} actions={backToCompanies('Companies')} />
      <EmployeeImportWorkspace
        companyId={company.data.CompanyId}
        companyName={company.data.Name}
        onCommitted={onCommitted}
      />
    </>
  );
}
