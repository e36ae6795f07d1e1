import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { PageHeader } from '@/components/page-header';
import { useReturnPath } from '@/lib/use-list-query';
import { useCreateUser } from '../api/create-user';
import { UserForm } from '../components/user-form';
import { emptyUserValues } from '../components/user-values';
import { pathTo, ROUTES } from '@/lib/paths';

/** /admin/users/add (`?companyId=` pre-selects the company, as from a company's user list). */
export default function AddUserPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const companyId = params.get('companyId') ?? '';
  const back = useReturnPath(pathTo(ROUTES.adminUsers, { id: companyId }));
  const { mutateAsync: createUser } = useCreateUser();

  return (
    <>
      <PageHeader subtitle="The new user receives an e-mail invitation to set a password." />
      <UserForm
        initialValues={emptyUserValues(companyId)}
        saveLabel="Add User"
        onCancel={() => void navigate(back)}
        onSubmit={async (request) => {
          const user = await createUser(request);
          toast.success(`User created. An invitation was sent to ${user.Email}.`);
          await navigate(back);
        }}
      />
    </>
  );
}
