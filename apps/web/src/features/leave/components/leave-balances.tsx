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
import type { EmployeeLeaveCredits, LeaveLedgerEntry } from '@hrpay/contracts';
import { useScrollRegion } from '@/components/scroll-region';
import { formatIsoDate } from '@/lib/dates';

const days = (n: number) => n.toLocaleString('en-PH', { maximumFractionDigits: 2 });
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

/** The Reason column's text: the entry's own reason, else what its kind says it is. */
export function entryReason(entry: LeaveLedgerEntry): string {
  if (entry.Reason) return entry.Reason;
  const byKind = KIND_REASON[entry.Kind];
  if (byKind) return byKind;
  return entry.CreatedByName ? `by ${entry.CreatedByName}` : '';
}

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
        {kept.map((b) => (
          <Card key={b.LeaveTypeId} role="listitem" aria-label={b.LeaveTypeName}>
            <CardContent>
              <Typography variant="subtitle2" color="text.secondary">
                {b.LeaveTypeName}
              </Typography>
              <Typography variant="h4" component="p" sx={{ my: 0.5 }}>
                {days(b.Available)}
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  days available
                </Typography>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Balance {days(b.Balance)}
                {b.Pending ? ` · ${days(b.Pending)} pending` : ''} · used {days(b.Used)} this year
              </Typography>
            </CardContent>
          </Card>
        ))}
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
          <Table size="small" aria-label="Leave credit history">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Leave type</TableCell>
                <TableCell>Entry</TableCell>
                <TableCell align="right">Days</TableCell>
                {withReason && <TableCell>Reason</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {credits.Entries.map((e, i) => (
                <TableRow key={e.EntryId}>
                  {/* A date stays on one line; on a phone the leave type and reason wrap instead. */}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatIsoDate(e.EntryDate)}</TableCell>
                  <TableCell>{e.LeaveTypeName}</TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" label={KIND_LABEL[e.Kind] ?? e.Kind} />
                  </TableCell>
                  <TableCell align="right" sx={{ color: e.Days < 0 ? 'error.main' : 'success.main' }}>
                    {e.Days > 0 ? '+' : ''}
                    {days(e.Days)}
                  </TableCell>
                  {withReason && <TableCell>{reasons[i]}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
