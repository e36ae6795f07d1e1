import Chip from '@mui/material/Chip';
import type { ImportStatus } from '@hrpay/contracts';
import { STATUS_LOOK } from '../import-format';

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
