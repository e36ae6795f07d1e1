import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import BeachAccessOutlined from '@mui/icons-material/BeachAccessOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import { REQUEST_KINDS, type RequestKind } from '@hrpay/contracts';
import { errorMessage } from '@/lib/error-handler';
import { useSession } from '@/lib/use-session';
import { formatCurrency } from '@/lib/currency';
import { useMyPayslipList, usePortalDashboard } from '../api/portal-dashboard';
import { DashboardSkeleton, Empty, Panel, StatCard } from './dashboard-parts';

const PATHS: Record<RequestKind, string> = {
  Leave: '/portal/leave-requests',
  Overtime: '/portal/ot-requests',
  Undertime: '/portal/ut-requests',
};
const SHORT: Record<RequestKind, string> = { Leave: 'Leave', Overtime: 'OT', Undertime: 'UT' };
const days = (n: number) => n.toLocaleString('en-PH', { maximumFractionDigits: 2 });
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-PH', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

/** The employee's dashboard: today's schedule and punches, balances, own pending requests, the review queue. */
export function PortalDashboard() {
  const user = useSession();
  const approver = !!user?.isApprover;
  const [today, credits, pending, review] = usePortalDashboard(approver);
  const failed = [today, credits, pending, ...(approver ? [review] : [])].find((q) => q.isError);
  if (failed) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void failed.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(failed.error, 'The dashboard could not be loaded.')}
      </Alert>
    );
  }
  if (!today.data || !credits.data || !pending.data || (approver && !review.data))
    return <DashboardSkeleton />;

  const t = today.data;
  const balances = credits.data.Balances.filter((b) => b.NeedsBalance);
  const waiting = review.data ? REQUEST_KINDS.reduce((sum, k) => sum + review.data![k], 0) : 0;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mb: 3 }}>
        <StatCard
          icon={ScheduleOutlined}
          label="Today"
          value={
            t.HolidayName
              ? 'Holiday'
              : t.IsRestDay
                ? 'Rest day'
                : t.Schedule
                  ? `${t.Schedule.TimeIn}–${t.Schedule.TimeOut}`
                  : 'No shift'
          }
        >
          {t.HolidayName ?? (t.Schedule ? t.Schedule.ShiftName : 'Ask HR to assign your shift')}
          {' · '}
          {t.Punches.length
            ? `Punches: ${t.Punches.map((p) => `${p.Time} ${p.Direction.toLowerCase()}`).join(', ')}`
            : 'No punches yet today'}
        </StatCard>
        <StatCard
          icon={BeachAccessOutlined}
          label="Leave available"
          value={balances.length ? `${days(balances.reduce((s, b) => s + b.Available, 0))} days` : '—'}
          to="/portal/leave-credits"
        >
          {balances.map((b) => `${b.LeaveTypeCode} ${days(b.Available)}`).join(' · ') ||
            'No leave credits yet'}
        </StatCard>
        {approver ? (
          <StatCard
            icon={FactCheckOutlined}
            label="Waiting for your review"
            value={String(waiting)}
            to={`${PATHS[REQUEST_KINDS.find((k) => review.data![k]) ?? 'Leave']}?tab=review`}
          >
            {REQUEST_KINDS.map((k) => `${SHORT[k]} ${review.data![k]}`).join(' · ')}
          </StatCard>
        ) : (
          <StatCard icon={FactCheckOutlined} label="My pending requests" value={String(pending.data.length)}>
            Waiting for your approver or HR
          </StatCard>
        )}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Panel title="My pending requests" id="my-pending">
          {pending.data.length === 0 ? (
            <Empty>Nothing pending.</Empty>
          ) : (
            <List dense disablePadding>
              {pending.data.map((r) => (
                <ListItem key={r.RequestId} disableGutters>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={PATHS[r.Kind]}>
                        {r.LeaveTypeName ?? (r.Kind === 'Overtime' ? 'Overtime' : 'Undertime')}
                      </Link>
                    }
                    secondary={`${dayLabel(r.DateFrom)}${r.DateTo !== r.DateFrom ? ` – ${dayLabel(r.DateTo)}` : ''} · reviewer ${r.ReviewerName}`}
                  />
                  {/* The theme's warning orange on white is 3.1:1 (Lighthouse: contrast); a dark orange label is 7.7:1. */}
                  <Chip
                    size="small"
                    label="Pending"
                    variant="outlined"
                    sx={{ color: '#8a3c00', borderColor: 'warning.main' }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Panel>
        <Panel title="Upcoming holidays" id="holidays">
          {t.UpcomingHolidays.length === 0 ? (
            <Empty>No holidays in the next three months.</Empty>
          ) : (
            <List dense disablePadding>
              {t.UpcomingHolidays.map((h) => (
                <ListItem key={`${h.Date}-${h.Name}`} disableGutters>
                  <ListItemText
                    primary={h.Name}
                    secondary={`${dayLabel(h.Date)} · ${h.Type === 'Regular' ? 'Regular holiday' : h.Type === 'SpecialWorking' ? 'Special working day' : 'Special non-working day'}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Panel>
        <LatestPayslip />
      </Box>
    </>
  );
}

/** The newest released payslip: net pay and period, linking to the payslips page. */
function LatestPayslip() {
  const payslips = useMyPayslipList();
  const latest = payslips.data?.Items[0];
  return (
    <Panel title="Latest payslip" id="payslip">
      {payslips.isPending ? (
        <Empty>Loading…</Empty>
      ) : payslips.isError ? (
        <Empty>{errorMessage(payslips.error, 'Your payslips could not be loaded.')}</Empty>
      ) : !latest ? (
        <Empty>No payslip yet. Your payslips appear here once payroll releases them.</Empty>
      ) : (
        <Box>
          <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatCurrency(latest.NetPay)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Net pay · {latest.PeriodName} · paid {dayLabel(latest.PayDate)}
          </Typography>
          <Link component={RouterLink} to="/portal/payslips" sx={{ display: 'inline-block', mt: 1 }}>
            See all payslips
          </Link>
        </Box>
      )}
    </Panel>
  );
}
