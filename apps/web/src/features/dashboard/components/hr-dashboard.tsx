import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import type { HrDashboard as HrDashboardData } from '@hrpay/contracts';
import { useHrDashboard, useUpcomingBirthdays } from '../api/hr-dashboard';
import { DashboardLoadError, DashboardSkeleton, Empty, Panel, StatCard, StatRow } from './dashboard-parts';
import { TrendChart } from './trend-chart';
import { formatCount } from '@/lib/numbers';
import { formatIsoDate, manilaToday } from '@/lib/dates';
import { useHolidayCalendarYears } from '@/lib/holiday-calendar-years';
import { listLink } from '@/lib/use-list-query';
import { pathTo, ROUTES } from '@/lib/paths';

const monthOf = (month: string, style: 'short' | 'long') =>
  new Intl.DateTimeFormat('en-PH', { month: style, timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
/**
 * A bar's month: "Nov", with the year on the first bar and on each January ("Jan ’26"). "Nov 26" on every bar
 * read as the 26th of November, and was too wide to label each bar at 1280 px.
 */
const monthLabel = (month: string, index: number) =>
  index === 0 || month.endsWith('-01')
    ? `${monthOf(month, 'short')} ’${month.slice(2, 4)}`
    : monthOf(month, 'short');
/** The month in the screen readers' table: "November 2026", not "2026-11". */
const monthName = (month: string) => `${monthOf(month, 'long')} ${month.slice(0, 4)}`;
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-PH', {
    month: 'short',
    day: 'numeric',
    weekday: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
const when = (days: number) => (days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : `In ${days} days`);
const employeeLink = (id: string) => pathTo(ROUTES.hrEmployeeEdit, { id });

/** "1 hire", "2 hires". */
const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The HR user's dashboard: headcount, movement, the next birthdays and anniversaries, records to complete. */
export function HrDashboard() {
  const dashboard = useHrDashboard();
  if (dashboard.isPending) return <DashboardSkeleton />;
  if (dashboard.isError) return <DashboardLoadError query={dashboard} />;
  return <Body data={dashboard.data} />;
}

/**
 * From October on, next year's holidays not on file: leave filed into it counts them as working days and payroll
 * would pay them as ordinary days. The proclamation of a year's holidays comes in the last months of the one before.
 */
function NextYearHolidaysAlert() {
  const today = manilaToday();
  const next = Number(today.slice(0, 4)) + 1;
  const years = useHolidayCalendarYears(Number(today.slice(5, 7)) >= 10);
  if (!years.data || years.data.Years.includes(next)) return null;
  return (
    <Alert
      severity="warning"
      action={
        <Button
          component={RouterLink}
          to={listLink('/hr/holidays', { Year: next })}
          color="inherit"
          size="small"
        >
          Holidays
        </Button>
      }
    >
      The holidays of {next} are not on file yet. Until they are, leave filed for {next} counts its holidays
      as working days, and payroll would pay them as ordinary days. Add {next}&apos;s national holidays as
      proclaimed, and copy the company&apos;s own from {next - 1}.
    </Alert>
  );
}

function Body({ data }: { data: HrDashboardData }) {
  const pending = data.PendingRequests;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <NextYearHolidaysAlert />
      <StatRow label="Totals" columns={{ sm: 2, lg: 4 }}>
        <StatCard
          icon={BadgeOutlined}
          label="Active employees"
          value={formatCount(data.ActiveCount)}
          to={ROUTES.hrEmployees}
        >
          {data.SeparatedCount > 0
            ? `${formatCount(data.SeparatedCount)} separated on file`
            : 'No separations on file'}
        </StatCard>
        <StatCard
          icon={PersonAddAltOutlined}
          label="Hires this month"
          value={formatCount(data.HiresThisMonth)}
        >
          {`${formatCount(data.Trend.reduce((sum, m) => sum + m.Hires, 0))} in the last 12 months`}
        </StatCard>
        <StatCard
          icon={PersonRemoveOutlined}
          label="Separations this month"
          value={formatCount(data.SeparationsThisMonth)}
        >
          {`${formatCount(data.Trend.reduce((sum, m) => sum + m.Separations, 0))} in the last 12 months`}
        </StatCard>
        <StatCard
          icon={EventBusyOutlined}
          label="Pending requests"
          value={pending ? formatCount(pending.Leave + pending.Overtime + pending.Undertime) : '—'}
          to={
            pending && !pending.Leave && (pending.Overtime || pending.Undertime)
              ? pending.Overtime
                ? listLink('/hr/ot-requests', { Status: 'Pending' })
                : listLink('/hr/ut-requests', { Status: 'Pending' })
              : listLink('/hr/leave-requests', { Status: 'Pending' })
          }
        >
          {pending
            ? `Leave ${formatCount(pending.Leave)} · OT ${formatCount(pending.Overtime)} · UT ${formatCount(pending.Undertime)}`
            : 'Leave, overtime and undertime requests will show here once filing opens.'}
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
        <Panel title="Hires and separations, last 12 months" id="hr-trend">
          {data.Trend.every((m) => m.Hires === 0 && m.Separations === 0) ? (
            // An all-zero chart has no scale to draw: its axis read "0.00…".
            <Empty>No hires or separations in the last 12 months.</Empty>
          ) : (
            <TrendChart
              labels={data.Trend.map((m, i) => monthLabel(m.Month, i))}
              yAxis={[{ tickMinStep: 1 }]}
              series={[
                { data: data.Trend.map((m) => m.Hires), label: 'Hires', color: '#2e7d32' },
                { data: data.Trend.map((m) => m.Separations), label: 'Separations', color: '#c62828' },
              ]}
              margin={{ left: 0, right: 10 }}
              tableLabel="Hires and separations per month"
              rows={data.Trend.map((m) => ({
                key: m.Month,
                head: monthName(m.Month),
                text: `${counted(m.Hires, 'hire', 'hires')}, ${counted(m.Separations, 'separation', 'separations')}, headcount ${m.Headcount}`,
              }))}
            />
          )}
        </Panel>
        <Panel title="Headcount" id="hr-headcount">
          <Box sx={{ mb: 2 }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              Latest hires
            </Typography>
            {data.RecentHires.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No hires on file.
              </Typography>
            ) : (
              <PeopleList
                rows={data.RecentHires.map((h) => ({
                  id: h.EmployeeId,
                  name: h.FullName,
                  detail: `Hired ${formatIsoDate(h.HireDate)}${h.DepartmentName ? ` · ${h.DepartmentName}` : ''}`,
                }))}
              />
            )}
          </Box>
          <Breakdown title="By department" rows={data.ByDepartment} />
          <Breakdown title="By employment status" rows={data.ByEmploymentStatus} />
          <Breakdown title="By employment type" rows={data.ByEmploymentType} />
        </Panel>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Panel title="Birthdays, next 30 days" id="hr-birthdays">
          <UpcomingBirthdays />
        </Panel>
        <Panel title="Work anniversaries, next 30 days" id="hr-anniversaries">
          {data.UpcomingAnniversaries.length === 0 ? (
            <Empty>No work anniversaries in the next 30 days.</Empty>
          ) : (
            <PeopleList
              rows={data.UpcomingAnniversaries.map((a) => ({
                id: a.EmployeeId,
                name: a.FullName,
                detail: `${dayLabel(a.Date)} · ${a.Years} year${a.Years === 1 ? '' : 's'}`,
                badge: when(a.DaysUntil),
              }))}
            />
          )}
        </Panel>
        <Panel title="Records to complete" id="hr-missing">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {data.MissingGovernmentIds.Count === 0
              ? 'Every employee, hires yet to start included, has a TIN, SSS, PhilHealth and Pag-IBIG number.'
              : `${formatCount(data.MissingGovernmentIds.Count)} employee${data.MissingGovernmentIds.Count === 1 ? '' : 's'} missing government IDs:`}
          </Typography>
          {data.MissingGovernmentIds.Sample.length > 0 && (
            <PeopleList
              rows={data.MissingGovernmentIds.Sample.map((m) => ({
                id: m.EmployeeId,
                name: m.FullName,
                detail: `No ${m.Missing.join(', ')}`,
              }))}
            />
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {data.MissingBankAccountCount === 0
              ? 'Every employee, hires yet to start included, has a bank account on file.'
              : `${formatCount(data.MissingBankAccountCount)} without a bank account (paid by cash or check until one is added).`}
          </Typography>
        </Panel>
      </Box>
    </Box>
  );
}

function Breakdown({ title, rows }: { title: string; rows: { Name: string; Count: number }[] }) {
  return (
    <Box sx={{ '& + &': { mt: 2 } }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No active employees.
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
          {rows.map((row) => (
            <Chip
              key={row.Name}
              size="small"
              variant="outlined"
              label={`${row.Name} ${formatCount(row.Count)}`}
              title={`${row.Name} ${formatCount(row.Count)}`}
              // A long name ellipsizes inside the card instead of running out of it.
              sx={{ maxWidth: '100%' }}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The spec's own call (§7) for the next 30 days' birthdays, loaded apart from the rest of the dashboard. */
function UpcomingBirthdays() {
  const birthdays = useUpcomingBirthdays(30);
  if (birthdays.isPending)
    return (
      <Box aria-busy="true" aria-label="Loading birthdays">
        <Skeleton />
        <Skeleton width="60%" />
      </Box>
    );
  if (birthdays.isError)
    return <DashboardLoadError query={birthdays} fallback="The birthdays could not be loaded." />;
  if (birthdays.data.length === 0) return <Empty>No birthdays in the next 30 days.</Empty>;
  return (
    <PeopleList
      rows={birthdays.data.map((b) => ({
        id: b.EmployeeId,
        name: b.FullName,
        detail: `${dayLabel(b.NextBirthday)} · turns ${b.Age}`,
        badge: when(b.DaysUntil),
      }))}
    />
  );
}

function PeopleList({ rows }: { rows: { id: string; name: string; detail: string; badge?: string }[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={row.id}
          sx={{
            py: 1,
            display: 'flex',
            gap: 1,
            alignItems: 'center',
            '& + &': { borderTop: 1, borderColor: 'divider' },
          }}
        >
          {/* Long names with no spaces wrap anywhere rather than run under the badge or out of the card. */}
          <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={employeeLink(row.id)} sx={{ fontWeight: 600 }}>
              {row.name}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {row.detail}
            </Typography>
          </Box>
          {row.badge && <Chip size="small" label={row.badge} sx={{ flexShrink: 0 }} />}
        </Box>
      ))}
    </Box>
  );
}
