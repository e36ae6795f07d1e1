import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-handler';

/**
 * The states every page about one record shares (issue 12 item 4): loading, could not be read (not found, or
 * an error with Retry, both with the way back) and "changed by someone else" with Reload.
 */

/** The page while the record loads: its header and a form-shaped skeleton. */
export function RecordLoading({ what }: { what: string }) {
  return (
    <>
      <PageHeader />
      <Card aria-busy="true" aria-label={`Loading the ${what}`} sx={{ maxWidth: 1040 }}>
        <CardContent>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} variant="rounded" height={56} sx={{ my: 2 }} />
          ))}
        </CardContent>
      </Card>
    </>
  );
}

/**
 * The record could not be read: "<What> not found" for a missing (or malformed) id, else the error with Retry;
 * both with the way back to the list.
 */
export function RecordLoadError({
  what,
  error,
  onRetry,
  back,
  backLabel,
}: {
  /** 'company', 'user', 'employee' */
  what: string;
  error: unknown;
  onRetry: () => void;
  back: string;
  backLabel: string;
}) {
  const status = isApiError(error) ? error.status : undefined;
  const missing = status === 404 || status === 400;
  const title = `${what.charAt(0).toUpperCase()}${what.slice(1)} not found`;
  return (
    <>
      <PageHeader title={missing ? title : undefined} />
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
          : errorMessage(error, `The ${what} could not be loaded.`)}
      </Alert>
      <Button component={RouterLink} to={back} startIcon={<ArrowBack />} sx={{ mt: 2 }}>
        {backLabel}
      </Button>
    </>
  );
}

/** A save was refused with 409: the reason, and Reload when a newer version is what stopped it. */
export function ConflictAlert({ children, onReload }: { children: ReactNode; onReload?: () => void }) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        onReload && (
          <Button color="inherit" size="small" onClick={onReload}>
            Reload
          </Button>
        )
      }
    >
      {children}
    </Alert>
  );
}
