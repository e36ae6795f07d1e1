import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ProblemTypes } from '@hrpay/contracts';
import { ConflictAlert, RecordLoadError, RecordLoading } from '@/components/edit-page';
import { PageHeader } from '@/components/page-header';
import { isProblem } from '@/lib/api-error';
import { errorDetail } from '@/lib/error-handler';
import { useReturnPath } from '@/lib/use-list-query';
import { useUpdateUser } from '../api/update-user';
import { useUser } from '../api/get-user';
import { UserForm } from '../components/user-form';
import { linkedEmployeeOf, userToFormValues } from '../components/user-values';
import { pathTo, ROUTES } from '@/lib/paths';

/** /admin/users/edit/:id: saves with the RowVersion read; a 409 (stale, own account, last Admin) is shown. */
export default function EditUserPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const back = useReturnPath(pathTo(ROUTES.adminUsers));
  const user = useUser(id);
  const { mutateAsync: updateUser } = useUpdateUser();
  // The 409 detail, and whether Reload would help (a stale version) or the change itself is refused.
  const [conflict, setConflict] = useState<{ message: string; stale: boolean } | null>(null);

  if (user.isPending) return <RecordLoading what="user" />;
  if (user.isError) {
    return (
      <RecordLoadError
        what="user"
        error={user.error}
        onRetry={() => void user.refetch()}
        back={back}
        backLabel="Back to users"
      />
    );
  }

  const { data } = user;
  const reload = async () => {
    await user.refetch();
    setConflict(null);
  };
  return (
    <>
      <PageHeader subtitle={`${data.FullName} · ${data.Email}`} />
      <UserForm
        key={data.RowVersion}
        editing
        initialValues={userToFormValues(data)}
        initialEmployee={linkedEmployeeOf(data)}
        initialCompanyName={data.CompanyName}
        onCancel={() => void navigate(back)}
        onConflict={(error) => {
          const message = errorDetail(error) ?? 'The user could not be saved.';
          // Only a stale version is cured by Reload; the own-account and last-Admin refusals are not.
          setConflict({ message, stale: isProblem(error, ProblemTypes.staleRowVersion) });
        }}
        notice={
          conflict && (
            <ConflictAlert onReload={conflict.stale ? () => void reload() : undefined}>
              {conflict.message}
            </ConflictAlert>
          )
        }
        onSubmit={async (request) => {
          setConflict(null);
          await updateUser({ ...request, UserId: data.UserId, RowVersion: data.RowVersion });
          toast.success('User updated');
          await navigate(back);
        }}
      />
    </>
  );
}
