import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { ProblemTypes } from '@hrpay/contracts';
import { PageHeader } from '@/components/page-header';
import { isApiError, isProblem } from '@/lib/api-error';
import { errorDetail, errorMessage } from '@/lib/error-handler';
import { useReturnPath } from '@/lib/use-list-query';
import { useUpdateUser } from '../api/update-user';
import { useUser } from '../api/get-user';
import { UserForm } from '../components/user-form';
import { linkedEmployeeOf, userToFormValues } from '../components/user-values';

/** /admin/users/edit/:id: saves with the RowVersion read; a 409 (stale, own account, last Admin) is shown. */
export default function EditUserPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const back = useReturnPath('/admin/users');
  const user = useUser(id);
  const { mutateAsync: updateUser } = useUpdateUser();
  // The 409 detail, and whether Reload would help (a stale version) or the change itself is refused.
  const [conflict, setConflict] = useState<{ message: string; stale: boolean } | null>(null);

  if (user.isPending) {
    return (
      <>
        <PageHeader />
        <Card aria-busy="true" aria-label="Loading the user">
          <CardContent>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} variant="rounded" height={56} sx={{ my: 2 }} />
            ))}
          </CardContent>
        </Card>
      </>
    );
  }
  if (user.isError) {
    const missing = isApiError(user.error) && user.error.status === 404;
    return (
      <>
        <PageHeader title={missing ? 'User not found' : undefined} />
        <Alert severity={missing ? 'warning' : 'error'}>
          {missing
            ? 'It may have been deleted, or the link is wrong.'
            : errorMessage(user.error, 'The user could not be loaded.')}
        </Alert>
        <Button component={RouterLink} to={back} startIcon={<ArrowBack />} sx={{ mt: 2 }}>
          Back to users
        </Button>
      </>
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
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                conflict.stale && (
                  <Button color="inherit" size="small" onClick={() => void reload()}>
                    Reload
                  </Button>
                )
              }
            >
              {conflict.message}
            </Alert>
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
