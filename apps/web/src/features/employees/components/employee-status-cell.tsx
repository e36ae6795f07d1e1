import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { EmployeeListItem } from '@hrpay/contracts';
import { formatIsoDate } from '@/lib/dates';

const cut = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * The list's Status: the employment status ("Regular"), except that a separated employee reads "Separated" (a
 * chip) with the last day under it, and one whose separation is scheduled keeps the status with "Last day …"
 * under it. The API decides which (`Status` is Separated once the separation date has passed, employment.ts).
 * It had shown "Regular" for an employee who had left.
 */
export function EmployeeStatusCell({ row }: { row: EmployeeListItem }) {
  const separated = row.Status === 'Separated';
  const detail = row.SeparationDate
    ? separated
      ? formatIsoDate(row.SeparationDate)
      : `Last day ${formatIsoDate(row.SeparationDate)}`
    : null;
  const main = row.EmploymentStatusName ?? '—';
  return (
    <Box
      component="span"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        alignItems: 'flex-start',
        height: '100%',
        minWidth: 0,
        lineHeight: 1.43,
      }}
      title={separated ? `Separated${detail ? ` ${detail}` : ''}` : detail ? `${main} — ${detail}` : main}
    >
      {separated ? (
        <Chip size="small" label="Separated" sx={{ height: 20, '& .MuiChip-label': { px: 0.75 } }} />
      ) : (
        <Box component="span" sx={{ ...cut, maxWidth: '100%' }}>
          {main}
        </Box>
      )}
      {/* Read and copied as "Separated Dec 31, 2026" (white space between flex items is not drawn). */}
      {detail && ' '}
      {detail && (
        <Box
          component="span"
          sx={{ ...cut, maxWidth: '100%', typography: 'caption', lineHeight: 1.33, color: 'text.secondary' }}
        >
          {detail}
        </Box>
      )}
    </Box>
  );
}
