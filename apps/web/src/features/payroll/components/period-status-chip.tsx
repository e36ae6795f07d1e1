import Chip from '@mui/material/Chip';
import type { PayrollJobStatus, PayrollPeriodStatus } from '@hrpay/contracts';

const COLOR: Record<PayrollPeriodStatus, 'default' | 'info' | 'warning' | 'success' | 'primary'> = {
  Draft: 'default',
  Computed: 'info',
  Approved: 'warning',
  Finalised: 'primary',
  Paid: 'success',
};

export const KIND_LABEL: Record<string, string> = {
  Regular: 'Regular',
  ThirteenthMonth: '13th month',
  FinalPay: 'Final pay',
  Adjustment: 'Adjustment',
};

/** A period's state; a running compute shows as "Computing", a failed one as "Compute failed". */
export function PeriodStatusChip({
  status,
  jobStatus,
  needsRecompute,
}: {
  status: PayrollPeriodStatus;
  jobStatus: PayrollJobStatus | null;
  needsRecompute?: boolean;
}) {
  if (jobStatus === 'Queued' || jobStatus === 'Running')
    return <Chip size="small" color="info" variant="outlined" label="Computing" />;
  if (jobStatus === 'Failed' && (status === 'Draft' || status === 'Computed'))
    return <Chip size="small" color="error" variant="outlined" label="Compute failed" />;
  if (needsRecompute && (status === 'Draft' || status === 'Computed'))
    return <Chip size="small" color="warning" variant="outlined" label="Needs recompute" />;
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      variant={status === 'Draft' ? 'outlined' : 'filled'}
      label={status}
    />
  );
}
