import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import PunchClockOutlined from '@mui/icons-material/PunchClockOutlined';
import { MENU_ICONS } from '@/components/menu-icons';
import { useNavMenu } from '@/components/nav-menu-context';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/use-session';
import { DashboardSkeleton, ShortcutCard } from '../components/dashboard-parts';
import { todayInManila } from '../today';

/** Time Logs (route table): punches, attendance and its store for payroll, the terminals' import. */
const HR_TIME_LOGS = '/hr/timelogs';

// Each type's dashboard loads on its own: the portal never downloads the staff dashboards' charts.
const AdminDashboard = lazy(() =>
  import('../components/admin-dashboard').then((m) => ({ default: m.AdminDashboard })),
);
const HrDashboard = lazy(() =>
  import('../components/hr-dashboard').then((m) => ({ default: m.HrDashboard })),
);
const PayrollDashboard = lazy(() =>
  import('../components/payroll-dashboard').then((m) => ({ default: m.PayrollDashboard })),
);
// A portal user reaches this page only through the staff layout; /portal/dashboard has its own page.
const PortalDashboardPage = lazy(() => import('./portal-dashboard-page'));

const ROLE: Record<string, { label: string; intro: string }> = {
  Admin: { label: 'Administrator', intro: 'Set up companies and the people who use HRPAY.' },
  HRUser: {
    label: 'Human Resources',
    intro: 'Keep employee records, schedules and requests in order.',
  },
  PayrollUser: {
    label: 'Payroll',
    intro: 'Prepare payroll periods, statutory settings and reports.',
  },
  PortalUser: { label: 'Employee', intro: 'File your requests and see your leave credits and payslips.' },
};

/**
 * The dashboard of every type. An Admin sees the tenant's figures (AdminDashboard), HR its company's
 * (HrDashboard); the other types, for now, a
 * welcome card with the user's name and company and the type's menu destinations as shortcuts. Their figures
 * arrive with the modules that own them.
 */
export default function DashboardPage() {
  const user = useSession();
  if (user?.userType === 'Admin') {
    return (
      <>
        <PageHeader subtitle={todayInManila()} />
        <Suspense fallback={<DashboardSkeleton />}>
          <AdminDashboard />
        </Suspense>
      </>
    );
  }
  if (user?.userType === 'HRUser') {
    return (
      <>
        <PageHeader subtitle={`${user.company} · ${todayInManila()}`} />
        {/* The spec's HR menu has no Time Logs entry (§2): the dashboard is the way in, shown before the figures load. */}
        <Box sx={{ mb: 3 }}>
          <ShortcutCard
            icon={PunchClockOutlined}
            title="Time logs and attendance"
            hint="Punches, biometric import, store attendance for payroll"
            to={HR_TIME_LOGS}
          />
        </Box>
        <Suspense fallback={<DashboardSkeleton />}>
          <HrDashboard />
        </Suspense>
      </>
    );
  }
  if (user?.userType === 'PayrollUser') {
    return (
      <>
        <PageHeader subtitle={`${user.company} · ${todayInManila()}`} />
        <Suspense fallback={<DashboardSkeleton />}>
          <PayrollDashboard />
        </Suspense>
      </>
    );
  }
  if (user?.userType === 'PortalUser') {
    return (
      <Suspense fallback={<DashboardSkeleton />}>
        <PortalDashboardPage />
      </Suspense>
    );
  }
  return <WelcomeDashboard />;
}

function WelcomeDashboard() {
  const user = useSession();
  const menu = useNavMenu();
  const role = ROLE[user?.userType ?? ''];
  const shortcuts = menu.filter((item) => item.label !== 'Dashboard');

  return (
    <>
      <PageHeader subtitle={todayInManila()} />
      <Card sx={{ mb: 3, bgcolor: 'primary.main', color: 'primary.contrastText', border: 0 }}>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Typography variant="h5" component="h2">
            Welcome, {user?.name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
            <Typography sx={{ opacity: 0.9 }}>{user?.company}</Typography>
            {role && (
              <Chip
                label={role.label}
                size="small"
                sx={{ bgcolor: 'rgba(255,255,255,0.18)', color: 'inherit', fontWeight: 600 }}
              />
            )}
            {user?.isApprover && (
              <Chip
                label="Approver"
                size="small"
                sx={{ bgcolor: 'rgba(255,255,255,0.18)', color: 'inherit' }}
              />
            )}
          </Box>
          {role && <Typography sx={{ mt: 2, opacity: 0.9 }}>{role.intro}</Typography>}
        </CardContent>
      </Card>

      {shortcuts.length > 0 && (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            Go to
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: '1fr',
                sm: 'repeat(2, 1fr)',
                md: 'repeat(3, 1fr)',
                xl: 'repeat(4, 1fr)',
              },
            }}
          >
            {shortcuts.map((item) => {
              const Icon = MENU_ICONS[item.icon];
              return (
                <Card key={item.to}>
                  <CardActionArea component={RouterLink} to={item.to} sx={{ height: '100%' }}>
                    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                      <Box
                        sx={{
                          width: 44,
                          height: 44,
                          borderRadius: 2,
                          display: 'grid',
                          placeItems: 'center',
                          bgcolor: 'action.hover',
                          color: 'primary.main',
                        }}
                      >
                        <Icon aria-hidden />
                      </Box>
                      <Typography sx={{ flex: 1, fontWeight: 600 }}>{item.label}</Typography>
                      <ArrowForward fontSize="small" color="action" aria-hidden />
                    </CardContent>
                  </CardActionArea>
                </Card>
              );
            })}
          </Box>
        </>
      )}
    </>
  );
}
