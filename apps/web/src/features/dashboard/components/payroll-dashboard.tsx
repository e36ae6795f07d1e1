import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import {
  finalPayDueDate,
  type PayrollDashboard as PayrollDashboardData,
  type PayrollDataProblems,
} from '@hrpay/contracts';
import { formatCurrency } from '@/lib/currency';
import { manilaToday } from '@/lib/dates';
import { usePayrollDashboard } from '../api/payroll-dashboard';
import { DashboardLoadError, DashboardSkeleton, Empty, Panel, StatCard, StatRow } from './dashboard-parts';
import { TrendChart } from './trend-chart';
import { formatCount } from '@/lib/numbers';
import { listLink } from '@/lib/use-list-query';

const PERIODS = '/payroll/payroll-periods';
const DETAILS = '/payroll/employee-payroll-details';
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-PH', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
/** A peso axis tick, short: "₱0", "₱500", "₱2.5k", "₱150k", "₱1.2M" (never "₱0k", nor "₱1k" for ₱500). */
const pesoTick = (value: number) => {
  const size = Math.abs(value);
  const short = (n: number) => n.toLocaleString('en-PH', { maximumFractionDigits: 1 });
  if (size < 1000) return `₱${Math.round(value).toLocaleString('en-PH')}`;
  if (size < 1_000_000) return `₱${short(value / 1000)}k`;
  return `₱${short(value / 1_000_000)}M`;
};
const PROBLEMS: { key: keyof PayrollDataProblems; label: string }[] = [
  { key: 'NoRate', label: 'No basic rate' },
  { key: 'NoBankAccount', label: 'Paid by bank without an account number' },
  { key: 'MissingTIN', label: 'No TIN' },
  { key: 'MissingSSS', label: 'No SSS number' },
  { key: 'MissingPhilHealth', label: 'No PhilHealth number' },
  { key: 'MissingPagIbig', label: 'No Pag-IBIG MID number' },
];
const STATUS_COLOR: Record<string, 'default' | 'info' | 'warning' | 'success'> = {
  Draft: 'default',
  Computed: 'info',
  Approved: 'warning',
};

/** The payroll user's dashboard: the last finalised period's money, the trend, open periods, blocking data. */
export function PayrollDashboard() {
  const dashboard = usePayrollDashboard();
  if (dashboard.isPending) return <DashboardSkeleton />;
  if (dashboard.isError) return <DashboardLoadError query={dashboard} />;
  return <Body data={dashboard.data} />;
}

function Body({ data }: { data: PayrollDashboardData }) {
  const last = data.LastFinalised;
  // Finalised on the 10th for the 15th, a period is not paid yet: the cards say so until its pay date.
  const lastPaid = !!last && last.PayDate <= manilaToday();
  const nextOpen = data.OpenPeriods.find((p) => p.PayDate === data.NextPayDate);
  const problems = PROBLEMS.filter((p) => data.DataProblems[p.key] > 0);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <StatRow label="Last finalised regular period" columns={{ sm: 2, lg: 4 }}>
        <StatCard
          icon={PaymentsOutlined}
          label="Net pay, last period"
          value={last ? formatCurrency(last.NetPay) : '—'}
        >
          {last
            ? `${last.Name} · ${lastPaid ? 'paid' : 'to be paid'} ${dayLabel(last.PayDate)}`
            : 'No finalised regular period yet'}
        </StatCard>
        <StatCard
          icon={AccountBalanceWalletOutlined}
          label="Gross pay"
          value={last ? formatCurrency(last.Gross) : '—'}
        >
          {last
            ? `Deductions ${formatCurrency(last.Deductions)} · employer statutory ${formatCurrency(last.EmployerCost)}`
            : 'Gross less deductions is net pay'}
        </StatCard>
        <StatCard
          icon={GroupsOutlined}
          label={last && !lastPaid ? 'Employees to be paid' : 'Employees paid'}
          value={last ? formatCount(last.Headcount) : '—'}
          to={DETAILS}
        >
          {`${formatCount(data.ActiveEmployees)} active employees`}
        </StatCard>
        <StatCard
          icon={EventOutlined}
          label="Next pay date"
          value={data.NextPayDate ? dayLabel(data.NextPayDate) : '—'}
          to={PERIODS}
        >
          {nextOpen?.Name ??
            (last && data.NextPayDate === last.PayDate
              ? `${last.Name}, finalised · no open period yet`
              : 'No open period: create the next one')}
        </StatCard>
      </StatRow>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Panel title="Gross and net pay, last 12 regular periods" id="payroll-trend">
          {data.Trend.length === 0 ? (
            <Empty>The trend appears once a period is finalised.</Empty>
          ) : (
            <TrendChart
              labels={data.Trend.map((p) => dayLabel(p.PayDate))}
              yAxis={[{ valueFormatter: pesoTick }]}
              series={[
                { data: data.Trend.map((p) => Number(p.Gross)), label: 'Gross', color: '#1565c0' },
                { data: data.Trend.map((p) => Number(p.NetPay)), label: 'Net', color: '#2e7d32' },
              ]}
              margin={{ left: 16, right: 10 }}
              tableLabel="Gross and net pay per period"
              rows={data.Trend.map((p) => ({
                key: p.PayrollPeriodId,
                head: p.Name,
                text: `gross ${formatCurrency(p.Gross)}, net ${formatCurrency(p.NetPay)}, ${p.Headcount} paid`,
              }))}
            />
          )}
        </Panel>
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Panel title="Open periods" id="open-periods">
            {data.OpenPeriods.length === 0 ? (
              <Empty>No open period.</Empty>
            ) : (
              <List dense disablePadding>
                {data.OpenPeriods.map((p) => (
                  <ListItem
                    key={p.PayrollPeriodId}
                    disableGutters
                    secondaryAction={
                      <Chip
                        size="small"
                        color={STATUS_COLOR[p.Status] ?? 'default'}
                        label={p.JobStatus === 'Running' || p.JobStatus === 'Queued' ? 'Computing' : p.Status}
                      />
                    }
                  >
                    <ListItemText
                      primary={
                        <Link component={RouterLink} to={`${PERIODS}/${p.PayrollPeriodId}`}>
                          {p.Name}
                        </Link>
                      }
                      secondary={`Pay date ${dayLabel(p.PayDate)}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Panel>
          {data.FinalPayDue.length > 0 && (
            // The final pay the company owes, with its Labor Advisory 06-2020 deadline: it is made on the
            // Payroll Periods page (Add Payroll Period, kind Final pay, which lists the same people).
            <Panel title="Final pay due" id="final-pay-due">
              <List dense disablePadding>
                {data.FinalPayDue.map((e) => {
                  const due = finalPayDueDate(e.SeparationDate);
                  return (
                    <ListItem
                      key={e.EmployeeId}
                      disableGutters
                      secondaryAction={
                        due < manilaToday() ? <Chip size="small" color="error" label="Overdue" /> : undefined
                      }
                    >
                      <ListItemText
                        primary={
                          <Link component={RouterLink} to={PERIODS}>
                            {`${e.FullName} (${e.EmployeeNumber})`}
                          </Link>
                        }
                        // The separation date is the last day worked: one still ahead reads "Leaves", not "Left".
                        secondary={`${e.SeparationDate < manilaToday() ? 'Left' : 'Leaves'} ${dayLabel(e.SeparationDate)} · due by ${dayLabel(due)}`}
                      />
                    </ListItem>
                  );
                })}
              </List>
            </Panel>
          )}
          {data.HeldPay.length > 0 && (
            // Pay held back from a closed period is owed until released: from the payslip, which the link opens.
            <Panel title="Held pay to release" id="held-pay">
              <List dense disablePadding>
                {data.HeldPay.map((h) => (
                  <ListItem
                    key={h.PayslipId}
                    disableGutters
                    // Room for the amount's chip, wider than the list's default for an icon.
                    sx={{ pr: 14 }}
                    secondaryAction={<Chip size="small" color="warning" label={formatCurrency(h.NetPay)} />}
                  >
                    <ListItemText
                      primary={
                        <Link
                          component={RouterLink}
                          to={`${PERIODS}/${h.PayrollPeriodId}?payslip=${h.PayslipId}`}
                        >
                          {`${h.FullName} (${h.EmployeeNumber})`}
                        </Link>
                      }
                      secondary={`${h.PeriodName} · pay date ${dayLabel(h.PayDate)}`}
                    />
                  </ListItem>
                ))}
              </List>
            </Panel>
          )}
          <Panel title="Data to fix before the next run" id="data-problems">
            {problems.length === 0 ? (
              <Empty>Every active employee has a rate, a bank account and government numbers.</Empty>
            ) : (
              <List dense disablePadding>
                {problems.map((p) => (
                  <ListItem
                    key={p.key}
                    disableGutters
                    secondaryAction={
                      <Chip size="small" color="warning" label={formatCount(data.DataProblems[p.key])} />
                    }
                  >
                    <ListItemText
                      primary={
                        <Link component={RouterLink} to={listLink(DETAILS, { MissingData: true })}>
                          {p.label}
                        </Link>
                      }
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Panel>
        </Box>
      </Box>
    </Box>
  );
}
