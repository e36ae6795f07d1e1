import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-handler';
import { useReturnPath } from '@/lib/use-list-query';
import { useCompany } from '../api/get-company';
import { useUpdateCompany } from '../api/update-company';
import { CompanyForm } from '../components/company-form';
import { companyToFormValues } from '../components/company-values';

export const COMPANY_CHANGED = 'This company was changed by someone else. Reload to see the latest version.';

/** /admin/companies/edit/:id: saves with the RowVersion read, so a concurrent change is caught (409). */
export default function EditCompanyPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const back = useReturnPath('/admin/companies');
  const company = useCompany(id);
  const { mutateAsync: updateCompany } = useUpdateCompany();
  const [stale, setStale] = useState(false);

  if (company.isPending) return <EditSkeleton />;
  if (company.isError) {
    const missing = isApiError(company.error) && company.error.status === 404;
    return (
      <>
        <PageHeader title={missing ? 'Company not found' : undefined} />
        <Alert
          severity={missing ? 'warning' : 'error'}
          action={
            !missing && (
              <Button color="inherit" size="small" onClick={() => void company.refetch()}>
                Retry
              </Button>
            )
          }
        >
          {missing
            ? 'It may have been deleted, or the link is wrong.'
            : errorMessage(company.error, 'The company could not be loaded.')}
        </Alert>
        <Button component={RouterLink} to={back} startIcon={<ArrowBack />} sx={{ mt: 2 }}>
          Back to companies
        </Button>
      </>
    );
  }

  const reload = async () => {
    await company.refetch();
    setStale(false);
  };

  const { data } = company;
  return (
    <>
      <PageHeader subtitle={data.Name} />
      <CompanyForm
        // A reload brings a new RowVersion: start the form over from the latest values.
        key={data.RowVersion}
        initialValues={companyToFormValues(data)}
        onCancel={() => void navigate(back)}
        onConflict={() => setStale(true)}
        notice={
          stale && (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void reload()}>
                  Reload
                </Button>
              }
            >
              {COMPANY_CHANGED}
            </Alert>
          )
        }
        onSubmit={async (request) => {
          await updateCompany({ id, body: { ...request, RowVersion: data.RowVersion } });
          toast.success('Company updated');
          await navigate(back);
        }}
      />
    </>
  );
}

function EditSkeleton() {
  return (
    <>
      <PageHeader />
      <Card aria-busy="true" aria-label="Loading the company">
        <CardContent>
          <Typography variant="h6" component="div">
            <Skeleton width={120} />
          </Typography>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={56} sx={{ my: 2 }} />
          ))}
        </CardContent>
      </Card>
    </>
  );
}
