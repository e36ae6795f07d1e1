import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCurrency } from '@/lib/currency';

/** A payslip line as the portal and the payroll review both show it. */
export interface PayslipLineShape {
  Code: string;
  Description: string;
  Kind: 'earning' | 'deduction';
  Quantity: number;
  Unit: string;
  Rate: string;
  Amount: string;
}

/** Each unit as one and as several ("1 day", "1.5 days"). */
const UNIT: Record<string, [string, string]> = { hour: ['hr', 'hrs'], day: ['day', 'days'] };
/** Lateness and undertime are kept in minutes (the attendance grid's unit), not in fractions of an hour. */
const IN_MINUTES = new Set(['LATE', 'UNDERTIME']);
const quantity = (l: PayslipLineShape) => {
  if (l.Unit === 'period' || l.Unit === 'item') return '';
  if (l.Unit === 'hour' && IN_MINUTES.has(l.Code)) {
    const minutes = Math.round(l.Quantity * 60);
    return `${minutes} ${minutes === 1 ? 'min' : 'mins'}`;
  }
  const [one, many] = UNIT[l.Unit] ?? [l.Unit, l.Unit];
  return `${l.Quantity.toLocaleString('en-PH', { maximumFractionDigits: 2 })} ${l.Quantity === 1 ? one : many}`;
};
/**
 * The rate a quantity is paid at, per its unit; none for a flat amount (a contribution, the period's salary: it would only
 * repeat the amount). A line that takes pay away (an absence, lateness) is negative in its amount, not its rate.
 */
const rate = (l: PayslipLineShape) => {
  if (l.Unit === 'item' || l.Unit === 'period') return '';
  // Per what: lateness counted in minutes is still paid by the hour ("12 mins × ₱172.41/hr" adds up).
  const per = UNIT[l.Unit]?.[0];
  return `${formatCurrency(l.Rate.replace(/^-/, ''))}${per ? `/${per}` : ''}`;
};

/**
 * A payslip's earnings and deductions, each with quantity and rate, and their totals. A payslip of flat amounts
 * only (a salaried employee's, no attendance lines) has no Quantity and Rate columns: two empty columns squeezed
 * the items into three lines each on a phone.
 */
/**
 * On a phone the cells are narrower and a long description breaks, so Amount is never cut off (the payroll
 * drawer's payslip with quantities and rates scrolled sideways at 390 px).
 */
const ON_A_PHONE = {
  '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 }, fontSize: { xs: '0.8125rem', sm: '0.875rem' } },
  '& .MuiTableCell-root:first-of-type': { overflowWrap: 'anywhere' },
  '& .MuiTableCell-root:not(:first-of-type)': { whiteSpace: 'nowrap' },
};

export function PayslipLines({
  lines,
  gross,
  deductions,
  netPay,
}: {
  lines: PayslipLineShape[];
  gross: string;
  deductions: string;
  netPay: string;
}) {
  const detailed = lines.some((l) => quantity(l) !== '' || rate(l) !== '');
  const section = (kind: 'earning' | 'deduction', title: string, total: string) => (
    <>
      <TableRow>
        <TableCell
          colSpan={detailed ? 4 : 2}
          sx={{ bgcolor: 'action.hover', fontWeight: 600 }}
          component="th"
          scope="rowgroup"
        >
          {title}
        </TableCell>
      </TableRow>
      {lines
        .filter((l) => l.Kind === kind)
        .map((l, index) => (
          <TableRow key={`${l.Code}-${index}`}>
            <TableCell>{l.Description}</TableCell>
            {detailed && <TableCell align="right">{quantity(l)}</TableCell>}
            {detailed && <TableCell align="right">{rate(l)}</TableCell>}
            <TableCell align="right">{formatCurrency(l.Amount)}</TableCell>
          </TableRow>
        ))}
      <TableRow>
        <TableCell colSpan={detailed ? 3 : 1} sx={{ fontWeight: 600 }}>
          {kind === 'earning' ? 'Gross pay' : 'Total deductions'}
        </TableCell>
        <TableCell align="right" sx={{ fontWeight: 600 }}>
          {formatCurrency(total)}
        </TableCell>
      </TableRow>
    </>
  );
  return (
    <Box>
      <Table
        size="small"
        aria-label="Payslip lines"
        sx={{ '& td, & th': { fontVariantNumeric: 'tabular-nums' }, ...ON_A_PHONE }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            {detailed && <TableCell align="right">Quantity</TableCell>}
            {detailed && <TableCell align="right">Rate</TableCell>}
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {section('earning', 'Earnings', gross)}
          {section('deduction', 'Deductions', deductions)}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mt: 2, px: 2 }}>
        <Typography variant="h6" component="p">
          Net pay
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatCurrency(netPay)}
        </Typography>
      </Box>
    </Box>
  );
}
