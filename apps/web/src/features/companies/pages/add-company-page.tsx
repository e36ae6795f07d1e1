import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { PageHeader } from '@/components/page-header';
import { useReturnPath } from '@/lib/use-list-query';
import { useCreateCompany } from '../api/create-company';
import { CompanyForm } from '../components/company-form';
import { emptyCompanyValues } from '../components/company-values';
import { ROUTES } from '@/lib/paths';

/** /admin/companies/add */
export default function AddCompanyPage() {
  const navigate = useNavigate();
  const back = useReturnPath(ROUTES.adminCompanies);
  const { mutateAsync: createCompany } = useCreateCompany();

  return (
    <>
      <PageHeader subtitle="Register a legal employer with its TIN and government registration numbers." />
      <CompanyForm
        initialValues={emptyCompanyValues}
        saveLabel="Add Company"
        onCancel={() => void navigate(back)}
        onSubmit={async (request) => {
          await createCompany(request);
          toast.success('Company created');
          await navigate(back);
        }}
      />
    </>
  );
}
