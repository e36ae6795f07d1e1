import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { PayrollPeriodTotals } from '@hrpay/contracts';
import { formatCurrency } from '@/lib/currency';

const GRID = {
  display: 'grid',
  gap: 2,
  mb: 3,
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(6, minmax(0, 1fr))',
  },
} as const;

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card component="article" aria-label={label} variant="outlined">
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Typography>
        {note && (
          // A block of its own: an inline caption wraps at the card's 24 px line height.
          <Typography variant="caption" component="p" color="text.secondary">
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** A figure of a period not computed yet: a dash, not a zero that reads as a payroll of nothing. */
export const NOT_COMPUTED = '—';

/**
 * The period's sums: what it pays, what it withholds and what the employer adds. Before its first compute
 * (`computed` false) there are no sums yet: each card shows a dash, the first says why.
 */
export function PeriodTotals({
  totals: t,
  computed = true,
}: {
  totals: PayrollPeriodTotals;
  computed?: boolean;
}) {
  if (!computed) {
    const labels = ['Employees', 'Gross pay', 'Deductions', 'Net pay', 'Tax withheld', 'Employer statutory'];
    return (
      <Box component="section" aria-label="Period totals" sx={GRID}>
        {labels.map((label, i) => (
          <Figure
            key={label}
            label={label}
            value={NOT_COMPUTED}
            note={i === 0 ? 'Not computed yet' : undefined}
          />
        ))}
      </Box>
    );
  }
  const refund = t.WithholdingTax.startsWith('-');
  return (
    <Box component="section" aria-label="Period totals" sx={GRID}>
      <Figure
        label="Employees"
        value={String(t.Employees)}
        note={`${t.Included} included · ${t.Held} held · ${t.Excluded} excluded`}
      />
      <Figure label="Gross pay" value={formatCurrency(t.Gross)} />
      <Figure
        label="Deductions"
        value={formatCurrency(t.Deductions)}
        note={`Employee statutory ${formatCurrency(t.EmployeeShares.Total)}`}
      />
      <Figure
        label="Net pay"
        value={formatCurrency(t.NetPay)}
        note={`${formatCurrency(t.NetPayIncluded)} to pay now`}
      />
      <Figure
        // A year-end adjustment (or a final pay's annualisation) can give back more tax than the period withholds.
        label={refund ? 'Tax refunded' : 'Tax withheld'}
        value={formatCurrency(refund ? t.WithholdingTax.slice(1) : t.WithholdingTax)}
      />
      <Figure
        label="Employer statutory"
        value={formatCurrency(t.EmployerShares.Total)}
        // Every share the total adds up (the SSS share and EC alone did not explain it).
        note={`SSS ${formatCurrency(t.EmployerShares.Sss)} · EC ${formatCurrency(t.EmployerShares.SssEc)} · PhilHealth ${formatCurrency(t.EmployerShares.PhilHealth)} · Pag-IBIG ${formatCurrency(t.EmployerShares.PagIbig)}`}
      />
    </Box>
  );
}
