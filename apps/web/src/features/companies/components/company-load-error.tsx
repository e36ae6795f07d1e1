import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-handler';

/**
 * A page about one company whose company could not be read: "Company not found" for a missing (or malformed)
 * id, else the error with Retry; both with the way back to the list.
 */
export function CompanyLoadError({
  error,
  onRetry,
  back = '/admin/companies',
}: {
  error: unknown;
  onRetry: () => void;
  back?: string;
}) {
  const status = isApiError(error) ? error.status : undefined;
  const missing = status === 404 || status === 400;
  return (
    <>
      <PageHeader title={missing ? 'Company not found' : undefined} />
      <Alert
        severity={missing ? 'warning' : 'error'}
        action={
          !missing && (
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          )
        }
      >
        {missing
          ? 'It may have been deleted, or the link is wrong.'
          : errorMessage(error, 'The company could not be loaded.')}
      </Alert>
      <Button component={RouterLink} to={back} startIcon={<ArrowBack />} sx={{ mt: 2 }}>
        Back to companies
      </Button>
    </>
  );
}
