import Chip from '@mui/material/Chip';
import type { ImportStatus } from '@hrpay/contracts';

type ChipColor = 'default' | 'primary' | 'info' | 'success' | 'error';

/** How each import status is named and painted, wherever an import is listed (import page, dashboard). */
const STATUS_LOOK: Record<ImportStatus, { label: string; color: ChipColor }> = {
  Queued: { label: 'Queued', color: 'default' },
  Validating: { label: 'Checking', color: 'info' },
  Ready: { label: 'Ready to import', color: 'primary' },
  Invalid: { label: 'Has errors', color: 'error' },
  NothingToImport: { label: 'Nothing to import', color: 'default' },
  Committing: { label: 'Importing', color: 'info' },
  Committed: { label: 'Imported', color: 'success' },
  Failed: { label: 'Failed', color: 'error' },
  Discarded: { label: 'Discarded', color: 'default' },
};

export function ImportStatusChip({ status }: { status: ImportStatus }) {
  const look = STATUS_LOOK[status];
  return (
    <Chip
      size="small"
      label={look.label}
      color={look.color}
      variant={look.color === 'default' ? 'outlined' : 'filled'}
    />
  );
}
