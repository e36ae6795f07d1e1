import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import { BarChart } from '@mui/x-charts/BarChart';
import type { AdminDashboard as AdminDashboardData } from '@hrpay/contracts';
import { ImportStatusChip } from '@/components/import-status-chip';
import { useClockFormat } from '@/lib/dates';
import { useAdminDashboard } from '../api/admin-dashboard';
import { DashboardLoadError, DashboardSkeleton, Empty, Panel, StatCard, StatRow } from './dashboard-parts';
import { formatCount } from '@/lib/numbers';
import { visuallyHidden } from '@/lib/visually-hidden';
import { pathTo, ROUTES } from '@/lib/paths';

const CHART_TOP = 10;

const USER_TYPE_ORDER = ['Admin', 'HRUser', 'PayrollUser', 'PortalUser'];
const USER_TYPE_LABEL: Record<string, string> = {
  Admin: 'Admin',
  HRUser: 'HR',
  PayrollUser: 'Payroll',
  PortalUser: 'Portal',
};

const compactFormat = new Intl.NumberFormat('en-PH', { notation: 'compact' });

const importLink = (companyId: string, importId: string) =>
  `${pathTo(ROUTES.adminImportRecords, { id: companyId })}?import=${importId}`;

/** The Admin's dashboard: companies, users and employees at a glance, recent imports and recent activity. */
export function AdminDashboard() {
  const dashboard = useAdminDashboard();

  if (dashboard.isPending) return <DashboardSkeleton />;
  if (dashboard.isError) return <DashboardLoadError query={dashboard} />;
  return <DashboardBody data={dashboard.data} />;
}

function DashboardBody({ data }: { data: AdminDashboardData }) {
  const { dateTime } = useClockFormat();
  const users = [...data.UsersByType].sort(
    (a, b) => rank(a.UserType) - rank(b.UserType) || a.UserType.localeCompare(b.UserType),
  );
  const userTotal = users.reduce((sum, row) => sum + row.Count, 0);
  const inactive = data.CompanyCount - data.ActiveCompanyCount;

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <StatRow label="Totals" columns={{ sm: 3 }}>
        <StatCard
          icon={ApartmentOutlined}
          label="Companies"
          value={formatCount(data.CompanyCount)}
          to={ROUTES.adminCompanies}
        >
          {data.CompanyCount === 0
            ? 'None yet'
            : `${formatCount(data.ActiveCompanyCount)} active${inactive > 0 ? `, ${formatCount(inactive)} inactive` : ''}`}
        </StatCard>
        <StatCard
          icon={ManageAccountsOutlined}
          label="Users"
          value={formatCount(userTotal)}
          to={pathTo(ROUTES.adminUsers)}
        >
          {users.length === 0 ? (
            'None yet'
          ) : (
            <Box component="span" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {users.map((row) => (
                <Chip
                  key={row.UserType}
                  size="small"
                  variant="outlined"
                  label={`${USER_TYPE_LABEL[row.UserType] ?? row.UserType} ${formatCount(row.Count)}`}
                />
              ))}
            </Box>
          )}
        </StatCard>
        <StatCard icon={BadgeOutlined} label="Employees" value={formatCount(data.EmployeeCount)}>
          {`Across ${formatCount(data.CompanyCount)} ${data.CompanyCount === 1 ? 'company' : 'companies'}`}
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
        <Panel title="Employees per company" id="employees-per-company">
          <EmployeesChart rows={data.EmployeesPerCompany} />
        </Panel>
        <Panel title="Recent imports" id="recent-imports">
          {data.RecentImports.length === 0 ? (
            <Empty>No employee records have been imported yet. Start from a company's Import action.</Empty>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {data.RecentImports.map((job) => {
                return (
                  <Box
                    component="li"
                    key={job.ImportId}
                    sx={{
                      py: 1.25,
                      display: 'flex',
                      gap: 1.5,
                      alignItems: 'flex-start',
                      '& + &': { borderTop: 1, borderColor: 'divider' },
                    }}
                  >
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Link
                        component={RouterLink}
                        to={importLink(job.CompanyId, job.ImportId)}
                        sx={{ fontWeight: 600, wordBreak: 'break-word' }}
                      >
                        {job.CompanyName}
                      </Link>
                      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                        {job.FileName} · {dateTime(job.CreatedAt)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {importFigures(job)}
                      </Typography>
                    </Box>
                    <ImportStatusChip status={job.Status} />
                  </Box>
                );
              })}
            </Box>
          )}
        </Panel>
      </Box>

      <Panel title="Recent activity" id="recent-activity">
        {data.RecentAudit.length === 0 ? (
          <Empty>Nothing has happened yet.</Empty>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {data.RecentAudit.map((event) => (
              <Box
                component="li"
                key={`${event.At}:${event.Entity}:${event.EntityId}:${event.Action}`}
                sx={{
                  py: 1,
                  display: 'grid',
                  gap: { xs: 0.25, sm: 2 },
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '180px minmax(0, 1fr)' },
                  '& + &': { borderTop: 1, borderColor: 'divider' },
                }}
              >
                <Typography variant="body2" color="text.secondary" component="time" dateTime={event.At}>
                  {dateTime(event.At)}
                </Typography>
                <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {event.Actor ?? 'System'}
                  </Box>{' '}
                  · {event.Summary}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Panel>
    </Box>
  );
}

const rank = (userType: string) => {
  const index = USER_TYPE_ORDER.indexOf(userType);
  return index === -1 ? USER_TYPE_ORDER.length : index;
};

function importFigures(job: AdminDashboardData['RecentImports'][number]): string {
  if (job.Status === 'Invalid')
    return `${formatCount(job.ErrorCount)} ${job.ErrorCount === 1 ? 'error' : 'errors'}`;
  if (job.Status === 'Committed')
    return `${formatCount(job.CreateCount)} created, ${formatCount(job.UpdateCount)} updated`;
  if (job.Status === 'Ready')
    return `${formatCount(job.CreateCount)} to create, ${formatCount(job.UpdateCount)} to update`;
  return `${formatCount(job.TotalRows)} ${job.TotalRows === 1 ? 'row' : 'rows'}`;
}

function EmployeesChart({ rows }: { rows: AdminDashboardData['EmployeesPerCompany'] }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const top = rows.filter((row) => row.Count > 0).slice(0, CHART_TOP);
  if (top.length === 0) {
    return (
      <Empty>
        No employees yet. Import employee records from the{' '}
        <Link component={RouterLink} to={ROUTES.adminCompanies}>
          Companies
        </Link>{' '}
        page.
      </Empty>
    );
  }
  const labelWidth = phone ? 110 : 170;
  const shorten = (name: string) => {
    const max = phone ? 14 : 24;
    return name.length > max ? `${name.slice(0, max - 1)}…` : name;
  };
  return (
    <Box>
      {rows.filter((row) => row.Count > 0).length > CHART_TOP && (
        <Typography variant="body2" color="text.secondary">
          The {CHART_TOP} companies with the most employees.
        </Typography>
      )}
      {/* No keyboard stop: the chart's own (v9) has no name and no visible focus; the list below gives the
          same counts. */}
      <BarChart
        disableKeyboardNavigation
        height={48 + top.length * 40}
        layout="horizontal"
        dataset={top.map((row) => ({ name: row.CompanyName, count: row.Count }))}
        yAxis={[
          {
            scaleType: 'band',
            dataKey: 'name',
            width: labelWidth,
            valueFormatter: (name: string, context) => (context.location === 'tick' ? shorten(name) : name),
          },
        ]}
        // Axis ticks short (80K), so the last one is not cut off; the tooltip gives the exact count.
        xAxis={[{ tickMinStep: 1, valueFormatter: (value: number) => compactFormat.format(value) }]}
        series={[
          {
            dataKey: 'count',
            label: 'Employees',
            color: theme.palette.primary.main,
            valueFormatter: (value) => formatCount(value ?? 0),
          },
        ]}
        hideLegend
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      />
      <Box component="ul" sx={visuallyHidden} aria-label="Employees per company">
        {top.map((row) => (
          <li key={row.CompanyId}>
            {row.CompanyName}: {formatCount(row.Count)}
          </li>
        ))}
      </Box>
    </Box>
  );
}

// px strings: in `sx` a bare 1 would mean 100 %.
