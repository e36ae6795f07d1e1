import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorMessage } from '@/lib/error-handler';
import { LIST_LOAD_FAILED } from './data-table-props';

/** A list's load failure with Retry: the same above the plain first paint and above the grid. */
export function ListLoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {errorMessage(error, LIST_LOAD_FAILED)}
    </Alert>
  );
}
