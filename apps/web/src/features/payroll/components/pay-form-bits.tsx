import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@/lib/error-handler';
import { formatPesos } from '@/lib/currency';

/** A tab's loading skeleton or its load error with Retry; null once the data is there. */
export function TabState({
  query,
  what,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  what: string;
}) {
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(query.error, `The ${what} could not be loaded.`)}
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Box aria-busy="true" aria-label={`Loading the ${what}`}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={48} sx={{ mb: 1.5 }} />
        ))}
      </Box>
    );
  }
  return null;
}

/** What an empty tab says, with its add button. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Box sx={{ py: 4, textAlign: 'center' }}>
      <Typography color="text.secondary" sx={{ mb: action ? 2 : 0 }}>
        {children}
      </Typography>
      {action}
    </Box>
  );
}

/** A money string shown as pesos (display only: the value itself stays the API's exact string). */
export const peso = (value: string | null | undefined) => formatPesos(value) || '—';

export const dateLabelProps = { slotProps: { inputLabel: { shrink: true } } } as const;
