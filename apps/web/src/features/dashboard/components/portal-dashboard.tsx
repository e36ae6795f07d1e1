import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import BeachAccessOutlined from '@mui/icons-material/BeachAccessOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
// Types and plain constants only: the page carries no zod and no schema (issue 11).
import { REQUEST_KINDS, type PortalDashboard as Dashboard } from '@hrpay/contracts';
import { useSession } from '@/lib/use-session';
import { formatCurrency } from '@/lib/format-currency';
import { formatDayNumber as days, formatDays } from '@/lib/numbers';
import { usePortalDashboard } from '../api/portal-dashboard';
import { DashboardLoadError, Empty, Panel, StatCard, statCardInnerLink } from './dashboard-parts';
import { useClockFormat } from '@/lib/dates';

type Kind = (typeof REQUEST_KINDS)[number];
const PATHS: Record<Kind, string> = {
  Leave: '/portal/leave-requests',
  Overtime: '/portal/ot-requests',
  Undertime: '/portal/ut-requests',
};
const reviewPath = (kind: Kind) => `${PATHS[kind]}?tab=review`;
const SHORT: Record<Kind, string> = { Leave: 'Leave', Overtime: 'OT', Undertime: 'UT' };
const HOLIDAY_TYPES: Record<string, string> = {
  Regular: 'Regular holiday',
  SpecialWorking: 'Special working day',
};
const dayFormat = new Intl.DateTimeFormat('en-PH', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/**
 * Placeholder lines the size of what they stand for (a dense two-line list item is 60 px), so the panels below
 * move as little as possible when the answer arrives (on a phone the panels are stacked).
 */
const Lines = ({ count, height = 60 }: { count: number; height?: number }) => (
  <Box aria-hidden>
    {Array.from({ length: count }, (_, i) => (
      <Skeleton key={i} height={height} />
    ))}
  </Box>
);

/**
 * The employee's dashboard: today's schedule and punches, balances, own pending requests, the review queue,
 * upcoming holidays and the latest payslip, from one call. The cards and panels render at once; while the
 * answer is on its way each shows a placeholder in the place of its figures.
 */
export function PortalDashboard() {
  const { time } = useClockFormat();
  const user = useSession();
  const approver = !!user?.isApprover;
  const query = usePortalDashboard();
  if (query.isError) return <DashboardLoadError query={query} />;
  const d = query.data;
  const busy = !d;
  return (
    <Box aria-busy={busy} aria-label={busy ? 'Loading the dashboard' : undefined}>
      {d && !d.LinkedToEmployee && (
        <Alert severity="info" sx={{ mb: 3 }}>
          Your account is not linked to an employee record, so there is no schedule, leave or payslip to show
          here. Ask HR to link it.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mb: 3 }}>
        <StatCard
          icon={ScheduleOutlined}
          label="Today"
          value={d ? todayValue(d, time) : <Skeleton width="60%" />}
        >
          {d ? todayDetail(d, time) : <Skeleton width="85%" />}
        </StatCard>
        <LeaveCard d={d} />
        {approver ? <ReviewCard d={d} /> : <PendingCard d={d} />}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Panel title="My pending requests" id="my-pending">
          {d ? <PendingList items={d.MyPending} /> : <Lines count={2} />}
        </Panel>
        <Panel title="Upcoming holidays" id="holidays">
          {/* Up to five holidays, and the next 90 days almost always hold five. */}
          {d ? <HolidayList items={d.Today.UpcomingHolidays} /> : <Lines count={5} />}
        </Panel>
        <Panel title="Latest payslip" id="payslip">
          {d ? <LatestPayslip payslip={d.LatestPayslip} /> : <Lines count={2} height={44} />}
        </Panel>
      </Box>
    </Box>
  );
}

/** Today's schedule and punches on the company's clock (useClockFormat().time). */
type TimeText = (value: string) => string;

function todayValue(d: Dashboard, time: TimeText) {
  const t = d.Today;
  if (t.HolidayName) return 'Holiday';
  if (t.IsRestDay) return 'Rest day';
  return t.Schedule ? `${time(t.Schedule.TimeIn)}–${time(t.Schedule.TimeOut)}` : 'No shift';
}

function todayDetail(d: Dashboard, time: TimeText): ReactNode {
  const t = d.Today;
  return (
    <>
      {t.HolidayName ?? (t.Schedule ? t.Schedule.ShiftName : 'Ask HR to assign your shift')}
      {' · '}
      {t.Punches.length
        ? `Punches: ${t.Punches.map((p) => `${time(p.Time)} ${p.Direction.toLowerCase()}`).join(', ')}`
        : 'No punches yet today'}
    </>
  );
}

function LeaveCard({ d }: { d: Dashboard | undefined }) {
  const balances = d?.LeaveBalances ?? [];
  // What is left to file: a balance below zero (days taken in advance) leaves none, and takes none from the rest.
  const left = (b: (typeof balances)[number]) => Math.max(0, b.Available);
  const total = balances.reduce((s, b) => s + left(b), 0);
  return (
    <StatCard
      icon={BeachAccessOutlined}
      label="Leave available"
      value={!d ? <Skeleton width="50%" /> : balances.length ? formatDays(total) : '—'}
      to="/portal/leave-credits"
    >
      {!d ? (
        <Skeleton width="70%" />
      ) : (
        balances.map((b) => `${b.LeaveTypeCode} ${days(left(b))}`).join(' · ') || 'No leave credits yet'
      )}
    </StatCard>
  );
}

/**
 * The approver's queue: the card goes to the review tab of the first kind with something waiting, and each
 * kind's count ("OT 1") to its own page's review tab.
 */
function ReviewCard({ d }: { d: Dashboard | undefined }) {
  const review = d?.WaitingForReview;
  const first = review ? REQUEST_KINDS.find((k) => review[k]) : undefined;
  return (
    <StatCard
      icon={FactCheckOutlined}
      label="Waiting for your review"
      value={review ? String(REQUEST_KINDS.reduce((sum, k) => sum + review[k], 0)) : <Skeleton width="30%" />}
      to={reviewPath(first ?? 'Leave')}
    >
      {review ? (
        REQUEST_KINDS.map((k, i) => (
          <Fragment key={k}>
            {i > 0 && ' · '}
            <Link component={RouterLink} to={reviewPath(k)} sx={statCardInnerLink}>
              {`${SHORT[k]} ${review[k]}`}
            </Link>
          </Fragment>
        ))
      ) : (
        <Skeleton width="60%" />
      )}
    </StatCard>
  );
}

/**
 * Every pending request of the user's, by kind: the list below shows only the first few of each. An answer
 * without the counts (a server from before them) falls back to the list's length.
 */
function pendingCounts(d: Dashboard): Dashboard['MyPendingCounts'] {
  const counts = d.MyPendingCounts as Dashboard['MyPendingCounts'] | undefined;
  if (counts) return counts;
  const listed = { Leave: 0, Overtime: 0, Undertime: 0 };
  for (const r of d.MyPending) listed[r.Kind] += 1;
  return listed;
}

function PendingCard({ d }: { d: Dashboard | undefined }) {
  const counts = d && pendingCounts(d);
  const total = counts ? REQUEST_KINDS.reduce((sum, k) => sum + counts[k], 0) : 0;
  return (
    <StatCard
      icon={FactCheckOutlined}
      label="My pending requests"
      value={counts ? String(total) : <Skeleton width="30%" />}
    >
      {counts && total > 0
        ? REQUEST_KINDS.map((k) => `${SHORT[k]} ${counts[k]}`).join(' · ')
        : 'Waiting for your approver or HR'}
    </StatCard>
  );
}

function PendingList({ items }: { items: Dashboard['MyPending'] }) {
  if (items.length === 0) return <Empty>Nothing pending.</Empty>;
  return (
    <List dense disablePadding>
      {items.map((r) => (
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
  );
}

function HolidayList({ items }: { items: Dashboard['Today']['UpcomingHolidays'] }) {
  if (items.length === 0) return <Empty>No holidays in the next three months.</Empty>;
  return (
    <List dense disablePadding>
      {items.map((h) => (
        <ListItem key={`${h.Date}-${h.Name}`} disableGutters>
          <ListItemText
            primary={h.Name}
            secondary={`${dayLabel(h.Date)} · ${HOLIDAY_TYPES[h.Type] ?? 'Special non-working day'}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** The newest released payslip: net pay and period, linking to the payslips page. */
function LatestPayslip({ payslip }: { payslip: Dashboard['LatestPayslip'] }) {
  if (!payslip) return <Empty>No payslip yet. Your payslips appear here once payroll releases them.</Empty>;
  return (
    <Box>
      <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCurrency(payslip.NetPay)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Net pay · {payslip.PeriodName} · pay date {dayLabel(payslip.PayDate)}
      </Typography>
      <Link component={RouterLink} to="/portal/payslips" sx={{ display: 'inline-block', mt: 1 }}>
        See all payslips
      </Link>
    </Box>
  );
}
