import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ConflictAlert, RecordLoading } from '@/components/edit-page';
import { PageHeader } from '@/components/page-header';
import { CompanyLoadError } from '../components/company-load-error';
import { useReturnPath } from '@/lib/use-list-query';
import { useCompany } from '../api/get-company';
import { useUpdateCompany } from '../api/update-company';
import { CompanyForm } from '../components/company-form';
import { companyToFormValues } from '../components/company-values';
import { ROUTES } from '@/lib/paths';

export const COMPANY_CHANGED = 'This company was changed by someone else. Reload to see the latest version.';

/** /admin/companies/edit/:id: saves with the RowVersion read, so a concurrent change is caught (409). */
export default function EditCompanyPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const back = useReturnPath(ROUTES.adminCompanies);
  const company = useCompany(id);
  const { mutateAsync: updateCompany } = useUpdateCompany();
  const [stale, setStale] = useState(false);

  if (company.isPending) return <RecordLoading what="company" />;
  if (company.isError) {
    return <CompanyLoadError error={company.error} onRetry={() => void company.refetch()} back={back} />;
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
        notice={stale && <ConflictAlert onReload={() => void reload()}>{COMPANY_CHANGED}</ConflictAlert>}
        onSubmit={async (request) => {
          await updateCompany({ id, body: { ...request, RowVersion: data.RowVersion } });
          toast.success('Company updated');
          await navigate(back);
        }}
      />
    </>
  );
}
