import Chip from '@mui/material/Chip';
import type { EmployeeListItem } from '@hrpay/contracts';
import { TwoLinesCell } from '@/components/two-lines-cell';
import { formatIsoDate, manilaToday } from '@/lib/dates';

/**
 * The list's Status: the employment status ("Regular"), except that a separated employee reads "Separated" (a
 * chip) with the last day under it, and one whose separation is scheduled keeps the status with "Last day …"
 * under it. The API decides which (`Status` is Separated once the separation date has passed, employment.ts).
 * It had shown "Regular" for an employee who had left. A hire yet to start reads "Starts …": the list keeps them
 * (HR prepares the record before the first day), while headcounts count them from that day.
 */
export function EmployeeStatusCell({ row }: { row: EmployeeListItem }) {
  const separated = row.Status === 'Separated';
  const detail = row.SeparationDate
    ? separated
      ? formatIsoDate(row.SeparationDate)
      : `Last day ${formatIsoDate(row.SeparationDate)}`
    : row.HireDate && row.HireDate > manilaToday()
      ? `Starts ${formatIsoDate(row.HireDate)}`
      : null;
  const main = separated ? 'Separated' : (row.EmploymentStatusName ?? '—');
  return (
    <TwoLinesCell
      main={
        separated ? (
          <Chip size="small" label={main} sx={{ height: 20, '& .MuiChip-label': { px: 0.75 } }} />
        ) : (
          main
        )
      }
      detail={detail}
      title={separated ? [main, detail].filter(Boolean).join(' ') : detail ? `${main} — ${detail}` : main}
    />
  );
}
