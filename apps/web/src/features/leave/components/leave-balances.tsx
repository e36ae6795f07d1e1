import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import type { EmployeeLeaveCredits, LeaveBalance, LeaveLedgerEntry } from '@hrpay/contracts';
import { useScrollRegion } from '@/components/scroll-region';
import { formatDateRange, formatIsoDate } from '@/lib/dates';
import { formatDayNumber as days, formatDays } from '@/lib/numbers';

/**
 * A balance as an employee reads it: what is left to file, never below zero, and a balance HR let go below zero
 * (a type that allows advance leave, an adjustment) as the days taken in advance instead of "-1".
 */
export function balanceLines(b: LeaveBalance): { available: number; detail: string } {
  const parts = [b.Balance < 0 ? `${formatDays(-b.Balance)} taken in advance` : `Balance ${days(b.Balance)}`];
  if (b.Pending) parts.push(`${days(b.Pending)} pending`);
  parts.push(`used ${days(b.Used)} this year`);
  return { available: Math.max(0, b.Available), detail: parts.join(' · ') };
}
const KIND_LABEL: Record<string, string> = {
  Grant: 'Granted',
  Accrual: 'Accrued',
  Use: 'Used',
  Reversal: 'Returned',
  Adjustment: 'Adjusted',
  Expiry: 'Expired',
  CashConversion: 'Converted to cash',
};

/**
 * What an entry the system made, without a reason of its own, is: the credit run's grants and monthly accruals
 * (leave/repository.ts) and an approved or cancelled request's days. An HR adjustment says who made it.
 */
const KIND_REASON: Partial<Record<LeaveLedgerEntry['Kind'], string>> = {
  Grant: 'Yearly grant',
  Accrual: 'Monthly accrual',
  Use: 'Approved leave request',
  Reversal: 'Cancelled leave request',
  Expiry: 'Unused days expired',
  CashConversion: 'Unused days paid in cash',
};

/**
 * The Reason column's text: the entry's own reason, else what its kind says it is, with the dates of the leave
 * an approval or a cancellation is for ("Approved leave request, Dec 21–30, 2026": the entry is dated on the
 * day of the decision, so without them an employee could not tell which leave it was).
 */
export function entryReason(entry: LeaveLedgerEntry): string {
  if (entry.Reason) return entry.Reason;
  const byKind = KIND_REASON[entry.Kind];
  if (byKind && entry.RequestDateFrom && entry.RequestDateTo)
    return `${byKind}, ${formatDateRange(entry.RequestDateFrom, entry.RequestDateTo)}`;
  if (byKind) return byKind;
  return entry.CreatedByName ? `by ${entry.CreatedByName}` : '';
}

/**
 * On a phone the history fits the screen: narrower cells, and the reason under the leave type instead of in a
 * fifth column out of sight (the Days were cut at the edge). Above 600 px the Reason column is back.
 */
const PHONE_HISTORY = (theme: Theme) => ({
  '& .reason-under': { display: 'none' },
  [theme.breakpoints.down('sm')]: {
    '& .MuiTableCell-root': { px: 0.75 },
    '& .reason-column': { display: 'none' },
    '& .reason-under': { display: 'block', color: 'text.secondary', fontSize: '0.75rem' },
  },
});

/** The balances (one card per leave type that keeps credits) and the ledger that makes them, newest first. */
export function LeaveBalances({ credits }: { credits: EmployeeLeaveCredits }) {
  const kept = credits.Balances.filter((b) => b.NeedsBalance);
  const perCase = credits.Balances.filter((b) => !b.NeedsBalance);
  // On a phone the history is wider than the screen: the keyboard can scroll it sideways.
  const scroller = useScrollRegion('Leave credit history');
  // A column with nothing in any row reads as missing data: left out.
  const reasons = credits.Entries.map(entryReason);
  const withReason = reasons.some(Boolean);
  return (
    <>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', mb: 3 }}
        aria-label="Leave balances"
        role="list"
      >
        {kept.map((b) => {
          const { available, detail } = balanceLines(b);
          return (
            <Card key={b.LeaveTypeId} role="listitem" aria-label={b.LeaveTypeName}>
              <CardContent>
                {/* An h2 under the page's h1: the subtitle's own h6 skipped four levels (axe heading-order). */}
                <Typography variant="subtitle2" component="h2" color="text.secondary">
                  {b.LeaveTypeName}
                </Typography>
                <Typography variant="h4" component="p" sx={{ my: 0.5 }}>
                  {days(available)}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' '}
                    {available === 1 ? 'day' : 'days'} available
                  </Typography>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {detail}
                </Typography>
              </CardContent>
            </Card>
          );
        })}
      </Box>
      {perCase.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          Granted per case, without credits: {perCase.map((b) => b.LeaveTypeName).join(', ')}.
        </Typography>
      )}
      <Typography variant="h6" component="h2" gutterBottom>
        History
      </Typography>
      {credits.Entries.length === 0 ? (
        <Typography color="text.secondary">No credits yet.</Typography>
      ) : (
        <TableContainer component={Card} {...scroller}>
          <Table size="small" aria-label="Leave credit history" sx={PHONE_HISTORY}>
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Leave type</TableCell>
                <TableCell>Entry</TableCell>
                <TableCell align="right">Days</TableCell>
                {withReason && <TableCell className="reason-column">Reason</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {credits.Entries.map((e, i) => (
                <TableRow key={e.EntryId}>
                  {/* A date stays on one line; on a phone the leave type and reason wrap instead. */}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatIsoDate(e.EntryDate)}</TableCell>
                  <TableCell>
                    {e.LeaveTypeName}
                    {withReason && (
                      <Box component="span" className="reason-under">
                        {reasons[i]}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" label={KIND_LABEL[e.Kind] ?? e.Kind} />
                  </TableCell>
                  <TableCell align="right" sx={{ color: e.Days < 0 ? 'error.main' : 'success.main' }}>
                    {e.Days > 0 ? '+' : ''}
                    {days(e.Days)}
                  </TableCell>
                  {withReason && <TableCell className="reason-column">{reasons[i]}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
